// The provider's ShadowPod admission: grants as limits per consumer, cordons, origin, and the
// usage it counts (ShadowPodUsage).
#include "offloading/ShadowPodUsage.h"
#include "offloading/ShadowPodValidator.h"

#include <QTest>

using namespace spillway;
using nlohmann::json;
using offloading::ShadowPodValidator;

namespace {

json container(json requests) { return {{"name", "c"}, {"resources", {{"requests", std::move(requests)}}}}; }

json shadowPod(const char *name, json requests, const char *origin = "rome", const char *ns = "apps-rome")
{
    json meta = {{"name", name}, {"namespace", ns}, {"labels", json::object()}};
    if (origin)
        meta["labels"]["offloading.liqo.io/origin"] = origin;
    return {{"metadata", meta}, {"spec", {{"pod", {{"containers", json::array({container(std::move(requests))})}}}}}};
}

webhook::AdmissionRequest create(const json &sp, bool dryRun = false)
{
    webhook::AdmissionRequest r;
    r.operation = QStringLiteral("CREATE");
    r.ns = QString::fromStdString(sp["metadata"].value("namespace", ""));
    r.name = QString::fromStdString(sp["metadata"].value("name", ""));
    r.object = sp;
    r.dryRun = dryRun;
    return r;
}

resources::ResourceList list(const json &j) { return resources::parseResourceList(j); }

// A provider as the webhook's caches show it; tests change it between admissions.
struct Provider {
    QMap<QString, QString> namespaces{{QStringLiteral("apps-rome"), QStringLiteral("rome")}, {QStringLiteral("apps-paris"), QStringLiteral("paris")},
                                      {QStringLiteral("default"), QString()}};
    QSet<QString> cordonedTenants;
    QMap<QString, QList<ShadowPodValidator::Grant>> grants{
        {QStringLiteral("rome"), {{QStringLiteral("liqo-tenant-rome/rome"), list({{"cpu", "2"}, {"memory", "4Gi"}, {"pods", "3"}}), false}}}};
    qint64 nowMs = 1000;
    std::unique_ptr<offloading::ShadowPodUsage> shadowPods;   // what the informer has shown

    ShadowPodValidator validator(qint64 ttlMs = 60000)
    {
        shadowPods = std::make_unique<offloading::ShadowPodUsage>([this] { return nowMs; }, ttlMs);
        ShadowPodValidator::Lookups l;
        l.namespaceCluster = [this](const QString &ns) -> std::optional<QString> {
            return namespaces.contains(ns) ? std::optional<QString>(namespaces.value(ns)) : std::nullopt;
        };
        l.tenantCondition = [this](const QString &c) { return cordonedTenants.contains(c) ? QStringLiteral("Cordoned") : QStringLiteral("Active"); };
        l.grants = [this](const QString &c) { return grants.value(c); };
        l.usage = shadowPods.get();
        return ShadowPodValidator(l);
    }
};

} // namespace

