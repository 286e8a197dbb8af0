#include "apis/authentication/v1beta1/Tenant.h"

#include "apis/shared/Json.h"

namespace spillway::apis::authentication::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef tenantResource()
{
    return {QStringLiteral("authentication.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("tenants"),
            QStringLiteral("Tenant"), true};
}

void to_json(json &j, const TenantSpec &v)
{
    j = {{"authzPolicy", enumName(v.authzPolicy, kAuthzPolicies)},
         {"tenantCondition", enumName(v.tenantCondition, kTenantConditions)}};
    putIf(j, "clusterID", v.clusterID);
    putBytes(j, "publicKey", v.publicKey);
    putBytes(j, "csr", v.csr);
    putBytes(j, "signature", v.signature);
    putIf(j, "proxyURL", v.proxyURL);
}

void from_json(const json &j, TenantSpec &v)
{
    optionalField(j, "clusterID", v.clusterID);
    enumField(j, "authzPolicy", v.authzPolicy, kAuthzPolicies);
    bytesField(j, "publicKey", v.publicKey);
    bytesField(j, "csr", v.csr);
    bytesField(j, "signature", v.signature);
    optionalField(j, "proxyURL", v.proxyURL);
    enumField(j, "tenantCondition", v.tenantCondition, kTenantConditions);
}

void to_json(json &j, const TenantStatus &v)
{
    j = json::object();
    putIf(j, "tenantNamespace", v.tenantNamespace);
    putIf(j, "authParams", v.authParams);
}

void from_json(const json &j, TenantStatus &v)
{
    optionalField(j, "tenantNamespace", v.tenantNamespace);
    optionalField(j, "authParams", v.authParams);
}

void to_json(json &j, const Tenant &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kTenantKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, Tenant &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::authentication::v1beta1
