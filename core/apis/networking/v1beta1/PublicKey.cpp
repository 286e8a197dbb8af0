#include "apis/networking/v1beta1/PublicKey.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef publicKeyResource()
{
    return {QStringLiteral("networking.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("publickeies"),
            QStringLiteral("PublicKey"), true};
}

void to_json(json &j, const PublicKeySpec &v)
{
    j = json::object();
    putBytes(j, "publicKey", v.publicKey);
}

void from_json(const json &j, PublicKeySpec &v)
{
    bytesField(j, "publicKey", v.publicKey);
}

void to_json(json &j, const PublicKey &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kPublicKeyKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
}

void from_json(const json &j, PublicKey &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
}

} // namespace spillway::apis::networking::v1beta1
