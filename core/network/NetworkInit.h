#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::network {

// liqoctl's `network init`: each of two clusters keeps a Configuration about the other (named
// after it, in its tenant namespace) with the other's pod CIDR and external CIDR; each side's
// IPAM then decides how it sees them (kept, or remapped when they clash with its own) and says so
// in the Configuration's status. Idempotent; waits until both sides are configured.
class NetworkInit
{
public:
    struct End {
        kube::KubeClient *client = nullptr;
        QString liqoNamespace = QStringLiteral("liqo");
    };
    struct Options {
        int timeoutMs = 120000;
        int pollMs = 200;
        std::function<bool()> cancelled = [] { return false; };
        std::function<void(const QString &)> progress = [](const QString &) {};
        QString fieldManager = QStringLiteral("spillctl");
    };
    // How one cluster sees its peer's networks.
    struct View {
        QString clusterId, peerId;
        QStringList peerPods, peerPodsAs;                          // as the peer has them, as this cluster reaches them
        QString peerExternal, peerExternalAs;
    };
    struct Outcome {
        View first, second;
    };

    NetworkInit(End first, End second, Options options);
    Result<Outcome> run();

    // The two clusters' IDs, refused when both kubeconfigs reach the same cluster.
    static Result<std::pair<QString, QString>> clusterIds(const End &first, const End &second);

private:
    Result<void> waitUntil(const QString &what, const std::function<Result<bool>()> &done);

    End m_first, m_second;
    Options m_options;
    qint64 m_deadline = 0;
};

} // namespace spillway::network
