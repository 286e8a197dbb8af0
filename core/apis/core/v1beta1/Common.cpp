#include "apis/core/v1beta1/Common.h"

#include "apis/shared/Json.h"

namespace spillway::apis::core::v1beta1 {

using nlohmann::json;
using namespace detail;

bool isValidClusterID(std::string_view id)
{
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    if (id.empty() || !alnum(id.front()) || !alnum(id.back()))
        return false;
    for (char c : id)
        if (!alnum(c) && c != '-')
            return false;
    return true;
}

namespace {

void classToJson(json &j, const char *nameKey, const std::string &name, bool isDefault)
{
    j = {{nameKey, name}};
    putIf(j, "default", isDefault);
}

} // namespace

void to_json(json &j, const StorageType &v)
{
    classToJson(j, "storageClassName", v.storageClassName, v.default_);
}

void from_json(const json &j, StorageType &v)
{
    optionalField(j, "storageClassName", v.storageClassName);
    optionalField(j, "default", v.default_);
}

void to_json(json &j, const IngressType &v)
{
    classToJson(j, "ingressClassName", v.ingressClassName, v.default_);
}

void from_json(const json &j, IngressType &v)
{
    optionalField(j, "ingressClassName", v.ingressClassName);
    optionalField(j, "default", v.default_);
}

void to_json(json &j, const LoadBalancerType &v)
{
    classToJson(j, "loadBalancerClassName", v.loadBalancerClassName, v.default_);
}

void from_json(const json &j, LoadBalancerType &v)
{
    optionalField(j, "loadBalancerClassName", v.loadBalancerClassName);
    optionalField(j, "default", v.default_);
}

} // namespace spillway::apis::core::v1beta1
