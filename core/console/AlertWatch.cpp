#include "console/AlertWatch.h"

#include "console/PeerGraphModel.h"
#include "console/OffloadingStatusModel.h"
#include "console/PeeringModules.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "common/JsonText.h"

#include <algorithm>

namespace spillway::console {

namespace offv = apis::offloading::v1beta1;

namespace {

QString peeringOf(const QString &consumer, const QString &provider)
{
    return consumer + QStringLiteral("→") + provider;
}

QString moduleTitle(const QString &module)
{
    if (module == QLatin1String("authentication"))
        return AlertWatch::tr("Authentication");
    if (module == QLatin1String("networking"))
        return AlertWatch::tr("Networking");
    return AlertWatch::tr("Offloading");
}

// Each peer of OFFLOADING whose remote namespace is not Ready, as "Milan: the remote namespace could
// not be created (CreationLoopBackOff)" (peers not selected have no Ready condition).
QStringList failedPeersOf(const nlohmann::json &offloading, const PeerGraph &graph)
{
    QStringList out;
    for (const auto &r : OffloadingStatusModel::rowsOf(memberOf(offloading, "status")))
        if (!r.ready.isEmpty() && r.ready != QLatin1String("True"))
            out << AlertWatch::tr("%1: %2 (%3)").arg(graph.nameOf(r.cluster), r.message.isEmpty() ? r.reason : r.message, r.reason);
    return out;
}

} // namespace

AlertWatch::AlertWatch(std::function<qint64()> nowMs, AlertPolicy policy, QObject *parent)
    : QObject(parent), m_now(std::move(nowMs)), m_policy(policy)
{
    qRegisterMetaType<Alert>();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &AlertWatch::tick);
}

AlertWatch *AlertWatch::follow(PeerGraphModel *graph)
{
    // Not before every watched cluster has answered: a console starting is not an outage.
    auto onChange = [this, graph] {
        if (graph->waiting() == 0 && !graph->snapshots().empty())
            observe(graph->snapshots(), graph->graph());
    };
    connect(graph, &PeerGraphModel::graphChanged, this, onChange);
    onChange();
    return this;
}

std::vector<Alert> AlertWatch::conditionsOf(const ClusterPeersRefs &clusters, const PeerGraph &graph, const std::map<QString, double> &usualLatencyMs,
                                            const AlertPolicy &policy)
{
    std::vector<Alert> out;
    for (const auto &e : graph.edges) {
        const QString peering = peeringOf(e.consumer, e.provider);
        const QString consumer = graph.nameOf(e.consumer), provider = graph.nameOf(e.provider);
        auto add = [&](Alert::Kind kind, const QString &key, const QString &title, const QString &body, const QString &module = QString()) {
            out.push_back({kind, key + QLatin1Char('/') + peering, e.consumer, e.provider, module, title, body});
        };
        const bool down = e.health == PeerGraph::Health::Down;
        if (down)
            add(Alert::Kind::TunnelDown, QStringLiteral("tunnel-down"), tr("Tunnel down: %1 → %2").arg(consumer, provider),
                tr("The network tunnel from %1 to %2 is down (%3): offloaded pods cannot reach the consumer's network.")
                    .arg(consumer, provider, e.healthText.isEmpty() ? tr("no connection") : e.healthText));
        if (const auto usual = usualLatencyMs.find(peering); !down && e.latencyMs && usual != usualLatencyMs.end()
                                                              && *e.latencyMs > usual->second * policy.latencyFactor
                                                              && *e.latencyMs > usual->second + policy.latencyFloorMs)
            add(Alert::Kind::LatencyJump, QStringLiteral("latency"), tr("Tunnel latency jumped: %1 → %2").arg(consumer, provider),
                tr("%1 ms, where it is usually %2 ms.").arg(QString::number(*e.latencyMs, 'f', 1), QString::number(usual->second, 'f', 1)));
        if (!e.virtualNode.isEmpty() && !e.virtualNodeReady)
            add(Alert::Kind::VirtualNodeNotReady, QStringLiteral("virtual-node"), tr("Virtual node %1 is NotReady").arg(e.virtualNode),
                tr("In %1, the virtual node borrowing from %2 is not Ready: new pods are not placed there.").arg(consumer, provider));
        const nlohmann::json *fc = foreignClusterFor(clusters, e.consumer, e.provider);
        if (!fc)
            fc = foreignClusterFor(clusters, e.provider, e.consumer);
        if (!fc)
            continue;
        for (const char *module : kPeeringModules) {
            const QString name = QLatin1String(module);
            // A tunnel that is down is told once, not again as its networking module.
            if (down && name == QLatin1String("networking"))
                continue;
            const ModuleState state = moduleStateOf(*fc, module);
            if (state.tone == Bad)
                add(Alert::Kind::ModuleUnhealthy, QStringLiteral("module-") + name,
                    tr("%1 unhealthy: %2 → %3").arg(moduleTitle(name), consumer, provider),
                    tr("The %1 module of the peering %2 → %3 reports %4.").arg(moduleTitle(name).toLower(), consumer, provider, state.text), name);
        }
    }
    for (const ClusterPeers &cluster : clusters) {
        if (cluster.clusterId.isEmpty())
            continue;
        for (const auto &offloading : elementsOf(cluster.namespaceOffloadings)) {
            const QString phase = textOf(memberOf(offloading, "status"), "offloadingPhase");
            if (phase != QLatin1String(offv::phase::SomeFailed) && phase != QLatin1String(offv::phase::AllFailed))
                continue;
            const QString ns = textOf(memberOf(offloading, "metadata"), "namespace"), name = graph.nameOf(cluster.clusterId);
            Alert a{Alert::Kind::OffloadingFailed, QStringLiteral("offloading/%1/%2").arg(cluster.clusterId, ns), cluster.clusterId, QString(), QString(),
                    tr("Offloading failed: %1 in %2").arg(ns, name), QString(), ns};
            const QStringList peers = failedPeersOf(offloading, graph);
            a.body = peers.isEmpty() ? tr("The offloading of namespace %1 in %2 reports %3.").arg(ns, name, phase)
                                     : tr("The offloading of namespace %1 in %2 reports %3. %4.").arg(ns, name, phase, peers.join(QStringLiteral("; ")));
            out.push_back(std::move(a));
        }
    }
    return out;
}

