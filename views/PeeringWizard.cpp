#include "PeeringWizard.h"

#include "CompletablePage.h"
#include "console/ClusterListModel.h"
#include "console/PeeringService.h"
#include "console/PeeringTimelineModel.h"
#include "peering/PeerInvitation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace spillway::views {

using console::PeeringService;
using console::PeeringTimelineModel;

PeeringWizard::PeeringWizard(console::ClusterListModel *clusters, QWidget *parent)
    : QWizard(parent), m_clusters(clusters), m_service(new PeeringService(this)),
      m_timeline(new PeeringTimelineModel([] { return QDateTime::currentMSecsSinceEpoch(); }, this)), m_ticker(new QTimer(this))
{
    setWindowTitle(tr("Peer clusters"));
    setOption(QWizard::NoBackButtonOnLastPage);
    setPage(ClustersPage, buildClustersPage());
    setPage(OptionsPage, buildOptionsPage());
    setPage(ProgressPage, buildProgressPage());
    m_ticker->setInterval(250);
    connect(m_ticker, &QTimer::timeout, m_timeline, &PeeringTimelineModel::tick);

    connect(m_service, &PeeringService::stageStarted, m_timeline, &PeeringTimelineModel::started);
    connect(m_service, &PeeringService::stageDone, m_timeline, &PeeringTimelineModel::done);
    connect(m_service, &PeeringService::stageSkipped, m_timeline, &PeeringTimelineModel::skipped);
    connect(m_service, &PeeringService::progress, this, [this](const QString &line) { m_log->appendPlainText(line); });
    connect(m_service, &PeeringService::peered, this, [this](const std::optional<Error> &error, PeeringService::Stage stage, const QString &node) {
        m_ticker->stop();
        m_succeeded = !error;
        if (error) {
            m_timeline->failed(stage, *error);
            m_outcome->setText(error->kind == Error::Kind::Cancelled
                                   ? tr("Cancelled during \"%1\". What was done stays; Retry resumes.").arg(PeeringTimelineModel::stageTitle(stage))
                                   : tr("Failed during \"%1\": %2").arg(PeeringTimelineModel::stageTitle(stage), error->toString()));
            m_log->appendPlainText(error->toString());
            m_retry->setVisible(true);
        } else {
            const console::PeeringRequest r = request();
            m_outcome->setText(node.isEmpty() ? tr("Peered: %1 now consumes from %2.").arg(r.consumerName, r.providerName)
                                              : tr("Peered: %1 now consumes from %2 through virtual node %3.").arg(r.consumerName, r.providerName, node));
        }
        button(QWizard::CancelButton)->setEnabled(true);
        static_cast<CompletablePage *>(page(ProgressPage))->changed();
        emit peeringFinished(!error);
    });
}

PeeringWizard::~PeeringWizard() = default;

QWizardPage *PeeringWizard::buildClustersPage()
{
    auto *page = new QWizardPage;
    page->setTitle(tr("Clusters"));
    page->setSubTitle(tr("The consumer borrows capacity; the provider lends it and appears in the consumer as a virtual node."));
    m_consumer = new QComboBox;
    m_provider = new QComboBox;
    for (int i = 0; i < m_clusters->rowCount(); ++i) {
        const QString name = m_clusters->data(m_clusters->index(i, console::ClusterListModel::Name)).toString();
        m_consumer->addItem(name, i);
        m_provider->addItem(name, i);
    }
    if (m_provider->count() > 1)
        m_provider->setCurrentIndex(1);
    m_consumer->setObjectName(QStringLiteral("consumer"));
    m_provider->setObjectName(QStringLiteral("provider"));
    m_invitation = new QLineEdit;
    m_invitation->setObjectName(QStringLiteral("invitation"));
    m_invitation->setPlaceholderText(tr("spillctl peer out-of-band NAME --auth-url … --cluster-id … --auth-token … --auth-fingerprint …"));
    m_invitation->setClearButtonEnabled(true);
    m_problems = new QLabel;
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828"));
    auto *form = new QFormLayout(page);
    form->addRow(tr("Consumer:"), m_consumer);
    form->addRow(tr("Provider:"), m_provider);
    form->addRow(new QLabel(tr("Or, with only the consumer's kubeconfig, paste the provider's invitation (Generate invitation on the provider):")));
    form->addRow(tr("Invitation:"), m_invitation);
    form->addRow(m_problems);
    connect(m_invitation, &QLineEdit::textChanged, this, [this](const QString &text) {
        // Out of band the provider's kubeconfig is not used, and there is no network stage.
        m_provider->setEnabled(text.trimmed().isEmpty());
        updateProblems();
    });
    connect(m_consumer, &QComboBox::currentIndexChanged, this, &PeeringWizard::updateProblems);
    connect(m_provider, &QComboBox::currentIndexChanged, this, &PeeringWizard::updateProblems);
    return page;
}

