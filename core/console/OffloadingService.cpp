#include "console/OffloadingService.h"

#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "console/ClusterProbe.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "offloading/OffloadingPolicy.h"

#include <algorithm>

namespace spillway::console {

using nlohmann::json;
namespace off = apis::offloading::v1beta1;

namespace {

// Creates the namespace unless it exists; dryRun asks the server without creating it.
Result<bool> ensureNamespace(kube::KubeClient &client, const QString &ns, bool dryRun)
{
    auto existing = client.get(kube::resources::namespaces(), {}, ns);
    if (existing)
        return false;
    if (!existing.error().isNotFound())
        return existing.error();
    kube::WriteOptions o;
    o.dryRun = dryRun;
    o.fieldManager = QLatin1String(OffloadingService::kFieldManager);
    auto created = client.create(kube::resources::namespaces(), {}, json{{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns.toStdString()}}}}, o);
    if (!created && !created.error().isAlreadyExists())
        return created.error();
    return true;
}

} // namespace

OffloadingService::OffloadingService(ClusterEntry cluster, QObject *parent)
    : QObject(parent), m_cluster(std::move(cluster)), m_client(std::make_unique<ClientThread>(m_cluster, QStringLiteral("offloading-io")))
{
}

OffloadingService::~OffloadingService()
{
    m_client->waitForRequests();
    m_client->onThread([this] {
        delete m_watch;
        m_watch = nullptr;
    });
}

void OffloadingService::run(std::function<std::function<void()>(kube::KubeClient &)> work, std::function<void(const Error &)> noClient)
{
    m_client->run(this, std::move(work), noClient);
}

void OffloadingService::loadCluster()
{
    run([this](kube::KubeClient &client) -> std::function<void()> {
        auto namespaces = client.listAll(kube::resources::namespaces(), {});
        if (!namespaces)
            return [this, e = namespaces.error()] { emit clusterLoaded(e); };
        QStringList names;
        for (const auto &n : (*namespaces)["items"])
            names << QString::fromStdString(n["metadata"].value("name", ""));
        std::sort(names.begin(), names.end());
        std::vector<OffloadingEditorModel::Peer> peers;
        auto vns = client.listAll(off::virtualNodeResource(), {});
        if (!vns && !vns.error().isNotFound())
            return [this, e = vns.error()] { emit clusterLoaded(e); };
        auto nodes = client.listAll(kube::resources::nodes(), {}, kube::withLabels(QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeTypeLabel),
                                                                                                                 QLatin1String(offloading::kVirtualNodeType))));
        if (!nodes)
            return [this, e = nodes.error()] { emit clusterLoaded(e); };
        std::map<QString, json> nodeByName;
        for (const auto &n : (*nodes)["items"])
            nodeByName[QString::fromStdString(n["metadata"].value("name", ""))] = n;
        for (const auto &vn : vns ? (*vns)["items"] : json::array()) {
            const QString node = offloading::virtualNodeNodeName(vn);
            const auto it = nodeByName.find(node);
            peers.push_back({QString::fromStdString(vn["spec"].value("clusterID", "")), node, offloading::virtualNodeLabels(vn, it == nodeByName.end() ? json() : it->second)});
        }
        return [this, names, peers = std::move(peers)] {
            m_namespaces = names;
            m_peers = peers;
            emit clusterLoaded(std::nullopt);
        };
    }, [this](const Error &e) { emit clusterLoaded(e); });
}

void OffloadingService::loadNamespace(const QString &ns)
{
    run([this, ns](kube::KubeClient &client) -> std::function<void()> {
        std::optional<Draft> existing;
        auto object = client.get(off::namespaceOffloadingResource(), ns, QLatin1String(offloading::kNamespaceOffloadingName));
        if (object) {
            auto draft = Draft::fromObject(*object);
            if (!draft)
                return [this, ns, e = draft.error()] { emit namespaceLoaded(ns, e); };
            existing = *draft;
        } else if (!object.error().isNotFound()) {
            return [this, ns, e = object.error()] { emit namespaceLoaded(ns, e); };
        }
        // Only how many: one item and the server's count of the rest, not every pod.
        kube::ListOptions one;
        one.limit = 1;
        auto pods = client.list(kube::resources::pods(), ns, one);
        if (!pods)
            return [this, ns, e = pods.error()] { emit namespaceLoaded(ns, e); };
        const int count = int((*pods).value("items", json::array()).size())
                          + int((*pods).value("metadata", json::object()).value("remainingItemCount", qint64(0)));
        return [this, ns, existing, count, status = object ? (*object).value("status", json::object()) : json::object()] {
            m_existing = existing;
            m_pods = count;
            m_status = status;
            emit namespaceLoaded(ns, std::nullopt);
            if (existing)
                watchStatus(ns);
        };
    }, [this, ns](const Error &e) { emit namespaceLoaded(ns, e); });
}

void OffloadingService::dryRun(const Draft &draft)
{
    run([this, draft](kube::KubeClient &client) -> std::function<void()> {
        const QString ns = draft.namespaceName;
        auto created = ensureNamespace(client, ns, true);
        if (!created)
            return [this, e = created.error()] { emit dryRunFinished(e, {}); };
        // The apiserver refuses any object in a namespace that does not exist yet, even in a dry
        // run: then the namespace's creation is what can be checked, and the object is checked here.
        if (*created)
            return [this, ns] { emit dryRunFinished(std::nullopt, tr("namespace %1 does not exist yet; applying creates it").arg(ns)); };
        auto r = client.apply(off::namespaceOffloadingResource(), ns, draft.toObject(), QLatin1String(kFieldManager), true, true);
        if (!r)
            return [this, e = r.error()] { emit dryRunFinished(e, {}); };
        return [this] { emit dryRunFinished(std::nullopt, {}); };
    }, [this](const Error &e) { emit dryRunFinished(e, {}); });
}

void OffloadingService::apply(const Draft &draft)
{
    run([this, draft](kube::KubeClient &client) -> std::function<void()> {
        const QString ns = draft.namespaceName;
        if (auto created = ensureNamespace(client, ns, false); !created)
            return [this, e = created.error()] { emit applied(e); };
        auto r = client.apply(off::namespaceOffloadingResource(), ns, draft.toObject(), QLatin1String(kFieldManager), true, false);
        if (!r)
            return [this, e = r.error()] { emit applied(e); };
        return [this, ns, draft] {
            m_existing = draft;
            emit applied(std::nullopt);
            watchStatus(ns);
        };
    }, [this](const Error &e) { emit applied(e); });
}

void OffloadingService::watchStatus(const QString &ns)
{
    QMetaObject::invokeMethod(m_client->context(), [this, ns] {
        delete m_watch;
        kube::Informer::Options o;
        o.ns = ns;
        o.fieldSelector = QStringLiteral("metadata.name=%1").arg(QLatin1String(offloading::kNamespaceOffloadingName));
        m_watch = new kube::Informer(m_client->client(), off::namespaceOffloadingResource(), o);
        auto post = [this](const json &object) {
            QMetaObject::invokeMethod(this, [this, status = object.value("status", json::object()), generation = object["metadata"].value("generation", qint64(0))] {
                m_status = status;
                m_statusGeneration = generation;
                emit statusChanged();
            }, Qt::QueuedConnection);
        };
        m_watch->addHandlers({post, [post](const json &, const json &now) { post(now); },
                              [post](const json &, bool) { post(json{{"metadata", json::object()}}); }});
        m_watch->start();
    }, Qt::QueuedConnection);
}

} // namespace spillway::console
