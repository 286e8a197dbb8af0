#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/LocalCluster.h"
#include "peering/ProviderChannel.h"

#include <atomic>
#include <functional>
#include <memory>

namespace spillway::peering {

// The consumer's side of `spillctl peer`: checks both releases, makes the tenant namespace and
// ForeignCluster here, runs the authentication handshake (nonce, signature, CSR) with the provider
// through a ProviderChannel (in-band or out-of-band), and waits until this cluster's controller
// manager holds working credentials; then asks for resources. Every phase is reported with its
// elapsed time.
class Peering
{
public:
    struct Options {
        QString consumerNamespace = QStringLiteral("liqo");
        QString peerName;                       // the consumer's name for the provider, if not its cluster ID
        int timeoutMs = 120000;
        QString fieldManager = QStringLiteral("spillctl");
        bool createResourceSlice = true;
        bool createVirtualNode = true;
        QString resourceSliceClass = QStringLiteral("default");
        nlohmann::json requestedResources = nlohmann::json::object();   // {"cpu":"4"}; empty = what the policy gives
    };
    struct Hooks {
        std::function<void(const QString &phase, qint64 elapsedMs)> phaseDone = [](const QString &, qint64) {};
        // Authentication is established; what follows asks for resources.
        std::function<void()> authenticated = [] {};
        std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false);
    };
    struct Result_ {
        LocalCluster consumer, provider;
        QList<QPair<QString, qint64>> phases;   // name, milliseconds
        nlohmann::json granted;                 // the ResourceSlice's granted resources
    };

    Peering(kube::KubeClient &consumer, ProviderChannel &provider, Options options, Hooks hooks);
    Result<Result_> run();

private:
    // Polls `ready` until it yields a value, the deadline passes or the user cancels.
    Result<nlohmann::json> waitFor(const QString &what, const std::function<Result<std::optional<nlohmann::json>>()> &ready, int pollMs = 100);
    Result<void> authenticate(const LocalCluster &consumer, const Challenge &challenge, const tls::KeyPair &keys);
    Result<nlohmann::json> requestResources(const LocalCluster &consumer, const LocalCluster &provider);

    kube::KubeClient &m_consumer;
    ProviderChannel &m_provider;
    Options m_options;
    Hooks m_hooks;
    qint64 m_deadline = 0;
};

} // namespace spillway::peering
