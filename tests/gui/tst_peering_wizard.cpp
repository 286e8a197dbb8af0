// The console's wizards end to end on two clusters of the test's own (they change them for good):
// peering with a provider without Spillway fails in the authentication stage with the cause and
// Retry; the clusters page's install wizard installs the provider; Retry then peers them to a Ready
// virtual node, stage by stage; the graph's unpeer removes it; the provider's invitation pasted
// into the wizard peers them again out of band; the page's uninstall takes Spillway off the
// provider at the end. The map draws each peering as it comes and goes, and the history file
// keeps it.
#include "../integration/Testbed.h"
#include "MainWindow.h"
#include "ClusterListView.h"
#include "InstallWizard.h"
#include "PeeringWizard.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "console/ClusterListModel.h"
#include "console/InstallService.h"
#include "console/PeeringService.h"
#include "console/PeeringTimelineModel.h"
#include "PeerGraphView.h"
#include "console/PeerGraphModel.h"
#include "history/SqliteUsageArchive.h"

#include <QApplication>
#include <QDateTime>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QTableView>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>

using nlohmann::json;
using spillway::console::ClusterListModel;
using spillway::console::PeeringService;
using spillway::console::PeeringTimelineModel;
using Stage = spillway::peering::PeerWorkflow::Stage;
using State = PeeringTimelineModel::State;

class TestPeeringWizard : public QObject
{
    Q_OBJECT
    const QString suffix = QString::number(QCoreApplication::applicationPid());
    const QString consumerName = QStringLiteral("wz-c-") + suffix, providerName = QStringLiteral("wz-p-") + suffix;
    const QString consumerId = QStringLiteral("wzrome"), providerId = QStringLiteral("wzmilan");
    QTemporaryDir state;
    std::unique_ptr<spillway::kube::KubeClient> consumer;

    QString install(const QString &cluster, const QString &id)
    {
        QProcess ctl;
        ctl.setProcessChannelMode(QProcess::MergedChannels);
        ctl.start(qEnvironmentVariable("SPILLWAY_BIN") + QStringLiteral("/spillctl"),
                  {QStringLiteral("install"), QStringLiteral("kind"), QStringLiteral("--kubeconfig"), testbed::kubeconfigPath(cluster),
                   QStringLiteral("--cluster-id"), id, QStringLiteral("--state-dir"), state.path() + QLatin1Char('/') + id});
        if (!ctl.waitForFinished(180000))
            return QStringLiteral("spillctl install did not finish within 180 s");
        return ctl.exitCode() == 0 ? QString() : QString::fromLocal8Bit(ctl.readAll());
    }

    std::optional<QString> virtualNodeReady()
    {
        auto node = consumer->get(spillway::kube::resources::nodes(), {}, QStringLiteral("liqo-") + providerId);
        if (!node)
            return std::nullopt;
        for (const auto &c : (*node)["status"].value("conditions", json::array()))
            if (c.value("type", "") == "Ready")
                return QString::fromStdString(c.value("status", ""));
        return QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(state.isValid());
        for (const QString &name : {consumerName, providerName})
            QVERIFY2(testbed::testbedCommand({QStringLiteral("up"), name, QStringLiteral("--nodes"), QStringLiteral("1")}), qPrintable(name));
        consumer = std::make_unique<spillway::kube::KubeClient>(testbed::restConfig(consumerName));
        const QString installed = install(consumerName, consumerId);
        QVERIFY2(installed.isEmpty(), qPrintable(installed));
    }

    void cleanupTestCase()
    {
        QProcess::execute(QStringLiteral("pkill"), {QStringLiteral("-f"), QStringLiteral("supervise --dir ") + state.path() + QLatin1Char('/')});
        testbed::testbedCommand({QStringLiteral("down"), consumerName, providerName});
    }

