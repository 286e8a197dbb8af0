#include "PeerFlags.h"

#include "kube/Kubeconfig.h"

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
    const QString file = p.isSet(remote.kubeconfig) ? p.value(remote.kubeconfig) : p.value(cluster.kubeconfig);
    auto kc = file.isEmpty() ? kube::Kubeconfig::loadDefault() : kube::Kubeconfig::loadFiles({file});
    if (!kc)
        return kc.error();
    auto config = kc->restConfig(p.value(remote.context));
    if (!config)
        return config.error();
    return std::make_unique<kube::KubeClient>(*config);
}

} // namespace spillctl
