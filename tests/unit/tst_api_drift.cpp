// The C++ API types and the CRDs in installer/crds must describe the same objects. For every kind
// (one data row each):
//  - its ResourceRef names the CRD's group, version, plural, kind and scope;
//  - a fully populated object (ApiObjects.h) writes only fields the schema has, with the schema's
//    types, enum values, patterns and formats, and writes every field the schema has under spec
//    and status;
//  - every schema enum has a C++ name array with the same values, and the C++ decoder rejects a
//    value outside it;
//  - the minimal object writes nothing but required fields and schema-defaulted ones, and the C++
//    defaults are the schema's defaults (filling a default in changes nothing);
//  - to_json(from_json(x)) == x for both objects.
#include "ApiObjects.h"
#include "CrdSchemaCheck.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <regex>

using namespace apiobjects;
using namespace crdcheck;

namespace {

// One data row per kind: its CRD, ResourceRef, object builders, decoder and enum name arrays.

struct KindCase {
    QString kind;
    QString crdFile;
    ResourceRef (*resource)();
    std::function<json()> full, minimal;
    RoundTrip roundTrip;
    std::vector<EnumBinding> enums;
};

template <typename T>
KindCase kindCase(const char *crdFile, ResourceRef (*resource)(), T (*full)(), T (*minimal)(), std::vector<EnumBinding> enums = {})
{
    return {resource().kind, QLatin1String(crdFile), resource, [full] { return json(full()); }, [minimal] { return json(minimal()); },
            [](const json &j) { return json(j.get<T>()); }, std::move(enums)};
}

std::vector<std::string> conditionPaths(const std::string &field)
{
    std::vector<std::string> out{".status.conditions[]." + field};
    for (const char *module : {"networking", "authentication", "offloading"})
        out.push_back(std::string(".status.modules.") + module + ".conditions[]." + field);
    return out;
}

const std::vector<KindCase> &kindCases()
{
    static const std::vector<KindCase> cases{
        kindCase("core.liqo.io_foreignclusters.yaml", lcore::foreignClusterResource, fullForeignCluster, minimalForeignCluster,
                 {enumAt(lcore::kPeeringRoles, {".status.role"}), enumAt(lcore::kConditionTypes, conditionPaths("type")),
                  enumAt(lcore::kConditionStatuses, conditionPaths("status"))}),
        kindCase("offloading.liqo.io_namespaceoffloadings.yaml", off::namespaceOffloadingResource, fullNamespaceOffloading,
                 minimalNamespaceOffloading,
                 {enumAt(off::kNamespaceMappingStrategies, {".spec.namespaceMappingStrategy"}),
                  enumAt(off::kPodOffloadingStrategies, {".spec.podOffloadingStrategy"}),
                  enumAt(off::kSelectorOperators, {".spec.clusterSelector.nodeSelectorTerms[].matchExpressions[].operator",
                                                   ".spec.clusterSelector.nodeSelectorTerms[].matchFields[].operator"})}),
        kindCase("offloading.liqo.io_virtualnodes.yaml", off::virtualNodeResource, fullVirtualNode, minimalVirtualNode,
                 {enumAt(off::kVirtualNodeConditionTypes, {".status.conditions[].type"}),
                  enumAt(off::kVirtualNodeConditionStatuses, {".status.conditions[].status"})}),
        kindCase("offloading.liqo.io_namespacemaps.yaml", off::namespaceMapResource, fullNamespaceMap, minimalNamespaceMap,
                 {enumAt(off::kMappingPhases, {".status.currentMapping{}.phase"})}),
        kindCase("offloading.liqo.io_shadowpods.yaml", off::shadowPodResource, fullShadowPod, minimalShadowPod,
                 {enumAt(off::kPodPhases, {".status.phase"})}),
        kindCase("offloading.liqo.io_quotas.yaml", off::quotaResource, fullQuota, minimalQuota,
                 {enumAt(off::kLimitsEnforcements, {".spec.limitsEnforcement"})}),
        kindCase("authentication.liqo.io_tenants.yaml", authn::tenantResource, fullTenant, minimalTenant,
                 {enumAt(authn::kAuthzPolicies, {".spec.authzPolicy"}), enumAt(authn::kTenantConditions, {".spec.tenantCondition"})}),
        kindCase("authentication.liqo.io_identities.yaml", authn::identityResource, fullIdentity, minimalIdentity,
                 {enumAt(authn::kIdentityTypes, {".spec.type"})}),
        kindCase("authentication.liqo.io_resourceslices.yaml", authn::resourceSliceResource, fullResourceSlice, minimalResourceSlice,
                 {enumAt(authn::kResourceSliceConditionTypes, {".status.conditions[].type"}),
                  enumAt(authn::kResourceSliceConditionStatuses, {".status.conditions[].status"})}),
        kindCase("networking.liqo.io_configurations.yaml", net::configurationResource, fullConfiguration, minimalConfiguration,
                 {enumAt(shared::kMetaConditionStatuses, {".status.conditions[].status"})}),
        kindCase("networking.liqo.io_gatewayservers.yaml", net::gatewayServerResource, fullGatewayServer, minimalGatewayServer,
                 {enumAt(net::kServiceTypes, {".spec.endpoint.serviceType"}), enumAt(net::kProtocols, {".status.endpoint.protocol"})}),
        kindCase("networking.liqo.io_gatewayclients.yaml", net::gatewayClientResource, fullGatewayClient, minimalGatewayClient,
                 {enumAt(net::kProtocols, {".spec.endpoint.protocol"})}),
        kindCase("networking.liqo.io_publickeies.yaml", net::publicKeyResource, fullPublicKey, minimalPublicKey),
        kindCase("networking.liqo.io_connections.yaml", net::connectionResource, fullConnection, minimalConnection,
                 {enumAt(net::kConnectionTypes, {".spec.type"})}),
        kindCase("ipam.liqo.io_networks.yaml", ipam::networkResource, fullNetwork, minimalNetwork),
        kindCase("ipam.liqo.io_ips.yaml", ipam::ipResource, fullIP, minimalIP),
    };
    return cases;
}

const KindCase &caseFor(const QString &kind)
{
    for (const KindCase &c : kindCases())
        if (c.kind == kind)
            return c;
    qFatal("no case for %s", qPrintable(kind));
}

void addKindRows()
{
    QTest::addColumn<QString>("kind");
    for (const KindCase &c : kindCases())
        QTest::newRow(qPrintable(c.kind)) << c.kind;
}

} // namespace

