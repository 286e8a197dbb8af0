#include "MainWindow.h"

#include "ChartsView.h"
#include "ClusterListView.h"
#include "DashboardView.h"
#include "PodsView.h"
#include "InstallWizard.h"
#include "OffloadingEditor.h"
#include "PeerGraphView.h"
#include "PeeringWizard.h"
#include "console/AlertSetting.h"
#include "console/AlertSink.h"
#include "console/AlertWatch.h"
#include "console/ClusterListModel.h"
#include "console/Dashboard.h"
#include "console/FederationHistory.h"
#include "console/OffloadedPods.h"
#include "console/LanguageSetting.h"
#include "NextStepBar.h"
#include "ThemeApplier.h"
#include "console/NextStep.h"
#include "console/PeeringService.h"
#include "console/UsageCharts.h"
#include "console/PeerGraphModel.h"
#include "common/Version.h"

#include <QActionGroup>
#include <QApplication>
#include <QDateTime>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QSettings>
#include <QMessageBox>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>

namespace spillway::views {

MainWindow::MainWindow(console::ClusterListModel *clusters, console::UsageArchive *archive, QWidget *parent)
    : QMainWindow(parent), m_clusters(clusters), m_tabs(new QTabWidget(this)), m_clusterList(new ClusterListView(clusters, this)),
      m_offloadingEditor(new OffloadingEditor(clusters, this)), m_peerGraphModel(new console::PeerGraphModel(clusters, 100, this)),
      m_peerGraph(new PeerGraphView(m_peerGraphModel, this)),
      m_history((new console::FederationHistory([] { return QDateTime::currentMSecsSinceEpoch(); }, archive, this))->follow(m_peerGraphModel)),
      m_chartsModel(new console::UsageChartsModel(m_peerGraphModel, m_history, this)),
      m_charts(new ChartsView(m_chartsModel, this)), m_dashboardModel(new console::DashboardModel(m_peerGraphModel, m_history, this)),
      m_dashboard(new DashboardView(m_dashboardModel, this)), m_podsModel(new console::OffloadedPodsModel(m_peerGraphModel, this)),
      m_pods(new PodsView(m_podsModel, m_peerGraphModel, this)), m_unpeering(new console::PeeringService(this)),
      m_alerts(new console::AlertWatch([] { return QDateTime::currentMSecsSinceEpoch(); }, {}, this)), m_nextStep(new NextStepBar(this))
{
    m_alerts->setMuted(console::AlertSetting::read(QSettings()).mutedClusters);
    m_alerts->follow(m_peerGraphModel);
    connect(m_alerts, &console::AlertWatch::alertRaised, this, &MainWindow::tellAlert);
    connect(m_alerts, &console::AlertWatch::alertCleared, this, [this](const QString &key) {
        if (m_alertSink)
            m_alertSink->withdraw(key);
        showTray();
    });
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        auto *menu = new QMenu(this);
        menu->addAction(tr("Show Spillway"), this, [this] { openAlert(QString()); });
        menu->addAction(tr("Quit"), qApp, &QApplication::quit);
        m_tray->setContextMenu(menu);
        connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason why) {
            if (why == QSystemTrayIcon::Trigger)
                openAlert(QString());
        });
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] { openAlert(m_trayAlert); });
        showTray();
        m_tray->show();
    }
    setWindowTitle(tr("Spillway"));
    m_tabs->addTab(m_clusterList, tr("Clusters"));
    m_tabs->addTab(m_peerGraph, tr("Peers"));
    m_tabs->addTab(m_offloadingEditor, tr("Offloading"));
    m_tabs->addTab(m_charts, tr("Charts"));
    m_tabs->addTab(m_dashboard, tr("Dashboard"));
    m_tabs->addTab(m_pods, tr("Pods"));
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->addWidget(m_nextStep);
    centralLayout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    // The next step to a first peering, as the clusters answer and peerings appear.
    connect(m_nextStep, &NextStepBar::taken, this, &MainWindow::takeNextStep);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(clusters, signal, this, &MainWindow::updateNextStep);
    connect(clusters, &QAbstractItemModel::dataChanged, this, &MainWindow::updateNextStep);
    connect(m_peerGraphModel, &console::PeerGraphModel::graphChanged, this, &MainWindow::updateNextStep);
    updateNextStep();
    QMenu *peering = menuBar()->addMenu(tr("&Peering"));
    peering->addAction(tr("&Peer clusters…"), this, [this] { openPeeringWizard(); });
    connect(m_peerGraph, &PeerGraphView::peerRequested, this, [this](const QString &consumer, const QString &provider) {
        openPeeringWizard(rowOfCluster(consumer), rowOfCluster(provider));
    });
    connect(m_peerGraph, &PeerGraphView::unpeerRequested, this, [this](const QString &consumer, const QString &provider) {
        const int c = rowOfCluster(consumer), p = rowOfCluster(provider);
        if (c < 0 || p < 0) {
            QMessageBox::information(this, tr("Unpeer"), tr("Unpeering needs both clusters' kubeconfigs in the workspace; add the missing one on the Clusters page "
                                                            "(or run spillctl unpeer out-of-band on the consumer)."));
            return;
        }
        unpeer(c, p);
    });
    buildSettingsMenu();
    connect(m_peerGraph, &PeerGraphView::invitationRequested, this, [this](const QString &provider) { generateInvitation(rowOfCluster(provider)); });
    connect(m_peerGraph, &PeerGraphView::pasteInvitationRequested, this, [this](const QString &consumer) {
        openPeeringWizard(rowOfCluster(consumer), -1)->pasteInvitation(QString());
    });
    connect(m_unpeering, &console::PeeringService::invitationReady, this, [this](const std::optional<Error> &error, const QString &command) {
        if (error) {
            QMessageBox::warning(this, tr("Invitation"), error->toString());
            return;
        }
        statusBar()->showMessage(tr("Invitation ready: it works once, for an hour."));
        if (!isVisible())
            return;
        QDialog dialog(this);
        dialog.setWindowTitle(tr("Invitation"));
        auto *layout = new QVBoxLayout(&dialog);
        layout->addWidget(new QLabel(tr("Run this on the consumer, or paste it into the consumer's peering wizard. The token works once, for an hour:")));
        auto *line = new QLineEdit(command);
        line->setReadOnly(true);
        line->setMinimumWidth(640);
        layout->addWidget(line);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
        QPushButton *copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
        connect(copy, &QPushButton::clicked, &dialog, [command] { QGuiApplication::clipboard()->setText(command); });
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        layout->addWidget(buttons);
        dialog.exec();
    });
    connect(m_unpeering, &console::PeeringService::progress, this, [this](const QString &line) { statusBar()->showMessage(line); });
    connect(m_unpeering, &console::PeeringService::unpeered, this, [this](const std::optional<Error> &error, const QStringList &removed) {
        if (error)
            QMessageBox::warning(this, tr("Unpeer failed"), error->toString());
        else
            statusBar()->showMessage(tr("Unpeered: removed %n object(s).", nullptr, int(removed.size())));
    });
    statusBar()->showMessage(tr("Spillway %1").arg(Version::current().toString()));
    resize(1100, 760);
}

