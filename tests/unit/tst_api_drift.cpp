// The C++ API types and the CRDs in installer/crds must describe the same objects: every field
// a fully populated C++ object writes exists in the schema with the same type (and enum values),
// and every field the schema has under spec/status is written by the C++ type.
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "common/Yaml.h"

#include <QFile>
#include <QProcessEnvironment>
#include <QTest>

#include <set>

using nlohmann::json;
namespace off = spillway::apis::offloading::v1beta1;

namespace {

json crdSchema(const QString &file)
{
    QFile f(QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_SOURCE_DIR")) + QStringLiteral("/installer/crds/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s (SPILLWAY_SOURCE_DIR set?)", qPrintable(file));
    auto crd = spillway::yamlToJson(f.readAll());
    return (*crd)["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
}

bool typeMatches(const json &value, const std::string &type)
{
    if (type == "string") return value.is_string();
    if (type == "integer") return value.is_number_integer();
    if (type == "number") return value.is_number();
    if (type == "boolean") return value.is_boolean();
    if (type == "array") return value.is_array();
    if (type == "object") return value.is_object();
    return false;
}

// Every value in `value` must be allowed by `schema`; collects leaf paths seen.
void check(const json &value, const json &schema, const std::string &path, QStringList &errors, std::set<std::string> &seen)
{
    seen.insert(path);
    // metadata is the apiserver's ObjectMeta, which CRD schemas leave open.
    if (path == ".metadata" || schema.value("x-kubernetes-preserve-unknown-fields", false))
        return;
    const std::string type = schema.value("type", "");
    if (!type.empty() && !typeMatches(value, type)) {
        errors << QStringLiteral("%1: C++ writes %2, schema says %3").arg(QString::fromStdString(path), QString::fromStdString(value.type_name()), QString::fromStdString(type));
        return;
    }
    if (schema.contains("enum")) {
        bool found = false;
        for (const auto &e : schema["enum"]) found |= e == value;
        if (!found)
            errors << QStringLiteral("%1: value %2 is not in the schema's enum").arg(QString::fromStdString(path), QString::fromStdString(value.dump()));
    }
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string child = path + "." + it.key();
            if (schema.contains("properties") && schema["properties"].contains(it.key()))
                check(it.value(), schema["properties"][it.key()], child, errors, seen);
            else if (schema.contains("additionalProperties") && schema["additionalProperties"].is_object())
                check(it.value(), schema["additionalProperties"], path + "{}", errors, seen);
            else
                errors << QStringLiteral("%1: written by C++ but not in the schema").arg(QString::fromStdString(child));
        }
    } else if (value.is_array()) {
        for (const auto &item : value)
            check(item, schema.value("items", json::object()), path + "[]", errors, seen);
    }
}

void schemaPaths(const json &schema, const std::string &path, std::set<std::string> &out)
{
    out.insert(path);
    if (schema.value("x-kubernetes-preserve-unknown-fields", false))
        return;
    if (schema.contains("properties"))
        for (auto it = schema["properties"].begin(); it != schema["properties"].end(); ++it)
            schemaPaths(it.value(), path + "." + it.key(), out);
    if (schema.contains("items"))
        schemaPaths(schema["items"], path + "[]", out);
    if (schema.contains("additionalProperties") && schema["additionalProperties"].is_object())
        schemaPaths(schema["additionalProperties"], path + "{}", out);
}

template <size_t N>
std::set<std::string> names(const std::array<std::string_view, N> &a)
{
    return {a.begin(), a.end()};
}

std::set<std::string> schemaEnum(const json &schema)
{
    std::set<std::string> out;
    for (const auto &e : schema.value("enum", json::array())) out.insert(e.get<std::string>());
    return out;
}

off::NamespaceOffloading fullNamespaceOffloading()
{
    off::NamespaceOffloading o;
    o.metadata = {{"name", "offloading"}, {"namespace", "demo"}};
    o.spec.namespaceMappingStrategy = off::NamespaceMappingStrategy::SelectedName;
    o.spec.podOffloadingStrategy = off::PodOffloadingStrategy::Remote;
    o.spec.remoteNamespaceName = "demo-remote";
    off::SelectorRequirement req{"topology.kubernetes.io/region", off::SelectorOperator::NotIn, {"eu-west"}};
    o.spec.clusterSelector = std::vector<off::SelectorTerm>{{{req}, {req}}};
    o.status.remoteNamespaceName = "demo-remote";
    o.status.offloadingPhase = std::string(off::phase::Ready);
    o.status.observedGeneration = 3;
    o.status.remoteNamespacesConditions["provider-1"] = {{"Ready", "True", "2026-01-01T00:00:00Z", "RemoteNamespaceCreated", "ok"}};
    return o;
}

} // namespace

