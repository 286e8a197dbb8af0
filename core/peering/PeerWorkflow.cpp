#include "peering/PeerWorkflow.h"

#include "offloading/OffloadingPolicy.h"
#include "peering/InBandChannel.h"
#include "peering/PeeringNames.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>

namespace spillway::peering {

using nlohmann::json;

PeerWorkflow::PeerWorkflow(kube::KubeClient &consumer, kube::KubeClient &provider, Options options, Hooks hooks)
    : m_consumer(consumer), m_provider(&provider), m_options(std::move(options)), m_hooks(std::move(hooks))
{
}

PeerWorkflow::PeerWorkflow(kube::KubeClient &consumer, ProviderChannel &outOfBand, Options options, Hooks hooks)
    : m_consumer(consumer), m_outOfBand(&outOfBand), m_options(std::move(options)), m_hooks(std::move(hooks))
{
    m_options.networking = false;
    m_options.bidirectional = false;
}

Result<std::optional<QString>> PeerWorkflow::readyVirtualNode(kube::KubeClient &consumer, const QString &providerId)
{
    const QString selector = QStringLiteral("%1=%2,%3=%4").arg(QLatin1String(offloading::kNodeTypeLabel), QLatin1String(offloading::kVirtualNodeType),
                                                              QLatin1String(kRemoteClusterIdLabel), providerId);
    auto nodes = consumer.list(kube::resources::nodes(), {}, kube::withLabels(selector));
    if (!nodes)
        return nodes.error();
    for (const auto &node : (*nodes)["items"]) {
        const json status = node.value("status", json::object());
        for (const auto &c : status.value("conditions", json::array()))
            if (c.value("type", "") == "Ready" && c.value("status", "") == "True")
                return std::optional<QString>(QString::fromStdString(node["metadata"].value("name", "")));
    }
    return std::optional<QString>();
}

Result<QString> PeerWorkflow::waitForVirtualNode(const QString &providerId, qint64 deadline)
{
    for (;;) {
        auto ready = readyVirtualNode(m_consumer, providerId);
        if (!ready)
            return ready.error();
        if (*ready)
            return **ready;
        if (m_hooks.cancelled->load())
            return Error::of(Error::Kind::Cancelled, QStringLiteral("peering cancelled while waiting for the virtual node of %1").arg(providerId),
                             QStringLiteral("the peering itself is in place; the virtual node becomes Ready on its own"));
        if (QDateTime::currentMSecsSinceEpoch() > deadline)
            return Error::of(Error::Kind::Timeout, QStringLiteral("timed out waiting for the virtual node of %1 to be Ready").arg(providerId),
                             QStringLiteral("check the consumer's virtual kubelet for %1 (its Deployment in liqo-tenant-%1) and 'spillctl info'").arg(providerId));
        QThread::msleep(200);
    }
}

std::variant<PeerWorkflow::Outcome, PeerWorkflow::Failure> PeerWorkflow::run()
{
    Outcome out;
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + m_options.peering.timeoutMs;
    QElapsedTimer stageClock;
    Stage current = Stage::Network;
    auto start = [&](Stage s) {
        current = s;
        stageClock.start();
        m_hooks.stageStarted(s);
    };
    auto done = [&](Stage s) { m_hooks.stageDone(s, stageClock.elapsed()); };
    auto fail = [&](const Error &e) { return Failure{current, e}; };

    if (m_options.networking) {
        start(Stage::Network);
        network::NetworkConnect::Options o;
        o.timeoutMs = m_options.peering.timeoutMs;
        o.cancelled = [c = m_hooks.cancelled] { return c->load(); };
        o.progress = m_hooks.progress;
        o.fieldManager = m_options.peering.fieldManager;
        auto connected = network::NetworkConnect({&m_consumer, m_options.peering.consumerNamespace}, {m_provider, m_options.providerNamespace}, o).connect();
        if (!connected)
            return fail(connected.error());
        m_hooks.progress(QStringLiteral("network: %1 dials %2 at %3, Connected").arg(connected->clientCluster, connected->serverCluster, connected->endpoint));
        out.network = *connected;
        done(Stage::Network);
    } else {
        m_hooks.stageSkipped(Stage::Network);
    }

    // One direction: authentication, then (its own stage) resources.
    // The reverse direction of a bidirectional peering runs within the stage the forward one ended in.
    // provider null: out of band, through m_outOfBand.
    auto peer = [&](kube::KubeClient &consumer, kube::KubeClient *provider, const QString &consumerNs, const QString &providerNs,
                    bool drivesStages) -> Result<Peering::Result_> {
        Peering::Options o = m_options.peering;
        o.consumerNamespace = consumerNs;
        o.timeoutMs = int(std::max<qint64>(1000, deadline - QDateTime::currentMSecsSinceEpoch()));
        Peering::Hooks h;
        h.cancelled = m_hooks.cancelled;
        h.phaseDone = [this](const QString &phase, qint64 ms) { m_hooks.progress(QStringLiteral("%1 (%2 s)").arg(phase).arg(double(ms) / 1000.0, 0, 'f', 1)); };
        h.authenticated = [&, drivesStages] {
            if (drivesStages) {
                done(Stage::Authentication);
                if (m_options.peering.createResourceSlice)
                    start(Stage::Resources);
            }
        };
        if (!provider)
            return Peering(consumer, *m_outOfBand, o, h).run();
        InBandChannel channel(*provider, providerNs, o.fieldManager);
        return Peering(consumer, channel, o, h).run();
    };

    start(Stage::Authentication);
    auto forward = peer(m_consumer, m_provider, m_options.peering.consumerNamespace, m_options.providerNamespace, true);
    if (!forward)
        return fail(forward.error());
    out.forward = *forward;
    if (m_options.bidirectional) {
        m_hooks.progress(QStringLiteral("and the other way round"));
        auto reverse = peer(*m_provider, &m_consumer, m_options.providerNamespace, m_options.peering.consumerNamespace, false);
        if (!reverse)
            return fail(reverse.error());
        out.reverse = *reverse;
    }
    if (m_options.peering.createResourceSlice)
        done(Stage::Resources);
    else
        m_hooks.stageSkipped(Stage::Resources);

    if (m_options.peering.createResourceSlice && m_options.peering.createVirtualNode && m_options.waitForVirtualNode) {
        start(Stage::VirtualNode);
        auto node = waitForVirtualNode(out.forward.provider.clusterId, deadline);
        if (!node)
            return fail(node.error());
        out.virtualNode = *node;
        m_hooks.progress(QStringLiteral("virtual node %1 is Ready").arg(*node));
        done(Stage::VirtualNode);
    } else {
        m_hooks.stageSkipped(Stage::VirtualNode);
    }
    return out;
}

} // namespace spillway::peering
