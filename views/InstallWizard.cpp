#include "InstallWizard.h"

#include "CompletablePage.h"
#include "console/InstallService.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace spillway::views {

using console::InstallService;

namespace {

// The running step is marked …, finished ones ✓, the failed one ✗.
void markLast(QListWidget *steps, const QString &mark)
{
    if (QListWidgetItem *last = steps->item(steps->count() - 1))
        last->setText(mark + last->text().mid(2));
}

} // namespace

InstallWizard::InstallWizard(console::ClusterEntry cluster, const QString &clusterName, QWidget *parent)
    : QWizard(parent), m_cluster(std::move(cluster)), m_clusterName(clusterName), m_service(new InstallService(this))
{
    setWindowTitle(tr("Install Spillway into %1").arg(clusterName));
    setOption(QWizard::NoBackButtonOnLastPage);
    setPage(OptionsPage, buildOptionsPage());
    setPage(ProgressPage, buildProgressPage());
    connect(m_service, &InstallService::step, this, [this](const QString &line) {
        markLast(m_steps, QStringLiteral("✓ "));
        m_steps->addItem(QStringLiteral("… ") + line);
        m_steps->scrollToBottom();
    });
    connect(m_service, &InstallService::installed, this, [this](const std::optional<Error> &error, const QString &clusterId, const QString &summary) {
        m_succeeded = !error;
        markLast(m_steps, error ? QStringLiteral("✗ ") : QStringLiteral("✓ "));
        if (error) {
            m_outcome->setText(error->kind == Error::Kind::Cancelled ? tr("Cancelled. Retry installs again; what was applied is re-applied.")
                                                                     : tr("The install failed: %1").arg(error->toString()));
            m_retry->setVisible(true);
        } else {
            m_outcome->setText(summary);
        }
        button(QWizard::CancelButton)->setEnabled(true);
        static_cast<CompletablePage *>(page(ProgressPage))->changed();
        emit installFinished(!error, clusterId);
    });
}

QWizardPage *InstallWizard::buildOptionsPage()
{
    auto *page = new QWizardPage;
    page->setTitle(tr("Install options"));
    page->setSubTitle(tr("The same choices as spillctl install. Empty fields take the defaults: a generated cluster ID, the pod CIDRs the cluster reports."));
    m_distro = new QComboBox;
    m_distro->addItems(installer::kDistros);
    m_clusterId = new QLineEdit;
    m_clusterId->setPlaceholderText(tr("generated, e.g. brave-otter-4f2c"));
    m_labels = new QLineEdit;
    m_labels->setPlaceholderText(tr("e.g. topology.kubernetes.io/region=eu-west"));
    m_podCidrs = new QLineEdit;
    m_podCidrs->setPlaceholderText(tr("discovered, e.g. 10.244.0.0/16"));
    m_serviceCidr = new QLineEdit;
    m_serviceCidr->setPlaceholderText(tr("discovered, e.g. 10.96.0.0/12"));
    m_runtime = new QComboBox;
    m_runtime->addItem(tr("Automatic: in the cluster when a node can run pods, else on this machine"), QStringLiteral("auto"));
    m_runtime->addItem(tr("Local: supervised processes on this machine"), QStringLiteral("local"));
    m_runtime->addItem(tr("Kubernetes: Deployments in the cluster"), QStringLiteral("kubernetes"));
    m_values = new QPlainTextEdit;
    m_values->setPlaceholderText(tr("Advanced: one key=value per line, as --set takes them"));
    m_values->setMaximumHeight(80);
    m_stateDir = new QLineEdit;
    m_stateDir->setPlaceholderText(tr("default: ~/.local/state/spillway/<cluster ID>"));
    m_binDir = new QLineEdit;
    m_binDir->setPlaceholderText(tr("default: the console's own folder"));
    m_timeout = new QSpinBox;
    m_timeout->setRange(10, 3600);
    m_timeout->setValue(90);
    m_timeout->setSuffix(tr(" s"));
    m_problems = new QLabel;
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828"));
    // Named for tests and accessibility tools.
    m_clusterId->setObjectName(QStringLiteral("clusterId"));
    m_labels->setObjectName(QStringLiteral("clusterLabels"));
    m_podCidrs->setObjectName(QStringLiteral("podCidrs"));
    m_values->setObjectName(QStringLiteral("values"));
    m_stateDir->setObjectName(QStringLiteral("stateDir"));
    m_binDir->setObjectName(QStringLiteral("binDir"));
    auto *form = new QFormLayout(page);
    form->addRow(tr("Distribution:"), m_distro);
    form->addRow(tr("Cluster ID:"), m_clusterId);
    form->addRow(tr("Cluster labels:"), m_labels);
    form->addRow(tr("Pod CIDRs:"), m_podCidrs);
    form->addRow(tr("Service CIDR:"), m_serviceCidr);
    form->addRow(tr("Runtime:"), m_runtime);
    form->addRow(tr("Values (--set):"), m_values);
    form->addRow(tr("State folder:"), m_stateDir);
    form->addRow(tr("Binaries folder:"), m_binDir);
    form->addRow(tr("Timeout:"), m_timeout);
    form->addRow(m_problems);
    auto update = [this] { m_problems->setText(problemsText()); };
    for (QLineEdit *e : {m_clusterId, m_labels, m_podCidrs, m_serviceCidr, m_stateDir, m_binDir})
        connect(e, &QLineEdit::textChanged, this, update);
    connect(m_values, &QPlainTextEdit::textChanged, this, update);
    return page;
}

