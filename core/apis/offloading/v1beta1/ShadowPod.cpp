#include "apis/offloading/v1beta1/ShadowPod.h"

#include "apis/shared/Json.h"

namespace spillway::apis::offloading::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef shadowPodResource()
{
    return {QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("shadowpods"),
            QStringLiteral("ShadowPod"), true};
}

void to_json(json &j, const ShadowPodSpec &v)
{
    j = json::object();
    putIf(j, "pod", v.pod);
}

void from_json(const json &j, ShadowPodSpec &v)
{
    optionalField(j, "pod", v.pod);
}

void to_json(json &j, const ShadowPodStatus &v)
{
    j = {{"phase", enumName(v.phase, kPodPhases)}};
}

void from_json(const json &j, ShadowPodStatus &v)
{
    enumField(j, "phase", v.phase, kPodPhases);
}

void to_json(json &j, const ShadowPod &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kShadowPodKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, ShadowPod &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::offloading::v1beta1