void MainWindow::buildSettingsMenu()
{
    QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    QMenu *alerts = settingsMenu->addMenu(tr("&Alerts"));
    alerts->setObjectName(QStringLiteral("alerts-menu"));
    connect(alerts, &QMenu::aboutToShow, this, [this, alerts] { fillAlertsMenu(alerts); });
    fillAlertsMenu(alerts);
    QMenu *language = settingsMenu->addMenu(tr("&Language"));
    auto *group = new QActionGroup(language);
    const QString current = console::LanguageSetting::read(QSettings());
    const QStringList choices = QStringList{QLatin1String(console::LanguageSetting::kSystem)} + console::LanguageSetting::available();
    for (const QString &choice : choices) {
        QAction *a = language->addAction(choice == QLatin1String(console::LanguageSetting::kSystem) ? tr("System default")
                                                                                                 : console::LanguageSetting::nativeName(choice));
        a->setCheckable(true);
        a->setChecked(choice == current);
        a->setData(choice);
        a->setObjectName(QStringLiteral("language-") + choice);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, choice] { chooseLanguage(choice); });
    }
    QMenu *theme = settingsMenu->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(theme);
    using Theme = console::ThemeSetting::Theme;
    const Theme chosen = console::ThemeSetting::read(QSettings());
    for (const auto &[value, text] : {std::pair{Theme::System, tr("Follow the desktop")}, std::pair{Theme::Light, tr("Light")}, std::pair{Theme::Dark, tr("Dark")}}) {
        QAction *a = theme->addAction(text);
        a->setCheckable(true);
        a->setChecked(value == chosen);
        a->setObjectName(QStringLiteral("theme-") + console::ThemeSetting::nameOf(value));
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [this, value = value] { chooseTheme(value); });
    }
}

void MainWindow::updateNextStep()
{
    m_nextStep->setStep(console::NextStep::of(*m_clusters, m_peerGraphModel->graph()));
}

