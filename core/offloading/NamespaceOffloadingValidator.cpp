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
    if (request.operation == QLatin1String("UPDATE")) {
        auto strategy = [](const nlohmann::json &obj) {
            if (!obj.is_object() || !obj.contains("spec") || !obj["spec"].is_object())
                return std::string();
            return obj["spec"].value("namespaceMappingStrategy", std::string());
        };
        const std::string before = strategy(request.oldObject), after = strategy(request.object);
        if (!before.empty() && before != after)
            return AdmissionResponse::deny(
                QStringLiteral("spec.namespaceMappingStrategy is immutable (was %1, requested %2); delete the NamespaceOffloading "
                               "and create it again to change how remote namespaces are named")
                    .arg(QString::fromStdString(before), QString::fromStdString(after)),
                422);
    }
    return AdmissionResponse::allow();
}

} // namespace spillway::offloading
