// Informers, watches and leader election against the testbed's real apiserver and etcd:
// dropped connections, 410 Gone forced by etcd compaction, an apiserver restart.
#include "Testbed.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/LeaderElector.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <set>

using namespace spillway::kube;
using nlohmann::json;

namespace {

json object(const char *kind, const QString &name, const QString &ns)
{
    json o = {{"apiVersion", "v1"}, {"kind", kind}, {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}}}};
    if (std::string(kind) == "ConfigMap")
        o["data"] = {{"k", "v"}};
    else
        o["template"] = {{"spec", {{"containers", json::array({{{"name", "c"}, {"image", "registry.invalid/c:1"}}})}}}};
    return o;
}

// The server's view, as (key, resourceVersion) pairs.
std::set<std::pair<QString, QString>> serverState(KubeClient &c, const ResourceRef &r, const QString &ns)
{
    std::set<std::pair<QString, QString>> out;
    auto l = c.listAll(r, ns);
    if (!l)
        qFatal("list failed: %s", qPrintable(l.error().toString()));
    for (const auto &item : (*l)["items"])
        out.emplace(Store::keyOf(item), Store::resourceVersionOf(item));
    return out;
}

std::set<std::pair<QString, QString>> cacheState(const Informer &inf)
{
    std::set<std::pair<QString, QString>> out;
    for (const auto &obj : inf.store().list())
        out.emplace(Store::keyOf(obj), Store::resourceVersionOf(obj));
    return out;
}

// POSTs to etcd's JSON gateway (the testbed's etcd listens on loopback without TLS).
json etcdCall(const QString &path, const json &body)
{
    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(testbed::clusterEnv(QStringLiteral("ci-consumer"), QStringLiteral("ETCD_URL")) + path));
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    QNetworkReply *reply = nam.post(req, QByteArray::fromStdString(body.dump()));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
    return json::parse(reply->readAll().toStdString(), nullptr, false);
}

void compactEtcd()
{
    const json head = etcdCall(QStringLiteral("/v3/kv/range"), {{"key", "AA=="}});
    const std::string rev = head["header"].value("revision", "");
    QVERIFY(!rev.empty());
    etcdCall(QStringLiteral("/v3/kv/compaction"), {{"revision", rev}, {"physical", true}});
}

} // namespace

class TestKubeInformer : public QObject
{
    Q_OBJECT
    QString ns;
    std::unique_ptr<KubeClient> admin;

private slots:
    void initTestCase()
    {
        admin = std::make_unique<KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        ns = QStringLiteral("kube-informer-%1").arg(QCoreApplication::applicationPid());
        QVERIFY(testbed::createNamespace(*admin, ns).ok());
    }
    void cleanupTestCase()
    {
        if (admin)
            admin->remove(resources::namespaces(), {}, ns);
    }

