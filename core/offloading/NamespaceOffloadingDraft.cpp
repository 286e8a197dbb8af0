#include "offloading/NamespaceOffloadingDraft.h"

#include "common/JsonText.h"
#include "common/Names.h"
#include "common/Yaml.h"
#include "offloading/NamespaceOffloadingValidator.h"

#include <QCoreApplication>

namespace spillway::offloading {

using nlohmann::json;
using Draft = NamespaceOffloadingDraft;

namespace {

constexpr auto qs = textOf;

Error shapeError(const QString &field, const QString &what)
{
    return Error::of(Error::Kind::Config, QCoreApplication::translate("NamespaceOffloadingDraft", "%1: %2").arg(field, what),
                     QCoreApplication::translate("NamespaceOffloadingDraft", "a NamespaceOffloading is written as in Liqo's documentation (kubectl explain namespaceoffloading.spec)"));
}

// Each operator's values: In/NotIn one or more, Exists/DoesNotExist none, Gt/Lt one integer.
std::optional<QString> valuesProblem(const Draft::Requirement &r)
{
    if (r.op == QLatin1String("In") || r.op == QLatin1String("NotIn")) {
        if (r.values.isEmpty())
            return QCoreApplication::translate("NamespaceOffloadingDraft", "%1 needs at least one value").arg(r.op);
        for (const QString &v : r.values)
            if (!isValidLabelValue(v))
                return QCoreApplication::translate("NamespaceOffloadingDraft", "\"%1\" is not a label value (up to 63 letters, digits, '-', '_' or '.')").arg(v);
        return std::nullopt;
    }
    if (r.op == QLatin1String("Exists") || r.op == QLatin1String("DoesNotExist"))
        return r.values.isEmpty() ? std::nullopt : std::optional(QCoreApplication::translate("NamespaceOffloadingDraft", "%1 takes no values").arg(r.op));
    if (r.op == QLatin1String("Gt") || r.op == QLatin1String("Lt")) {
        bool ok = false;
        if (r.values.size() == 1)
            r.values.first().toLongLong(&ok);
        return ok ? std::nullopt : std::optional(QCoreApplication::translate("NamespaceOffloadingDraft", "%1 takes exactly one integer").arg(r.op));
    }
    return QCoreApplication::translate("NamespaceOffloadingDraft", "\"%1\" is not an operator (%2)").arg(r.op, kSelectorOperatorNames.join(QStringLiteral(", ")));
}

} // namespace

int Draft::termCount() const
{
    int n = 0;
    for (const auto &r : selector)
        n = std::max(n, r.term + 1);
    return n;
}

json Draft::clusterSelector() const
{
    if (selector.empty())
        return json();
    json terms = json::array();
    for (int t = 0; t < termCount(); ++t) {
        json exprs = json::array();
        for (const auto &r : selector) {
            if (r.term != t)
                continue;
            json e = {{"key", r.key.toStdString()}, {"operator", r.op.toStdString()}};
            if (!r.values.isEmpty()) {
                e["values"] = json::array();
                for (const QString &v : r.values)
                    e["values"].push_back(v.toStdString());
            }
            exprs.push_back(std::move(e));
        }
        // A term left without rows (its last row removed) is dropped, not sent empty: an empty
        // term matches no node, which is never what an emptied form row means.
        if (!exprs.empty())
            terms.push_back({{"matchExpressions", std::move(exprs)}});
    }
    return json{{"nodeSelectorTerms", std::move(terms)}};
}

Result<std::vector<Draft::Requirement>> Draft::requirementsOf(const json &nodeSelector)
{
    std::vector<Requirement> out;
    if (nodeSelector.is_null())
        return out;
    const QString field = QStringLiteral("spec.clusterSelector");
    if (!nodeSelector.is_object())
        return shapeError(field, QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map with nodeSelectorTerms"));
    const json terms = nodeSelector.value("nodeSelectorTerms", json::array());
    if (!terms.is_array())
        return shapeError(field + QStringLiteral(".nodeSelectorTerms"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a list"));
    for (size_t t = 0; t < terms.size(); ++t) {
        const QString termField = QStringLiteral("%1.nodeSelectorTerms[%2]").arg(field).arg(t);
        if (!terms[t].is_object())
            return shapeError(termField, QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map"));
        if (terms[t].contains("matchFields") && !terms[t]["matchFields"].empty())
            return shapeError(termField + QStringLiteral(".matchFields"), QCoreApplication::translate("NamespaceOffloadingDraft", "peers are chosen by their virtual nodes' labels; use matchExpressions"));
        const json exprs = terms[t].value("matchExpressions", json::array());
        if (!exprs.is_array())
            return shapeError(termField + QStringLiteral(".matchExpressions"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a list"));
        for (size_t i = 0; i < exprs.size(); ++i) {
            const QString exprField = QStringLiteral("%1.matchExpressions[%2]").arg(termField).arg(i);
            const json &e = exprs[i];
            if (!e.is_object() || !e.value("key", json()).is_string() || !e.value("operator", json()).is_string())
                return shapeError(exprField, QCoreApplication::translate("NamespaceOffloadingDraft", "needs a key and an operator"));
            Requirement r{int(t), qs(e, "key"), qs(e, "operator"), {}};
            const json values = e.value("values", json::array());
            if (!values.is_array())
                return shapeError(exprField + QStringLiteral(".values"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a list"));
            for (const auto &v : values) {
                if (!v.is_string())
                    return shapeError(exprField + QStringLiteral(".values"), QCoreApplication::translate("NamespaceOffloadingDraft", "values are strings (quote numbers)"));
                r.values << QString::fromStdString(v.get<std::string>());
            }
            out.push_back(std::move(r));
        }
    }
    return out;
}

json Draft::toObject() const
{
    json metadata = otherMetadata.is_object() ? otherMetadata : json::object();
    metadata["name"] = kNamespaceOffloadingName;
    metadata["namespace"] = namespaceName.toStdString();
    json annotations = metadata.value("annotations", json::object());
    annotations.erase(kPreferLocalAnnotation);
    annotations.erase(kFailoverSecondsAnnotation);
    if (preferLocal)
        annotations[kPreferLocalAnnotation] = *preferLocal ? "true" : "false";
    if (failoverSeconds)
        annotations[kFailoverSecondsAnnotation] = std::to_string(*failoverSeconds);
    if (annotations.empty())
        metadata.erase("annotations");
    else
        metadata["annotations"] = std::move(annotations);
    json spec = {{"namespaceMappingStrategy", mapping.toStdString()}, {"podOffloadingStrategy", podStrategy.toStdString()}};
    if (!remoteNamespaceName.isEmpty())
        spec["remoteNamespaceName"] = remoteNamespaceName.toStdString();
    if (json s = clusterSelector(); !s.is_null())
        spec["clusterSelector"] = std::move(s);
    return json{{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"}, {"metadata", std::move(metadata)}, {"spec", std::move(spec)}};
}

QByteArray Draft::toYaml() const
{
    return jsonToYaml(toObject());
}

Result<Draft> Draft::fromObject(const json &object)
{
    if (!object.is_object())
        return shapeError(QCoreApplication::translate("NamespaceOffloadingDraft", "the document"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map (apiVersion, kind, metadata, spec)"));
    if (qs(object, "apiVersion") != QLatin1String("offloading.liqo.io/v1beta1") || qs(object, "kind") != QLatin1String("NamespaceOffloading"))
        return shapeError(QStringLiteral("apiVersion/kind"), QCoreApplication::translate("NamespaceOffloadingDraft", "this editor writes offloading.liqo.io/v1beta1 NamespaceOffloading, not %1 %2")
                                                                 .arg(qs(object, "apiVersion"), qs(object, "kind")));
    Draft d;
    const json metadata = object.value("metadata", json::object());
    if (!metadata.is_object())
        return shapeError(QStringLiteral("metadata"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map"));
    if (metadata.contains("name") && qs(metadata, "name") != QLatin1String(kNamespaceOffloadingName))
        return shapeError(QStringLiteral("metadata.name"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be \"offloading\" (Liqo allows one per namespace, with that name)"));
    d.namespaceName = qs(metadata, "namespace");
    // Server-owned fields are not the user's to write back.
    for (const auto &[key, value] : metadata.items())
        if (key == "labels" || key == "annotations")
            d.otherMetadata[key] = value;
    if (d.otherMetadata.contains("annotations")) {
        json &annotations = d.otherMetadata["annotations"];
        if (!annotations.is_object())
            return shapeError(QStringLiteral("metadata.annotations"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map"));
        if (annotations.contains(kPreferLocalAnnotation)) {
            const QString v = qs(annotations, kPreferLocalAnnotation);
            if (v != QLatin1String("true") && v != QLatin1String("false"))
                return shapeError(QStringLiteral("metadata.annotations.%1").arg(QLatin1String(kPreferLocalAnnotation)), QCoreApplication::translate("NamespaceOffloadingDraft", "must be \"true\" or \"false\""));
            d.preferLocal = v == QLatin1String("true");
        }
        if (annotations.contains(kFailoverSecondsAnnotation)) {
            bool ok = false;
            const int seconds = qs(annotations, kFailoverSecondsAnnotation).toInt(&ok);
            if (!ok)
                return shapeError(QStringLiteral("metadata.annotations.%1").arg(QLatin1String(kFailoverSecondsAnnotation)), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a number of seconds, quoted"));
            d.failoverSeconds = seconds;
        }
        annotations.erase(kPreferLocalAnnotation);
        annotations.erase(kFailoverSecondsAnnotation);
        if (annotations.empty())
            d.otherMetadata.erase("annotations");
    }
    const json spec = object.value("spec", json::object());
    if (!spec.is_object())
        return shapeError(QStringLiteral("spec"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a map"));
    for (const auto &[key, value] : spec.items()) {
        if (key != "namespaceMappingStrategy" && key != "podOffloadingStrategy" && key != "remoteNamespaceName" && key != "clusterSelector")
            return shapeError(QStringLiteral("spec.%1").arg(QString::fromStdString(key)), QCoreApplication::translate("NamespaceOffloadingDraft", "is not a field of NamespaceOffloading"));
        if (key != "clusterSelector" && !value.is_string())
            return shapeError(QStringLiteral("spec.%1").arg(QString::fromStdString(key)), QCoreApplication::translate("NamespaceOffloadingDraft", "must be a string"));
    }
    if (spec.contains("namespaceMappingStrategy"))
        d.mapping = qs(spec, "namespaceMappingStrategy");
    if (spec.contains("podOffloadingStrategy"))
        d.podStrategy = qs(spec, "podOffloadingStrategy");
    d.remoteNamespaceName = qs(spec, "remoteNamespaceName");
    auto rows = requirementsOf(spec.value("clusterSelector", json()));
    if (!rows)
        return rows.error();
    d.selector = std::move(*rows);
    return d;
}

Result<Draft> Draft::fromYaml(const QByteArray &yaml)
{
    auto object = yamlToJson(yaml, QCoreApplication::translate("NamespaceOffloadingDraft", "the YAML"));
    if (!object)
        return object.error();
    return fromObject(*object);
}

std::vector<Draft::Problem> Draft::problems() const
{
    std::vector<Problem> out;
    if (namespaceName.isEmpty())
        out.push_back({QStringLiteral("metadata.namespace"), QCoreApplication::translate("NamespaceOffloadingDraft", "choose the namespace to offload")});
    else if (!isValidClusterId(namespaceName))
        out.push_back({QStringLiteral("metadata.namespace"), QCoreApplication::translate("NamespaceOffloadingDraft", "\"%1\" is not a namespace name (lowercase letters, digits and '-', up to 63)").arg(namespaceName)});
    if (!kNamespaceMappingStrategyNames.contains(mapping))
        out.push_back({QStringLiteral("spec.namespaceMappingStrategy"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be one of %1").arg(kNamespaceMappingStrategyNames.join(QStringLiteral(", ")))});
    if (!kPodOffloadingStrategyNames.contains(podStrategy))
        out.push_back({QStringLiteral("spec.podOffloadingStrategy"), QCoreApplication::translate("NamespaceOffloadingDraft", "must be one of %1").arg(kPodOffloadingStrategyNames.join(QStringLiteral(", ")))});
    const bool selected = mapping == QLatin1String("SelectedName");
    if (selected && remoteNamespaceName.isEmpty())
        out.push_back({QStringLiteral("spec.remoteNamespaceName"), QCoreApplication::translate("NamespaceOffloadingDraft", "SelectedName needs the remote namespace's name")});
    else if (!selected && !remoteNamespaceName.isEmpty())
        out.push_back({QStringLiteral("spec.remoteNamespaceName"), QCoreApplication::translate("NamespaceOffloadingDraft", "only SelectedName uses a remote name; clear it or choose SelectedName")});
    else if (selected && !isValidClusterId(remoteNamespaceName))
        out.push_back({QStringLiteral("spec.remoteNamespaceName"), QCoreApplication::translate("NamespaceOffloadingDraft", "\"%1\" is not a namespace name (lowercase letters, digits and '-', up to 63)").arg(remoteNamespaceName)});
    for (size_t i = 0; i < selector.size(); ++i) {
        const Requirement &r = selector[i];
        const QString field = QStringLiteral("spec.clusterSelector[%1]").arg(i);
        if (r.key.isEmpty())
            out.push_back({field, QCoreApplication::translate("NamespaceOffloadingDraft", "row %1 has no label key").arg(i + 1)});
        else if (!isValidLabelKey(r.key))
            out.push_back({field, QCoreApplication::translate("NamespaceOffloadingDraft", "\"%1\" is not a label key").arg(r.key)});
        if (auto p = valuesProblem(r))
            out.push_back({field, QCoreApplication::translate("NamespaceOffloadingDraft", "row %1: %2").arg(i + 1).arg(*p)});
    }
    if (failoverSeconds && *failoverSeconds < -1)
        out.push_back({QStringLiteral("metadata.annotations.%1").arg(QLatin1String(kFailoverSecondsAnnotation)), QCoreApplication::translate("NamespaceOffloadingDraft", "is -1 (Kubernetes' 300 s) or a number of seconds")});
    return out;
}

} // namespace spillway::offloading
