#include "console/PeerWatch.h"

#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "common/JsonText.h"
#include "console/ClusterProbe.h"
#include "consts/Labels.h"
#include "installer/ComponentReadiness.h"
#include "installer/Manifests.h"
#include "kube/Informer.h"
#include "kube/KeepMembers.h"
#include "kube/KubeClient.h"
#include "offloading/OffloadingPolicy.h"
#include "storage/VirtualVolumes.h"

#include <QThread>
#include <QTimer>

#include <algorithm>
#include <set>
#include <utility>

namespace spillway::console {

using nlohmann::json;

namespace {

// Where the console looks for Spillway's own objects (as ClusterProbe does).
constexpr const char *kInstallNamespace = "liqo";

// What the console reads of an object, and nothing else: thousands of pods as the API sends them
// (managed fields, full specs and statuses) would cost the console hundreds of megabytes.
using kube::keepMembers;

// What PodDigest::of reads, and nothing else.
const kube::FieldMask &podFields()
{
    // The container's name: the log viewer's and the terminal's container pickers list them.
    static const kube::FieldMask fields = kube::FieldMask::of(
        {"metadata.name", "metadata.namespace", "metadata.resourceVersion", "metadata.deletionTimestamp", "spec.nodeName",
         "spec.containers.name", "spec.containers.resources.requests", "status.phase", "status.containerStatuses.restartCount"});
    return fields;
}

void slimEvent(json &event)
{
    if (!event.is_object()) {
        event = json::object();
        return;
    }
    json metadata = keepMembers(memberOf(event, "metadata"), {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"});
    // Which provider recorded it, when the virtual kubelet copied it from a pod's twin.
    const json &provider = memberOf(memberOf(memberOf(event, "metadata"), "annotations"), consts::kReflectedFromProviderAnnotation);
    if (provider.is_string())
        metadata["annotations"] = {{consts::kReflectedFromProviderAnnotation, provider}};
    event = {{"metadata", std::move(metadata)},
             {"involvedObject", keepMembers(memberOf(event, "involvedObject"), {"kind", "name", "namespace"})},
             {"type", event.value("type", json())}, {"reason", event.value("reason", json())}, {"message", event.value("message", json())},
             {"count", event.value("count", json())},
             {"lastTimestamp", event.value("lastTimestamp", json())}, {"eventTime", event.value("eventTime", json())}};
}

} // namespace

PeerWatch::PeerWatch(ClusterEntry cluster, QString name, QString clusterId, int coalesceMs, int metricsIntervalMs, QObject *parent)
    : QObject(parent), m_cluster(std::move(cluster)), m_coalesceMs(coalesceMs), m_metricsIntervalMs(metricsIntervalMs), m_io(new QThread),
      m_ioContext(new QObject)
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
        for (const auto &[node, informer] : m_podInformers)
            delete informer;
        m_podInformers.clear();
        delete m_metricsTimer;
        m_metricsTimer = nullptr;
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
    auto watch = [this](const kube::ResourceRef &resource, const QString &labelSelector, std::function<void(json &)> transform = {},
                        kube::FieldMask fields = {}) {
        kube::Informer::Options o;
        o.labelSelector = labelSelector;
        o.transform = std::move(transform);
        o.fields = std::move(fields);
        m_informers.push_back(startInformer(resource, o, true));
    };
    watch(apis::core::v1beta1::foreignClusterResource(), {});
    watch(kube::resources::nodes(), QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeTypeLabel), QLatin1String(offloading::kVirtualNodeType)));
    watch(apis::networking::v1beta1::connectionResource(), {});
    watch(apis::authentication::v1beta1::resourceSliceResource(), {});
    watch(kube::resources::events(), {}, slimEvent);
    watch(kube::resources::persistentVolumes(), QString::fromLatin1(storage::kLocationLabel));
    // For the alerts: an offloading that fails for some of its peers.
    watch(apis::offloading::v1beta1::namespaceOffloadingResource(), {}, {},
          kube::FieldMask::of({"metadata.name", "metadata.namespace", "metadata.resourceVersion", "status.offloadingPhase",
                               "status.remoteNamespacesConditions"}));
    // For the map's cards: are Spillway's own agents Ready? (What componentReadiness reads.)
    const auto workloadFields = kube::FieldMask::of(
        {"metadata.name", "metadata.namespace", "metadata.resourceVersion", "metadata.generation", "spec.replicas", "spec.selector",
         "status.observedGeneration", "status.updatedReplicas", "status.readyReplicas", "status.desiredNumberScheduled",
         "status.updatedNumberScheduled", "status.numberReady"});
    for (const auto &workloads : {kube::resources::deployments(), kube::resources::daemonSets()}) {
        kube::Informer::Options o;
        o.ns = QString::fromLatin1(kInstallNamespace);
        o.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(installer::names::kPartOfLabel), QLatin1String(installer::names::kPartOfValue));
        o.fields = workloadFields;
        m_informers.push_back(startInformer(workloads, o, false));
    }
    m_metricsTimer = new QTimer;
    m_metricsTimer->setInterval(m_metricsIntervalMs);
    QObject::connect(m_metricsTimer, &QTimer::timeout, m_metricsTimer, [this] { readNodeMetrics(); });
    m_metricsTimer->start();
    // The first read once the virtual nodes are known.
    QObject::connect(m_informers[1], &kube::Informer::synced, m_metricsTimer, [this] { readNodeMetrics(); });
}

