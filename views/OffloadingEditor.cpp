#include "OffloadingEditor.h"

#include "YamlHighlighter.h"
#include "console/ClusterListModel.h"
#include "console/OffloadingEditorModel.h"
#include "console/OffloadingService.h"
#include "console/OffloadingStatusModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace spillway::views {

using console::ClusterListModel;
using console::OffloadingEditorModel;
using console::SelectorRowsModel;
using Draft = offloading::NamespaceOffloadingDraft;

namespace {

constexpr int kDefaultFailoverSeconds = 60;

// The selector table's editors: operators from a list, keys and values completed from the labels
// the peers' virtual nodes carry.
class SelectorDelegate : public QStyledItemDelegate
{
public:
    SelectorDelegate(OffloadingEditorModel *model, QObject *parent) : QStyledItemDelegate(parent), m_model(model) {}

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (index.column() == SelectorRowsModel::Operator) {
            auto *combo = new QComboBox(parent);
            combo->addItems(offloading::kSelectorOperatorNames);
            return combo;
        }
        if (index.column() == SelectorRowsModel::Term) {
            auto *spin = new QSpinBox(parent);
            spin->setRange(1, 99);
            return spin;
        }
        auto *edit = new QLineEdit(parent);
        const QStringList suggestions = index.column() == SelectorRowsModel::Key
                                            ? m_model->labelKeys()
                                            : m_model->labelValues(index.siblingAtColumn(SelectorRowsModel::Key).data(Qt::EditRole).toString());
        auto *completer = new QCompleter(suggestions, edit);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        edit->setCompleter(completer);
        Q_UNUSED(option)
        return edit;
    }

    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        if (auto *combo = qobject_cast<QComboBox *>(editor))
            combo->setCurrentText(index.data(Qt::EditRole).toString());
        else
            QStyledItemDelegate::setEditorData(editor, index);
    }

    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        if (auto *combo = qobject_cast<QComboBox *>(editor))
            model->setData(index, combo->currentText());
        else
            QStyledItemDelegate::setModelData(editor, model, index);
    }

private:
    OffloadingEditorModel *m_model;
};

} // namespace

