#include "offloading/ResourceSliceValidator.h"

#include "common/Quantity.h"
#include "consts/Labels.h"

namespace spillway::offloading {

using nlohmann::json;
using webhook::AdmissionResponse;

namespace {

std::string specString(const json &obj, const char *field)
{
    if (!obj.is_object() || !obj.contains("spec") || !obj["spec"].is_object())
        return {};
    const json &v = obj["spec"].value(field, json());
    return v.is_string() ? v.get<std::string>() : std::string();
}

std::optional<std::string> metaString(const json &obj, const char *section, const char *key)
{
    if (!obj.is_object() || !obj.contains("metadata") || !obj["metadata"].is_object())
        return std::nullopt;
    const json &m = obj["metadata"].value(section, json::object());
    if (!m.is_object() || !m.contains(key) || !m[key].is_string())
        return std::nullopt;
    return m[key].get<std::string>();
}

} // namespace

AdmissionResponse ResourceSliceValidator::operator()(const webhook::AdmissionRequest &request) const
{
    if (request.operation == QLatin1String("DELETE"))
        return AdmissionResponse::allow();
    const QString consumer = QString::fromStdString(specString(request.object, "consumerClusterID"));
    const QString provider = QString::fromStdString(specString(request.object, "providerClusterID"));
    if (!consumer.isEmpty() && consumer == provider)
        return AdmissionResponse::deny(QStringLiteral("spec.consumerClusterID and spec.providerClusterID are both \"%1\"; a cluster "
                                                      "cannot borrow resources from itself").arg(consumer), 422);
    if (request.object.contains("spec") && request.object["spec"].is_object()) {
        const json &resources = request.object["spec"].value("resources", json::object());
        if (resources.is_object())
            for (auto it = resources.begin(); it != resources.end(); ++it) {
                const auto q = it->is_string() ? Quantity::parse(QString::fromStdString(it->get<std::string>()))
                             : it->is_number() ? Quantity::parse(QString::fromStdString(it->dump())) : std::nullopt;
                if (q && q->milli < 0)
                    return AdmissionResponse::deny(QStringLiteral("spec.resources.%1 must not be negative (got %2)")
                                                       .arg(QString::fromStdString(it.key()), QString::fromStdString(it->dump())), 422);
            }
    }

    if (request.operation == QLatin1String("CREATE")) {
        if (metaString(request.object, "labels", "liqo.io/replicated").value_or("") == "true")
            return AdmissionResponse::allow();
        const QStringList same = m_slicesNamed ? m_slicesNamed(request.name) : QStringList();
        if (!same.isEmpty())
            return AdmissionResponse::deny(QStringLiteral("a ResourceSlice named \"%1\" already exists (%2); slice names must be unique in "
                                                          "the cluster because providers receive them by name — choose another name")
                                               .arg(request.name, same.join(QStringLiteral(", "))), 409);
        return AdmissionResponse::allow();
    }

    if (request.groups.contains(QLatin1String(kControlPlaneGroup))) {
        for (const auto &[section, key] : {std::pair{"labels", consts::kRemoteClusterIdLabel}, std::pair{"annotations", "liqo.io/cordon"},
                                           std::pair{"annotations", "liqo.io/cordon-tenant"}}) {
            if (metaString(request.oldObject, section, key) != metaString(request.object, section, key))
                return AdmissionResponse::deny(QStringLiteral("a peer's control plane may not change the %1 %2 of a ResourceSlice")
                                                   .arg(QLatin1String(section).chopped(1), QLatin1String(key)), 403);
        }
    }
    return AdmissionResponse::allow();
}

} // namespace spillway::offloading
