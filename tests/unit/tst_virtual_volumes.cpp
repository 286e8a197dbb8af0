// The virtual storage class's objects: which claims are provisioned, the twins and virtual PVs
// made for them, the classes chosen, release and the mirrored remote status.
#include "storage/VirtualVolumes.h"

#include <QTest>

using namespace spillway::storage;
using nlohmann::json;

// nlohmann::json is no QTest type: compare, and show both sides when they differ.
#define COMPARE_JSON(actual, expected) \
    QVERIFY2(json(actual) == json(expected), qPrintable(QString::fromStdString(json(actual).dump() + " != " + json(expected).dump())))

namespace {

json storageClass(const char *name, const char *provisioner, bool isDefault = false)
{
    json c = {{"metadata", {{"name", name}}}, {"provisioner", provisioner}};
    if (isDefault)
        c["metadata"]["annotations"] = {{"storageclass.kubernetes.io/is-default-class", "true"}};
    return c;
}

json claim(const char *cls, const char *selectedNode = nullptr)
{
    json c = {{"metadata", {{"name", "data-db-0"}, {"namespace", "apps"}, {"uid", "1234-abcd"}, {"labels", {{"app", "db"}}}}},
              {"spec", {{"storageClassName", cls}, {"accessModes", json::array({"ReadWriteOnce"})},
                        {"resources", {{"requests", {{"storage", "1Gi"}}}}}, {"volumeMode", "Filesystem"}}}};
    if (selectedNode)
        c["metadata"]["annotations"] = {{"volume.kubernetes.io/selected-node", selectedNode}};
    return c;
}

} // namespace

class TestVirtualVolumes : public QObject
{
    Q_OBJECT
private slots:
    void classesAreToldApartByProvisioner()
    {
        const json list = {{"items", json::array({storageClass("liqo", "liqo.io/storage"), storageClass("standard", "rancher.io/local-path", true),
                                                  storageClass("fast", "ebs.csi.aws.com")})}};
        QCOMPARE(virtualClassNames(list), QStringList{QStringLiteral("liqo")});
        QCOMPARE(virtualClassNames(list["items"]), QStringList{QStringLiteral("liqo")});   // as a store holds them
        QCOMPARE(realLocalClass(list, {}).value_or(QString()), QStringLiteral("standard"));
        QCOMPARE(realLocalClass(list, QStringLiteral("fast")).value_or(QString()), QStringLiteral("fast"));   // configured wins
        // A default virtual class is never the real one, and no default is no class.
        const json onlyVirtual = {{"items", json::array({storageClass("liqo", "liqo.io/storage", true), storageClass("fast", "x")})}};
        QVERIFY(!realLocalClass(onlyVirtual, {}));
        const json advertised = advertisedClasses(list);
        COMPARE_JSON(advertised, json::parse(R"([{"storageClassName":"standard","default":true},{"storageClassName":"fast"}])"));
        QCOMPARE(remoteClass(advertised), QStringLiteral("standard"));
        QCOMPARE(remoteClass(json::parse(R"([{"storageClassName":"a"},{"storageClassName":"b"}])")), QStringLiteral("a"));
        QCOMPARE(remoteClass(json::array()), QString());
        QCOMPARE(remoteClass(json("garbage")), QString());
    }

