#include "peering/ProviderChannel.h"

#include "common/Names.h"
#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

json TenantRequest::toTenant() const
{
    return {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "Tenant"},
            {"metadata", {{"name", consumerId.toStdString()}, {"namespace", tenantNamespace(consumerId).toStdString()},
                          {"labels", {{kRemoteClusterIdLabel, consumerId.toStdString()}}}}},
            {"spec", {{"clusterID", consumerId.toStdString()}, {"authzPolicy", "KeysExchange"},
                      {"publicKey", publicPem.toBase64().toStdString()}, {"csr", csrPem.toBase64().toStdString()},
                      {"signature", signature.toBase64().toStdString()}, {"tenantCondition", "Active"}}}};
}

json TenantRequest::toJson() const
{
    return {{"clusterID", consumerId.toStdString()}, {"publicKey", publicPem.toBase64().toStdString()},
            {"csr", csrPem.toBase64().toStdString()}, {"signature", signature.toBase64().toStdString()}};
}

Result<TenantRequest> TenantRequest::fromJson(const json &j)
{
    auto field = [&](const char *name) -> std::optional<QByteArray> {
        const auto it = j.find(name);
        if (it == j.end() || !it->is_string() || it->get_ref<const std::string &>().size() > 16384)
            return std::nullopt;
        return QByteArray::fromStdString(it->get<std::string>());
    };
    if (!j.is_object())
        return Error::of(Error::Kind::Decode, QStringLiteral("the request is not a JSON object"));
    const auto id = field("clusterID"), pub = field("publicKey"), csr = field("csr"), sig = field("signature");
    if (!id || !pub || !csr || !sig)
        return Error::of(Error::Kind::Decode, QStringLiteral("the request needs string fields clusterID, publicKey, csr and signature"));
    TenantRequest r{QString::fromUtf8(*id), QByteArray::fromBase64(*pub), QByteArray::fromBase64(*csr), QByteArray::fromBase64(*sig)};
    if (!isValidClusterId(r.consumerId))
        return Error::of(Error::Kind::Decode, QStringLiteral("clusterID is not a valid cluster ID"));
    return r;
}

} // namespace spillway::peering