// On the io thread. A cluster without metrics.k8s.io (no metrics-server) is not an error to
// show: the charts just have no measured use for it.
void PeerWatch::readNodeMetrics()
{
    // A cluster with no virtual node (a provider, say) has nothing to ask for.
    if (m_metricsInFlight || (m_informers.size() > 1 && m_informers[1]->store().size() == 0 && m_nodeMetrics.empty()))
        return;
    m_metricsInFlight = true;
    kube::KubeRequest req;
    req.path = kube::resources::nodeMetrics().path();
    req.query.addQueryItem(QStringLiteral("labelSelector"),
                           QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeTypeLabel), QLatin1String(offloading::kVirtualNodeType)));
    req.describe = kube::resources::nodeMetrics().describe();
    m_client->send(req, [this](Result<kube::KubeResponse> r) {
        m_metricsInFlight = false;
        json items = json::array();
        if (r) {
            const json list = json::parse(r->body.toStdString(), nullptr, false);
            const json &given = memberOf(list, "items");
            if (given.is_array())
                for (const auto &m : given)
                    items.push_back(kube::keepMembers(m, {"metadata", "usage", "timestamp"}));
        }
        if (items == m_nodeMetrics)
            return;
        m_nodeMetrics = std::move(items);
        if (m_coalesce && !m_coalesce->isActive())
            m_coalesce->start();
    });
}

// Pods are watched per virtual node (publish() follows the nodes): the console only shows
// offloaded pods, and a cluster's other pods — thousands, churning — never reach it.
// Each pod is digested as its event arrives, so a snapshot never parses the pods again.
kube::Informer *PeerWatch::watchPods(const QString &node)
{
    kube::Informer::Options o;
    o.fieldSelector = QStringLiteral("spec.nodeName=%1").arg(node);
    o.fields = podFields();
    auto *informer = startInformer(kube::resources::pods(), o, false);
    auto put = [this](const json &pod) {
        PodDigest d = PodDigest::of(pod, &m_strings);
        m_pods[{d.ns, d.name}] = std::move(d);
        m_podsChanged = true;
    };
    informer->addHandlers({put, [put](const json &, const json &pod) { put(pod); },
                           [this](const json &pod, bool) {
                               const json &metadata = memberOf(pod, "metadata");
                               m_pods.erase({textOf(metadata, "namespace"), textOf(metadata, "name")});
                               m_podsChanged = true;
                           }});
    return informer;
}

