#include "offloading/NamespaceOffloadingValidator.h"

namespace spillway::offloading {

using webhook::AdmissionResponse;

AdmissionResponse validateNamespaceOffloading(const webhook::AdmissionRequest &request)
{
    if (request.operation == QLatin1String("DELETE"))
        return AdmissionResponse::allow();
    if (request.name != QLatin1String(kNamespaceOffloadingName))
        return AdmissionResponse::deny(
            QStringLiteral("a NamespaceOffloading must be named \"%1\" (got \"%2\"); rename it to \"%1\"")
                .arg(QLatin1String(kNamespaceOffloadingName), request.name),
            422);
    auto field = [](const nlohmann::json &obj, const char *name) {
        if (!obj.is_object() || !obj.contains("spec") || !obj["spec"].is_object())
            return std::string();
        const nlohmann::json &v = obj["spec"].value(name, nlohmann::json());
        return v.is_string() ? v.get<std::string>() : std::string();
    };
    if (field(request.object, "namespaceMappingStrategy") == "SelectedName" && field(request.object, "remoteNamespaceName").empty())
        return AdmissionResponse::deny(QStringLiteral("spec.remoteNamespaceName is required when spec.namespaceMappingStrategy is "
                                                      "SelectedName; set it to the namespace name to use in the peers"),
                                       422);
    if (request.operation == QLatin1String("UPDATE")) {
        const std::string before = field(request.oldObject, "namespaceMappingStrategy"), after = field(request.object, "namespaceMappingStrategy");
        if (!before.empty() && before != after)
            return AdmissionResponse::deny(
                QStringLiteral("spec.namespaceMappingStrategy is immutable (was %1, requested %2); delete the NamespaceOffloading "
                               "and create it again to change how remote namespaces are named")
                    .arg(QString::fromStdString(before), QString::fromStdString(after)),
                422);
        const std::string oldRemote = field(request.oldObject, "remoteNamespaceName"), newRemote = field(request.object, "remoteNamespaceName");
        if (!oldRemote.empty() && oldRemote != newRemote)
            return AdmissionResponse::deny(
                QStringLiteral("spec.remoteNamespaceName is immutable (was %1, requested %2); delete the NamespaceOffloading and create it again")
                    .arg(QString::fromStdString(oldRemote), QString::fromStdString(newRemote)),
                422);
        const std::string oldPods = field(request.oldObject, "podOffloadingStrategy"), newPods = field(request.object, "podOffloadingStrategy");
        if (oldPods != newPods && !newPods.empty() && newPods != "LocalAndRemote") {
            AdmissionResponse allowed = AdmissionResponse::allow();
            allowed.warnings << QStringLiteral("spec.podOffloadingStrategy changed to %1: pods already running keep their placement and may not "
                                               "follow the new policy until they are recreated").arg(QString::fromStdString(newPods));
            return allowed;
        }
    }
    return AdmissionResponse::allow();
}

} // namespace spillway::offloading
