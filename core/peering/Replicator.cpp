#include "peering/Replicator.h"

#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "kube/Finalizers.h"
#include "kube/Store.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

ReplicatedKind ReplicatedKind::resourceSlices()
{
    return {apis::authentication::v1beta1::resourceSliceResource(), "spillway.dev/resourceslice-replication",
            [](const json &o) {
                return QString::fromStdString(o.value("spec", json::object()).value("providerClusterID", o["metadata"].value("labels", json::object()).value(kRemoteClusterIdLabel, "")));
            },
            [](const json &o) { return QString::fromStdString(o.value("spec", json::object()).value("consumerClusterID", "")); },
            {QStringLiteral("liqo.io/create-virtual-node")},
            [](const json &status) {
                for (const auto &c : status.value("conditions", json::array()))
                    if (c.value("type", "") == "Resources" && c.value("status", "") == "Accepted")
                        return true;
                return false;
            },
            "consumerClusterID"};
}

ReplicatedKind ReplicatedKind::namespaceMaps()
{
    return {apis::offloading::v1beta1::namespaceMapResource(), "spillway.dev/namespacemap-replication",
            [](const json &o) { return QString::fromStdString(o["metadata"].value("labels", json::object()).value("liqo.io/remoteID", "")); },
            [](const json &) { return QString(); },   // this cluster
            {},
            [](const json &status) {
                const json mapping = status.value("currentMapping", json::object());
                for (const auto &entry : mapping)
                    if (entry.value("phase", "") != "Accepted")
                        return false;
                return true;
            }};
}

Replicator::Replicator(kube::KubeClient &client, ProviderClients &providers, ReplicatedKind kind, Options options)
    : m_client(client), m_providers(providers), m_kind(std::move(kind)), m_options(std::move(options))
{
}

Result<void> Replicator::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef &slices = m_kind.resource;
    auto slice = m_client.get(slices, ns, name);
    if (!slice)
        return slice.error().isNotFound() ? Result<void>() : Result<void>(slice.error());
    json meta = (*slice)["metadata"];
    if (meta.value("labels", json::object()).value("liqo.io/replication", "") != "true")
        return {};
    json spec = (*slice).value("spec", json::object());
    const QString providerId = m_kind.providerOf(*slice);
    QString originId = m_kind.originOf(*slice);
    if (originId.isEmpty()) {
        auto self = readLocalCluster(m_client, m_options.liqoNamespace);
        if (!self)
            return self.error();
        originId = self->clusterId;
    }
    const std::string origin = originId.toStdString();
    const json named = m_kind.originField ? spec.value(m_kind.originField, json()) : json(origin);
    if ((!named.is_string() || named.get<std::string>().empty()) && !meta.contains("deletionTimestamp")) {
        json filled = *slice;
        filled["spec"][m_kind.originField] = origin;
        slice = m_client.update(slices, ns, filled);
        if (!slice)
            return slice.error().isConflict() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("%1 changed meanwhile").arg(slices.describe(ns, name))))
                                              : Result<void>(slice.error());
        spec = (*slice)["spec"];
    }
    const bool hadFinalizer = kube::hasFinalizer(*slice, m_kind.finalizer);
    if (meta.contains("deletionTimestamp")) {
        if (!hadFinalizer)
            return {};
        auto remote = m_providers.forProvider(ns, providerId);
        if (remote) {
            auto gone = remote->client->remove(slices, remote->ns, name);
            if (!gone && !gone.error().isNotFound() && gone.error().httpStatus != 403)
                return gone.error();
        }
        // Without credentials (the peering is being torn down) there is no remote copy to reach;
        // the provider's unpeer removes its tenant namespace with everything in it. Refused (403):
        // the provider drained this cluster, which took our role there and the copies with it.
        return kube::removeFinalizer(m_client, slices, *slice, m_kind.finalizer);
    }
    if (auto r = kube::addFinalizer(m_client, slices, *slice, m_kind.finalizer); !r)
        return r;

    auto remote = m_providers.forProvider(ns, providerId);
    if (!remote)
        return remote.error();
    json labels = {{"liqo.io/replicated", "true"}, {"liqo.io/originID", origin}, {kRemoteClusterIdLabel, origin}};
    json copy = {{"apiVersion", (slices.group + QLatin1Char('/') + slices.version).toStdString()}, {"kind", slices.kind.toStdString()},
                 {"metadata", {{"name", name.toStdString()}, {"namespace", remote->ns.toStdString()}, {"labels", labels}}},
                 {"spec", spec}};
    for (const QString &a : m_kind.annotations)
        if (meta.contains("annotations") && meta["annotations"].contains(a.toStdString()))
            copy["metadata"]["annotations"][a.toStdString()] = meta["annotations"][a.toStdString()];
    // Read, then create or replace — not server-side apply: when the last key of a map (a
    // NamespaceMap's desiredMapping) goes, apply leaves the map null, which the schema refuses.
    auto applied = remote->client->get(slices, remote->ns, name);
    if (!applied && applied.error().isNotFound()) {
        applied = remote->client->create(slices, remote->ns, copy);
    } else if (applied) {
        json current = *applied;
        json &currentMeta = current["metadata"];
        // Only the annotations that travel are ours; the provider's own (liqoctl cordon's
        // liqo.io/cordon) stay.
        const json currentAnnotations = currentMeta.value("annotations", json::object());
        json annotations = currentAnnotations;
        for (const QString &a : m_kind.annotations) {
            const std::string k = a.toStdString();
            if (copy["metadata"].contains("annotations") && copy["metadata"]["annotations"].contains(k))
                annotations[k] = copy["metadata"]["annotations"][k];
            else
                annotations.erase(k);
        }
        if (current.value("spec", json::object()) != spec || currentMeta.value("labels", json::object()) != labels || annotations != currentAnnotations) {
            current["spec"] = spec;
            currentMeta["labels"] = labels;
            currentMeta["annotations"] = annotations;
            applied = remote->client->update(slices, remote->ns, current);
        }
    }
    if (!applied)
        return applied.error().isConflict() || applied.error().isAlreadyExists()
                   ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("%1 changed meanwhile").arg(slices.describe(remote->ns, name))))
                   : Result<void>(applied.error());
    const json remoteStatus = (*applied).value("status", json::object());
    m_options.requeueAfter(key, m_kind.settled(remoteStatus) ? m_options.pollSettledMs : m_options.pollPendingMs);
    if (remoteStatus.empty() || remoteStatus == (*slice).value("status", json::object()))
        return {};
    // Adding the finalizer changed the object: its status goes onto the new version.
    auto fresh = hadFinalizer ? slice : m_client.get(slices, ns, name);
    if (!fresh)
        return fresh.error();
    json obj = *fresh;
    obj["status"] = remoteStatus;
    auto r = m_client.updateStatus(slices, ns, obj);
    if (!r)
        return r.error().isConflict() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("%1 changed meanwhile").arg(slices.describe(ns, name)))) : Result<void>(r.error());
    return {};
}

} // namespace spillway::peering
