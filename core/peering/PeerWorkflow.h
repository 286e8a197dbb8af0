#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "network/NetworkConnect.h"
#include "peering/Peering.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <variant>

namespace spillway::peering {

// An in-band peering from start to end, as `spillctl peer` and the console's peering wizard run it,
// in Liqo's order: the network (tunnel between the gateways), authentication, resources, and the
// virtual node Ready in the consumer; bidirectional peers the other way round too (in band). Each stage
// reports when it starts and ends; a failure says in which stage it happened.
class PeerWorkflow
{
public:
    enum class Stage { Network, Authentication, Resources, VirtualNode };
    static constexpr int kStages = 4;

    struct Options {
        Peering::Options peering;                 // consumerNamespace, timeout, resources, ...
        QString providerNamespace = QStringLiteral("liqo");
        bool networking = true;
        bool bidirectional = false;
        bool waitForVirtualNode = false;          // until it is Ready (when one is created)
    };
    struct Hooks {
        std::function<void(Stage)> stageStarted = [](Stage) {};
        std::function<void(Stage, qint64 elapsedMs)> stageDone = [](Stage, qint64) {};
        std::function<void(Stage)> stageSkipped = [](Stage) {};
        // Each step within a stage, as a line for a log ("authenticated: ... (0.4 s)").
        std::function<void(const QString &line)> progress = [](const QString &) {};
        std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false);
    };
    struct Outcome {
        std::optional<network::NetworkConnect::Outcome> network;
        Peering::Result_ forward;                  // consumer → provider
        std::optional<Peering::Result_> reverse;   // provider → consumer, bidirectional
        QString virtualNode;                       // the consumer's Node for the provider, once Ready
    };
    struct Failure {
        Stage stage;
        Error error;
    };

    PeerWorkflow(kube::KubeClient &consumer, kube::KubeClient &provider, Options options, Hooks hooks);
    // Out of band: only the consumer's cluster and the provider's invitation (OutOfBandChannel);
    // no network stage (it needs both clusters) and one direction.
    PeerWorkflow(kube::KubeClient &consumer, ProviderChannel &outOfBand, Options options, Hooks hooks);
    std::variant<Outcome, Failure> run();

    // The Node named after the provider's grant, once its Ready condition is True.
    static Result<std::optional<QString>> readyVirtualNode(kube::KubeClient &consumer, const QString &providerId);

private:
    Result<QString> waitForVirtualNode(const QString &providerId, qint64 deadline);

    kube::KubeClient &m_consumer;
    kube::KubeClient *m_provider = nullptr;      // in band
    ProviderChannel *m_outOfBand = nullptr;      // out of band
    Options m_options;
    Hooks m_hooks;
};

} // namespace spillway::peering
