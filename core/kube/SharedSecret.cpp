#include "kube/SharedSecret.h"

#include "kube/Resource.h"

namespace spillway::kube {

using nlohmann::json;

Result<SecretData> ensureSharedSecret(KubeClient &client, const SharedSecret &s)
{
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto existing = client.get(resources::secrets(), s.ns, s.name);
        if (!existing && !existing.error().isNotFound())
            return existing.error();
        SecretData data;
        // A named copy: items() of a temporary would outlive it.
        const json stored = existing ? (*existing).value("data", json::object()) : json::object();
        for (const auto &[k, v] : stored.items())
            if (v.is_string())
                data.insert(QString::fromStdString(k), QByteArray::fromBase64(QByteArray::fromStdString(v.get<std::string>())));
        if (existing && s.usable(data))
            return data;
        auto made = s.make();
        if (!made)
            return made.error();
        json encoded = json::object();
        for (auto it = made->begin(); it != made->end(); ++it)
            encoded[it.key().toStdString()] = it.value().toBase64().toStdString();
        json object = {{"apiVersion", "v1"}, {"kind", "Secret"}, {"type", s.type.toStdString()},
                       {"metadata", {{"name", s.name.toStdString()}, {"namespace", s.ns.toStdString()},
                                     {"labels", {{"app.kubernetes.io/part-of", "spillway"}}}}},
                       {"data", encoded}};
        WriteOptions wo;
        wo.fieldManager = s.fieldManager;
        Result<json> written = json();
        if (existing) {
            object["metadata"]["resourceVersion"] = (*existing)["metadata"].value("resourceVersion", "");
            written = client.update(resources::secrets(), s.ns, object, wo);
        } else {
            written = client.create(resources::secrets(), s.ns, object, wo);
        }
        if (written)
            return *made;
        if (!written.error().isConflict())
            return written.error();
        // Another replica wrote first: read again and use its data.
    }
    Error e = Error::of(Error::Kind::Api, QStringLiteral("the Secret %1/%2 kept changing while this replica tried to settle it").arg(s.ns, s.name),
                        QStringLiteral("another process rewrites it; only Spillway's controller manager should"));
    e.cluster = client.clusterLabel();
    return e;
}

} // namespace spillway::kube
