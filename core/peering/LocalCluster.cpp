#include "peering/LocalCluster.h"

#include "apis/core/v1beta1/ForeignCluster.h"
#include "installer/Manifests.h"
#include "peering/PeeringNames.h"


namespace spillway::peering {

using nlohmann::json;

Result<LocalCluster> readLocalCluster(kube::KubeClient &client, const QString &ns)
{
    auto record = client.get(kube::resources::configMaps(), ns, QString::fromLatin1(installer::names::kInstallRecord));
    if (!record) {
        Error e = record.error();
        if (e.isNotFound()) {
            e.kind = Error::Kind::Config;
            e.message = QStringLiteral("Spillway is not installed in namespace %1 of cluster %2").arg(ns, client.clusterLabel());
            e.hint = QStringLiteral("run 'spillctl install' against it first");
        }
        return e;
    }
    auto parsed = installer::parseInstallRecord(*record);
    if (!parsed)
        return parsed.error();
    LocalCluster out{parsed->clusterId, parsed->version, ns, client.config().server};
    auto ids = client.list(kube::resources::configMaps(), ns, kube::withLabels(QString::fromLatin1(installer::names::kClusterIdSelector)));
    if (ids && (*ids)["items"].size() == 1)
        out.clusterId = QString::fromStdString((*ids)["items"][0].value("data", json::object()).value(installer::names::kClusterIdKey, out.clusterId.toStdString()));
    if (out.clusterId.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("cluster %1 has no cluster ID").arg(client.clusterLabel()),
                         QStringLiteral("re-run 'spillctl install' to restore it"));
    return out;
}

Result<tls::KeyPair> ensureClusterKeys(kube::KubeClient &client, const QString &ns)
{
    auto secret = client.get(kube::resources::secrets(), ns, QString::fromLatin1(kKeysSecret));
    if (secret) {
        const json data = (*secret).value("data", json::object());
        tls::KeyPair keys{QByteArray::fromBase64(QByteArray::fromStdString(data.value("privateKey", ""))),
                          QByteArray::fromBase64(QByteArray::fromStdString(data.value("publicKey", "")))};
        if (!keys.privatePem.isEmpty() && !keys.publicPem.isEmpty())
            return keys;
    } else if (!secret.error().isNotFound()) {
        return secret.error();
    }
    auto keys = tls::generateKey(tls::KeyType::Ed25519);
    if (!keys)
        return keys.error();
    json obj = {{"apiVersion", "v1"}, {"kind", "Secret"},
                {"metadata", {{"name", kKeysSecret}, {"namespace", ns.toStdString()},
                              {"labels", {{"app.kubernetes.io/part-of", "spillway"}}}}},
                {"data", {{"privateKey", keys->privatePem.toBase64().toStdString()}, {"publicKey", keys->publicPem.toBase64().toStdString()}}}};
    auto created = client.create(kube::resources::secrets(), ns, obj);
    if (!created) {
        // Two creators raced: the other one's keys are the cluster's keys.
        if (created.error().isAlreadyExists())
            return ensureClusterKeys(client, ns);
        return created.error();
    }
    return *keys;
}

Result<void> ensureTenantNamespace(kube::KubeClient &client, const QString &remoteClusterId, const QString &fieldManager)
{
    json ns = {{"apiVersion", "v1"}, {"kind", "Namespace"},
               {"metadata", {{"name", tenantNamespace(remoteClusterId).toStdString()},
                             {"labels", {{kTenantNamespaceLabel, "true"}, {kRemoteClusterIdLabel, remoteClusterId.toStdString()}}}}}};
    // part-of=spillway says Spillway made it, and so takes it away with the peering
    // (TenantReconciler::forget). A namespace liqoctl made is never claimed: kept while ours.
    auto existing = client.get(kube::resources::namespaces(), {}, tenantNamespace(remoteClusterId));
    if (!existing && !existing.error().isNotFound())
        return existing.error();
    if (!existing || (*existing)["metadata"].value("labels", json::object()).value("app.kubernetes.io/part-of", "") == "spillway")
        ns["metadata"]["labels"]["app.kubernetes.io/part-of"] = "spillway";
    auto applied = client.apply(kube::resources::namespaces(), {}, ns, fieldManager, true);
    if (!applied)
        return applied.error();
    return {};
}

Result<void> ensureForeignCluster(kube::KubeClient &client, const QString &remoteId, const QString &fieldManager)
{
    const json fc = {{"apiVersion", "core.liqo.io/v1beta1"}, {"kind", "ForeignCluster"},
                     {"metadata", {{"name", remoteId.toStdString()}, {"labels", {{kRemoteClusterIdLabel, remoteId.toStdString()}}}}},
                     {"spec", {{"clusterID", remoteId.toStdString()}}}};
    auto applied = client.apply(apis::core::v1beta1::foreignClusterResource(), {}, fc, fieldManager, true);
    if (!applied)
        return applied.error();
    return {};
}

Result<void> checkCompatible(const LocalCluster &consumer, const LocalCluster &provider)
{
    if (consumer.clusterId == provider.clusterId)
        return Error::of(Error::Kind::Config, QStringLiteral("both clusters have the cluster ID \"%1\"; a cluster cannot peer with itself").arg(consumer.clusterId),
                         QStringLiteral("check --kubeconfig/--context and --remote-kubeconfig/--remote-context point at two different clusters"));
    if (!consumer.version.sameMinor(provider.version))
        return Error::of(Error::Kind::Config,
                         QStringLiteral("the consumer %1 runs Spillway %2 and the provider %3 runs Spillway %4; peering needs the same major.minor release")
                             .arg(consumer.clusterId, consumer.version.toString(), provider.clusterId, provider.version.toString()),
                         QStringLiteral("upgrade one of them with 'spillctl install --upgrade' so both run the same release"));
    return {};
}

} // namespace spillway::peering
