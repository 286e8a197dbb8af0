#pragma once

#include "Cli.h"

// Flags the peer and unpeer commands share.
namespace spillctl {

// The provider, when its kubeconfig is at hand (in-band).
struct RemoteFlags {
    QCommandLineOption kubeconfig{QStringLiteral("remote-kubeconfig"), QStringLiteral("The provider's kubeconfig (default: the consumer's file)."), QStringLiteral("file")};
    QCommandLineOption context{QStringLiteral("remote-context"), QStringLiteral("The provider's context."), QStringLiteral("name")};
    QCommandLineOption ns{QStringLiteral("remote-namespace"), QStringLiteral("Namespace Spillway is installed in on the provider."), QStringLiteral("ns"), QStringLiteral("liqo")};
    void addTo(QCommandLineParser &p) const { p.addOptions({kubeconfig, context, ns}); }
    bool given(const QCommandLineParser &p) const { return p.isSet(kubeconfig) || p.isSet(context); }
};

struct TimeoutFlag {
    explicit TimeoutFlag(const QString &defaultSeconds = QStringLiteral("120"))
        : timeout(QStringLiteral("timeout"), QStringLiteral("Seconds the whole operation may take."), QStringLiteral("s"), defaultSeconds) {}
    QCommandLineOption timeout;
    void addTo(QCommandLineParser &p) const { p.addOption(timeout); }
    // The value, or 0 after printing a usage error.
    int seconds(const QCommandLineParser &p) const;
};

spillway::Result<std::unique_ptr<spillway::kube::KubeClient>> connectRemote(const QCommandLineParser &p, const ClusterFlags &cluster,
                                                                          const RemoteFlags &remote);

// The two clusters of a two-cluster command (network, test network): the remote one must be
// named. Returns 0 with both clients in `local` and `peer`, else the exit status after saying why.
int connectBoth(const QCommandLineParser &p, const ClusterFlags &cluster, const RemoteFlags &remote,
                std::unique_ptr<spillway::kube::KubeClient> &local, std::unique_ptr<spillway::kube::KubeClient> &peer);

} // namespace spillctl
