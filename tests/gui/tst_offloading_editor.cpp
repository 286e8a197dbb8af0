// The NamespaceOffloading editor against the testbed's consumer, with the real offloading
// controllers running in this process: the peers come from VirtualNodes in the API, the form and
// the YAML pane drive one draft, the dry run changes nothing, the apply writes exactly the draft,
// and the per-peer conditions shown are the ones the controller wrote.
#include "../integration/Testbed.h"
#include "MainWindow.h"
#include "OffloadingEditor.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "common/Version.h"
#include "console/ClusterListModel.h"
#include "installer/Manifests.h"
#include "console/OffloadingEditorModel.h"
#include "console/OffloadingStatusModel.h"
#include "manager/OffloadingControllers.h"

#include <QApplication>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>

using nlohmann::json;
using spillway::console::ClusterListModel;
using spillway::console::SelectorRowsModel;
namespace off = spillway::apis::offloading::v1beta1;
namespace resources = spillway::kube::resources;

class TestOffloadingEditor : public QObject
{
    Q_OBJECT
    std::unique_ptr<spillway::kube::KubeClient> admin;
    const QString suffix = QString::number(QCoreApplication::applicationPid());
    const QString busyNs = QStringLiteral("editor-busy-") + suffix;
    // The controllers' own namespace with an install record, so the shared testbed's "liqo"
    // namespace stays as other tests expect it (Spillway not installed).
    const QString liqoNs = QStringLiteral("editor-liqo-") + suffix;
    const QString peerA = QStringLiteral("editor-milan-") + suffix, peerB = QStringLiteral("editor-ohio-") + suffix;

    json virtualNode(const QString &cluster, const char *region)
    {
        return {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "VirtualNode"},
                {"metadata", {{"name", cluster.toStdString()}}},
                {"spec", {{"clusterID", cluster.toStdString()}, {"labels", {{"topology.kubernetes.io/region", region}}}}}};
    }

    static bool notFound(const spillway::Result<json> &r) { return !r && r.error().isNotFound(); }