QWizardPage *PeeringWizard::buildOptionsPage()
{
    auto *page = new QWizardPage;
    page->setTitle(tr("Options"));
    // The subtitle names the pair chosen on the first page (initializePage).
    m_bidirectional = new QCheckBox(tr("Bidirectional: each cluster also consumes from the other"));
    m_networking = new QCheckBox(tr("Network fabric (WireGuard tunnel between the gateways)"));
    m_networking->setChecked(true);
    m_virtualNode = new QCheckBox(tr("Create the virtual node and wait until it is Ready"));
    m_virtualNode->setChecked(true);
    m_cpu = new QLineEdit;
    m_cpu->setPlaceholderText(tr("e.g. 4 or 500m"));
    m_memory = new QLineEdit;
    m_memory->setPlaceholderText(tr("e.g. 8Gi"));
    m_pods = new QLineEdit;
    m_pods->setPlaceholderText(tr("e.g. 110"));
    m_sliceClass = new QLineEdit(QStringLiteral("default"));
    m_timeout = new QSpinBox;
    m_timeout->setRange(10, 3600);
    m_timeout->setValue(120);
    m_timeout->setSuffix(tr(" s"));
    // Named for tests and accessibility tools.
    m_bidirectional->setObjectName(QStringLiteral("bidirectional"));
    m_networking->setObjectName(QStringLiteral("networking"));
    m_virtualNode->setObjectName(QStringLiteral("virtualNode"));
    m_cpu->setObjectName(QStringLiteral("cpu"));
    m_memory->setObjectName(QStringLiteral("memory"));
    m_pods->setObjectName(QStringLiteral("pods"));
    m_sliceClass->setObjectName(QStringLiteral("resourceSliceClass"));
    m_timeout->setObjectName(QStringLiteral("timeout"));
    auto *form = new QFormLayout(page);
    form->addRow(m_bidirectional);
    form->addRow(m_networking);
    form->addRow(m_virtualNode);
    form->addRow(tr("CPU:"), m_cpu);
    form->addRow(tr("Memory:"), m_memory);
    form->addRow(tr("Pods:"), m_pods);
    form->addRow(tr("ResourceSlice class:"), m_sliceClass);
    form->addRow(tr("Timeout:"), m_timeout);
    auto *problems = new QLabel;
    problems->setObjectName(QStringLiteral("optionProblems"));
    problems->setWordWrap(true);
    problems->setStyleSheet(QStringLiteral("color: #c62828"));
    form->addRow(problems);
    for (QLineEdit *e : {m_cpu, m_memory, m_pods, m_sliceClass})
        connect(e, &QLineEdit::textChanged, this, &PeeringWizard::updateProblems);
    return page;
}

QWizardPage *PeeringWizard::buildProgressPage()
{
    auto *page = new CompletablePage;
    page->complete = [this] { return m_succeeded; };
    page->setTitle(tr("Peering"));
    page->setSubTitle(tr("Each stage as it happens. Cancel stops at the next step; what was done stays, and Retry resumes."));
    m_stages = new QTableView;
    m_stages->setModel(m_timeline);
    m_stages->setAccessibleName(tr("Peering stages"));
    m_stages->verticalHeader()->hide();
    m_stages->horizontalHeader()->setSectionResizeMode(PeeringTimelineModel::StageColumn, QHeaderView::ResizeToContents);
    m_stages->horizontalHeader()->setSectionResizeMode(PeeringTimelineModel::StateColumn, QHeaderView::Stretch);
    m_stages->setSelectionMode(QAbstractItemView::NoSelection);
    m_outcome = new QLabel;
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_log = new QPlainTextEdit;
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Peering log"));
    m_retry = new QPushButton(tr("Retry"));
    m_retry->setVisible(false);
    connect(m_retry, &QPushButton::clicked, this, &PeeringWizard::startPeering);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_stages, 2);
    layout->addWidget(m_outcome);
    layout->addWidget(m_retry, 0, Qt::AlignLeft);
    layout->addWidget(m_log, 3);
    return page;
}

