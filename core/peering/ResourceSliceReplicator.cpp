#include "peering/ResourceSliceReplicator.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "kube/Store.h"
#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

ResourceSliceReplicator::ResourceSliceReplicator(kube::KubeClient &client, ProviderClients &providers, Options options)
    : m_client(client), m_providers(providers), m_options(std::move(options))
{
}

Result<void> ResourceSliceReplicator::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef slices = apis::authentication::v1beta1::resourceSliceResource();
    auto slice = m_client.get(slices, ns, name);
    if (!slice)
        return slice.error().isNotFound() ? Result<void>() : Result<void>(slice.error());
    json meta = (*slice)["metadata"];
    if (meta.value("labels", json::object()).value("liqo.io/replication", "") != "true")
        return {};
    const json spec = (*slice).value("spec", json::object());
    const QString providerId = QString::fromStdString(spec.value("providerClusterID", meta["labels"].value(kRemoteClusterIdLabel, "")));
    json finalizers = meta.value("finalizers", json::array());
    const bool hasFinalizer = std::find(finalizers.begin(), finalizers.end(), kFinalizer) != finalizers.end();

    if (meta.contains("deletionTimestamp")) {
        if (!hasFinalizer)
            return {};
        auto remote = m_providers.forProvider(ns, providerId);
        if (remote) {
            auto gone = remote->client->remove(slices, remote->ns, name);
            if (!gone && !gone.error().isNotFound())
                return gone.error();
        }
        // Without credentials (the peering is being torn down) there is no remote copy to reach;
        // the provider's unpeer removes its tenant namespace with everything in it.
        json kept = json::array();
        for (const auto &f : finalizers)
            if (f != kFinalizer)
                kept.push_back(f);
        const json patch = {{"metadata", {{"finalizers", kept}, {"resourceVersion", meta.value("resourceVersion", "")}}}};
        auto r = m_client.patch(slices, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
        return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }
    if (!hasFinalizer) {
        finalizers.push_back(kFinalizer);
        const json patch = {{"metadata", {{"finalizers", finalizers}, {"resourceVersion", meta.value("resourceVersion", "")}}}};
        if (auto r = m_client.patch(slices, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
            return r.error();
    }

    auto remote = m_providers.forProvider(ns, providerId);
    if (!remote)
        return remote.error();
    json labels = {{"liqo.io/replicated", "true"}, {"liqo.io/originID", spec.value("consumerClusterID", "")},
                   {kRemoteClusterIdLabel, spec.value("consumerClusterID", "")}};
    json copy = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "ResourceSlice"},
                 {"metadata", {{"name", name.toStdString()}, {"namespace", remote->ns.toStdString()}, {"labels", labels}}},
                 {"spec", spec}};
    if (meta.contains("annotations") && meta["annotations"].contains("liqo.io/create-virtual-node"))
        copy["metadata"]["annotations"] = {{"liqo.io/create-virtual-node", meta["annotations"]["liqo.io/create-virtual-node"]}};
    auto applied = remote->client->apply(slices, remote->ns, copy, m_options.fieldManager, true);
    if (!applied)
        return applied.error();
    const json remoteStatus = (*applied).value("status", json::object());
    bool accepted = false;
    for (const auto &c : remoteStatus.value("conditions", json::array()))
        accepted |= c.value("type", "") == "Resources" && c.value("status", "") == "Accepted";
    m_options.requeueAfter(key, accepted ? m_options.pollGrantedMs : m_options.pollPendingMs);
    if (remoteStatus.empty() || remoteStatus == (*slice).value("status", json::object()))
        return {};
    auto fresh = hasFinalizer ? slice : m_client.get(slices, ns, name);
    if (!fresh)
        return fresh.error();
    json obj = *fresh;
    obj["status"] = remoteStatus;
    auto r = m_client.updateStatus(slices, ns, obj);
    if (!r)
        return r.error().isConflict() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("slice changed meanwhile"))) : Result<void>(r.error());
    return {};
}

} // namespace spillway::peering
