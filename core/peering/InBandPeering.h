#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/LocalCluster.h"

#include <atomic>
#include <functional>
#include <memory>

namespace spillway::peering {

// `spillctl peer` with both clusters' kubeconfigs (in-band): checks the two installations,
// creates the tenant namespaces and ForeignClusters, runs the authentication handshake (nonce,
// signature, CSR) through the provider's controller manager, and waits until the consumer's
// controller manager holds working credentials. Every phase is reported with its elapsed time.
class InBandPeering
{
public:
    struct Options {
        QString consumerNamespace = QStringLiteral("liqo");
        QString providerNamespace = QStringLiteral("liqo");
        int timeoutMs = 120000;
        QString fieldManager = QStringLiteral("spillctl");
        bool createResourceSlice = true;
        bool createVirtualNode = true;
        QString resourceSliceClass = QStringLiteral("default");
        nlohmann::json requestedResources = nlohmann::json::object();   // {"cpu":"4"}; empty = what the policy gives
    };
    struct Hooks {
        std::function<void(const QString &phase, qint64 elapsedMs)> phaseDone = [](const QString &, qint64) {};
        std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false);
    };
    struct Result_ {
        LocalCluster consumer, provider;
        QList<QPair<QString, qint64>> phases;   // name, milliseconds
        nlohmann::json granted;                 // the ResourceSlice's granted resources
    };

    InBandPeering(kube::KubeClient &consumer, kube::KubeClient &provider, Options options, Hooks hooks);
    Result<Result_> run();

private:
    // Polls `ready` until it yields a value, the deadline passes or the user cancels.
    Result<nlohmann::json> waitFor(const QString &what, const std::function<Result<std::optional<nlohmann::json>>()> &ready);
    Result<void> authenticate(const LocalCluster &consumer, const LocalCluster &provider);
    Result<nlohmann::json> requestResources(const LocalCluster &consumer, const LocalCluster &provider);

    kube::KubeClient &m_consumer;
    kube::KubeClient &m_provider;
    Options m_options;
    Hooks m_hooks;
    qint64 m_deadline = 0;
};

} // namespace spillway::peering
