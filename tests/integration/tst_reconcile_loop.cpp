// ReconcileLoop against the testbed's apiserver: no key is reconciled before every watched kind
// has been listed (a reconciler that reads a second cache still empty decides on nothing).
#include "Testbed.h"
#include "kube/KubeClient.h"
#include "manager/ReconcileLoop.h"

#include <atomic>

using namespace spillway;
using nlohmann::json;

class TestReconcileLoop : public QObject
{
    Q_OBJECT
    QString ns, group;
    std::unique_ptr<kube::KubeClient> admin;

    kube::ResourceRef widgets() const
    {
        return {group, QStringLiteral("v1"), QStringLiteral("widgets"), QStringLiteral("Widget"), true};
    }

private slots:
    void initTestCase()
    {
        admin = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        const qint64 pid = QCoreApplication::applicationPid();
        ns = QStringLiteral("reconcile-loop-%1").arg(pid);
        group = QStringLiteral("loop%1.spillway.test").arg(pid);
        QVERIFY(testbed::createNamespace(*admin, ns).ok());
    }
    void cleanupTestCase()
    {
        if (!admin)
            return;
        admin->remove(kube::resources::namespaces(), {}, ns);
        admin->remove(kube::resources::customResourceDefinitions(), {}, QStringLiteral("widgets.") + group);
    }

    // The second kind is not served yet, so its informer cannot list: the key the first kind's
    // listing queued waits, and is reconciled only once the kind exists and has been listed.
    void workersWaitUntilEveryKindIsListed()
    {
        QVERIFY(admin->create(kube::resources::configMaps(), ns,
                              {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", {{"name", "a"}, {"namespace", ns.toStdString()}}}}).ok());
        std::atomic_int calls{0}, callsBeforeSync{0};
        kube::Informer *second = nullptr;
        manager::ReconcileLoop loop(QStringLiteral("test"), admin.get(), [&](const QString &) {
            ++calls;
            if (!second->hasSynced())
                ++callsBeforeSync;
            return Result<void>();
        }, 1);
        kube::Informer::Options inNs;
        inNs.ns = ns;
        kube::Informer &first = loop.watch(kube::resources::configMaps(), {}, inNs);
        kube::Informer::Options retrySoon = inNs;
        retrySoon.backoffBaseMs = 100;
        retrySoon.backoffCapMs = 300;
        second = &loop.watch(widgets(), [](const json &) { return QString(); }, retrySoon);
        loop.start();

        QVERIFY(first.waitForSync(20000));
        QTRY_VERIFY_WITH_TIMEOUT(second->counters().errors >= 2, 20000);   // it tried, and is retrying
        QVERIFY(first.store().size() >= 1);   // "a", and the namespace's kube-root-ca.crt if published yet
        QCOMPARE(loop.queue().length(), first.store().size());
        QCOMPARE(calls.load(), 0);

        const json crd = {{"apiVersion", "apiextensions.k8s.io/v1"}, {"kind", "CustomResourceDefinition"},
                          {"metadata", {{"name", ("widgets." + group).toStdString()}}},
                          {"spec", {{"group", group.toStdString()}, {"scope", "Namespaced"},
                                    {"names", {{"plural", "widgets"}, {"singular", "widget"}, {"kind", "Widget"}, {"listKind", "WidgetList"}}},
                                    {"versions", json::array({{{"name", "v1"}, {"served", true}, {"storage", true},
                                                               {"schema", {{"openAPIV3Schema", {{"type", "object"}}}}}}})}}}};
        QVERIFY(admin->create(kube::resources::customResourceDefinitions(), {}, crd).ok());
        QTRY_VERIFY_WITH_TIMEOUT(second->hasSynced(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(size_t(calls.load()), first.store().size(), 10000);
        QCOMPARE(callsBeforeSync.load(), 0);
        loop.stop();
    }
};

QTEST_GUILESS_MAIN(TestReconcileLoop)
#include "tst_reconcile_loop.moc"
