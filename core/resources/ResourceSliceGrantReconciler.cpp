#include "resources/ResourceSliceGrantReconciler.h"

#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "installer/Manifests.h"
#include "kube/Conditions.h"
#include "peering/PeeringNames.h"
#include "resources/ClusterUsage.h"
#include "resources/ResourcePolicy.h"
#include "storage/VirtualVolumes.h"

#include <QDateTime>

namespace spillway::resources {

using nlohmann::json;

namespace {

json condition(const json &previous, const char *type, const char *status, const QString &message, const QString &now)
{
    return {{"type", type}, {"status", status}, {"reason", std::string(status) + type}, {"message", message.toStdString()},
            {"lastTransitionTime", kube::transitionTime(previous, type, status, now.toStdString())}};
}

// The cluster as the policy of `exceptSlice` (a slice of `consumerId`) sees it (describeCluster).
Result<ClusterUsage> readUsage(kube::KubeClient &client, const QString &exceptSlice, const QString &consumerId)
{
    auto nodes = client.listAll(kube::resources::nodes(), {});
    if (!nodes)
        return nodes.error();
    kube::ListOptions running;
    running.fieldSelector = QStringLiteral("status.phase!=Succeeded,status.phase!=Failed");
    auto pods = client.listAll(kube::resources::pods(), {}, running);
    if (!pods)
        return pods.error();
    auto slices = client.listAll(apis::authentication::v1beta1::resourceSliceResource(), {}, kube::withLabels(QStringLiteral("liqo.io/replicated=true")));
    if (!slices)
        return slices.error();
    return describeCluster((*nodes)["items"], (*pods)["items"], (*slices)["items"], exceptSlice, consumerId);
}

QMap<QString, QString> countedNodes(const ResourcePolicy &policy)
{
    return policy.kind == ResourcePolicy::Kind::NodeLabelsResources ? policy.nodeSelector : QMap<QString, QString>{};
}

// A grant kept for stability (within the change threshold) must still fit in what is free for
// it, or what its pods hold: a stale grant never promises capacity that went meanwhile.
bool withinRoom(const ResourceList &current, const ResourceList &granted, const ResourcePolicy &policy, const ClusterUsage &usage)
{
    if (policy.kind == ResourcePolicy::Kind::FixedResources)
        return true;
    const ResourceList room = freeResources(usage, countedNodes(policy), policy.overcommit);
    for (auto q = current.begin(); q != current.end(); ++q)
        if (q->milli > std::max({granted.value(q.key()).milli, room.value(q.key()).milli, usage.heldByOwnPods.value(q.key()).milli}))
            return false;
    return true;
}

// The Resources condition's message: the class, and whatever a consumer would ask about — less
// than asked (and why), more than is really free (overcommit), or kept for running pods.
QString grantMessage(const std::string &cls, const ResourcePolicy &policy, const ClusterUsage &usage, const ResourceList &requested,
                     const ResourceList &granted)
{
    QStringList notes;
    const ResourceList realFree = freeResources(usage, countedNodes(policy), 1.0);
    for (auto q = granted.begin(); q != granted.end(); ++q) {
        const QString k = q.key();
        const qint64 held = usage.heldByOwnPods.value(k).milli;
        if (requested.contains(k) && q->milli < requested[k].milli)
            notes << QStringLiteral("%1: asked %2, granted %3 (%4 free after other grants)")
                         .arg(k, formatQuantity(k, requested[k]), formatQuantity(k, *q), formatQuantity(k, realFree.value(k)));
        else if (held > 0 && q->milli == held && requested.contains(k) && requested[k].milli < held)
            notes << QStringLiteral("%1: kept at %2 for the pods running on it").arg(k, formatQuantity(k, *q));
        if (policy.kind != ResourcePolicy::Kind::FixedResources && overcommittable(k) && q->milli > std::max(realFree.value(k).milli, held))
            notes << QStringLiteral("%1: %2 is past free capacity (%3); this provider overcommits x%4")
                         .arg(k, formatQuantity(k, *q), formatQuantity(k, realFree.value(k)))
                         .arg(policy.overcommit);
    }
    const QString base = QStringLiteral("granted by policy of class %1").arg(QString::fromStdString(cls));
    return notes.isEmpty() ? base : base + QStringLiteral("; ") + notes.join(QStringLiteral("; "));
}

} // namespace

ResourceSliceGrantReconciler::ResourceSliceGrantReconciler(kube::KubeClient &client, Options options)
    : m_client(client), m_options(std::move(options))
{
    if (!m_options.nowIso)
        m_options.nowIso = [] { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate); };
}