void PeeringWizard::choose(int consumerRow, int providerRow)
{
    m_consumer->setCurrentIndex(m_consumer->findData(consumerRow));
    if (providerRow >= 0)
        m_provider->setCurrentIndex(m_provider->findData(providerRow));
}

void PeeringWizard::pasteInvitation(const QString &invitation)
{
    m_invitation->setText(invitation);
    m_invitation->setFocus();
}

console::PeeringRequest PeeringWizard::request() const
{
    console::PeeringRequest r;
    auto entryOf = [this](const QComboBox *box, console::ClusterEntry &entry, QString &name) {
        if (box->currentIndex() < 0)
            return;
        const int row = box->currentData().toInt();
        if (row < 0 || row >= m_clusters->rowCount())
            return;
        entry = m_clusters->row(row).entry;
        name = box->currentText();
    };
    entryOf(m_consumer, r.consumer, r.consumerName);
    r.invitation = m_invitation->text();
    if (r.outOfBand()) {
        auto parsed = peering::PeerInvitation::parse(r.invitation.trimmed());
        r.providerName = parsed ? (parsed->name.isEmpty() ? parsed->clusterId : parsed->name) : tr("the invitation's provider");
    } else {
        entryOf(m_provider, r.provider, r.providerName);
    }
    r.bidirectional = m_bidirectional->isChecked();
    r.networking = m_networking->isChecked();
    r.createVirtualNode = m_virtualNode->isChecked();
    r.cpu = m_cpu->text();
    r.memory = m_memory->text();
    r.pods = m_pods->text();
    r.resourceSliceClass = m_sliceClass->text();
    r.timeoutSeconds = m_timeout->value();
    return r;
}

QString PeeringWizard::problemsText() const
{
    return request().problems().join(QLatin1Char('\n'));
}

QString PeeringWizard::outcomeText() const
{
    return m_outcome->text();
}

QString PeeringWizard::logText() const
{
    return m_log->toPlainText();
}

void PeeringWizard::updateProblems()
{
    const QString text = problemsText();
    m_problems->setText(text);
    if (auto *l = findChild<QLabel *>(QStringLiteral("optionProblems")))
        l->setText(text);
}

bool PeeringWizard::validateCurrentPage()
{
    updateProblems();
    if (currentId() == ProgressPage)
        return m_succeeded;
    // Cluster choices are checked on the first page, the rest on the second.
    const QStringList problems = request().problems();
    if (currentId() == ClustersPage) {
        // Only the clusters and the invitation count here; the options have their own page.
        console::PeeringRequest r = request();
        r.cpu = r.memory = r.pods = QString();
        r.resourceSliceClass = QStringLiteral("default");
        r.timeoutSeconds = 1;
        return r.problems().isEmpty();
    }
    return problems.isEmpty();
}

void PeeringWizard::initializePage(int id)
{
    if (id == ProgressPage)
        startPeering();
    if (id == OptionsPage) {
        const console::PeeringRequest r = request();
        page(OptionsPage)->setSubTitle(tr("%1 consumes from %2. The same choices as spillctl peer; empty amounts take what the provider's policy grants.")
                                           .arg(r.consumerName, r.providerName));
    }
    QWizard::initializePage(id);
}

void PeeringWizard::startPeering()
{
    m_succeeded = false;
    m_retry->setVisible(false);
    m_outcome->setText(tr("Peering %1 with %2…").arg(request().consumerName, request().providerName));
    m_timeline->reset();
    m_ticker->start();
    static_cast<CompletablePage *>(page(ProgressPage))->changed();
    m_service->peer(request());
}

void PeeringWizard::reject()
{
    if (m_service->running()) {
        // Cancel first; the wizard closes once the user cancels again after it stopped.
        m_service->cancel();
        m_outcome->setText(tr("Cancelling…"));
        button(QWizard::CancelButton)->setEnabled(false);
        return;
    }
    QWizard::reject();
}

} // namespace spillway::views