// On the io thread. Any change (re)starts the coalescing timer. A watch that fails counts as
// synced for the first snapshot: one that cannot list (say, events forbidden) must not hold back
// the others. Only the cluster-wide watches report failures to the console.
kube::Informer *PeerWatch::startInformer(const kube::ResourceRef &resource, const kube::Informer::Options &options, bool reportFailure)
{
    auto changed = [this] {
        if (!m_coalesce->isActive())
            m_coalesce->start();
    };
    auto *informer = new kube::Informer(m_client.get(), resource, options);
    informer->addHandlers({[changed](const json &) { changed(); }, [changed](const json &, const json &) { changed(); },
                           [changed](const json &, bool) { changed(); }});
    QObject::connect(informer, &kube::Informer::synced, m_coalesce, changed);
    QObject::connect(informer, &kube::Informer::failed, m_coalesce, [this, informer, changed, reportFailure](const Error &e) {
        m_failedOnce.insert(informer);
        changed();
        if (reportFailure)
            QMetaObject::invokeMethod(this, [this, e] {
                m_error = e;
                emit failed(e);
            }, Qt::QueuedConnection);
    });
    informer->start();
    return informer;
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
    p.resourceSlices = toArray(m_informers[3]->store().list());
    // Untrusted shapes: a name that is not a string is no name.
    std::set<QString> virtualNodes;
    for (const auto &n : p.virtualNodes)
        virtualNodes.insert(textOf(memberOf(n, "metadata"), "name"));
    virtualNodes.erase(QString());
    // One pod watch per virtual node: new nodes get one, gone nodes lose theirs.
    for (auto it = m_podInformers.begin(); it != m_podInformers.end();) {
        if (virtualNodes.count(it->first)) {
            ++it;
            continue;
        }
        m_failedOnce.erase(it->second);
        delete it->second;
        std::erase_if(m_pods, [node = it->first](const auto &kv) { return kv.second.node == node; });
        m_podsChanged = true;
        it = m_podInformers.erase(it);
    }
    for (const QString &node : virtualNodes)
        if (!m_podInformers.count(node))
            m_podInformers[node] = watchPods(node);
    // The first snapshot waits for every watch, the pods' too, so the console's first picture is
    // whole (a watch that cannot sync reports failed instead).
    if (!m_published) {
        auto synced = [this](const kube::Informer *i) { return i->hasSynced() || m_failedOnce.count(i); };
        if (!std::all_of(m_informers.begin(), m_informers.end(), synced)
            || !std::all_of(m_podInformers.begin(), m_podInformers.end(), [&](const auto &kv) { return synced(kv.second); }))
            return;
        m_published = true;
    }
    if (m_podsChanged) {
        std::vector<PodDigest> pods;
        pods.reserve(m_pods.size());
        for (const auto &[key, pod] : m_pods)
            pods.push_back(pod);
        m_podsPublished = VirtualNodePods::of(std::move(pods));
        m_podsChanged = false;
    }
    p.virtualNodePods = m_podsPublished;
    // Events about peering: Liqo's kinds, the virtual nodes and the pods on them.
    static const std::set<QString> liqoKinds = {QStringLiteral("ForeignCluster"), QStringLiteral("ResourceSlice"), QStringLiteral("VirtualNode"),
                                                QStringLiteral("NamespaceOffloading"), QStringLiteral("Connection"), QStringLiteral("GatewayServer"),
                                                QStringLiteral("GatewayClient"), QStringLiteral("Tenant"), QStringLiteral("Identity")};
    p.events = json::array();
    for (const auto &event : m_informers[4]->store().list()) {
        const json &about = memberOf(event, "involvedObject");
        const QString kind = textOf(about, "kind"), name = textOf(about, "name");
        if (liqoKinds.count(kind) || (kind == QLatin1String("Node") && virtualNodes.count(name))
            || (kind == QLatin1String("Pod") && m_pods.count({textOf(about, "namespace"), name})))
            p.events.push_back(event);
    }
    p.volumes = toArray(m_informers[5]->store().list());
    p.namespaceOffloadings = toArray(m_informers[6]->store().list());
    p.agents = installer::componentReadiness(json{{"items", toArray(m_informers[7]->store().list())}},
                                             json{{"items", toArray(m_informers[8]->store().list())}}, json{{"items", json::array()}});
    p.nodeMetrics = m_nodeMetrics;
    QMetaObject::invokeMethod(this, [this, p = std::move(p)]() mutable {
        p.name = m_peers.name;
        p.clusterId = m_peers.clusterId;
        ClusterPeers old = std::exchange(m_peers, std::move(p));
        m_error.reset();
        emit changed();
        // The last holder of thousands of pods frees them on the io thread, not between two frames of the GUI's.
        QMetaObject::invokeMethod(m_ioContext, [old = std::move(old)] {}, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

} // namespace spillway::console