OffloadingEditor::OffloadingEditor(ClusterListModel *clusters, QWidget *parent)
    : QWidget(parent), m_clusters(clusters), m_model(new OffloadingEditorModel(this)), m_status(new console::OffloadingStatusModel(this)),
      m_cluster(new QComboBox(this)), m_namespace(new QComboBox(this)), m_mapping(new QComboBox(this)), m_podStrategy(new QComboBox(this)),
      m_remoteName(new QLineEdit(this)), m_preferLocal(new QCheckBox(tr("Fill local nodes first (LocalAndRemote)"), this)),
      m_failover(new QSpinBox(this)), m_selector(new QTableView(this)), m_statusTable(new QTableView(this)), m_matching(new QLabel(this)),
      m_problems(new QLabel(this)), m_podsWarning(new QLabel(this)), m_result(new QLabel(this)), m_phase(new QLabel(this)),
      m_yaml(new QPlainTextEdit(this)), m_dryRun(new QPushButton(tr("Check on the server"), this)), m_apply(new QPushButton(tr("Apply"), this)),
      m_removeRow(new QPushButton(tr("Remove row"), this))
{
    m_cluster->setObjectName(QStringLiteral("cluster"));
    m_namespace->setObjectName(QStringLiteral("namespace"));
    m_mapping->setObjectName(QStringLiteral("mapping"));
    m_podStrategy->setObjectName(QStringLiteral("podStrategy"));
    m_remoteName->setObjectName(QStringLiteral("remoteName"));
    m_yaml->setObjectName(QStringLiteral("yaml"));
    m_yaml->setAccessibleName(tr("NamespaceOffloading YAML"));
    m_dryRun->setObjectName(QStringLiteral("dryRun"));
    m_apply->setObjectName(QStringLiteral("apply"));

    auto *top = new QHBoxLayout;
    auto *clusterLabel = new QLabel(tr("Cluster:"), this), *namespaceLabel = new QLabel(tr("Namespace:"), this);
    clusterLabel->setBuddy(m_cluster);   // names the fields for screen readers
    namespaceLabel->setBuddy(m_namespace);
    top->addWidget(clusterLabel);
    top->addWidget(m_cluster, 1);
    top->addWidget(namespaceLabel);
    m_namespace->setEditable(true);
    m_namespace->setInsertPolicy(QComboBox::NoInsert);
    m_namespace->lineEdit()->setPlaceholderText(tr("choose or type a new one"));
    top->addWidget(m_namespace, 1);

    auto *form = new QWidget(this);
    buildForm(form);

    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    highlightYaml(m_yaml->document());
    m_yaml->setPlainText(m_model->yaml());

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(form);
    split->addWidget(m_yaml);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828"));
    m_podsWarning->setWordWrap(true);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_result, 1);
    buttons->addWidget(m_dryRun);
    buttons->addWidget(m_apply);

    m_statusTable->setModel(m_status);
    m_statusTable->setAccessibleName(tr("Offloading status per peer"));
    m_statusTable->verticalHeader()->hide();
    m_statusTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_statusTable->horizontalHeader()->setStretchLastSection(true);
    m_statusTable->setMaximumHeight(130);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(m_problems);
    layout->addWidget(m_podsWarning);
    layout->addLayout(buttons);
    layout->addWidget(m_phase);
    layout->addWidget(m_statusTable);

    connect(m_clusters, &QAbstractItemModel::rowsInserted, this, &OffloadingEditor::clustersChanged);
    connect(m_clusters, &QAbstractItemModel::rowsRemoved, this, &OffloadingEditor::clustersChanged);
    connect(m_clusters, &QAbstractItemModel::dataChanged, this, &OffloadingEditor::clustersChanged);
    connect(m_cluster, &QComboBox::currentIndexChanged, this, &OffloadingEditor::clusterChosen);
    connect(m_namespace, &QComboBox::activated, this, &OffloadingEditor::namespaceChosen);
    connect(m_namespace->lineEdit(), &QLineEdit::editingFinished, this, &OffloadingEditor::namespaceChosen);
    connect(m_model, &OffloadingEditorModel::draftChanged, this, &OffloadingEditor::showDraft);
    connect(m_model, &OffloadingEditorModel::validityChanged, this, &OffloadingEditor::showValidity);
    connect(m_model, &OffloadingEditorModel::peersChanged, this, &OffloadingEditor::showPeers);
    connect(m_model, &OffloadingEditorModel::yamlChanged, this, [this](const QString &text) {
        const QSignalBlocker block(m_yaml);
        m_yaml->setPlainText(text);
    });
    connect(m_yaml, &QPlainTextEdit::textChanged, this, [this] { m_model->setYaml(m_yaml->toPlainText()); });
    connect(m_dryRun, &QPushButton::clicked, this, &OffloadingEditor::dryRun);
    connect(m_apply, &QPushButton::clicked, this, &OffloadingEditor::apply);
    clustersChanged();
    showDraft();
    showValidity();
    showPeers();
}

OffloadingEditor::~OffloadingEditor() = default;