    void failsNamingTheStageThenRetryPeers()
    {
        ClusterListModel clusters;
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(consumerName)), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(providerName)), 1);
        QTRY_COMPARE_WITH_TIMEOUT(clusters.pending(), 0, 30000);
        auto archive = spillway::history::SqliteUsageArchive::open(state.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(archive, qPrintable(archive ? QString() : archive.error().toString()));
        spillway::views::MainWindow window(&clusters, archive->get());
        QVERIFY(window.showPage(QStringLiteral("graph")));
        window.show();
        const QString firstName = clusters.data(clusters.index(0, ClusterListModel::Name)).toString();
        const QString secondName = clusters.data(clusters.index(1, ClusterListModel::Name)).toString();

        // --view peering-wizard's way in: the first two rows, at the options, whose subtitle names
        // the pair; back, the pair swapped, and on again: the subtitle follows.
        using spillway::views::PeeringWizard;
        auto *viaView = qobject_cast<PeeringWizard *>(window.openWizard(QStringLiteral("peering-wizard")));
        QVERIFY(viaView);
        QCOMPARE(viaView->currentId(), int(PeeringWizard::OptionsPage));
        QVERIFY2(viaView->currentPage()->subTitle().startsWith(QStringLiteral("%1 consumes from %2.").arg(firstName, secondName)),
                 qPrintable(viaView->currentPage()->subTitle()));
        viaView->back();
        viaView->choose(1, 0);
        viaView->next();
        QCOMPARE(viaView->currentId(), int(PeeringWizard::OptionsPage));
        QVERIFY2(viaView->currentPage()->subTitle().startsWith(QStringLiteral("%1 consumes from %2.").arg(secondName, firstName)),
                 qPrintable(viaView->currentPage()->subTitle()));
        viaView->close();

        spillway::views::PeeringWizard *wizard = window.openPeeringWizard(0, 1);
        QCOMPARE(wizard->request().consumer, clusters.row(0).entry);
        QCOMPARE(wizard->request().provider, clusters.row(1).entry);

        wizard->next();
        QCOMPARE(wizard->currentId(), int(spillway::views::PeeringWizard::OptionsPage));
        wizard->findChild<QCheckBox *>(QStringLiteral("networking"))->setChecked(false);   // the tunnel has tests of its own
        wizard->findChild<QSpinBox *>(QStringLiteral("timeout"))->setValue(90);
        wizard->next();
        QCOMPARE(wizard->currentId(), int(spillway::views::PeeringWizard::ProgressPage));
        QVERIFY(wizard->service()->running());

        // The provider has no Spillway yet: authentication fails, saying so and how to fix it.
        QTRY_VERIFY_WITH_TIMEOUT(!wizard->service()->running(), 60000);
        PeeringTimelineModel *timeline = wizard->timeline();
        QCOMPARE(timeline->state(Stage::Network), State::Skipped);
        QCOMPARE(timeline->state(Stage::Authentication), State::Failed);
        QCOMPARE(timeline->state(Stage::Resources), State::Pending);
        QVERIFY(!wizard->succeeded());
        QVERIFY2(wizard->outcomeText().contains(QStringLiteral("Failed during \"Authentication")), qPrintable(wizard->outcomeText()));
        QVERIFY2(wizard->outcomeText().contains(QStringLiteral("install")), qPrintable(wizard->outcomeText()));
        QVERIFY(wizard->retryButton()->isVisibleTo(wizard));
        QVERIFY(!wizard->button(QWizard::FinishButton)->isEnabled());

        // The clusters page offers the provider the install (the first-use wizard), not the uninstall.
        spillway::views::ClusterListView *page = window.clusterList();
        page->table()->selectRow(1);
        QCOMPARE(clusters.row(1).state, ClusterListModel::State::NotInstalled);
        QVERIFY(page->findChild<QPushButton *>(QStringLiteral("install"))->isEnabled());
        QVERIFY(!page->findChild<QPushButton *>(QStringLiteral("uninstall"))->isEnabled());
        spillway::views::InstallWizard *installer = page->openInstallWizard(1);
        QVERIFY(installer);
        auto *id = installer->findChild<QLineEdit *>(QStringLiteral("clusterId"));
        id->setText(QStringLiteral("Not_Valid"));
        QVERIFY2(installer->problemsText().contains(QStringLiteral("--cluster-id \"Not_Valid\" is not valid")), qPrintable(installer->problemsText()));
        installer->next();
        QCOMPARE(installer->currentId(), int(spillway::views::InstallWizard::OptionsPage));   // refused until fixed
        id->setText(providerId);
        installer->findChild<QLineEdit *>(QStringLiteral("clusterLabels"))->setText(QStringLiteral("topology.kubernetes.io/region=eu-west"));
        installer->findChild<QLineEdit *>(QStringLiteral("stateDir"))->setText(state.path() + QLatin1Char('/') + providerId);
        installer->findChild<QLineEdit *>(QStringLiteral("binDir"))->setText(qEnvironmentVariable("SPILLWAY_BIN"));
        QVERIFY2(installer->problemsText().isEmpty(), qPrintable(installer->problemsText()));
        QSignalSpy installDone(installer, &spillway::views::InstallWizard::installFinished);
        installer->next();
        QCOMPARE(installer->currentId(), int(spillway::views::InstallWizard::ProgressPage));
        QVERIFY(installDone.wait(180000));
        QVERIFY2(installer->succeeded(), qPrintable(installer->outcomeText() + QLatin1Char('\n') + installer->steps().join(QLatin1Char('\n'))));
        QCOMPARE(installDone.first().at(1).toString(), providerId);
        QVERIFY2(installer->steps().size() >= 3, qPrintable(installer->steps().join(QLatin1Char('\n'))));
        // Runtime "auto" (the default): only KWOK nodes, so the agents run on this machine, and it says why.
        QVERIFY2(installer->steps().join(QLatin1Char('\n')).contains(QStringLiteral("local runtime: no node can run the agents' pods")),
                 qPrintable(installer->steps().join(QLatin1Char('\n'))));
        for (const QString &step : installer->steps())
            QVERIFY2(step.startsWith(QStringLiteral("✓ ")), qPrintable(step));
        QVERIFY2(installer->outcomeText().contains(QStringLiteral("installed: cluster ID ") + providerId), qPrintable(installer->outcomeText()));
        installer->close();
        // The row is asked again and shows the install.
        QTRY_VERIFY_WITH_TIMEOUT(clusters.row(1).state == ClusterListModel::State::Ready && clusters.row(1).facts.clusterId == providerId, 30000);
        QVERIFY(page->findChild<QPushButton *>(QStringLiteral("uninstall"))->isEnabled());

        wizard->retryButton()->click();
        QVERIFY(wizard->service()->running());
        QTRY_VERIFY_WITH_TIMEOUT(!wizard->service()->running(), 120000);
        QVERIFY2(wizard->succeeded(), qPrintable(wizard->outcomeText() + QLatin1Char('\n') + wizard->logText()));
        QCOMPARE(timeline->state(Stage::Network), State::Skipped);
        for (Stage s : {Stage::Authentication, Stage::Resources, Stage::VirtualNode})
            QCOMPARE(timeline->state(s), State::Done);
        QVERIFY(timeline->finished());
        QVERIFY2(wizard->outcomeText().contains(QStringLiteral("through virtual node liqo-") + providerId), qPrintable(wizard->outcomeText()));
        QVERIFY2(wizard->logText().contains(QStringLiteral("authenticated: the consumer holds a certificate issued by the provider")), qPrintable(wizard->logText()));
        QVERIFY2(wizard->logText().contains(QStringLiteral("resources granted: cpu=")), qPrintable(wizard->logText()));
        QVERIFY(wizard->button(QWizard::FinishButton)->isEnabled());
        // What the wizard reported is what the consumer's API says.
        QCOMPARE(virtualNodeReady().value_or(QStringLiteral("missing")), QStringLiteral("True"));
        auto fc = consumer->get(spillway::apis::core::v1beta1::foreignClusterResource(), {}, providerId);
        QVERIFY2(fc, qPrintable(fc ? QString() : fc.error().toString()));
        QCOMPARE(QString::fromStdString((*fc)["status"].value("role", "")), QStringLiteral("Provider"));
        wizard->close();

        // The map draws the new peering — one arrow, consumer to provider, through its Ready
        // virtual node — and the history file keeps its first state (no tunnel: networking was off).
        auto edge = [&window, this] { return window.peerGraphModel()->graph().edge(consumerId, providerId); };
        QTRY_VERIFY_WITH_TIMEOUT(edge() && edge()->virtualNode == QStringLiteral("liqo-") + providerId && edge()->virtualNodeReady, 60000);
        QCOMPARE(window.peerGraph()->edgeItems(), 1);
        // Healthy, without a tunnel (the ForeignCluster's modules settle after the virtual node).
        QTRY_VERIFY2_WITH_TIMEOUT(edge()->health == spillway::console::PeerGraph::Health::NoNetwork,
                                  qPrintable(QStringLiteral("%1 %2").arg(int(edge()->health)).arg(edge()->healthText)), 60000);
        (*archive)->flush();
        const auto changes = (*archive)->latestChanges();
        QVERIFY2(std::any_of(changes.begin(), changes.end(), [this](const spillway::console::HealthChange &c) {
                     return c.consumer == consumerId && c.provider == providerId && c.health == spillway::console::PeerGraph::Health::NoNetwork;
                 }), qPrintable(QString::number(changes.size())));
        QVERIFY(!(*archive)->samples(0, QDateTime::currentMSecsSinceEpoch() + 1000, 100).empty());

        // The graph's unpeer (its confirmation answered) takes the virtual node away.
        QSignalSpy unpeered(window.unpeering(), &PeeringService::unpeered);
        window.unpeer(0, 1, false);
        QVERIFY(unpeered.wait(120000));
        const auto error = unpeered.first().at(0).value<std::optional<spillway::Error>>();
        QVERIFY2(!error, qPrintable(error ? error->toString() : QString()));
        QVERIFY(!unpeered.first().at(1).toStringList().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!virtualNodeReady(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!edge(), 60000);   // and the map lets it go
        QCOMPARE(window.peerGraph()->edgeItems(), 0);
        window.hide();   // shown, the window would open the invitation in a modal dialog

        // Out of band: the provider's invitation, pasted into the consumer's wizard, peers them again
        // with only the consumer's kubeconfig (no network stage).
        QSignalSpy invited(window.unpeering(), &PeeringService::invitationReady);
        window.generateInvitation(1);
        QVERIFY(invited.wait(30000));
        const auto inviteError = invited.first().at(0).value<std::optional<spillway::Error>>();
        QVERIFY2(!inviteError, qPrintable(inviteError ? inviteError->toString() : QString()));
        const QString command = invited.first().at(1).toString();
        QVERIFY2(command.startsWith(QStringLiteral("spillctl peer out-of-band")) && command.contains(QStringLiteral("--cluster-id ") + providerId), qPrintable(command));
        spillway::views::PeeringWizard *oob = window.openPeeringWizard(0, -1);
        oob->pasteInvitation(QStringLiteral("spillctl peer out-of-band --auth-url nonsense"));
        oob->next();
        QCOMPARE(oob->currentId(), int(spillway::views::PeeringWizard::ClustersPage));   // a broken invitation is refused, naming it
        QVERIFY2(oob->problemsText().contains(QStringLiteral("Invitation")), qPrintable(oob->problemsText()));
        oob->pasteInvitation(command);
        QVERIFY(!oob->findChild<QComboBox *>(QStringLiteral("provider"))->isEnabled());
        QVERIFY(oob->request().outOfBand());
        oob->next();
        oob->next();
        QCOMPARE(oob->currentId(), int(spillway::views::PeeringWizard::ProgressPage));
        QTRY_VERIFY_WITH_TIMEOUT(!oob->service()->running(), 120000);
        QVERIFY2(oob->succeeded(), qPrintable(oob->outcomeText() + QLatin1Char('\n') + oob->logText()));
        QCOMPARE(oob->timeline()->state(Stage::Network), State::Skipped);
        QCOMPARE(oob->timeline()->state(Stage::VirtualNode), State::Done);
        QCOMPARE(virtualNodeReady().value_or(QStringLiteral("missing")), QStringLiteral("True"));
        oob->close();
        QSignalSpy unpeeredAgain(window.unpeering(), &PeeringService::unpeered);
        window.unpeer(0, 1, false);
        QVERIFY(unpeeredAgain.wait(120000));
        QVERIFY(!unpeeredAgain.first().at(0).value<std::optional<spillway::Error>>());
        QTRY_VERIFY_WITH_TIMEOUT(!virtualNodeReady(), 30000);

        // With the peering gone, the provider's uninstall (its confirmation answered) goes through.
        QSignalSpy uninstalled(page->installer(), &spillway::console::InstallService::uninstalled);
        page->uninstall(1, false);
        QVERIFY(uninstalled.wait(180000));
        const auto uninstallError = uninstalled.first().at(0).value<std::optional<spillway::Error>>();
        QVERIFY2(!uninstallError, qPrintable(uninstallError ? uninstallError->toString() : QString()));
        QVERIFY(uninstalled.first().at(1).toStringList().join(QLatin1Char(' ')).contains(QStringLiteral("namespace liqo")));
        QTRY_COMPARE_WITH_TIMEOUT(clusters.row(1).state, ClusterListModel::State::NotInstalled, 30000);
    }
};

QTEST_MAIN(TestPeeringWizard)
#include "tst_peering_wizard.moc"