    void onlyUnboundVirtualClaimsWithASelectedNodeAreProvisioned()
    {
        const QStringList virtualClasses{QStringLiteral("liqo")};
        QCOMPARE(claimToProvision(claim("liqo", "liqo-milan"), virtualClasses).value_or(QString()), QStringLiteral("liqo-milan"));
        QVERIFY(!claimToProvision(claim("liqo"), virtualClasses));                    // the scheduler has not chosen yet
        QVERIFY(!claimToProvision(claim("standard", "node-1"), virtualClasses));      // not ours
        json bound = claim("liqo", "node-1");
        bound["spec"]["volumeName"] = "pvc-1234";
        QVERIFY(!claimToProvision(bound, virtualClasses));
        json deleting = claim("liqo", "node-1");
        deleting["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z";
        QVERIFY(!claimToProvision(deleting, virtualClasses));
    }

    void theTwinKeepsTheRequestAndTakesTheRealClass()
    {
        const json twin = twinClaim(claim("liqo", "liqo-milan"), QStringLiteral("data-db-0"), QStringLiteral("apps-rome"), QStringLiteral("standard"),
                                    {{"offloading.liqo.io/origin", "rome"}});
        COMPARE_JSON(twin["metadata"]["namespace"], json("apps-rome"));
        COMPARE_JSON(twin["metadata"]["labels"], json::parse(R"({"app":"db","offloading.liqo.io/origin":"rome","storage.spillway.dev/claim-uid":"1234-abcd"})"));
        QVERIFY(twinServes(twin, claim("liqo")));
        json recreated = claim("liqo");
        recreated["metadata"]["uid"] = "5678";
        QVERIFY(!twinServes(twin, recreated));   // a claim recreated under the name is another
        json going = twin;
        going["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z";
        QVERIFY(!twinServes(going, claim("liqo")));
        QVERIFY(!twin["metadata"].contains("annotations"));   // the scheduler's selected node is the consumer's
        COMPARE_JSON(twin["spec"]["storageClassName"], json("standard"));
        COMPARE_JSON(twin["spec"]["resources"]["requests"]["storage"], json("1Gi"));
        COMPARE_JSON(twin["spec"]["accessModes"], json::array({"ReadWriteOnce"}));
        // No class: the provider's default.
        QVERIFY(!twinClaim(claim("liqo"), QStringLiteral("x"), QStringLiteral("y"), {}, json::object())["spec"].contains("storageClassName"));
    }

    void aRemoteVolumeIsPinnedToItsVirtualNode()
    {
        const json pv = remoteVirtualVolume(claim("liqo", "liqo-milan"), QStringLiteral("liqo-milan"), QStringLiteral("milan"), QStringLiteral("apps-rome"));
        COMPARE_JSON(pv["metadata"]["name"], json("pvc-1234-abcd"));
        COMPARE_JSON(pv["metadata"]["labels"]["storage.spillway.dev/location"], json("milan"));
        COMPARE_JSON(pv["metadata"]["labels"]["storage.spillway.dev/claim-namespace"], json("apps"));
        COMPARE_JSON(pv["metadata"]["annotations"]["storage.spillway.dev/twin"], json("apps-rome/data-db-0"));
        COMPARE_JSON(pv["metadata"]["annotations"]["pv.kubernetes.io/provisioned-by"], json("liqo.io/storage"));
        COMPARE_JSON(pv["spec"]["claimRef"]["uid"], json("1234-abcd"));
        COMPARE_JSON(pv["spec"]["capacity"]["storage"], json("1Gi"));
        COMPARE_JSON(pv["spec"]["storageClassName"], json("liqo"));
        COMPARE_JSON(pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"][0]["matchExpressions"][0],
                 json::parse(R"({"key":"kubernetes.io/hostname","operator":"In","values":["liqo-milan"]})"));
    }

    void aLocalVolumeCopiesTheRealOneAndShunsVirtualNodes()
    {
        const json realPv = json::parse(R"({"metadata":{"name":"pv-disk-1"},"spec":{"capacity":{"storage":"5Gi"},"hostPath":{"path":"/data/1"},
            "accessModes":["ReadWriteOnce"],"storageClassName":"standard","persistentVolumeReclaimPolicy":"Retain",
            "claimRef":{"namespace":"liqo-storage","name":"1234-abcd"},
            "nodeAffinity":{"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"kubernetes.io/hostname","operator":"In","values":["node-1"]}]}]}}}})");
        const json pv = localVirtualVolume(claim("liqo", "node-1"), realPv, QStringLiteral("liqo-storage/1234-abcd"));
        COMPARE_JSON(pv["spec"]["hostPath"]["path"], json("/data/1"));
        COMPARE_JSON(pv["spec"]["capacity"]["storage"], json("5Gi"));
        COMPARE_JSON(pv["spec"]["claimRef"]["name"], json("data-db-0"));
        COMPARE_JSON(pv["spec"]["storageClassName"], json("liqo"));
        COMPARE_JSON(pv["spec"]["persistentVolumeReclaimPolicy"], json("Delete"));
        COMPARE_JSON(pv["metadata"]["labels"]["storage.spillway.dev/location"], json("local"));
        const json expressions = pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"][0]["matchExpressions"];
        QCOMPARE(expressions.size(), size_t(2));
        COMPARE_JSON(expressions[1], json::parse(R"({"key":"liqo.io/type","operator":"NotIn","values":["virtual-node"]})"));
        // A real PV without affinity: still never a virtual node.
        json anywhere = realPv;
        anywhere["spec"].erase("nodeAffinity");
        const json terms = localVirtualVolume(claim("liqo"), anywhere, QStringLiteral("x/y"))["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"];
        QCOMPARE(terms.size(), size_t(1));
        QCOMPARE(terms[0]["matchExpressions"].size(), size_t(1));
    }

    void onlyReleasedDeletePolicyVolumesOfOursAreReclaimed()
    {
        json pv = remoteVirtualVolume(claim("liqo", "n"), QStringLiteral("n"), QStringLiteral("milan"), QStringLiteral("apps-rome"));
        QVERIFY(!releasedForDeletion(pv));
        pv["status"]["phase"] = "Released";
        QVERIFY(releasedForDeletion(pv));
        json retained = pv;
        retained["spec"]["persistentVolumeReclaimPolicy"] = "Retain";
        QVERIFY(!releasedForDeletion(retained));
        json foreign = pv;
        foreign["metadata"]["annotations"]["pv.kubernetes.io/provisioned-by"] = "ebs.csi.aws.com";
        QVERIFY(!releasedForDeletion(foreign));
    }

    void theProvidersNewestWarningIsTold()
    {
        // As the PV controller writes them: eventTime null, lastTimestamp set; and one written
        // through events.k8s.io with only eventTime.
        const std::string gold = "storageclass.storage.k8s.io \"gold\" not found";
        json events = {{"items", json::array()}};
        events["items"].push_back({{"type", "Warning"}, {"reason", "ProvisioningFailed"}, {"message", gold}, {"eventTime", nullptr},
                                   {"lastTimestamp", "2026-12-01T07:00:05Z"}});
        events["items"].push_back({{"type", "Warning"}, {"reason", "Old"}, {"message", "before"}, {"eventTime", nullptr}, {"lastTimestamp", "2026-12-01T06:00:00Z"}});
        events["items"].push_back({{"type", "Normal"}, {"reason", "ExternalProvisioning"}, {"message", "waiting"}, {"lastTimestamp", "2026-12-01T08:00:00Z"}});
        events["items"].push_back({{"type", "Warning"}, {"reason", nullptr}, {"message", nullptr}, {"lastTimestamp", nullptr}, {"eventTime", nullptr}});
        QCOMPARE(newestWarning(events), QStringLiteral("ProvisioningFailed: storageclass.storage.k8s.io \"gold\" not found"));
        const json viaEventsApi = json::parse(R"({"items": [{"type": "Warning", "reason": "R", "note": "x", "eventTime": "2026-12-01T07:00:00.000000Z", "lastTimestamp": null}]})");
        QCOMPARE(newestWarning(viaEventsApi), QStringLiteral("R: "));
        QCOMPARE(newestWarning(json::parse(R"({"items": []})")), QString());
        QCOMPARE(newestWarning(json("garbage")), QString());
    }

    void theRemoteClaimIsMirrored()
    {
        const json remote = json::parse(R"({"status":{"phase":"Bound","capacity":{"storage":"2Gi"},"accessModes":["ReadWriteOnce","ReadOnlyMany"]}})");
        COMPARE_JSON(mirroredStatus(remote), json::parse(R"({"storage.spillway.dev/remote-phase":"Bound","storage.spillway.dev/remote-capacity":"2Gi",
            "storage.spillway.dev/remote-access-modes":"ReadWriteOnce,ReadOnlyMany"})"));
        COMPARE_JSON(mirroredStatus(json::object())["storage.spillway.dev/remote-phase"], json("Pending"));
        COMPARE_JSON(mirroredStatus(json::object())["storage.spillway.dev/remote-capacity"], json(nullptr));   // removed by the merge patch
        COMPARE_JSON(mirroredStatus(std::nullopt)["storage.spillway.dev/remote-phase"], json("Lost"));
    }
};

QTEST_GUILESS_MAIN(TestVirtualVolumes)
#include "tst_virtual_volumes.moc"
