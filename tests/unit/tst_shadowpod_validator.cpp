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
        l.tenantCordoned = [this](const QString &c) { return cordonedTenants.contains(c); };
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
        webhook::AdmissionRequest d;
        d.operation = QStringLiteral("DELETE");
        QVERIFY(v(d).allowed);
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
        // A terminating ShadowPod no longer counts, as Liqo releases it at DELETE.
        a["metadata"]["deletionTimestamp"] = "2026-12-07T18:00:00Z";
        p.shadowPods->upsert(a);
        QVERIFY(v(create(shadowPod("c", {{"cpu", "1"}}))).allowed);
        QVERIFY(!v(create(shadowPod("d", {{"cpu", "1"}}))).allowed);
        // Nor does a finished one (a Job's pod that Succeeded stays behind).
        json done = shadowPod("c", {{"cpu", "1"}});
        done["status"] = {{"phase", "Succeeded"}};
        p.shadowPods->upsert(done);
        QVERIFY(v(create(shadowPod("d", {{"cpu", "1"}}))).allowed);
        // One admitted, made and deleted before it was ever counted frees its share at once.
        p.shadowPods->erase(shadowPod("b", json::object()));
        QVERIFY(v(create(shadowPod("e", {{"cpu", "500m"}}))).allowed);
    }

    void theUsageFollowsTheInformer()
    {
        offloading::ShadowPodUsage usage([] { return qint64(0); });
        json a = shadowPod("a", {{"cpu", "1"}, {"memory", "1Gi"}});
        a["spec"]["pod"]["nodeName"] = "n1";
        a["status"] = {{"phase", "Running"}, {"conditions", json::array()}};
        offloading::ShadowPodUsage::slim(a);
        QVERIFY(!a["spec"]["pod"].contains("nodeName"));
        QVERIFY(!a["status"].contains("conditions"));
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
        QVERIFY(!usage.contains(QStringLiteral("apps-rome/a")));
        QVERIFY(usage.contains(QStringLiteral("apps-paris/b")));
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
