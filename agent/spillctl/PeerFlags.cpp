#include "PeerFlags.h"

namespace spillctl {

using namespace spillway;

int TimeoutFlag::seconds(const QCommandLineParser &p) const
{
    bool ok = false;
    const int s = p.value(timeout).toInt(&ok);
    if (!ok || s < 1) {
        usage(QStringLiteral("--timeout must be a positive number of seconds"));
        return 0;
    }
    return s;
}

Result<std::unique_ptr<kube::KubeClient>> connectRemote(const QCommandLineParser &p, const ClusterFlags &cluster, const RemoteFlags &remote)
{
    return connectTo(p.isSet(remote.kubeconfig) ? p.value(remote.kubeconfig) : p.value(cluster.kubeconfig), p.value(remote.context));
}

int connectBoth(const QCommandLineParser &p, const ClusterFlags &cluster, const RemoteFlags &remote, std::unique_ptr<kube::KubeClient> &local,
                std::unique_ptr<kube::KubeClient> &peer)
{
    if (!remote.given(p))
        return usage(QStringLiteral("name the other cluster with --remote-kubeconfig FILE and/or --remote-context NAME"));
    auto here = connect(p, cluster);
    if (!here)
        return fail(here.error());
    auto there = connectRemote(p, cluster, remote);
    if (!there)
        return fail(there.error());
    local = std::move(*here);
    peer = std::move(*there);
    return 0;
}

} // namespace spillctl
