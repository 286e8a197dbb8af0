#include "apis/authentication/v1beta1/Identity.h"

#include "apis/shared/Json.h"

namespace spillway::apis::authentication::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef identityResource()
{
    return {QStringLiteral("authentication.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("identities"),
            QStringLiteral("Identity"), true};
}

void to_json(json &j, const IdentitySpec &v)
{
    j = json::object();
    putIf(j, "clusterID", v.clusterID);
    putEnum(j, "type", v.type, kIdentityTypes);
    putIf(j, "authParams", v.authParams);
    putIf(j, "namespace", v.namespace_);
}

void from_json(const json &j, IdentitySpec &v)
{
    optionalField(j, "clusterID", v.clusterID);
    enumField(j, "type", v.type, kIdentityTypes);
    optionalField(j, "authParams", v.authParams);
    optionalField(j, "namespace", v.namespace_);
}

void to_json(json &j, const IdentityStatus &v)
{
    j = json::object();
    putIf(j, "kubeconfigSecretRef", v.kubeconfigSecretRef);
}

void from_json(const json &j, IdentityStatus &v)
{
    optionalField(j, "kubeconfigSecretRef", v.kubeconfigSecretRef);
}

void to_json(json &j, const Identity &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kIdentityKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, Identity &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::authentication::v1beta1
