#include "offloading/NamespaceOffloadingReconciler.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "offloading/OffloadingPolicy.h"
#include "observe/Log.h"
#include "peering/LocalCluster.h"

#include <QDateTime>

namespace spillway::offloading {

using nlohmann::json;

namespace {

namespace off = apis::offloading::v1beta1;

std::string s(const QString &v) { return v.toStdString(); }

Error pending(const QString &what)
{
    return Error::of(Error::Kind::Timeout, what);
}

} // namespace

NamespaceOffloadingReconciler::NamespaceOffloadingReconciler(kube::KubeClient &client, Options options)
    : m_client(client), m_options(std::move(options))
{
    if (!m_options.now)
        m_options.now = [] { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate); };
}

Result<void> NamespaceOffloadingReconciler::reconcile(const QString &key)
{
    if (key != QLatin1String("*"))
        return key.section(QLatin1Char('/'), 1) == QLatin1String("offloading") ? reconcileNamespace(key.section(QLatin1Char('/'), 0, 0))
                                                                             : Result<void>();
    auto all = m_client.list(off::namespaceOffloadingResource(), {});
    if (!all)
        return all.error();
    Result<void> out;
    for (const auto &o : (*all)["items"])
        if (o["metadata"].value("name", "") == "offloading")
            if (auto r = reconcileNamespace(QString::fromStdString(o["metadata"].value("namespace", ""))); !r && out)
                out = r;
    return out;
}

// Per peer cluster ID: true when one of its virtual nodes matches. Labels are the Node's (the
// provider's cluster labels as the scheduler sees them), else the VirtualNode's own.
Result<json> NamespaceOffloadingReconciler::selectedClusters(const json &clusterSelector)
{
    auto vns = m_client.list(off::virtualNodeResource(), {});
    if (!vns)
        return vns.error();
    json out = json::object();
    for (const auto &vn : (*vns)["items"]) {
        const std::string cid = vn["spec"].value("clusterID", "");
        if (cid.empty())
            continue;
        auto node = m_client.get(kube::resources::nodes(), {}, virtualNodeNodeName(vn));
        // Only a node that is not there falls back to the VirtualNode's labels: an error read as
        // "not selected" would unmap the namespace and delete its twin.
        if (!node && !node.error().isNotFound())
            return node.error();
        const json labels = virtualNodeLabels(vn, node ? *node : json());
        out[cid] = out.value(cid, false) || matchesNodeSelector(clusterSelector, labels);
    }
    return out;
}

