// installer/crds against the testbed: every CRD applies server-side and becomes Established,
// Liqo's documented NamespaceOffloading applies, and schema violations are refused with the
// apiserver's message. (The installer and webhook of the API issue build on this.)
#include "Testbed.h"
#include "common/Yaml.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "kube/KubeClient.h"

#include <QDir>

using namespace spillway::kube;
using nlohmann::json;

namespace {

} // namespace

class TestLiqoCrds : public QObject
{
    Q_OBJECT
    std::unique_ptr<KubeClient> admin;

private slots:
    void initTestCase()
    {
        admin = std::make_unique<KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
    }

    void everyCrdIsEstablished()
    {
        const QDir dir(testbed::sourceDir() + QStringLiteral("/installer/crds"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 18);   // Liqo v1.2's 16 kinds and the two WireGuard gateway template kinds
        QStringList names;
        for (const QString &f : files) {
            const json crd = testbed::repoYaml(dir.filePath(f));
            auto applied = admin->apply(resources::customResourceDefinitions(), {}, crd, QStringLiteral("spillway-installer"), true);
            QVERIFY2(applied.ok(), qPrintable(f + QStringLiteral(": ") + (applied ? QString() : applied.error().toString())));
            names << QString::fromStdString(crd["metadata"].value("name", ""));
        }
        for (const QString &name : names) {
            auto established = [&] {
                auto c = admin->get(resources::customResourceDefinitions(), {}, name);
                if (!c)
                    return false;
                for (const auto &cond : (*c)["status"].value("conditions", json::array()))
                    if (cond.value("type", "") == "Established" && cond.value("status", "") == "True")
                        return true;
                return false;
            };
            QTRY_VERIFY2_WITH_TIMEOUT(established(), qPrintable(name), 30000);
        }
        // Liqo's habits carry over: the kinds are served under their Liqo names and short names.
        admin->invalidateDiscovery();
        auto fc = admin->resolve(QStringLiteral("core.liqo.io/v1beta1"), QStringLiteral("ForeignCluster"));
        QVERIFY(fc.ok());
        QCOMPARE(fc->resource, QStringLiteral("foreignclusters"));
        QVERIFY(!fc->namespaced);
        auto pk = admin->resolve(QStringLiteral("networking.liqo.io/v1beta1"), QStringLiteral("PublicKey"));
        QVERIFY(pk.ok());
        QCOMPARE(pk->resource, QStringLiteral("publickeies"));
        // A second apply of the same manifests changes nothing.
        const json again = testbed::repoYaml(dir.filePath(files.first()));
        auto before = admin->get(resources::customResourceDefinitions(), {}, QString::fromStdString(again["metadata"].value("name", "")));
        auto after = admin->apply(resources::customResourceDefinitions(), {}, again, QStringLiteral("spillway-installer"), true);
        QVERIFY(after.ok());
        QCOMPARE((*after)["metadata"].value("resourceVersion", ""), (*before)["metadata"].value("resourceVersion", ""));
    }

    void documentedNamespaceOffloadingApplies()
    {
        json example = testbed::repoYaml(QStringLiteral("tests/integration/data/namespaceoffloading-example.yaml"));
        testbed::createNamespace(*admin, QStringLiteral("liqo-demo"));
        auto created = admin->apply(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), QStringLiteral("liqo-demo"), example, QStringLiteral("spillway-test"), true);
        QVERIFY2(created.ok(), qPrintable(created ? QString() : created.error().toString()));
        QCOMPARE((*created)["spec"].value("podOffloadingStrategy", ""), std::string("LocalAndRemote"));
        // Server-side printing columns, as `kubectl get namespaceoffloadings` shows them.
        KubeRequest table;
        table.path = spillway::apis::offloading::v1beta1::namespaceOffloadingResource().path(QStringLiteral("liqo-demo"));
        table.accept = "application/json;as=Table;v=v1;g=meta.k8s.io";
        auto t = admin->call(table);
        QVERIFY(t.ok());
        QStringList columns;
        const json tableJson = json::parse(t->body.toStdString());
        for (const auto &c : tableJson["columnDefinitions"])
            columns << QString::fromStdString(c.value("name", ""));
        QVERIFY2(columns.contains(QStringLiteral("NamespaceMappingStrategy")) && columns.contains(QStringLiteral("PodOffloadingStrategy"))
                     && columns.contains(QStringLiteral("OffloadingPhase")),
                 qPrintable(columns.join(QLatin1Char(',')) + QStringLiteral(" body: ") + QString::fromUtf8(t->body.left(300))));
    }

    void schemaViolationsAreRefused()
    {
        json bad = testbed::repoYaml(QStringLiteral("tests/integration/data/namespaceoffloading-example.yaml"));
        bad["metadata"]["namespace"] = "default";
        bad["spec"]["podOffloadingStrategy"] = "Sideways";
        auto r = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), QStringLiteral("default"), bad);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().httpStatus, 422);
        QVERIFY2(r.error().message.contains(QStringLiteral("Unsupported value: \"Sideways\"")), qPrintable(r.error().message));
        QVERIFY(r.error().message.contains(QStringLiteral("\"Local\", \"Remote\", \"LocalAndRemote\"")));
    }

    void cleanupTestCase()
    {
        if (admin)
            admin->remove(resources::namespaces(), {}, QStringLiteral("liqo-demo"));
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestLiqoCrds)
#include "tst_liqo_crds.moc"