    void syncsAndFollowsChanges()
    {
        for (int i = 0; i < 30; ++i)
            QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("pre-%1").arg(i), ns)).ok());
        Informer::Options o;
        o.ns = ns;
        o.pageSize = 7;   // several pages
        Informer inf(admin.get(), resources::configMaps(), o);
        std::vector<Informer::State> states;
        connect(&inf, &Informer::stateChanged, this, [&](Informer::State s) { states.push_back(s); });
        int adds = 0, updates = 0, deletes = 0;
        inf.addHandlers({[&](const json &) { ++adds; }, [&](const json &, const json &) { ++updates; },
                         [&](const json &, bool) { ++deletes; }});
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        QCOMPARE(cacheState(inf), serverState(*admin, resources::configMaps(), ns));
        QCOMPARE(adds, int(inf.store().size()));
        QVERIFY(inf.counters().lists == 1);
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::Watching, 10000);
        QCOMPARE(states.front(), Informer::State::Listing);

        auto cm = admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("live"), ns));
        QVERIFY(cm.ok());
        QTRY_VERIFY_WITH_TIMEOUT(inf.store().get(ns + QStringLiteral("/live")).has_value(), 10000);
        QVERIFY(admin->patch(resources::configMaps(), ns, QStringLiteral("live"), PatchType::Merge, R"({"data":{"k":"changed"}})").ok());
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString((*inf.store().get(ns + QStringLiteral("/live")))["data"].value("k", "")),
                                  QStringLiteral("changed"), 10000);
        QVERIFY(admin->remove(resources::configMaps(), ns, QStringLiteral("pre-0")).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!inf.store().get(ns + QStringLiteral("/pre-0")).has_value(), 10000);
        QCOMPARE(updates, 1);
        QCOMPARE(deletes, 1);
        QCOMPARE(cacheState(inf), serverState(*admin, resources::configMaps(), ns));

        // Indexers and a late handler (which first sees what is cached).
        int lateAdds = 0;
        inf.addHandlers({[&](const json &) { ++lateAdds; }, {}, {}});
        QCOMPARE(lateAdds, int(inf.store().size()));
    }

    // A transform keeps what its reader needs: listed and watched objects alike are stored as it
    // leaves them, and updates still arrive (the resourceVersion is kept).
    void transformSlimsWhatIsStored()
    {
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("slim-listed"), ns)).ok());
        Informer::Options o;
        o.ns = ns;
        o.fieldSelector = QStringLiteral("metadata.name!=kube-root-ca.crt");
        o.transform = [](json &cm) {
            cm = {{"metadata", {{"name", cm["metadata"]["name"]}, {"namespace", cm["metadata"]["namespace"]},
                                {"resourceVersion", cm["metadata"]["resourceVersion"]}}},
                  {"data", {{"size", cm.value("data", json::object()).size()}}}};
        };
        Informer inf(admin.get(), resources::configMaps(), o);
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        const json listed = *inf.store().get(ns + QStringLiteral("/slim-listed"));
        QVERIFY(!listed.contains("kind") && !listed["metadata"].contains("uid") && !listed["metadata"].contains("managedFields"));
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("slim-watched"), ns)).ok());
        QTRY_VERIFY_WITH_TIMEOUT(inf.store().get(ns + QStringLiteral("/slim-watched")).has_value(), 10000);
        QVERIFY(!inf.store().get(ns + QStringLiteral("/slim-watched"))->at("metadata").contains("uid"));
        QVERIFY(admin->patch(resources::configMaps(), ns, QStringLiteral("slim-watched"), PatchType::Merge, R"({"data":{"a":"1","b":"2"}})").ok());
        const int keys = int((*admin->get(resources::configMaps(), ns, QStringLiteral("slim-watched")))["data"].size());
        QVERIFY(keys >= 2);
        QTRY_COMPARE_WITH_TIMEOUT((*inf.store().get(ns + QStringLiteral("/slim-watched")))["data"].value("size", 0), keys, 10000);
    }

    // managedFields are not cached unless asked for (no reader here uses them); a deletion is
    // handed over as the transform leaves it, like everything else the informer delivers.
    void managedFieldsDroppedAndDeletionsTransformed()
    {
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("mf-listed"), ns)).ok());
        QVERIFY((*admin->get(resources::configMaps(), ns, QStringLiteral("mf-listed")))["metadata"].contains("managedFields"));
        Informer::Options o;
        o.ns = ns;
        bool transformSawManagedFields = false;
        o.transform = [&](json &cm) {
            transformSawManagedFields |= cm["metadata"].contains("managedFields");
            cm["metadata"]["labels"]["slimmed"] = "yes";
        };
        Informer slim(admin.get(), resources::configMaps(), o);
        json deleted;
        slim.addHandlers({{}, {}, [&](const json &obj, bool) { deleted = obj; }});
        Informer::Options keep;
        keep.ns = ns;
        keep.keepManagedFields = true;
        Informer full(admin.get(), resources::configMaps(), keep);
        slim.start();
        full.start();
        QVERIFY(slim.waitForSync(20000) && full.waitForSync(20000));
        QVERIFY(!slim.store().get(ns + QStringLiteral("/mf-listed"))->at("metadata").contains("managedFields"));
        QVERIFY(full.store().get(ns + QStringLiteral("/mf-listed"))->at("metadata").contains("managedFields"));
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("mf-watched"), ns)).ok());
        QTRY_VERIFY_WITH_TIMEOUT(slim.store().get(ns + QStringLiteral("/mf-watched")).has_value(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(full.store().get(ns + QStringLiteral("/mf-watched")).has_value(), 10000);
        QVERIFY(!slim.store().get(ns + QStringLiteral("/mf-watched"))->at("metadata").contains("managedFields"));
        QVERIFY(full.store().get(ns + QStringLiteral("/mf-watched"))->at("metadata").contains("managedFields"));
        QVERIFY(!transformSawManagedFields);
        QVERIFY(admin->remove(resources::configMaps(), ns, QStringLiteral("mf-watched")).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!deleted.is_null(), 10000);
        QCOMPARE(deleted["metadata"]["labels"].value("slimmed", ""), std::string("yes"));
        QVERIFY(!deleted["metadata"].contains("managedFields"));
    }

    void selectorsIndexersAndResync()
    {
        const QString sns = ns + QStringLiteral("-sel");
        QVERIFY(testbed::createNamespace(*admin, sns).ok());
        for (int i = 0; i < 6; ++i) {
            json cm = object("ConfigMap", QStringLiteral("s-%1").arg(i), sns);
            cm["metadata"]["labels"] = {{"tier", i % 2 ? "odd" : "even"}, {"group", i < 3 ? "low" : "high"}};
            QVERIFY(admin->create(resources::configMaps(), sns, cm).ok());
        }
        Informer::Options o;
        o.ns = sns;
        o.labelSelector = QStringLiteral("tier=even");
        o.fieldSelector = QStringLiteral("metadata.name!=s-4");
        o.resyncMs = 100;
        Informer inf(admin.get(), resources::configMaps(), o);
        inf.store().addIndexer(QStringLiteral("group"), [](const json &obj) {
            return QStringList{QString::fromStdString(obj["metadata"]["labels"].value("group", ""))};
        });
        int resyncs = 0;
        inf.addHandlers({{}, [&](const json &a, const json &b) { if (a == b) ++resyncs; }, {}});
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        QCOMPARE(inf.store().keys().size(), 2);   // s-0 and s-2 (s-4 excluded by the field selector)
        QCOMPARE(inf.store().byIndex(QStringLiteral("group"), QStringLiteral("low")).size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(resyncs >= 4, 10000);  // periodic resync replays cached objects
        // An object leaving the label selector is a deletion for this informer.
        QVERIFY(admin->patch(resources::configMaps(), sns, QStringLiteral("s-0"), PatchType::Merge,
                             R"({"metadata":{"labels":{"tier":"odd"}}})").ok());
        QTRY_COMPARE_WITH_TIMEOUT(inf.store().keys().size(), 1, 10000);
        admin->remove(resources::namespaces(), {}, sns);
    }

    void resumesAfterDroppedConnection()
    {
        testbed::TcpRelay relay(testbed::apiserverPort(QStringLiteral("ci-consumer")));
        KubeClient viaRelayClient(testbed::restConfigVia(relay, QStringLiteral("ci-consumer")));
        Informer::Options o;
        o.ns = ns;
        o.backoffBaseMs = 100;
        o.backoffCapMs = 200;
        Informer inf(&viaRelayClient, resources::configMaps(), o);
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::Watching, 10000);
        relay.cut();
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::BackingOff, 10000);
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("while-away"), ns)).ok());
        relay.heal();
        QTRY_VERIFY_WITH_TIMEOUT(inf.store().get(ns + QStringLiteral("/while-away")).has_value(), 15000);
        QCOMPARE(inf.counters().relists, quint64(0));   // resumed from its resourceVersion
        QVERIFY(inf.counters().rewatches >= 1);
        QCOMPARE(cacheState(inf), serverState(*admin, resources::configMaps(), ns));
    }

    void goneAfterEtcdCompactionRelists()
    {
        // The testbed keeps no watch cache for podtemplates, so a resumed watch reaches etcd.
        for (int i = 0; i < 5; ++i)
            QVERIFY(admin->create(resources::podTemplates(), ns, object("PodTemplate", QStringLiteral("pt-%1").arg(i), ns)).ok());
        testbed::TcpRelay relay(testbed::apiserverPort(QStringLiteral("ci-consumer")));
        KubeClient viaRelayClient(testbed::restConfigVia(relay, QStringLiteral("ci-consumer")));
        Informer::Options o;
        o.ns = ns;
        o.backoffBaseMs = 100;
        o.backoffCapMs = 200;
        Informer inf(&viaRelayClient, resources::podTemplates(), o);
        std::vector<std::pair<QString, bool>> deleted;
        inf.addHandlers({{}, {}, [&](const json &obj, bool unknown) { deleted.emplace_back(Store::keyOf(obj), unknown); }});
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        QCOMPARE(int(inf.store().size()), 5);
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::Watching, 10000);

        relay.cut();
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::BackingOff, 10000);
        QVERIFY(admin->remove(resources::podTemplates(), ns, QStringLiteral("pt-0")).ok());
        QVERIFY(admin->create(resources::podTemplates(), ns, object("PodTemplate", QStringLiteral("pt-new"), ns)).ok());
        QVERIFY(admin->patch(resources::podTemplates(), ns, QStringLiteral("pt-1"), PatchType::Merge,
                             R"({"metadata":{"labels":{"changed":"yes"}}})").ok());
        compactEtcd();
        relay.heal();

        QTRY_VERIFY_WITH_TIMEOUT(inf.counters().relists >= 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(cacheState(inf), serverState(*admin, resources::podTemplates(), ns), 10000);
        QVERIFY(inf.lastError().has_value());
        QCOMPARE(inf.lastError()->httpStatus, 410);
        QCOMPARE(deleted.size(), size_t(1));
        QCOMPARE(deleted[0].first, ns + QStringLiteral("/pt-0"));
        QVERIFY(deleted[0].second);   // final state unknown: deleted while we were not watching
        QCOMPARE((*inf.store().get(ns + QStringLiteral("/pt-1")))["metadata"]["labels"].value("changed", ""), std::string("yes"));
        // And it keeps watching after the relist.
        QVERIFY(admin->create(resources::podTemplates(), ns, object("PodTemplate", QStringLiteral("pt-after"), ns)).ok());
        QTRY_VERIFY_WITH_TIMEOUT(inf.store().get(ns + QStringLiteral("/pt-after")).has_value(), 10000);
    }

    void watchResumesAcrossApiserverRestart()
    {
        Informer::Options o;
        o.ns = ns;
        o.backoffBaseMs = 200;
        o.backoffCapMs = 1000;
        Informer inf(admin.get(), resources::configMaps(), o);
        inf.start();
        QVERIFY(inf.waitForSync(20000));
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::Watching, 10000);
        QVERIFY(testbed::testbedCommand({QStringLiteral("stop"), QStringLiteral("ci-consumer"), QStringLiteral("kube-apiserver")}));
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::BackingOff, 15000);
        QVERIFY(testbed::testbedCommand({QStringLiteral("start"), QStringLiteral("ci-consumer"), QStringLiteral("kube-apiserver")}));
        QTRY_COMPARE_WITH_TIMEOUT(inf.state(), Informer::State::Watching, 30000);
        QVERIFY(admin->create(resources::configMaps(), ns, object("ConfigMap", QStringLiteral("after-restart"), ns)).ok());
        QTRY_VERIFY_WITH_TIMEOUT(inf.store().get(ns + QStringLiteral("/after-restart")).has_value(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(cacheState(inf), serverState(*admin, resources::configMaps(), ns), 10000);
    }

    void leaderElectionHandsOver()
    {
        LeaderElector::Options base;
        base.ns = ns;
        base.name = QStringLiteral("spillway-test-lock");
        base.leaseDurationMs = 3000;
        base.renewDeadlineMs = 2000;
        base.retryPeriodMs = 300;
        LeaderElector::Options oa = base, ob = base;
        oa.identity = QStringLiteral("replica-a");
        ob.identity = QStringLiteral("replica-b");
        LeaderElector a(admin.get(), oa), b(admin.get(), ob);
        bool both = false;
        auto check = [&] { both |= a.isLeader() && b.isLeader(); };
        connect(&a, &LeaderElector::startedLeading, this, check);
        connect(&b, &LeaderElector::startedLeading, this, check);
        a.start();
        QTRY_VERIFY_WITH_TIMEOUT(a.isLeader(), 10000);
        b.start();
        QTRY_COMPARE_WITH_TIMEOUT(b.currentHolder(), QStringLiteral("replica-a"), 10000);
        QVERIFY(!b.isLeader());
        auto lease = admin->get(resources::leases(), ns, base.name);
        QVERIFY(lease.ok());
        QCOMPARE((*lease)["spec"].value("holderIdentity", ""), std::string("replica-a"));
        a.stop();   // releases the lease
        QTRY_VERIFY_WITH_TIMEOUT(b.isLeader(), 10000);
        QVERIFY(!a.isLeader());
        QVERIFY(!both);
        lease = admin->get(resources::leases(), ns, base.name);
        QCOMPARE((*lease)["spec"].value("holderIdentity", ""), std::string("replica-b"));
        QCOMPARE((*lease)["spec"].value("leaseTransitions", 0), 1);
        b.stop();
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestKubeInformer)
#include "tst_kube_informer.moc"
