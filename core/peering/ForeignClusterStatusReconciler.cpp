#include "peering/ForeignClusterStatusReconciler.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "kube/Conditions.h"
#include "peering/LocalCluster.h"
#include "peering/NetworkModuleStatus.h"
#include "peering/PeeringNames.h"

#include <QDateTime>

namespace spillway::peering {

using nlohmann::json;

namespace {

json condition(const json &previous, const std::string &type, const std::string &status, const std::string &reason,
               const std::string &message, const QString &now)
{
    return {{"type", type}, {"status", status}, {"reason", reason}, {"message", message},
            {"lastTransitionTime", kube::transitionTime(previous, type, status, now.toStdString())}};
}

// A Tenant the provider issued a certificate for, or an Identity holding one, for `peer`, and not
// being deleted. A refused or forged Tenant makes no ForeignCluster.
bool established(const json &obj, const QString &peer, const char *authParamsIn)
{
    return obj.value("spec", json::object()).value("clusterID", "") == peer.toStdString() && !obj["metadata"].contains("deletionTimestamp")
           && !obj.value(authParamsIn, json::object()).value("authParams", json::object()).value("signedCRT", "").empty();
}

} // namespace

Result<bool> ForeignClusterStatusReconciler::authenticatedWith(const QString &peer)
{
    const QString ns = tenantNamespace(peer);
    const std::pair<kube::ResourceRef, const char *> kinds[] = {{apis::authentication::v1beta1::tenantResource(), "status"},
                                                               {apis::authentication::v1beta1::identityResource(), "spec"}};
    for (const auto &[ref, authParamsIn] : kinds) {
        auto items = m_client.list(ref, ns);
        if (!items && !items.error().isNotFound())
            return items.error();
        if (items)
            for (const auto &obj : (*items)["items"])
                if (established(obj, peer, authParamsIn))
                    return true;
    }
    return false;
}

ForeignClusterStatusReconciler::ForeignClusterStatusReconciler(kube::KubeClient &client, std::function<QString()> nowIso)
    : m_client(client), m_now(std::move(nowIso))
{
    if (!m_now)
        m_now = [] { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate); };
}

Result<void> ForeignClusterStatusReconciler::reconcile(const QString &name)
{
    const kube::ResourceRef fcs = apis::core::v1beta1::foreignClusterResource();
    auto fc = m_client.get(fcs, {}, name);
    if (!fc && fc.error().isNotFound()) {
        auto peered = authenticatedWith(name);
        if (!peered)
            return peered.error();
        if (!*peered)
            return {};
        if (auto made = ensureForeignCluster(m_client, name, QStringLiteral("spillway-foreigncluster")); !made)
            return made;
        fc = m_client.get(fcs, {}, name);
    }
    if (!fc)
        return fc.error().isNotFound() ? Result<void>() : Result<void>(fc.error());
    const QString id = QString::fromStdString((*fc)["spec"].value("clusterID", name.toStdString()));
    const QString ns = tenantNamespace(id);
    const json old = (*fc).value("status", json::object());
    const json oldAuth = old.value("modules", json::object()).value("authentication", json::object()).value("conditions", json::array());
    const QString now = m_now();

    json conditions = json::array();
    bool consumer = false, provider = false;
    auto tenants = m_client.list(apis::authentication::v1beta1::tenantResource(), ns);
    if (!tenants && !tenants.error().isNotFound())
        return tenants.error();
    if (tenants)
        for (const auto &t : (*tenants)["items"]) {
            if (t["spec"].value("clusterID", "") != id.toStdString())
                continue;
            consumer = true;
            const std::string refused = t["metadata"].value("annotations", json::object()).value(kAuthErrorAnnotation, "");
            const bool issued = !t.value("status", json::object()).value("authParams", json::object()).value("signedCRT", "").empty();
            conditions.push_back(!refused.empty() ? condition(oldAuth, "AuthTenantStatus", "Error", "TenantRefused", refused, now)
                                 : issued ? condition(oldAuth, "AuthTenantStatus", "Established", "TenantReady", "the peer holds a certificate for its tenant namespace", now)
                                          : condition(oldAuth, "AuthTenantStatus", "Pending", "TenantPending", "verifying the peer and issuing its certificate", now));
        }
    auto identities = m_client.list(apis::authentication::v1beta1::identityResource(), ns);
    if (!identities && !identities.error().isNotFound())
        return identities.error();
    if (identities)
        for (const auto &i : (*identities)["items"]) {
            if (i["spec"].value("clusterID", "") != id.toStdString() || i["spec"].value("type", "ControlPlane") != "ControlPlane")
                continue;
            provider = true;
            const bool ready = !i.value("status", json::object()).value("kubeconfigSecretRef", json::object()).value("name", "").empty();
            conditions.push_back(ready ? condition(oldAuth, "AuthIdentityControlPlaneStatus", "Established", "IdentityReady", "credentials for the provider are in place", now)
                                       : condition(oldAuth, "AuthIdentityControlPlaneStatus", "Pending", "IdentityPending", "waiting for the provider's certificate", now));
        }

    // Offloading: the virtual nodes made from this peer's grants, and their Nodes' readiness.
    json offloading = json::array();
    const json oldOff = old.value("modules", json::object()).value("offloading", json::object()).value("conditions", json::array());
    auto virtualNodes = m_client.list(apis::offloading::v1beta1::virtualNodeResource(), ns);
    if (!virtualNodes && !virtualNodes.error().isNotFound())
        return virtualNodes.error();
    int nodes = 0, ready = 0;
    if (virtualNodes)
        for (const auto &vn : (*virtualNodes)["items"]) {
            if (vn["spec"].value("clusterID", "") != id.toStdString())
                continue;
            ++nodes;
            auto node = m_client.get(kube::resources::nodes(), {}, QStringLiteral("liqo-") + QString::fromStdString(vn["metadata"].value("name", "")));
            if (node)
                for (const auto &c : (*node)["status"].value("conditions", json::array()))
                    ready += c.value("type", "") == "Ready" && c.value("status", "") == "True";
        }
    if (nodes > 0) {
        offloading.push_back(condition(oldOff, "OffloadingVirtualNodeStatus", "Ready", "VirtualNodesCreated",
                                       QStringLiteral("%1 virtual node(s)").arg(nodes).toStdString(), now));
        offloading.push_back(condition(oldOff, "OffloadingNodeStatus", ready == nodes ? "Ready" : ready == 0 ? "NotReady" : "SomeNotReady",
                                       ready == nodes ? "NodesReady" : "NodesNotReady",
                                       QStringLiteral("%1 of %2 virtual node(s) Ready").arg(ready).arg(nodes).toStdString(), now));
    }

    json status = old;
    status["role"] = consumer && provider ? "ConsumerAndProvider" : consumer ? "Consumer" : provider ? "Provider" : "Unknown";
    json modules = old.value("modules", json::object());
    modules["authentication"] = {{"enabled", consumer || provider}, {"conditions", conditions}};
    modules["offloading"] = nodes > 0 ? json{{"enabled", true}, {"conditions", offloading}} : json{{"enabled", false}};
    auto networking = networkingModule(m_client, id, old.value("modules", json::object()).value("networking", json::object()).value("conditions", json::array()), now);
    if (!networking)
        return networking.error();
    modules["networking"] = *networking;
    status["modules"] = modules;
    if (status == old)
        return {};
    json obj = *fc;
    obj["status"] = status;
    auto r = m_client.updateStatus(fcs, {}, obj);
    if (!r)
        return r.error();
    return {};
}

} // namespace spillway::peering