void OffloadingEditor::buildForm(QWidget *form)
{
    m_mapping->addItems(offloading::kNamespaceMappingStrategyNames);
    m_podStrategy->addItems(offloading::kPodOffloadingStrategyNames);
    m_mapping->setToolTip(tr("How remote namespaces are named: <namespace>-<cluster ID> (DefaultName), the same name (EnforceSameName) or one you choose (SelectedName)."));
    m_podStrategy->setToolTip(tr("Where the namespace's pods may run: local nodes and peers, peers only, or local nodes only."));
    m_remoteName->setPlaceholderText(tr("the remote namespace's name (SelectedName)"));
    m_failover->setRange(-1, 86400);
    m_failover->setSuffix(tr(" s"));
    m_failover->setSpecialValueText(tr("Kubernetes' default (300 s)"));
    m_failover->setToolTip(tr("How long pods stay on a lost provider's virtual node before they are recreated elsewhere."));

    auto *fields = new QFormLayout;
    fields->addRow(tr("Namespace mapping:"), m_mapping);
    fields->addRow(tr("Remote name:"), m_remoteName);
    fields->addRow(tr("Pod offloading:"), m_podStrategy);
    fields->addRow(QString(), m_preferLocal);
    fields->addRow(tr("Failover after:"), m_failover);

    auto *selectorBox = new QGroupBox(tr("Peers (clusterSelector on the virtual nodes' labels)"), form);
    m_selector->setObjectName(QStringLiteral("selector"));
    m_selector->setAccessibleName(tr("Peers: clusterSelector terms"));
    m_selector->setModel(m_model->selectorRows());
    m_selector->setItemDelegate(new SelectorDelegate(m_model, m_selector));
    m_selector->verticalHeader()->hide();
    m_selector->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_selector->horizontalHeader()->setStretchLastSection(true);
    m_selector->setWordWrap(false);
    m_selector->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_selector->setEditTriggers(QAbstractItemView::AllEditTriggers);
    auto *addRequirement = new QPushButton(tr("Add requirement"), selectorBox);
    auto *addAlternative = new QPushButton(tr("Add alternative"), selectorBox);
    addRequirement->setObjectName(QStringLiteral("addRequirement"));
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(addRequirement);
    rowButtons->addWidget(addAlternative);
    rowButtons->addWidget(m_removeRow);
    rowButtons->addStretch();
    m_matching->setObjectName(QStringLiteral("matching"));
    m_matching->setWordWrap(true);
    auto *selectorLayout = new QVBoxLayout(selectorBox);
    selectorLayout->addWidget(m_selector);
    selectorLayout->addLayout(rowButtons);
    selectorLayout->addWidget(m_matching);

    auto *layout = new QVBoxLayout(form);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(fields);
    layout->addWidget(selectorBox, 1);

    for (QComboBox *combo : {m_mapping, m_podStrategy})
        connect(combo, &QComboBox::currentIndexChanged, this, &OffloadingEditor::formEdited);
    connect(m_remoteName, &QLineEdit::textEdited, this, &OffloadingEditor::formEdited);
    connect(m_preferLocal, &QCheckBox::toggled, this, &OffloadingEditor::formEdited);
    connect(m_failover, &QSpinBox::valueChanged, this, &OffloadingEditor::formEdited);
    connect(m_namespace, &QComboBox::currentTextChanged, this, &OffloadingEditor::formEdited);
    connect(addRequirement, &QPushButton::clicked, this, [this] { addRow(false); });
    connect(addAlternative, &QPushButton::clicked, this, [this] { addRow(true); });
    connect(m_removeRow, &QPushButton::clicked, this, [this] {
        if (const QModelIndex current = m_selector->currentIndex(); current.isValid())
            m_model->selectorRows()->removeRow(current.row());
    });
}

void OffloadingEditor::addRow(bool alternative)
{
    const int current = m_selector->currentIndex().isValid() ? m_model->selectorRows()->rows().at(size_t(m_selector->currentIndex().row())).term : 0;
    const int row = m_model->selectorRows()->addRow(alternative ? -1 : current);
    m_selector->setCurrentIndex(m_model->selectorRows()->index(row, SelectorRowsModel::Key));
    m_selector->edit(m_selector->currentIndex());
}

QString OffloadingEditor::resultText() const
{
    return m_result->text();
}

QString OffloadingEditor::phaseText() const
{
    return m_phase->text();
}

QString OffloadingEditor::problemsText() const
{
    return m_problems->text();
}

QString OffloadingEditor::podsWarningText() const
{
    return m_podsWarning->text();
}

void OffloadingEditor::clustersChanged()
{
    // Clusters that answered (installed or not: a dry run says what is missing); kept by identity.
    const QString current = m_cluster->currentData().toString();
    const QSignalBlocker block(m_cluster);
    m_cluster->clear();
    for (int i = 0; i < m_clusters->rowCount(); ++i) {
        const auto &row = m_clusters->row(i);
        if (row.state != ClusterListModel::State::Ready && row.state != ClusterListModel::State::NotInstalled)
            continue;
        const QString name = m_clusters->data(m_clusters->index(i, ClusterListModel::Name)).toString();
        m_cluster->addItem(row.state == ClusterListModel::State::Ready ? name : tr("%1 (Spillway not installed)").arg(name),
                           row.entry.kubeconfig + QLatin1Char('\n') + row.entry.context);
    }
    m_cluster->setCurrentIndex(std::max(0, m_cluster->findData(current)));
    if (m_cluster->currentData().toString() != current)
        clusterChosen();
}