QWizardPage *InstallWizard::buildProgressPage()
{
    auto *page = new CompletablePage;
    page->complete = [this] { return m_succeeded; };
    page->setTitle(tr("Installing"));
    page->setSubTitle(tr("Each step as it runs. Cancel stops between steps; installing again is safe."));
    m_steps = new QListWidget;
    m_steps->setAccessibleName(tr("Install steps"));
    m_outcome = new QLabel;
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_retry = new QPushButton(tr("Retry"));
    m_retry->setVisible(false);
    connect(m_retry, &QPushButton::clicked, this, &InstallWizard::startInstall);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_steps, 1);
    layout->addWidget(m_outcome);
    layout->addWidget(m_retry, 0, Qt::AlignLeft);
    return page;
}

console::InstallRequest InstallWizard::request() const
{
    console::InstallRequest r;
    r.cluster = m_cluster;
    r.clusterName = m_clusterName;
    r.distro = m_distro->currentText();
    r.clusterId = m_clusterId->text();
    r.clusterLabels = m_labels->text();
    r.podCidrs = m_podCidrs->text();
    r.serviceCidr = m_serviceCidr->text();
    r.runtime = m_runtime->currentData().toString();
    r.values = m_values->toPlainText();
    r.stateDir = m_stateDir->text();
    r.binDir = m_binDir->text();
    r.timeoutSeconds = m_timeout->value();
    return r;
}

QString InstallWizard::problemsText() const
{
    return request().problems().join(QLatin1Char('\n'));
}

QStringList InstallWizard::steps() const
{
    QStringList out;
    for (int i = 0; i < m_steps->count(); ++i)
        out << m_steps->item(i)->text();
    return out;
}

QString InstallWizard::outcomeText() const
{
    return m_outcome->text();
}

bool InstallWizard::validateCurrentPage()
{
    if (currentId() == OptionsPage) {
        m_problems->setText(problemsText());
        return m_problems->text().isEmpty();
    }
    return m_succeeded;
}

void InstallWizard::initializePage(int id)
{
    if (id == ProgressPage)
        startInstall();
    QWizard::initializePage(id);
}

void InstallWizard::startInstall()
{
    m_succeeded = false;
    m_retry->setVisible(false);
    m_steps->clear();
    m_outcome->setText(tr("Installing Spillway into %1…").arg(m_clusterName));
    static_cast<CompletablePage *>(page(ProgressPage))->changed();
    m_service->install(request());
}

void InstallWizard::reject()
{
    if (m_service->running()) {
        m_service->cancel();
        m_outcome->setText(tr("Cancelling…"));
        button(QWizard::CancelButton)->setEnabled(false);
        return;
    }
    QWizard::reject();
}

} // namespace spillway::views