void AlertWatch::setMuted(const QStringList &clusterIds)
{
    m_muted = std::set<QString>(clusterIds.begin(), clusterIds.end());
    forget([this](const QString &, const Alert &alert) { return muted(alert.consumer) || muted(alert.provider); });
    schedule();
}

void AlertWatch::forget(const std::function<bool(const QString &key, const Alert &alert)> &gone)
{
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (!gone(it->first, it->second.alert)) {
            ++it;
            continue;
        }
        const QString key = it->first;
        it = m_pending.erase(it);
        if (m_raised.erase(key))
            emit alertCleared(key);
    }
}

void AlertWatch::observe(const ClusterPeersRefs &clusters, const PeerGraph &graph)
{
    const qint64 now = m_now();
    std::map<QString, Alert> present;
    for (Alert &a : conditionsOf(clusters, graph, m_usualLatencyMs, m_policy))
        if (!muted(a.consumer) && !muted(a.provider))
            present.emplace(a.key, std::move(a));
    // A peering's usual latency follows what it measures, except while it has jumped (so a lasting
    // jump is told before it becomes the usual).
    for (const auto &e : graph.edges) {
        const QString peering = peeringOf(e.consumer, e.provider);
        if (!e.latencyMs || present.count(QStringLiteral("latency/") + peering))
            continue;
        auto [usual, first] = m_usualLatencyMs.try_emplace(peering, *e.latencyMs);
        if (!first)
            usual->second = 0.8 * usual->second + 0.2 * *e.latencyMs;
    }
    forget([&present](const QString &key, const Alert &) { return !present.count(key); });
    for (auto &[key, alert] : present) {
        auto [pending, added] = m_pending.try_emplace(key, Pending{alert, now, false});
        if (!added) {
            pending->second.alert = alert;
            if (auto raised = m_raised.find(key); raised != m_raised.end())
                raised->second = alert;
        }
    }
    tick();
}

void AlertWatch::tick()
{
    const qint64 now = m_now();
    for (auto &[key, p] : m_pending) {
        if (p.told || now - p.sinceMs < m_policy.debounceMs)
            continue;
        p.told = true;
        m_raised[key] = p.alert;
        const auto last = m_told.find(key);
        if (last != m_told.end() && now - last->second.atMs < m_policy.quietMs)
            continue;   // flapping: shown in the console, not told again
        m_told[key] = {now, p.alert};
        emit alertRaised(p.alert);
    }
    schedule();
}

void AlertWatch::schedule()
{
    std::optional<qint64> next;
    for (const auto &[key, p] : m_pending)
        if (!p.told)
            next = std::min(next.value_or(p.sinceMs + m_policy.debounceMs), p.sinceMs + m_policy.debounceMs);
    if (!next) {
        m_timer.stop();
        return;
    }
    m_timer.start(int(std::clamp<qint64>(*next - m_now(), 0, 60 * 1000)));
}

std::optional<Alert> AlertWatch::alert(const QString &key) const
{
    if (const auto it = m_raised.find(key); it != m_raised.end())
        return it->second;
    if (const auto it = m_told.find(key); it != m_told.end())
        return it->second.alert;
    return std::nullopt;
}

} // namespace spillway::console