Result<void> NamespaceOffloadingReconciler::setSchedulingLabel(const QString &ns, bool enabled)
{
    auto obj = m_client.get(kube::resources::namespaces(), {}, ns);
    if (!obj)
        return obj.error().isNotFound() ? Result<void>() : Result<void>(obj.error());
    const bool has = (*obj)["metadata"].value("labels", json::object()).value(kSchedulingEnabledLabel, "") == "true";
    if (has == enabled)
        return {};
    const json patch = {{"metadata", {{"labels", {{kSchedulingEnabledLabel, enabled ? json("true") : json(nullptr)}}}}}};
    auto r = m_client.patch(kube::resources::namespaces(), {}, ns, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    return r ? Result<void>() : Result<void>(r.error());
}

QStringList NamespaceOffloadingReconciler::podsPredating(kube::KubeClient &client, const QString &ns, const std::string &since)
{
    QStringList out;
    auto pods = client.list(kube::resources::pods(), ns);
    if (!pods)
        return out;
    for (const auto &p : (*pods)["items"]) {
        const json meta = p["metadata"];
        // Timestamps have whole seconds: a pod of the same second counts unless the webhook saw it (toleration).
        if (meta.value("creationTimestamp", "") > since || meta.contains("deletionTimestamp"))
            continue;
        bool tolerates = false;
        for (const auto &t : p["spec"].value("tolerations", json::array()))
            tolerates |= t.value("key", "") == kVirtualNodeTaint;
        if (!tolerates && !QString::fromStdString(p["spec"].value("nodeName", "")).startsWith(QLatin1String("liqo-")))
            out << QString::fromStdString(meta.value("name", ""));
    }
    return out;
}

void NamespaceOffloadingReconciler::reportPreexistingPods(const json &offloading)
{
    const json meta = offloading["metadata"];
    const QString ns = QString::fromStdString(meta.value("namespace", ""));
    const QString eventName = QStringLiteral("offloading.preexisting-pods.") + QString::fromStdString(meta.value("uid", std::string()));
    if (m_client.get(kube::resources::events(), ns, eventName))
        return;   // said once per NamespaceOffloading
    const QStringList pods = podsPredating(m_client, ns, meta.value("creationTimestamp", ""));
    if (pods.isEmpty())
        return;
    const QString message = QStringLiteral("%1 pod(s) existed before offloading was enabled and stay where they are (%2); recreate them to "
                                           "let them use the peers, e.g. kubectl -n %3 rollout restart deployment")
                                .arg(pods.size()).arg(pods.mid(0, 5).join(QStringLiteral(", ")) + (pods.size() > 5 ? QStringLiteral(", …") : QString()), ns);
    const json event = {{"apiVersion", "v1"}, {"kind", "Event"},
                        {"metadata", {{"name", s(eventName)}, {"namespace", s(ns)}}},
                        {"involvedObject", {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"}, {"name", "offloading"},
                                            {"namespace", s(ns)}, {"uid", meta.value("uid", "")}}},
                        {"reason", "PreexistingPods"}, {"message", s(message)}, {"type", "Warning"},
                        {"source", {{"component", "spillway-controller-manager"}}},
                        {"firstTimestamp", s(m_options.now())}, {"lastTimestamp", s(m_options.now())}, {"count", 1}};
    if (auto r = m_client.create(kube::resources::events(), ns, event); !r && !r.error().isAlreadyExists())
        observe::log("warning", QStringLiteral("offloading"), QStringLiteral("cannot record the PreexistingPods event: ") + r.error().toString());
}

Result<void> NamespaceOffloadingReconciler::reconcileNamespace(const QString &ns)
{
    const kube::ResourceRef offloadings = off::namespaceOffloadingResource();
    auto obj = m_client.get(offloadings, ns, QStringLiteral("offloading"));
    if (!obj)
        return obj.error().isNotFound() ? Result<void>() : Result<void>(obj.error());
    json meta = (*obj)["metadata"];
    const json spec = (*obj).value("spec", json::object());
    const bool terminating = meta.contains("deletionTimestamp");
    auto self = peering::readLocalCluster(m_client, m_options.liqoNamespace);
    if (!self)
        return self.error();
    const QString remoteName = remoteNamespaceName(spec, ns, self->clusterId);

    json finalizers = meta.value("finalizers", json::array());
    const bool hasFinalizer = std::find(finalizers.begin(), finalizers.end(), kOffloadingFinalizer) != finalizers.end();
    if (terminating && !hasFinalizer)
        return {};
    if (!terminating && !hasFinalizer) {
        finalizers.push_back(kOffloadingFinalizer);
        const json patch = {{"metadata", {{"finalizers", finalizers}, {"resourceVersion", meta.value("resourceVersion", "")}}}};
        auto r = m_client.patch(offloadings, ns, QStringLiteral("offloading"), kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
        if (!r)
            return r.error();
        meta = (*r)["metadata"];
    }
    if (!terminating)
        reportPreexistingPods(*obj);
    if (auto r = setSchedulingLabel(ns, !terminating && spec.value("podOffloadingStrategy", "LocalAndRemote") != "Local"); !r)
        return r;

    json selected = json::object();
    if (!terminating) {
        auto sel = selectedClusters(spec.value("clusterSelector", json::object()));
        if (!sel)
            return sel.error();
        selected = *sel;
    }
    auto maps = m_client.list(off::namespaceMapResource(), {}, kube::withLabels(QStringLiteral("liqo.io/replication=true")));
    if (!maps)
        return maps.error();
    std::map<QString, PeerMapping> peers;
    const std::string key = s(ns);
    for (const auto &map : (*maps)["items"]) {
        const std::string pid = map["metadata"].value("name", "");
        const QString mapNs = QString::fromStdString(map["metadata"].value("namespace", ""));
        PeerMapping peer;
        peer.required = selected.value(pid, false);
        const json desired = map.value("spec", json::object()).value("desiredMapping", json::object());
        const bool listed = desired.contains(key);
        if (peer.required != listed || (listed && desired[key] != s(remoteName))) {
            const json patch = {{"spec", {{"desiredMapping", {{key, peer.required ? json(s(remoteName)) : json(nullptr)}}}}}};
            auto r = m_client.patch(off::namespaceMapResource(), mapNs, QString::fromStdString(pid), kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
            if (!r)
                return r.error();
        }
        const json current = map.value("status", json::object()).value("currentMapping", json::object());
        if (current.contains(key) && !current[key].value("phase", "").empty())
            peer.phase = QString::fromStdString(current[key].value("phase", ""));
        if (peer.required || peer.phase || !terminating)
            peers[QString::fromStdString(pid)] = peer;
    }

    const json previous = (*obj).value("status", json::object()).value("remoteNamespacesConditions", json::object());
    json conditions = json::object();
    for (const auto &[pid, peer] : peers)
        conditions[s(pid)] = remoteNamespaceConditions(peer, previous.value(s(pid), json::array()), m_options.now());
    const json status = {{"remoteNamespaceName", s(remoteName)}, {"offloadingPhase", s(offloadingPhase(terminating, peers))},
                         {"remoteNamespacesConditions", conditions}, {"observedGeneration", meta.value("generation", 0LL)}};
    if ((*obj).value("status", json::object()) != status) {
        json updated = *obj;
        updated["metadata"] = meta;
        updated["status"] = status;
        auto r = m_client.updateStatus(offloadings, ns, updated);
        if (!r)
            return r.error().isConflict() ? Result<void>(pending(QStringLiteral("NamespaceOffloading %1 changed meanwhile").arg(ns))) : Result<void>(r.error());
    }
    if (!terminating)
        return {};
    for (const auto &[pid, peer] : peers)
        if (peer.phase)
            return pending(QStringLiteral("waiting for the twin of %1 in %2 to be deleted").arg(ns, pid));
    json kept = json::array();
    for (const auto &f : finalizers)
        if (f != kOffloadingFinalizer)
            kept.push_back(f);
    const json patch = {{"metadata", {{"finalizers", kept}}}};
    auto r = m_client.patch(offloadings, ns, QStringLiteral("offloading"), kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::offloading
