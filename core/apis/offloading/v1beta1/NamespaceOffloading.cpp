#include "apis/offloading/v1beta1/NamespaceOffloading.h"

#include "apis/shared/Json.h"

namespace spillway::apis::offloading::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef namespaceOffloadingResource()
{
    return {QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("namespaceoffloadings"),
            QStringLiteral("NamespaceOffloading"), true};
}

void to_json(json &j, const SelectorRequirement &v)
{
    j = {{"key", v.key}, {"operator", enumName(v.op, kSelectorOperators)}};
    if (!v.values.empty())
        j["values"] = v.values;
}

void from_json(const json &j, SelectorRequirement &v)
{
    j.at("key").get_to(v.key);
    v.op = enumValue<SelectorOperator>(j.at("operator"), kSelectorOperators, "operator");
    optionalField(j, "values", v.values);
}

void to_json(json &j, const SelectorTerm &v)
{
    j = json::object();
    if (!v.matchExpressions.empty())
        j["matchExpressions"] = v.matchExpressions;
    if (!v.matchFields.empty())
        j["matchFields"] = v.matchFields;
}

void from_json(const json &j, SelectorTerm &v)
{
    optionalField(j, "matchExpressions", v.matchExpressions);
    optionalField(j, "matchFields", v.matchFields);
}

void to_json(json &j, const RemoteNamespaceCondition &v)
{
    j = {{"type", v.type}, {"status", v.status}};
    if (!v.lastTransitionTime.empty()) j["lastTransitionTime"] = v.lastTransitionTime;
    if (!v.reason.empty()) j["reason"] = v.reason;
    if (!v.message.empty()) j["message"] = v.message;
}

void from_json(const json &j, RemoteNamespaceCondition &v)
{
    optionalField(j, "type", v.type);
    optionalField(j, "status", v.status);
    optionalField(j, "lastTransitionTime", v.lastTransitionTime);
    optionalField(j, "reason", v.reason);
    optionalField(j, "message", v.message);
}

void to_json(json &j, const NamespaceOffloadingSpec &v)
{
    j = {{"namespaceMappingStrategy", enumName(v.namespaceMappingStrategy, kNamespaceMappingStrategies)},
         {"podOffloadingStrategy", enumName(v.podOffloadingStrategy, kPodOffloadingStrategies)}};
    if (!v.remoteNamespaceName.empty())
        j["remoteNamespaceName"] = v.remoteNamespaceName;
    if (v.clusterSelector)
        j["clusterSelector"] = {{"nodeSelectorTerms", *v.clusterSelector}};
}

void from_json(const json &j, NamespaceOffloadingSpec &v)
{
    if (auto it = j.find("namespaceMappingStrategy"); it != j.end())
        v.namespaceMappingStrategy = enumValue<NamespaceMappingStrategy>(*it, kNamespaceMappingStrategies, "namespaceMappingStrategy");
    if (auto it = j.find("podOffloadingStrategy"); it != j.end())
        v.podOffloadingStrategy = enumValue<PodOffloadingStrategy>(*it, kPodOffloadingStrategies, "podOffloadingStrategy");
    optionalField(j, "remoteNamespaceName", v.remoteNamespaceName);
    if (auto it = j.find("clusterSelector"); it != j.end() && it->is_object()) {
        std::vector<SelectorTerm> terms;
        optionalField(*it, "nodeSelectorTerms", terms);
        v.clusterSelector = terms;
    }
}

void to_json(json &j, const NamespaceOffloadingStatus &v)
{
    j = json::object();
    if (!v.remoteNamespaceName.empty()) j["remoteNamespaceName"] = v.remoteNamespaceName;
    if (!v.offloadingPhase.empty()) j["offloadingPhase"] = v.offloadingPhase;
    if (!v.remoteNamespacesConditions.empty()) j["remoteNamespacesConditions"] = v.remoteNamespacesConditions;
    if (v.observedGeneration) j["observedGeneration"] = v.observedGeneration;
}

void from_json(const json &j, NamespaceOffloadingStatus &v)
{
    optionalField(j, "remoteNamespaceName", v.remoteNamespaceName);
    optionalField(j, "offloadingPhase", v.offloadingPhase);
    optionalField(j, "remoteNamespacesConditions", v.remoteNamespacesConditions);
    optionalField(j, "observedGeneration", v.observedGeneration);
}

void to_json(json &j, const NamespaceOffloading &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kNamespaceOffloadingKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    json status = v.status;
    if (!status.empty())
        j["status"] = status;
}

void from_json(const json &j, NamespaceOffloading &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::offloading::v1beta1