void OffloadingEditor::selectCluster(int clustersRow)
{
    const auto &entry = m_clusters->row(clustersRow).entry;
    const int at = m_cluster->findData(entry.kubeconfig + QLatin1Char('\n') + entry.context);
    if (at >= 0)
        m_cluster->setCurrentIndex(at);
}

void OffloadingEditor::selectNamespace(const QString &ns)
{
    m_namespace->setEditText(ns);
    if (m_service && m_pending == 0)
        namespaceChosen();
    else
        m_wantedNamespace = ns;
}

void OffloadingEditor::clusterChosen()
{
    // Answers still on their way belong to the old cluster and are dropped with its service.
    m_service.reset();
    m_pending = 0;
    m_loadedNamespace.clear();
    m_model->setPeers({});
    m_status->setStatus(nlohmann::json::object(), 0);
    m_phase->clear();
    const QStringList key = m_cluster->currentData().toString().split(QLatin1Char('\n'));
    if (key.size() != 2) {
        showValidity();
        return;
    }
    m_service = std::make_unique<console::OffloadingService>(console::ClusterEntry{key[0], key[1], {}, {}});
    auto *service = m_service.get();
    connect(service, &console::OffloadingService::clusterLoaded, this, [this, service](const std::optional<Error> &error) {
        if (!error) {
            const QString typed = m_namespace->currentText();
            const QSignalBlocker block(m_namespace);
            m_namespace->clear();
            m_namespace->addItems(service->namespaces());
            m_namespace->setEditText(typed);
            m_model->setPeers(service->peers());
        }
        end(error, {});
        if (!m_wantedNamespace.isEmpty())
            selectNamespace(std::exchange(m_wantedNamespace, QString()));
    });
    connect(service, &console::OffloadingService::namespaceLoaded, this, [this, service](const QString &ns, const std::optional<Error> &error) {
        if (!error) {
            if (service->existing()) {
                m_model->setDraft(*service->existing());
            } else {
                Draft d = m_model->draft();
                d.namespaceName = ns;
                m_model->setDraft(d);
            }
            m_status->setStatus(service->status(), 0);
            showStatus();
        }
        end(error, error || !service->existing() ? QString() : tr("Loaded the NamespaceOffloading of %1.").arg(ns));
        showValidity();
    });
    connect(service, &console::OffloadingService::dryRunFinished, this, [this](const std::optional<Error> &error, const QString &note) {
        end(error, note.isEmpty() ? tr("✓ The server accepts this NamespaceOffloading (dry run: nothing was changed).")
                                  : tr("✓ Checked: %1.").arg(note));
    });
    connect(service, &console::OffloadingService::applied, this, [this](const std::optional<Error> &error) {
        end(error, tr("✓ Applied; waiting for the controller."));
    });
    connect(service, &console::OffloadingService::statusChanged, this, [this, service] {
        m_status->setStatus(service->status(), service->statusGeneration());
        showStatus();
    });
    begin();
    service->loadCluster();
}

void OffloadingEditor::namespaceChosen()
{
    const QString ns = m_namespace->currentText().trimmed();
    if (!m_service || ns.isEmpty() || ns == m_loadedNamespace)
        return;
    m_loadedNamespace = ns;
    m_status->setStatus(nlohmann::json::object(), 0);
    m_phase->clear();
    if (!m_service->namespaces().contains(ns)) {
        // A new namespace: nothing to load; applying creates it.
        Draft d = m_model->draft();
        d.namespaceName = ns;
        m_model->setDraft(d);
        m_podsWarning->clear();
        m_result->setText(tr("%1 is a new namespace; applying creates it.").arg(ns));
        return;
    }
    begin();
    m_service->loadNamespace(ns);
}

void OffloadingEditor::formEdited()
{
    Draft d = m_model->draft();
    d.namespaceName = m_namespace->currentText().trimmed();
    d.mapping = m_mapping->currentText();
    d.podStrategy = m_podStrategy->currentText();
    d.remoteNamespaceName = m_remoteName->text().trimmed();
    // Defaults stay unwritten, so the YAML holds only what the user chose.
    d.preferLocal = m_preferLocal->isChecked() && !d.preferLocal ? std::nullopt : std::optional(m_preferLocal->isChecked());
    d.failoverSeconds = m_failover->value() == kDefaultFailoverSeconds && !d.failoverSeconds ? std::nullopt : std::optional(m_failover->value());
    if (d == m_model->draft())
        return;
    m_model->setDraft(d);
}