class TestApiDrift : public QObject
{
    Q_OBJECT
private slots:
    void namespaceOffloadingMatchesItsCrd()
    {
        const json schema = crdSchema(QStringLiteral("offloading.liqo.io_namespaceoffloadings.yaml"));
        const json written = fullNamespaceOffloading();
        QStringList errors;
        std::set<std::string> seen;
        check(written, schema, "", errors, seen);
        std::set<std::string> declared;
        schemaPaths(schema, "", declared);
        for (const std::string &p : declared)
            if ((p.rfind(".spec", 0) == 0 || p.rfind(".status", 0) == 0) && !seen.count(p))
                errors << QStringLiteral("%1: in the schema but the C++ type never writes it").arg(QString::fromStdString(p));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        const json &spec = schema["properties"]["spec"]["properties"];
        QCOMPARE(names(off::kNamespaceMappingStrategies), schemaEnum(spec["namespaceMappingStrategy"]));
        QCOMPARE(names(off::kPodOffloadingStrategies), schemaEnum(spec["podOffloadingStrategy"]));
        QCOMPARE(names(off::kSelectorOperators),
                 schemaEnum(spec["clusterSelector"]["properties"]["nodeSelectorTerms"]["items"]["properties"]["matchExpressions"]["items"]["properties"]["operator"]));
        QCOMPARE(spec["namespaceMappingStrategy"].value("default", ""), std::string("DefaultName"));
        // The C++ defaults are the schema's defaults.
        const json defaults = off::NamespaceOffloadingSpec{};
        QVERIFY(defaults["namespaceMappingStrategy"] == spec["namespaceMappingStrategy"]["default"]);
        QVERIFY(defaults["podOffloadingStrategy"] == spec["podOffloadingStrategy"]["default"]);
    }

    void theCheckerSeesDrift()
    {
        // The checker itself must notice a renamed field, a wrong type and a field left unwritten.
        const json schema = crdSchema(QStringLiteral("offloading.liqo.io_namespaceoffloadings.yaml"));
        json drifted = fullNamespaceOffloading();
        drifted["spec"]["podOffloadStrategy"] = drifted["spec"]["podOffloadingStrategy"];
        drifted["spec"].erase("podOffloadingStrategy");
        drifted["status"]["observedGeneration"] = "3";
        QStringList errors;
        std::set<std::string> seen;
        check(drifted, schema, "", errors, seen);
        QVERIFY(errors.join(QLatin1Char('\n')).contains(QStringLiteral(".spec.podOffloadStrategy: written by C++ but not in the schema")));
        QVERIFY(errors.join(QLatin1Char('\n')).contains(QStringLiteral(".status.observedGeneration: C++ writes string, schema says integer")));
        QVERIFY(!seen.count(".spec.podOffloadingStrategy"));
    }

    void roundTripsAndRejectsUnknownEnums()
    {
        const json written = fullNamespaceOffloading();
        QVERIFY(json(written.get<off::NamespaceOffloading>()) == written);
        json bad = written;
        bad["spec"]["podOffloadingStrategy"] = "Sideways";
        bool threw = false;
        try {
            (void)bad.get<off::NamespaceOffloading>();
        } catch (const std::exception &e) {
            threw = QString::fromUtf8(e.what()).contains(QStringLiteral("unknown value \"Sideways\""));
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestApiDrift)
#include "tst_api_drift.moc"