private slots:
    void initTestCase()
    {
        admin = std::make_unique<spillway::kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));

        for (const char *crd : {"offloading.liqo.io_namespaceoffloadings.yaml", "offloading.liqo.io_virtualnodes.yaml", "offloading.liqo.io_namespacemaps.yaml",
                                "offloading.liqo.io_shadowpods.yaml"})
            QVERIFY(testbed::applyCrd(*admin, QLatin1String(crd)));
        QVERIFY(testbed::createNamespace(*admin, liqoNs).ok());
        const json record = {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", {{"name", spillway::installer::names::kInstallRecord}}},
                             {"data", {{"version", spillway::Version::current().toString().toStdString()}, {"clusterID", "editor-consumer"}}}};
        QVERIFY(admin->create(resources::configMaps(), liqoNs, record).ok());
        // Until the new CRDs are served.
        spillway::Result<json> created = json();
        QTRY_VERIFY_WITH_TIMEOUT((created = admin->create(off::virtualNodeResource(), liqoNs, virtualNode(peerA, "eu-south"))).ok()
                                     || created.error().isAlreadyExists(), 20000);
        created = admin->create(off::virtualNodeResource(), liqoNs, virtualNode(peerB, "us-east"));
        QVERIFY2(created.ok() || created.error().isAlreadyExists(), qPrintable(created ? QString() : created.error().toString()));
        // Each peer's NamespaceMap, as peering makes it: the controller's list of peers.
        for (const QString &peer : {peerA, peerB}) {
            const json map = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceMap"},
                              {"metadata", {{"name", peer.toStdString()}, {"labels", {{"liqo.io/replication", "true"}, {"liqo.io/remote-cluster-id", peer.toStdString()}}}}},
                              {"spec", json::object()}};
            created = admin->create(off::namespaceMapResource(), liqoNs, map);
            QVERIFY2(created.ok(), qPrintable(created ? QString() : created.error().toString()));
        }
        QVERIFY(testbed::createNamespace(*admin, busyNs).ok());
        const json pod = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "already-here"}}},
                          {"spec", {{"containers", json::array({{{"name", "c"}, {"image", "nginx"}}})}}}};
        // Once its ServiceAccount exists.
        // (QTRY evaluates its expression again after it held: a create that succeeded is AlreadyExists then.)
        QTRY_VERIFY2_WITH_TIMEOUT((created = admin->create(resources::pods(), busyNs, pod)).ok() || created.error().isAlreadyExists(),
                                  qPrintable(created ? QString() : created.error().toString()), 20000);
    }

    void cleanupTestCase()
    {
        admin->remove(off::virtualNodeResource(), liqoNs, peerA);
        admin->remove(off::virtualNodeResource(), liqoNs, peerB);
        admin->remove(resources::namespaces(), {}, busyNs);
        admin->remove(resources::namespaces(), {}, liqoNs);
    }

    void formYamlDryRunApplyAndStatus()
    {
        spillway::manager::OffloadingControllers::Options options;
        options.liqoNamespace = liqoNs;
        spillway::manager::OffloadingControllers controllers(admin.get(), options);
        controllers.setErrorSink([](const QString &key, const spillway::Error &e, bool) { qInfo("controller: %s: %s", qPrintable(key), qPrintable(e.toString())); });
        controllers.start();

        ClusterListModel clusters;
        spillway::views::MainWindow window(&clusters);
        window.showPage(QStringLiteral("editor"));
        window.show();
        auto *editor = window.offloadingEditor();
        auto *model = editor->model();
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QTRY_COMPARE_WITH_TIMEOUT(clusters.pending(), 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(model->peers().size() >= 2 && editor->pending() == 0, 20000);
        QVERIFY(model->matchingPeers().contains(peerA) && model->matchingPeers().contains(peerB));   // no selector yet: every peer

        // A namespace with a pod: the editor says it stays where it is.
        editor->selectNamespace(busyNs);
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        QVERIFY2(editor->podsWarningText().contains(QStringLiteral("1 pod")), qPrintable(editor->podsWarningText() + editor->resultText()));
        QCOMPARE(model->draft().namespaceName, busyNs);

        // The form: SelectedName without a name is a problem and nothing can be sent.
        auto *mapping = window.findChild<QComboBox *>(QStringLiteral("mapping"));
        auto *remoteName = window.findChild<QLineEdit *>(QStringLiteral("remoteName"));
        auto *apply = window.findChild<QPushButton *>(QStringLiteral("apply"));
        auto *dryRun = window.findChild<QPushButton *>(QStringLiteral("dryRun"));
        auto *yaml = window.findChild<QPlainTextEdit *>(QStringLiteral("yaml"));
        QVERIFY(mapping && remoteName && apply && dryRun && yaml);
        QVERIFY(apply->isEnabled());
        mapping->setCurrentText(QStringLiteral("SelectedName"));
        QVERIFY2(editor->problemsText().contains(QStringLiteral("SelectedName needs")), qPrintable(editor->problemsText()));
        QVERIFY(!apply->isEnabled() && !dryRun->isEnabled());
        const QString remote = QStringLiteral("busy-remote-") + suffix;
        QTest::keyClicks(remoteName, remote);
        QVERIFY2(editor->problemsText().isEmpty(), qPrintable(editor->problemsText()));
        QVERIFY(yaml->toPlainText().contains(QStringLiteral("remoteNamespaceName: ") + remote));

        // The selector: keys from the peers' labels, the matching peers live.
        QVERIFY(model->labelKeys().contains(QStringLiteral("topology.kubernetes.io/region")));
        auto *rows = model->selectorRows();
        const int row = rows->addRow(0, QStringLiteral("topology.kubernetes.io/region"));
        QVERIFY(rows->setData(rows->index(row, SelectorRowsModel::Values), QStringLiteral("eu-south")));
        QVERIFY(model->matchingPeers().contains(peerA) && !model->matchingPeers().contains(peerB));
        QVERIFY(yaml->toPlainText().contains(QStringLiteral("- eu-south")));

        // The YAML pane: broken YAML is reported with its line and the form keeps its state; a
        // good edit comes back into the form.
        const QString good = yaml->toPlainText();
        yaml->setPlainText(good + QStringLiteral("spec: [\n"));
        QVERIFY2(editor->problemsText().contains(QStringLiteral("line")), qPrintable(editor->problemsText()));
        QVERIFY(!apply->isEnabled());
        QCOMPARE(mapping->currentText(), QStringLiteral("SelectedName"));
        yaml->setPlainText(QString(good).replace(QStringLiteral("podOffloadingStrategy: LocalAndRemote"), QStringLiteral("podOffloadingStrategy: Remote")));
        QVERIFY2(editor->problemsText().isEmpty(), qPrintable(editor->problemsText()));
        QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("podStrategy"))->currentText(), QStringLiteral("Remote"));
        QVERIFY(apply->isEnabled());

        // The dry run asks the real server and changes nothing.
        QTest::mouseClick(dryRun, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        QVERIFY2(editor->resultText().contains(QStringLiteral("accepts")), qPrintable(editor->resultText()));
        QVERIFY(notFound(admin->get(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading"))));

        // Apply writes exactly the draft.
        QTest::mouseClick(apply, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        QVERIFY2(editor->resultText().contains(QStringLiteral("Applied")), qPrintable(editor->resultText()));
        auto applied = admin->get(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading"));
        QVERIFY(applied.ok());
        QVERIFY2((*applied)["spec"] == model->draft().toObject()["spec"], (*applied)["spec"].dump().c_str());

        // The controller's status, as the API has it, is what the editor shows.
        json status;
        QTRY_VERIFY_WITH_TIMEOUT((status = (*admin->get(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading"))))
                                     .value("status", json::object()).value("remoteNamespacesConditions", json::object()).contains(peerB.toStdString()), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(editor->statusModel()->rowCount() >= 2 && editor->phaseText().contains(QStringLiteral("remote namespace ") + remote), 20000);
        status = (*admin->get(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading")))["status"];
        QTRY_VERIFY_WITH_TIMEOUT(editor->phaseText().contains(QString::fromStdString(status.value("offloadingPhase", "?"))), 20000);
        for (const auto &r : editor->statusModel()->rows()) {
            const json conditions = status["remoteNamespacesConditions"].value(r.cluster.toStdString(), json::array());
            for (const auto &c : conditions)
                if (c.value("type", "") == "OffloadingRequired")
                    QCOMPARE(r.selected, QString::fromStdString(c.value("status", "")));
        }
        auto rowOf = [&](const QString &cluster) {
            for (const auto &r : editor->statusModel()->rows())
                if (r.cluster == cluster)
                    return r;
            return spillway::console::OffloadingStatusModel::Row{};
        };
        QCOMPARE(rowOf(peerA).selected, QStringLiteral("True"));
        QCOMPARE(rowOf(peerB).selected, QStringLiteral("False"));
        QCOMPARE(rowOf(peerB).reason, QStringLiteral("ClusterNotSelected"));

        // Opening it again reads the applied object back into the form.
        editor->selectCluster(0);
        editor->selectNamespace(QStringLiteral("default"));
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        editor->selectNamespace(busyNs);
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        QCOMPARE(model->draft().remoteNamespaceName, remote);
        QCOMPARE(mapping->currentText(), QStringLiteral("SelectedName"));
        QVERIFY2(editor->resultText().contains(QStringLiteral("Loaded")), qPrintable(editor->resultText()));

        // A namespace that does not exist: the dry run checks its creation and creates nothing.
        const QString fresh = QStringLiteral("editor-new-") + suffix;
        editor->selectNamespace(fresh);
        QVERIFY2(editor->resultText().contains(QStringLiteral("new namespace")), qPrintable(editor->resultText()));
        QTest::mouseClick(dryRun, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(editor->pending(), 0, 20000);
        QVERIFY2(editor->resultText().contains(QStringLiteral("applying creates it")), qPrintable(editor->resultText()));
        QVERIFY(notFound(admin->get(resources::namespaces(), {}, fresh)));

        // Withdrawn while the controller still runs, so its finalizer is released.
        QVERIFY(admin->remove(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading")).ok());
        QTRY_VERIFY_WITH_TIMEOUT(notFound(admin->get(off::namespaceOffloadingResource(), busyNs, QStringLiteral("offloading"))), 30000);
        controllers.stop();
    }

    void screenshotRendersTheEditor()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("editor.png"));
        const QString failed = testbed::consoleScreenshot(png, {QStringLiteral("--view"), QStringLiteral("editor"), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-consumer")), QStringLiteral("--namespace"), busyNs});
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        const QImage image(png);
        QVERIFY(!image.isNull() && image.width() >= 800);
    }
};

SPILLWAY_TESTBED_MAIN(QApplication, TestOffloadingEditor)
#include "tst_offloading_editor.moc"