void OffloadingEditor::showDraft()
{
    const Draft &d = m_model->draft();
    const QSignalBlocker b1(m_mapping), b2(m_podStrategy), b3(m_remoteName), b4(m_preferLocal), b5(m_failover), b6(m_namespace);
    if (m_namespace->currentText().trimmed() != d.namespaceName)
        m_namespace->setEditText(d.namespaceName);
    m_mapping->setCurrentText(d.mapping);
    m_podStrategy->setCurrentText(d.podStrategy);
    if (m_remoteName->text().trimmed() != d.remoteNamespaceName)
        m_remoteName->setText(d.remoteNamespaceName);
    m_remoteName->setEnabled(d.mapping == QLatin1String("SelectedName") || !d.remoteNamespaceName.isEmpty());
    m_preferLocal->setChecked(d.preferLocal.value_or(true));
    m_preferLocal->setEnabled(d.podStrategy == QLatin1String("LocalAndRemote"));
    m_failover->setValue(d.failoverSeconds.value_or(kDefaultFailoverSeconds));
    showPeers();
}

void OffloadingEditor::showValidity()
{
    const QStringList problems = m_model->problems();
    m_problems->setText(problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
    const bool ready = m_service && m_pending == 0 && m_model->canApply();
    m_dryRun->setEnabled(ready);
    m_apply->setEnabled(ready);
    if (m_service && m_loadedNamespace == m_model->draft().namespaceName && m_service->podsInNamespace() > 0
        && m_model->draft().podStrategy != QLatin1String("Local") && !m_service->existing())
        m_podsWarning->setText(tr("⚠ %n pod(s) already run in %1 and stay where they are; recreate them (e.g. kubectl rollout restart) to let them use the peers.",
                                  nullptr, m_service->podsInNamespace()).arg(m_model->draft().namespaceName));
    else
        m_podsWarning->clear();
    m_podsWarning->setVisible(!m_podsWarning->text().isEmpty());
}

void OffloadingEditor::showPeers()
{
    const auto &peers = m_model->peers();
    if (peers.empty()) {
        m_matching->setText(m_service ? tr("This cluster has no peers yet: the selector is saved and applies when one appears.") : QString());
        return;
    }
    const QStringList matching = m_model->matchingPeers();
    QStringList all;
    for (const auto &p : peers)
        if (!all.contains(p.clusterId))
            all << p.clusterId;
    m_matching->setText(matching.isEmpty() ? tr("Matches no peer (of %1): pods stay local.").arg(all.size())
                                           : tr("Matches %1 of %2 peers: %3").arg(matching.size()).arg(all.size()).arg(matching.join(QStringLiteral(", "))));
}

void OffloadingEditor::showStatus()
{
    if (!m_service || !m_service->existing()) {
        m_phase->clear();
        return;
    }
    m_phase->setText(m_status->remoteNamespace().isEmpty() ? tr("Phase: %1").arg(m_status->phase())
                                                           : tr("Phase: %1 — remote namespace %2").arg(m_status->phase(), m_status->remoteNamespace()));
}

void OffloadingEditor::dryRun()
{
    if (!m_service || !m_model->canApply())
        return;
    begin();
    m_service->dryRun(m_model->draft());
}

void OffloadingEditor::apply()
{
    if (!m_service || !m_model->canApply())
        return;
    begin();
    m_loadedNamespace = m_model->draft().namespaceName;
    m_service->apply(m_model->draft());
}

void OffloadingEditor::begin()
{
    ++m_pending;
    m_result->setText(tr("Working…"));
    showValidity();
}

void OffloadingEditor::end(const std::optional<Error> &error, const QString &success)
{
    m_pending = std::max(0, m_pending - 1);
    if (error)
        m_result->setText(error->hint.isEmpty() ? tr("✗ %1").arg(error->message) : tr("✗ %1 — fix: %2").arg(error->message, error->hint));
    else
        m_result->setText(success);
    showValidity();
    // Deferred: a handler may start the next request right after this one ends.
    QTimer::singleShot(0, this, [this] {
        if (m_pending == 0)
            emit idle();
    });
}

} // namespace spillway::views