void MainWindow::takeNextStep(const console::NextStep &step)
{
    using Kind = console::NextStep::Kind;
    switch (step.kind) {
    case Kind::AddKubeconfig:
        showPage(QStringLiteral("clusters"));
        m_clusterList->addFromDialog();
        break;
    case Kind::Install:
        showPage(QStringLiteral("clusters"));
        m_clusterList->openInstallWizard(step.row);
        break;
    case Kind::Peer:
        openPeeringWizard();
        break;
    case Kind::FixClusters:
    case Kind::None:
        break;
    }
}

void MainWindow::chooseTheme(console::ThemeSetting::Theme theme)
{
    QSettings settings;
    console::ThemeSetting::write(settings, theme);
    if (m_theme)
        m_theme->setChoice(theme);
}

void MainWindow::chooseLanguage(const QString &language)
{
    QSettings settings;
    console::LanguageSetting::write(settings, language);
    for (QAction *a : findChildren<QAction *>())
        if (a->objectName().startsWith(QLatin1String("language-")))
            a->setChecked(a->data().toString() == console::LanguageSetting::read(settings));
    statusBar()->showMessage(tr("The console shows the new language when it starts again."));
}

int MainWindow::rowOfCluster(const QString &clusterId) const
{
    for (int i = 0; i < m_clusters->rowCount(); ++i)
        if (!clusterId.isEmpty() && m_clusters->row(i).facts.clusterId == clusterId)
            return i;
    return -1;
}

PeeringWizard *MainWindow::openPeeringWizard(int consumerRow, int providerRow)
{
    auto *wizard = new PeeringWizard(m_clusters, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    if (consumerRow >= 0 && providerRow >= 0)
        wizard->choose(consumerRow, providerRow);
    wizard->show();
    return wizard;
}

void MainWindow::generateInvitation(int providerRow)
{
    if (providerRow < 0 || providerRow >= m_clusters->rowCount())
        return;
    statusBar()->showMessage(tr("Asking %1 for an invitation…").arg(m_clusters->data(m_clusters->index(providerRow, console::ClusterListModel::Name)).toString()));
    m_unpeering->generateInvitation(m_clusters->row(providerRow).entry);
}

void MainWindow::unpeer(int consumerRow, int providerRow, bool confirm)
{
    const QString consumer = m_clusters->data(m_clusters->index(consumerRow, console::ClusterListModel::Name)).toString();
    const QString provider = m_clusters->data(m_clusters->index(providerRow, console::ClusterListModel::Name)).toString();
    if (confirm
        && QMessageBox::question(this, tr("Unpeer"),
                                 tr("Stop %1 consuming from %2? Its virtual node goes, and pods offloaded there are evicted.").arg(consumer, provider))
               != QMessageBox::Yes)
        return;
    statusBar()->showMessage(tr("Unpeering %1 from %2…").arg(consumer, provider));
    m_unpeering->unpeer(m_clusters->row(consumerRow).entry, m_clusters->row(providerRow).entry);
}

QString MainWindow::placeholderText() const
{
    return m_clusterList->hintText();
}

QStringList MainWindow::pageNames()
{
    return {QStringLiteral("clusters"), QStringLiteral("graph"), QStringLiteral("editor"), QStringLiteral("charts"), QStringLiteral("dashboard"),
            QStringLiteral("pods")};
}

QStringList MainWindow::wizardNames()
{
    return {QStringLiteral("peering-wizard"), QStringLiteral("install-wizard")};
}

QWidget *MainWindow::openWizard(const QString &name)
{
    const int rows = m_clusters->rowCount();
    if (name == QLatin1String("peering-wizard") && rows >= 2) {
        PeeringWizard *wizard = openPeeringWizard(0, 1);
        wizard->next();   // past the pair chosen above, to the options (it stays if the pair is refused)
        return wizard;
    }
    if (name == QLatin1String("install-wizard") && rows >= 1) {
        int row = 0;
        for (int i = 0; i < rows; ++i)
            if (m_clusters->row(i).state == console::ClusterListModel::State::NotInstalled) {
                row = i;
                break;
            }
        showPage(QStringLiteral("clusters"));
        return m_clusterList->openInstallWizard(row);
    }
    return nullptr;
}

QString MainWindow::wizardUnavailable(const QString &name)
{
    if (name == QLatin1String("peering-wizard"))
        return tr("The peering wizard needs two clusters, a consumer and a provider; pass --kubeconfig for each.");
    return tr("There is no cluster to open the install wizard for; pass --kubeconfig.");
}

bool MainWindow::showPage(const QString &name)
{
    const int at = int(pageNames().indexOf(name));
    if (at < 0)
        return false;
    m_tabs->setCurrentIndex(at);
    return true;
}

QString MainWindow::currentPage() const
{
    return pageNames().value(m_tabs->currentIndex());
}

} // namespace spillway::views