Result<void> ResourceSliceGrantReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef slices = apis::authentication::v1beta1::resourceSliceResource();
    auto slice = m_client.get(slices, ns, name);
    if (!slice)
        return slice.error().isNotFound() ? Result<void>() : Result<void>(slice.error());
    if ((*slice)["metadata"].value("labels", json::object()).value("liqo.io/replicated", "") != "true")
        return {};   // our own slices, asking a provider; not ours to grant
    if ((*slice)["metadata"].contains("deletionTimestamp"))
        return {};
    const json spec = (*slice).value("spec", json::object());
    const json oldStatus = (*slice).value("status", json::object());
    const json oldConditions = oldStatus.value("conditions", json::array());
    const QString now = m_options.nowIso();
    const QString consumerId = QString::fromStdString(spec.value("consumerClusterID", ""));

    bool authenticated = false;
    std::string tenantCondition = "Active";
    if (ns == peering::tenantNamespace(consumerId))
        if (auto tenant = m_client.get(apis::authentication::v1beta1::tenantResource(), ns, consumerId); tenant) {
            tenantCondition = (*tenant)["spec"].value("tenantCondition", "Active");
            authenticated = !(*tenant).value("status", json::object()).value("authParams", json::object()).value("signedCRT", "").empty()
                            && tenantCondition != "Drained";
        }
    // Cordoned as Liqo's liqoctl cordons: the tenant, or this slice by annotation. A grant already
    // made stands; nothing new is granted until uncordoned.
    const json annotations = (*slice)["metadata"].value("annotations", json::object());
    const bool cordoned = tenantCondition == "Cordoned" || annotations.value("liqo.io/cordon", "") == "true"
                          || annotations.value("liqo.io/cordon-tenant", "") == "true";
    bool accepted = false;
    for (const auto &c : oldConditions)
        accepted |= c.value("type", "") == "Resources" && c.value("status", "") == "Accepted";
    json status = oldStatus;
    if (!authenticated) {
        status["conditions"] = json::array({condition(oldConditions, "Authentication", "Denied",
                                                      QStringLiteral("no authenticated, active Tenant for cluster %1 in %2").arg(consumerId, ns), now),
                                            condition(oldConditions, "Resources", "Denied", QStringLiteral("not authenticated"), now)});
        status.erase("resources");
    } else if (cordoned && !(accepted && oldStatus.contains("resources"))) {
        status["conditions"] = json::array({condition(oldConditions, "Authentication", "Accepted", QStringLiteral("tenant authenticated"), now),
                                            condition(oldConditions, "Resources", "Denied",
                                                      tenantCondition == "Cordoned" ? QStringLiteral("the tenant %1 is cordoned: no new resources are granted").arg(consumerId)
                                                                                    : QStringLiteral("the slice is cordoned: no new resources are granted"), now)});
        status.erase("resources");
    } else if (cordoned) {
        // Keeps what it has, unchanged.
    } else {
        const std::string cls = spec.value("class", "").empty() ? std::string("default") : spec.value("class", "");
        auto policies = m_client.get(kube::resources::configMaps(), m_options.liqoNamespace, QString::fromLatin1(kPoliciesConfigMap));
        std::optional<ResourcePolicy> policy;
        QString why;
        if (policies && (*policies).value("data", json::object()).contains(cls)) {
            const json parsed = json::parse((*policies)["data"][cls].get<std::string>(), nullptr, false);
            auto p = parsePolicy(parsed);
            if (p)
                policy = *p;
            else
                why = QStringLiteral("the policy of class %1 is invalid: %2").arg(QString::fromStdString(cls), p.error().message);
        } else {
            why = QStringLiteral("this provider has no resource policy for class \"%1\"").arg(QString::fromStdString(cls));
        }
        if (!policy) {
            status["conditions"] = json::array({condition(oldConditions, "Authentication", "Accepted", QStringLiteral("tenant authenticated"), now),
                                                condition(oldConditions, "Resources", "Denied", why, now)});
            status.erase("resources");
        } else {
            auto usage = readUsage(m_client, key, consumerId);
            if (!usage)
                return usage.error();
            const ResourceList requested = parseResourceList(spec.value("resources", json::object()));
            ResourceList granted = grant(*policy, *usage, requested);
            const ResourceList current = parseResourceList(oldStatus.value("resources", json::object()));
            if (!current.isEmpty() && !worthUpdating(current, granted, policy->changeThreshold) && withinRoom(current, granted, *policy, *usage))
                granted = current;
            bool any = false;
            for (const auto &q : granted)
                any |= q.milli > 0;
            status["resources"] = toJson(granted);
            status["conditions"] = json::array({condition(oldConditions, "Authentication", "Accepted", QStringLiteral("tenant authenticated"), now),
                                                any ? condition(oldConditions, "Resources", "Accepted", grantMessage(cls, *policy, *usage, requested, granted), now)
                                                    : condition(oldConditions, "Resources", "Denied", QStringLiteral("no free resources to grant"), now)});
            if (auto record = m_client.get(kube::resources::configMaps(), m_options.liqoNamespace, QString::fromLatin1(installer::names::kInstallRecord)); record)
                if (auto r = installer::parseInstallRecord(*record); r) {
                    json labels = json::object();
                    for (auto it = r->clusterLabels.begin(); it != r->clusterLabels.end(); ++it)
                        labels[it.key().toStdString()] = it.value().toStdString();
                    status["nodeLabels"] = labels;
                }
            // Where the consumer's remote volumes can be made (its virtual storage class picks the default).
            if (auto classes = m_client.list(kube::resources::storageClasses(), {}); classes) {
                const json advertised = storage::advertisedClasses(*classes);
                if (advertised.empty())
                    status.erase("storageClasses");
                else
                    status["storageClasses"] = advertised;
            }
        }
    }
    m_options.requeueAfter(key, m_options.resyncMs);
    if (status == oldStatus)
        return {};
    json obj = *slice;
    obj["status"] = status;
    auto r = m_client.updateStatus(slices, ns, obj);
    if (!r)
        return r.error().isConflict() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("slice changed meanwhile"))) : Result<void>(r.error());
    return {};
}

} // namespace spillway::resources
