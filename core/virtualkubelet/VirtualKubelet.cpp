#include "virtualkubelet/VirtualKubelet.h"

#include "apis/offloading/v1beta1/VirtualNode.h"
#include "kube/Controller.h"
#include "observe/Log.h"

#include <QDateTime>

namespace spillway::virtualkubelet {

using nlohmann::json;

VirtualKubelet::VirtualKubelet(kube::KubeClient *consumer, kube::KubeClient *provider, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_options(std::move(options))
{
    m_view.nodeName = m_options.nodeName;
    m_view.virtualNode = m_options.virtualNodeNamespace + QLatin1Char('/') + m_options.virtualNodeName;
    m_view.address = m_options.address;
    m_view.kubeletPort = m_options.kubeletPort;
    m_view.reason = QStringLiteral("ProviderNotProbedYet");
    m_view.message = QStringLiteral("the provider has not been probed yet");
    connect(&m_heartbeat, &QTimer::timeout, this, &VirtualKubelet::requestSync);
    connect(&m_probe, &QTimer::timeout, this, &VirtualKubelet::probe);
}

Result<void> VirtualKubelet::refreshVirtualNode()
{
    auto vn = m_consumer->get(apis::offloading::v1beta1::virtualNodeResource(), m_options.virtualNodeNamespace, m_options.virtualNodeName);
    if (!vn)
        return vn.error();
    const json spec = (*vn).value("spec", json::object());
    m_view.providerId = QString::fromStdString(spec.value("clusterID", ""));
    m_view.resources = spec.value("resourceQuota", json::object()).value("hard", json::object());
    m_view.labels = spec.value("labels", json::object());
    const json classes = spec.value("storageClasses", json::array());
    m_view.storageAvailable = classes.is_array() && !classes.empty();
    return {};
}

Result<void> VirtualKubelet::sync()
{
    if (auto r = refreshVirtualNode(); !r)
        return r;
    const kube::ResourceRef nodes = kube::resources::nodes();
    json desired = nodeObject(m_view);
    auto node = m_consumer->apply(nodes, {}, desired, QStringLiteral("spillway-virtual-kubelet"), true);
    if (!node)
        return node.error();
    if (auto taints = taintsWithVirtualNodeTaint((*node).value("spec", json::object()).value("taints", json::array()))) {
        // resourceVersion makes it a compare-and-swap with the node lifecycle controller's writes.
        const json patch = {{"metadata", {{"resourceVersion", (*node)["metadata"].value("resourceVersion", "")}}}, {"spec", {{"taints", *taints}}}};
        auto tainted = m_consumer->patch(nodes, {}, m_options.nodeName, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
        if (!tainted && !tainted.error().isConflict())
            return tainted.error();
        m_syncAgain |= !tainted;   // lost the race: read the node again right after this sync
    }
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    // A patch, not a PUT: the node lifecycle controller writes this status too, and a heartbeat
    // must not lose to its resourceVersion.
    const json patch = {{"status", nodeStatus(m_view, now, (*node).value("status", json::object()).value("conditions", json::array()))}};
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    auto updated = m_consumer->patch(nodes, {}, m_options.nodeName, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po);
    if (!updated)
        return updated.error();
    const QString micro = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz000Z"));
    const json lease = nodeLease(m_options.nodeName, QString::fromStdString((*node)["metadata"].value("uid", "")), m_options.leaseDurationSeconds, micro);
    auto renewed = m_consumer->apply(kube::resources::leases(), QStringLiteral("kube-node-lease"), lease, QStringLiteral("spillway-virtual-kubelet"), true);
    if (!renewed)
        return renewed.error();
    return {};
}

void VirtualKubelet::probe()
{
    if (m_probing)
        return;
    m_probing = true;
    kube::KubeRequest req;
    req.path = QStringLiteral("/readyz");
    req.describe = QStringLiteral("the provider's /readyz");
    m_provider->send(req, [this](Result<kube::KubeResponse> r) {
        m_probing = false;
        if (m_syncing) {
            // Judge reachability again next round rather than while a sync is in flight.
            if (r.ok() == m_view.providerReachable)
                return;
        }
        const bool reachable = r.ok() && r->status == 200;
        const QString message = reachable ? QStringLiteral("the provider %1 answers").arg(m_view.providerId)
                              : r.ok() ? QStringLiteral("the provider's apiserver is not ready (HTTP %1)").arg(r->status)
                                       : r.error().toString();
        if (reachable == m_view.providerReachable && message == m_view.message)
            return;
        m_view.providerReachable = reachable;
        m_view.reason = reachable ? QStringLiteral("ProviderReachable") : QStringLiteral("ProviderUnreachable");
        m_view.message = message;
        observe::log(reachable ? "info" : "warning", QStringLiteral("virtual-kubelet"), message, {{"node", m_options.nodeName}});
        emit reachabilityChanged(reachable);
        // Not from inside the reply's handler: the sync's own requests need the loop free.
        QTimer::singleShot(0, this, &VirtualKubelet::requestSync);
    });
}

// The consumer calls block in a nested event loop, where timers and probe answers keep arriving:
// a sync asked for meanwhile runs once, right after the current one, never inside it.
void VirtualKubelet::requestSync()
{
    if (m_syncing) {
        m_syncAgain = true;
        return;
    }
    m_syncing = true;
    do {
        m_syncAgain = false;
        if (auto r = kube::guarded(QStringLiteral("virtual node ") + m_options.nodeName, [this] { return sync(); }); !r)
            observe::log("error", QStringLiteral("virtual-kubelet"), r.error().toString(), {{"node", m_options.nodeName}});
    } while (m_syncAgain);
    m_syncing = false;
}

Result<void> VirtualKubelet::start()
{
    m_syncing = true;
    auto first = kube::guarded(QStringLiteral("virtual node ") + m_options.nodeName, [this] { return sync(); });
    m_syncing = false;
    if (!first)
        return first;
    probe();
    m_heartbeat.start(m_options.heartbeatMs);
    m_probe.start(m_options.probeMs);
    return {};
}

} // namespace spillway::virtualkubelet