class TestShadowPodValidator : public QObject
{
    Q_OBJECT
private slots:
    void originMustMatchTheNamespace()
    {
        Provider p;
        auto v = p.validator();
        auto r = v(create(shadowPod("a", {{"cpu", "1"}}, nullptr)));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("offloading.liqo.io/origin")), qPrintable(r.message));
        r = v(create(shadowPod("a", {{"cpu", "1"}}, "rome", "apps-paris")));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("belongs to cluster paris")), qPrintable(r.message));
        r = v(create(shadowPod("a", {{"cpu", "1"}}, "rome", "default")));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("belongs to no peer")), qPrintable(r.message));
        r = v(create(shadowPod("a", {{"cpu", "1"}}, "rome", "not-yet")));
        QVERIFY(!r.allowed);
        QCOMPARE(r.code, 503);   // a cache that has not seen it: the caller retries
        QVERIFY(v(create(shadowPod("a", {{"cpu", "1"}}))).allowed);
    }

    void originCannotChange()
    {
        Provider p;
        auto v = p.validator();
        webhook::AdmissionRequest u = create(shadowPod("a", {{"cpu", "1"}}, "paris"));
        u.operation = QStringLiteral("UPDATE");
        u.oldObject = shadowPod("a", {{"cpu", "1"}});
        const auto r = v(u);
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("cannot change")), qPrintable(r.message));
        u.object = u.oldObject;
        QVERIFY(v(u).allowed);
        // Images, activeDeadlineSeconds and tolerations may change; requests may not.
        u.object["spec"]["pod"]["containers"][0]["image"] = "web:2";
        u.object["spec"]["pod"]["activeDeadlineSeconds"] = 30;
        u.object["spec"]["pod"]["tolerations"] = json::array({{{"operator", "Exists"}}});
        QVERIFY(v(u).allowed);
        u.object["spec"]["pod"]["containers"][0]["resources"]["requests"]["cpu"] = "64";
        const auto grown = v(u);
        QVERIFY(!grown.allowed);
        QVERIFY2(grown.message.contains(QLatin1String("may change only in its containers' images")), qPrintable(grown.message));
        u.object = u.oldObject;
        u.object["spec"]["pod"]["containers"].push_back(container({{"cpu", "1"}}));
        QVERIFY(!v(u).allowed);
        webhook::AdmissionRequest d;
        d.operation = QStringLiteral("DELETE");
        QVERIFY(v(d).allowed);
    }

    void malformedShadowPodsAreRefused()
    {
        Provider p;
        auto v = p.validator();
        auto r = v(create(shadowPod("neg", {{"cpu", "-1000"}})));
        QVERIFY(!r.allowed);
        QCOMPARE(r.code, 422);
        QVERIFY2(r.message.contains(QLatin1String("spec.pod.containers[c].resources.requests.cpu must be a quantity")), qPrintable(r.message));
        json limits = shadowPod("lim", json::object());
        limits["spec"]["pod"]["containers"][0]["resources"]["limits"] = {{"cpu", "lots"}};
        QVERIFY(!v(create(limits)).allowed);
        json podLevel = shadowPod("pl", json::object());
        podLevel["spec"]["pod"]["resources"] = {{"requests", {{"cpu", "-1"}}}};
        QVERIFY(!v(create(podLevel)).allowed);
    }

    void limitsAndSidecarsAreCharged()
    {
        Provider p;
        auto v = p.validator();
        // A limit without a request is the request (the apiserver defaults it so on the pod).
        json limited = shadowPod("lim", json::object());
        limited["spec"]["pod"]["containers"][0]["resources"]["limits"] = {{"cpu", "64"}};
        auto r = v(create(limited));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("this pod asks 64")), qPrintable(r.message));
        // Sidecars (init containers that keep running) add up; plain init containers do not.
        json sidecars = shadowPod("side", {{"cpu", "500m"}});
        json side = container({{"cpu", "1"}});
        side["restartPolicy"] = "Always";
        sidecars["spec"]["pod"]["initContainers"] = json::array({side, side});
        r = v(create(sidecars));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("this pod asks 2500m")), qPrintable(r.message));
        json init = shadowPod("init", {{"cpu", "500m"}});
        init["spec"]["pod"]["initContainers"] = json::array({container({{"cpu", "2"}}), container({{"cpu", "2"}})});
        QVERIFY(v(create(init)).allowed);
        // Pod-level resources stand for the whole pod's CPU, whatever its containers say.
        json podLevel = shadowPod("pl", json::object());
        podLevel["spec"]["pod"]["resources"] = {{"limits", {{"cpu", "8"}}}};
        r = v(create(podLevel));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("this pod asks 8")), qPrintable(r.message));
    }

    void cordonsRefuseNewPods()
    {
        Provider p;
        auto v = p.validator();
        p.cordonedTenants.insert(QStringLiteral("rome"));
        auto r = v(create(shadowPod("a", {{"cpu", "100m"}})));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("tenant of cluster rome is cordoned")), qPrintable(r.message));
        p.cordonedTenants.clear();
        p.grants[QStringLiteral("rome")][0].cordoned = true;
        r = v(create(shadowPod("a", {{"cpu", "100m"}})));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("every ResourceSlice of cluster rome is cordoned")), qPrintable(r.message));
        // With a second, uncordoned slice, only its grant is there for new pods.
        p.grants[QStringLiteral("rome")] << ShadowPodValidator::Grant{QStringLiteral("liqo-tenant-rome/more"), list({{"cpu", "500m"}}), false};
        QVERIFY(v(create(shadowPod("a", {{"cpu", "500m"}}))).allowed);
        QVERIFY(!v(create(shadowPod("b", {{"cpu", "100m"}}))).allowed);
        // Pods are counted per consumer, not per slice: what runs counts against the open grants
        // too, so a cordon never frees capacity for new pods.
        Provider q;
        q.grants[QStringLiteral("rome")][0].cordoned = true;   // 2 CPU, cordoned
        q.grants[QStringLiteral("rome")] << ShadowPodValidator::Grant{QStringLiteral("liqo-tenant-rome/more"), list({{"cpu", "3"}}), false};
        auto w = q.validator();
        q.shadowPods->upsert(shadowPod("old", {{"cpu", "2"}}));
        QVERIFY(w(create(shadowPod("new", {{"cpu", "1"}}))).allowed);
        QVERIFY(!w(create(shadowPod("newer", {{"cpu", "1m"}}))).allowed);
        // A ShadowPod that exists, asked for again (a retry), takes nothing new: allowed, cordoned or not.
        q.cordonedTenants.insert(QStringLiteral("rome"));
        QVERIFY(w(create(shadowPod("old", {{"cpu", "2"}}))).allowed);
        const auto bigger = w(create(shadowPod("old", {{"cpu", "3"}})));
        QVERIFY(!bigger.allowed);
        QVERIFY2(bigger.message.contains(QLatin1String("is cordoned")), qPrintable(bigger.message));
        q.cordonedTenants.clear();
        p.grants.remove(QStringLiteral("rome"));
        r = v(create(shadowPod("c", {{"cpu", "100m"}})));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("no granted ResourceSlice")), qPrintable(r.message));
    }

    void aBurstCannotPassOnTheSameCapacity()
    {
        Provider p;
        auto v = p.validator();
        // None of these is in the cache yet: the ledger holds what was admitted.
        QVERIFY(v(create(shadowPod("a", {{"cpu", "1"}}))).allowed);
        QVERIFY(v(create(shadowPod("b", {{"cpu", "1"}}))).allowed);
        const auto r = v(create(shadowPod("c", {{"cpu", "500m"}})));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("exceeded for cpu: granted 2, used 2 by 2 pod(s), this pod asks 500m (free 0)")), qPrintable(r.message));
        // Another consumer's pods are not charged to rome.
        p.grants[QStringLiteral("paris")] = {{QStringLiteral("liqo-tenant-paris/paris"), list({{"cpu", "1"}}), false}};
        QVERIFY(v(create(shadowPod("c", {{"cpu", "1"}}, "paris", "apps-paris"))).allowed);
    }

    void theCacheConfirmsWhatWasAdmitted()
    {
        Provider p;
        auto v = p.validator();
        json a = shadowPod("a", {{"cpu", "1500m"}});
        QVERIFY(v(create(a)).allowed);
        p.shadowPods->upsert(a);   // the watch shows it: counted once, not twice
        QVERIFY(v(create(shadowPod("b", {{"cpu", "500m"}}))).allowed);
        QVERIFY(!v(create(shadowPod("c", {{"cpu", "1m"}}))).allowed);
        // Asking again for one that exists is not charged again (it fails as AlreadyExists).
        QVERIFY(v(create(a)).allowed);
        // A terminating ShadowPod still counts: its pod may still run.
        a["metadata"]["deletionTimestamp"] = "2026-12-07T18:00:00Z";
        p.shadowPods->upsert(a);
        QVERIFY(!v(create(shadowPod("c", {{"cpu", "1m"}}))).allowed);
        // Gone, it frees its share; a pod that outlives it (an orphaning delete) does not.
        json orphan = shadowPod("a", json::object());
        orphan["spec"] = {{"containers", json::array({container({{"cpu", "1500m"}})})}};
        p.shadowPods->upsertPod(orphan);
        p.shadowPods->erase(a);
        QVERIFY(!v(create(shadowPod("c", {{"cpu", "1m"}}))).allowed);
        p.shadowPods->erasePod(orphan);
        QVERIFY(v(create(shadowPod("c", {{"cpu", "1"}}))).allowed);
        QVERIFY(!v(create(shadowPod("d", {{"cpu", "1"}}))).allowed);
        // A finished one holds nothing once its pod is not made again (restartPolicy Never);
        // one the reconciler restarts (restartPolicy Always) still holds its share.
        json done = shadowPod("c", {{"cpu", "1"}});
        done["status"] = {{"phase", "Succeeded"}};
        p.shadowPods->upsert(done);
        QVERIFY(!v(create(shadowPod("d", {{"cpu", "1"}}))).allowed);
        done["spec"]["pod"]["restartPolicy"] = "Never";
        p.shadowPods->upsert(done);
        QVERIFY(v(create(shadowPod("d", {{"cpu", "1"}}))).allowed);
        // One admitted, made and deleted before it was ever counted frees its share at once.
        p.shadowPods->erase(shadowPod("b", json::object()));
        QVERIFY(v(create(shadowPod("e", {{"cpu", "500m"}}))).allowed);
    }

    void aNameMadeAgainIsJudgedWithoutItsOldShare()
    {
        Provider p;
        auto v = p.validator();
        p.shadowPods->upsert(shadowPod("a", {{"cpu", "1"}}));
        QVERIFY(v(create(shadowPod("b", {{"cpu", "500m"}}))).allowed);
        // "a" deleted and made again bigger while the informer still shows the old one: judged
        // with the old share left out (500m used by b, 2 granted), not added to it.
        QVERIFY(v(create(shadowPod("a", {{"cpu", "1400m"}}))).allowed);
        QVERIFY(!v(create(shadowPod("a", {{"cpu", "1600m"}}))).allowed);
        // Its reservation outlives an event about the old object (another uid)...
        json created = shadowPod("a", {{"cpu", "1400m"}});
        created["metadata"]["uid"] = "new";
        webhook::AdmissionRequest r = create(created);
        Provider q;
        auto w = q.validator();
        json old = shadowPod("a", {{"cpu", "100m"}});
        old["metadata"]["uid"] = "old";
        q.shadowPods->upsert(old);
        QVERIFY(w(r).allowed);
        q.shadowPods->erase(old);
        QVERIFY(!w(create(shadowPod("z", {{"cpu", "700m"}}))).allowed);   // 1400m still reserved
        q.shadowPods->upsert(created);   // ...and ends when the new one shows
        QVERIFY(!w(create(shadowPod("z", {{"cpu", "700m"}}))).allowed);
        QVERIFY(w(create(shadowPod("z", {{"cpu", "600m"}}))).allowed);
    }

    void theUsageFollowsTheInformer()
    {
        offloading::ShadowPodUsage usage([] { return qint64(0); });
        json a = shadowPod("a", {{"cpu", "1"}, {"memory", "1Gi"}});
        a["spec"]["pod"]["nodeName"] = "n1";
        a["status"] = {{"phase", "Running"}, {"conditions", json::array()}};
        a["spec"]["pod"]["restartPolicy"] = "Never";
        a["spec"]["pod"]["resources"] = {{"requests", {{"cpu", "1"}}}};
        a["spec"]["pod"]["containers"][0]["resources"]["limits"] = {{"cpu", "2"}};
        offloading::ShadowPodUsage::slim(a);
        QVERIFY(!a["spec"]["pod"].contains("nodeName"));
        QVERIFY(!a["status"].contains("conditions"));
        // What the rules read stays: the restart policy, pod-level resources, limits.
        QCOMPARE(a["spec"]["pod"].value("restartPolicy", ""), std::string("Never"));
        QVERIFY(a["spec"]["pod"]["resources"]["requests"].contains("cpu"));
        QVERIFY(a["spec"]["pod"]["containers"][0]["resources"]["limits"].contains("cpu"));
        json p = shadowPod("p", {{"cpu", "1"}});
        p["spec"] = p["spec"]["pod"];
        p["spec"]["nodeName"] = "n1";
        p["spec"]["restartPolicy"] = "OnFailure";
        offloading::ShadowPodUsage::slimPod(p);
        QVERIFY(!p["spec"].contains("nodeName"));
        QCOMPARE(p["spec"].value("restartPolicy", ""), std::string("OnFailure"));
        usage.upsert(a);
        usage.upsert(a);   // an update: still one pod
        usage.upsert(shadowPod("b", {{"cpu", "2"}}, "paris", "apps-paris"));
        auto rome = usage.of(QStringLiteral("rome"));
        QCOMPARE(rome.pods, 1);
        QCOMPARE(rome.used.value(QStringLiteral("cpu")).milli, 1000);
        QCOMPARE(rome.used.value(QStringLiteral("memory")).milli, 1024LL * 1024 * 1024 * 1000);
        QCOMPARE(usage.of(QStringLiteral("paris")).pods, 1);
        usage.erase(a);
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 0);
        QVERIFY(usage.of(QStringLiteral("rome")).used.isEmpty());
        QVERIFY(!usage.counted(QStringLiteral("apps-rome/a")));
        QCOMPARE(usage.counted(QStringLiteral("apps-paris/b")).value().value(QStringLiteral("cpu")).milli, 2000);
    }

    void podsAndShadowPodsAreOneThing()
    {
        offloading::ShadowPodUsage usage([] { return qint64(0); });
        json sp = shadowPod("a", {{"cpu", "1"}});
        json pod = shadowPod("a", json::object());
        pod["spec"] = {{"containers", json::array({container({{"cpu", "1"}})})}};
        pod["status"] = {{"phase", "Pending"}};
        usage.upsertPod(pod);   // the pod seen before its ShadowPod
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 1);
        QVERIFY(!usage.counted(QStringLiteral("apps-rome/a")));   // no ShadowPod shown yet
        usage.upsert(sp);
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 1);      // counted once
        QCOMPARE(usage.of(QStringLiteral("rome")).used.value(QStringLiteral("cpu")).milli, 1000);
        // Evicted: the pod object stays Failed and the ShadowPod shows Failed: nothing is held.
        pod["status"]["phase"] = "Failed";
        sp["status"] = {{"phase", "Failed"}};
        usage.upsertPod(pod);
        usage.upsert(sp);
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 0);
        // The failed pod object deleted, the reconciler makes it again: held again.
        usage.erasePod(pod);
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 1);
        usage.erase(sp);
        QCOMPARE(usage.of(QStringLiteral("rome")).pods, 0);
        QVERIFY(usage.of(QStringLiteral("rome")).used.isEmpty());
    }

    void anUnconfirmedAdmissionExpires()
    {
        Provider p;
        auto v = p.validator(30000);
        QVERIFY(v(create(shadowPod("a", {{"cpu", "2"}}))).allowed);
        QVERIFY(!v(create(shadowPod("b", {{"cpu", "1"}}))).allowed);
        p.nowMs += 30001;   // the create of "a" failed after admission: its charge goes
        QVERIFY(v(create(shadowPod("b", {{"cpu", "1"}}))).allowed);
        // A dry run is judged but not charged.
        QVERIFY(v(create(shadowPod("c", {{"cpu", "1"}}), /*dryRun=*/true)).allowed);
        QVERIFY(v(create(shadowPod("c", {{"cpu", "1"}}))).allowed);
    }

    void podsAndUngrantedResources()
    {
        Provider p;
        auto v = p.validator();
        auto r = v(create(shadowPod("gpu", {{"nvidia.com/gpu", "1"}})));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("asks for nvidia.com/gpu, which cluster rome's grant on this provider does not include")), qPrintable(r.message));
        // The grant counts 3 pods; pods without requests still take one each.
        for (const char *name : {"a", "b", "c"})
            QVERIFY(v(create(shadowPod(name, json::object()))).allowed);
        r = v(create(shadowPod("d", json::object())));
        QVERIFY(!r.allowed);
        QVERIFY2(r.message.contains(QLatin1String("exceeded for pods")), qPrintable(r.message));
        // A grant without a pod count limits no pod count.
        Provider q;
        q.grants[QStringLiteral("rome")][0].resources.remove(QStringLiteral("pods"));
        auto w = q.validator();
        for (const char *name : {"a", "b", "c", "d", "e"})
            QVERIFY(w(create(shadowPod(name, json::object()))).allowed);
    }
};

QTEST_GUILESS_MAIN(TestShadowPodValidator)
#include "tst_shadowpod_validator.moc"
