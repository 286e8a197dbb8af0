#include "kube/Finalizers.h"

namespace spillway::kube {

using nlohmann::json;

bool hasFinalizer(const json &obj, std::string_view name)
{
    for (const auto &f : obj.value("metadata", json::object()).value("finalizers", json::array()))
        if (f.is_string() && f.get<std::string>() == name)
            return true;
    return false;
}

namespace {
Result<void> writeFinalizers(KubeClient &client, const ResourceRef &resource, const json &obj, const json &finalizers)
{
    const json meta = obj.value("metadata", json::object());
    const json patch = {{"metadata", {{"finalizers", finalizers}, {"resourceVersion", meta.value("resourceVersion", "")}}}};
    auto r = client.patch(resource, QString::fromStdString(meta.value("namespace", "")), QString::fromStdString(meta.value("name", "")), PatchType::Merge,
                          QByteArray::fromStdString(patch.dump()));
    return r ? Result<void>() : Result<void>(r.error());
}
} // namespace

Result<void> addFinalizer(KubeClient &client, const ResourceRef &resource, const json &obj, std::string_view name)
{
    if (hasFinalizer(obj, name))
        return {};
    json finalizers = obj.value("metadata", json::object()).value("finalizers", json::array());
    finalizers.push_back(std::string(name));
    return writeFinalizers(client, resource, obj, finalizers);
}

Result<void> removeFinalizer(KubeClient &client, const ResourceRef &resource, const json &obj, std::string_view name)
{
    if (!hasFinalizer(obj, name))
        return {};
    json kept = json::array();
    for (const auto &f : obj.value("metadata", json::object()).value("finalizers", json::array()))
        if (!(f.is_string() && f.get<std::string>() == name))
            kept.push_back(f);
    auto r = writeFinalizers(client, resource, obj, kept);
    return r || r.error().isNotFound() ? Result<void>() : r;
}

} // namespace spillway::kube
