#include "apis/offloading/v1beta1/Quota.h"

#include "apis/shared/Json.h"

namespace spillway::apis::offloading::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef quotaResource()
{
    return {QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("quotas"),
            QStringLiteral("Quota"), true};
}

void to_json(json &j, const QuotaSpec &v)
{
    j = {{"user", v.user}, {"resources", json(v.resources)}};   // an empty map is still `{}`
    putEnum(j, "limitsEnforcement", v.limitsEnforcement, kLimitsEnforcements);
    putIf(j, "cordoned", v.cordoned);
}

void from_json(const json &j, QuotaSpec &v)
{
    optionalField(j, "user", v.user);
    enumField(j, "limitsEnforcement", v.limitsEnforcement, kLimitsEnforcements);
    quantitiesField(j, "resources", v.resources);
    optionalField(j, "cordoned", v.cordoned);
}

void to_json(json &j, const Quota &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kQuotaKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
}

void from_json(const json &j, Quota &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
}

} // namespace spillway::apis::offloading::v1beta1