#define VERIFY_NO_ERRORS(errors)                                                                                        \
    do {                                                                                                                \
        const QStringList e_ = (errors);                                                                                \
        QVERIFY2(e_.isEmpty(), qPrintable(e_.join(QLatin1Char('\n'))));                                                 \
    } while (false)

class TestApiDrift : public QObject
{
    Q_OBJECT
private slots:
    void everyCrdHasACppType()
    {
        // CRDs Spillway installs but has no C++ type for yet; anything else new must get a row here.
        const QStringList untyped{QStringLiteral("networking.liqo.io_wggatewayclienttemplates.yaml"),
                                  QStringLiteral("networking.liqo.io_wggatewayservertemplates.yaml")};
        const QStringList files = QDir(sourceDir() + QStringLiteral("/installer/crds")).entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(!files.isEmpty());
        QStringList missing;
        for (const QString &f : files)
            if (!untyped.contains(f) && std::none_of(kindCases().begin(), kindCases().end(), [&](const KindCase &c) { return c.crdFile == f; }))
                missing << f;
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("CRDs without a C++ type in this test: ") + missing.join(QStringLiteral(", "))));
    }

    void matchesItsCrd_data() { addKindRows(); }
    void matchesItsCrd()
    {
        QFETCH(QString, kind);
        const KindCase &c = caseFor(kind);
        const json crd = crdDocument(c.crdFile);
        const json full = c.full();
        VERIFY_NO_ERRORS(resourceErrors(crd, c.resource(), full));
        VERIFY_NO_ERRORS(schemaErrors(full, crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"], true));
    }

    void enumsMatchTheSchema_data() { addKindRows(); }
    void enumsMatchTheSchema()
    {
        QFETCH(QString, kind);
        const KindCase &c = caseFor(kind);
        const json schema = crdSchema(c.crdFile);
        VERIFY_NO_ERRORS(enumErrors(schema, c.enums));
        VERIFY_NO_ERRORS(unknownEnumErrors(c.full(), schema, c.roundTrip));
    }

    void minimalObjectAndDefaultsMatchTheSchema_data() { addKindRows(); }
    void minimalObjectAndDefaultsMatchTheSchema()
    {
        QFETCH(QString, kind);
        const KindCase &c = caseFor(kind);
        VERIFY_NO_ERRORS(minimalErrors(c.minimal(), crdSchema(c.crdFile), c.roundTrip));
    }

    void roundTrips_data() { addKindRows(); }
    void roundTrips()
    {
        QFETCH(QString, kind);
        const KindCase &c = caseFor(kind);
        const json full = c.full();
        const json back = c.roundTrip(full);
        QVERIFY2(back == full, qPrintable(QStringLiteral("wrote %1\nread back %2").arg(q(full.dump()), q(back.dump()))));
    }

    void theCheckerSeesDrift()
    {
        // A renamed field, a wrong type, a field left unwritten and a missing required field.
        const json schema = crdSchema(QStringLiteral("offloading.liqo.io_namespaceoffloadings.yaml"));
        json drifted = fullNamespaceOffloading();
        drifted["spec"]["podOffloadStrategy"] = drifted["spec"]["podOffloadingStrategy"];
        drifted["spec"].erase("podOffloadingStrategy");
        drifted["status"]["observedGeneration"] = "3";
        drifted["spec"]["clusterSelector"]["nodeSelectorTerms"][0]["matchExpressions"][0].erase("key");
        const QString errors = schemaErrors(drifted, schema, true).join(QLatin1Char('\n'));
        QVERIFY(errors.contains(QStringLiteral(".spec.podOffloadStrategy: written by C++ but not in the schema")));
        QVERIFY(errors.contains(QStringLiteral(".status.observedGeneration: C++ writes string, schema says integer")));
        QVERIFY(errors.contains(QStringLiteral(".spec.podOffloadingStrategy: in the schema but the C++ type never writes it")));
        QVERIFY(errors.contains(QStringLiteral(".spec.clusterSelector.nodeSelectorTerms[].matchExpressions[].key: required by the schema")));

        // A minimal object writing an optional field, and a C++ default that is not the schema's.
        const RoundTrip roundTrip = [](const json &j) { return json(j.get<off::NamespaceOffloading>()); };
        json noisy = minimalNamespaceOffloading();
        noisy["spec"]["remoteNamespaceName"] = "x";
        QVERIFY(minimalErrors(noisy, schema, roundTrip).join(QLatin1Char('\n')).contains(QStringLiteral(".spec.remoteNamespaceName: the minimal object writes it")));
        json otherDefault = minimalNamespaceOffloading();
        otherDefault["spec"]["podOffloadingStrategy"] = "Remote";
        QVERIFY(minimalErrors(otherDefault, schema, roundTrip).join(QLatin1Char('\n')).contains(QStringLiteral(".spec.podOffloadingStrategy: the C++ default differs")));

        // An enum the C++ side lacks a value of, and a decoder that accepts anything.
        const QString enums = enumErrors(schema, {enumAt(std::array<std::string_view, 2>{"Local", "Remote"}, {".spec.podOffloadingStrategy"})}).join(QLatin1Char('\n'));
        QVERIFY(enums.contains(QStringLiteral(".spec.podOffloadingStrategy: C++ names [Local,Remote], schema enum [Local,LocalAndRemote,Remote]")));
        QVERIFY(enums.contains(QStringLiteral(".spec.namespaceMappingStrategy: schema enum without a C++ name array")));
        QVERIFY(unknownEnumErrors(fullNamespaceOffloading(), schema, [](const json &j) { return j; })
                    .join(QLatin1Char('\n'))
                    .contains(QStringLiteral(".spec.podOffloadingStrategy: decoding accepted \"Sideways\"")));
    }

    void clusterIdHelperMatchesTheSchemaPattern()
    {
        const std::regex pattern(crdSchema(QStringLiteral("core.liqo.io_foreignclusters.yaml"))["properties"]["spec"]["properties"]["clusterID"]["pattern"].get<std::string>());
        for (const char *id : {"provider-1", "a", "0", "a-b-c", "", "-a", "a-", "A", "a_b", "a.b", "abc-", "9f1c2e"})
            QCOMPARE(lcore::isValidClusterID(id), std::regex_search(std::string(id), pattern));
    }

    void bytesAndQuantitiesDecodeAsTheApiserverSendsThem()
    {
        // Quantities may arrive as JSON integers; []byte fields must be valid base64.
        json slice = fullResourceSlice();
        slice["spec"]["resources"]["pods"] = 110;
        QCOMPARE(slice.get<authn::ResourceSlice>().spec.resources.at("pods"), std::string("110"));
        QCOMPARE(json(fullTenant())["spec"]["signature"].get<std::string>(), std::string("AQID/g=="));
        json tenant = fullTenant();
        tenant["spec"]["publicKey"] = "not base64!";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)tenant.get<authn::Tenant>());
    }
};

QTEST_GUILESS_MAIN(TestApiDrift)
#include "tst_api_drift.moc"
