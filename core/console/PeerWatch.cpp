#include "console/PeerWatch.h"

#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/networking/v1beta1/Connection.h"
#include "common/JsonText.h"
#include "console/ClusterProbe.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "offloading/OffloadingPolicy.h"

#include <QThread>
#include <QTimer>

#include <set>

namespace spillway::console {

using nlohmann::json;

PeerWatch::PeerWatch(ClusterEntry cluster, QString name, QString clusterId, int coalesceMs, QObject *parent)
    : QObject(parent), m_cluster(std::move(cluster)), m_coalesceMs(coalesceMs), m_io(new QThread), m_ioContext(new QObject)
{
    m_peers.name = std::move(name);
    m_peers.clusterId = std::move(clusterId);
    m_io->setObjectName(QStringLiteral("peer-watch"));
    m_ioContext->moveToThread(m_io);
    connect(m_io, &QThread::finished, m_ioContext, &QObject::deleteLater);
    m_io->start();
    QMetaObject::invokeMethod(m_ioContext, [this] { startOnIoThread(); }, Qt::QueuedConnection);
}

PeerWatch::~PeerWatch()
{
    QMetaObject::invokeMethod(m_ioContext, [this] {
        for (auto *i : m_informers)
            delete i;
        m_informers.clear();
        delete m_coalesce;
        m_coalesce = nullptr;
        m_client.reset();
    }, Qt::BlockingQueuedConnection);
    m_io->quit();
    m_io->wait();
    delete m_io;
}

void PeerWatch::startOnIoThread()
{
    auto rest = restConfigOf(m_cluster);
    if (!rest) {
        QMetaObject::invokeMethod(this, [this, e = rest.error()] {
            m_error = e;
            emit failed(e);
        }, Qt::QueuedConnection);
        return;
    }
    m_client = std::make_unique<kube::KubeClient>(*rest);
    m_coalesce = new QTimer;
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(m_coalesceMs);
    QObject::connect(m_coalesce, &QTimer::timeout, m_coalesce, [this] { publish(); });
    auto changed = [this] {
        if (!m_coalesce->isActive())
            m_coalesce->start();
    };
    auto watch = [&](const kube::ResourceRef &resource, const QString &labelSelector) {
        kube::Informer::Options o;
        o.labelSelector = labelSelector;
        auto *informer = new kube::Informer(m_client.get(), resource, o);
        informer->addHandlers({[changed](const json &) { changed(); }, [changed](const json &, const json &) { changed(); },
                               [changed](const json &, bool) { changed(); }});
        QObject::connect(informer, &kube::Informer::synced, m_coalesce, changed);
        QObject::connect(informer, &kube::Informer::failed, m_coalesce, [this](const Error &e) {
            QMetaObject::invokeMethod(this, [this, e] {
                m_error = e;
                emit failed(e);
            }, Qt::QueuedConnection);
        });
        m_informers.push_back(informer);
        informer->start();
    };
    watch(apis::core::v1beta1::foreignClusterResource(), {});
    watch(kube::resources::nodes(), QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeTypeLabel), QLatin1String(offloading::kVirtualNodeType)));
    watch(apis::networking::v1beta1::connectionResource(), {});
    watch(kube::resources::pods(), {});
    watch(apis::authentication::v1beta1::resourceSliceResource(), {});
    watch(kube::resources::events(), {});
}

// On the io thread: one snapshot of the stores, handed to the GUI thread.
void PeerWatch::publish()
{
    auto toArray = [](const std::vector<json> &items) {
        json out = json::array();
        for (const auto &i : items)
            out.push_back(i);
        return out;
    };
    ClusterPeers p;
    p.foreignClusters = toArray(m_informers[0]->store().list());
    p.virtualNodes = toArray(m_informers[1]->store().list());
    p.connections = toArray(m_informers[2]->store().list());
    p.resourceSlices = toArray(m_informers[4]->store().list());
    // Untrusted shapes: a name that is not a string is no name.
    std::set<QString> virtualNodes;
    for (const auto &n : p.virtualNodes)
        virtualNodes.insert(textOf(memberOf(n, "metadata"), "name"));
    virtualNodes.erase(QString());
    p.virtualNodePods = json::array();
    for (const auto &pod : m_informers[3]->store().list())
        if (virtualNodes.count(textOf(memberOf(pod, "spec"), "nodeName")))
            p.virtualNodePods.push_back(pod);
    // Events about peering: Liqo's kinds, the virtual nodes and the pods on them.
    static const std::set<QString> liqoKinds = {QStringLiteral("ForeignCluster"), QStringLiteral("ResourceSlice"), QStringLiteral("VirtualNode"),
                                                QStringLiteral("NamespaceOffloading"), QStringLiteral("Connection"), QStringLiteral("GatewayServer"),
                                                QStringLiteral("GatewayClient"), QStringLiteral("Tenant"), QStringLiteral("Identity")};
    std::set<std::pair<QString, QString>> pods;
    for (const auto &pod : p.virtualNodePods)
        pods.emplace(textOf(memberOf(pod, "metadata"), "namespace"), textOf(memberOf(pod, "metadata"), "name"));
    p.events = json::array();
    for (const auto &event : m_informers[5]->store().list()) {
        const json &about = memberOf(event, "involvedObject");
        const QString kind = textOf(about, "kind"), name = textOf(about, "name");
        if (liqoKinds.count(kind) || (kind == QLatin1String("Node") && virtualNodes.count(name))
            || (kind == QLatin1String("Pod") && pods.count({textOf(about, "namespace"), name})))
            p.events.push_back(event);
    }
    QMetaObject::invokeMethod(this, [this, p = std::move(p)]() mutable {
        p.name = m_peers.name;
        p.clusterId = m_peers.clusterId;
        m_peers = std::move(p);
        m_error.reset();
        emit changed();
    }, Qt::QueuedConnection);
}

} // namespace spillway::console
