#include "PodsView.h"

#include "ColumnSizer.h"
#include "PlainTextDelegate.h"
#include "PodExecView.h"
#include "PodLogView.h"
#include "Tone.h"
#include "console/ClusterClients.h"
#include "console/OffloadedPods.h"
#include "console/PeerGraphModel.h"
#include "console/PodEvents.h"
#include "console/PodFilter.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

using console::KeyedTableModel;

namespace {

constexpr int kSizingRows = 100;
constexpr int kSizingIntervalMs = 2000;

QComboBox *filterBox(QWidget *parent, const QString &any, const QString &accessibleName)
{
    auto *box = new QComboBox(parent);
    box->addItem(any, QString());
    box->setAccessibleName(accessibleName);
    box->setToolTip(accessibleName);
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return box;
}

// Fills BOX with "any" and VALUES, keeping the chosen value (kept even when no row has it now,
// so a filter does not jump while its pods come and go).
void refill(QComboBox *box, QStringList values)
{
    const QString chosen = box->currentData().toString();
    if (!chosen.isEmpty() && !values.contains(chosen))
        values << chosen;
    // Most updates change no choice: a box refilled anyway is measured and laid out again.
    QStringList held;
    for (int i = 1; i < box->count(); ++i)
        held << box->itemData(i).toString();
    if (held == values)
        return;
    const QSignalBlocker block(box);
    while (box->count() > 1)
        box->removeItem(1);
    for (const QString &v : values)
        box->addItem(v, v);
    box->setCurrentIndex(std::max(0, box->findData(chosen)));
}

} // namespace

PodsView::PodsView(console::OffloadedPodsModel *pods, console::PeerGraphModel *graph, QWidget *parent)
    : QWidget(parent), m_pods(pods), m_graph(graph), m_table(new QTableView(this)),
      m_filter(new console::PodFilterProxy(this)), m_cluster(filterBox(this, tr("All clusters"), tr("Cluster"))),
      m_namespace(filterBox(this, tr("All namespaces"), tr("Namespace"))), m_provider(filterBox(this, tr("All providers"), tr("Runs in"))),
      m_phase(filterBox(this, tr("All phases"), tr("Phase"))), m_text(new QLineEdit(this)), m_count(new QLabel(this)), m_empty(new QLabel(this)),
      m_clients(std::make_unique<console::ClusterClients>()), m_details(new QTabWidget(this)), m_log(new PodLogView(m_clients.get(), this)),
      m_exec(new PodExecView(m_clients.get(), this)), m_eventsModel(new console::PodEventsModel(graph, {}, this)), m_events(new QTableView(this))
{
    m_filter->setTable(pods->table());
    m_table->setObjectName(QStringLiteral("pods-table"));
    presentRows(m_table, m_filter, tr("Offloaded pods"), new PlainTextDelegate(m_table));   // repainted at every update
    // Sizing a column to its contents asks its cells of up to 1,000 rows (Qt's default precision;
    // all of them while the page is hidden), and with ResizeToContents it did so at every change:
    // at 100,000 pods in churn, the GUI stalled several times a second. A few screens of rows size
    // the columns as well, and they are sized when rows first come and then every few seconds.
    m_table->horizontalHeader()->setResizeContentsPrecision(kSizingRows);
    new ColumnSizer(m_table, kSizingIntervalMs);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_empty->setText(tr("No pod runs on a virtual node yet. Offload a namespace (Offloading tab) and create pods in it."));
    m_empty->setWordWrap(true);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_text->setPlaceholderText(tr("Pod name contains…"));
    m_text->setAccessibleName(tr("Pod name"));
    m_text->setClearButtonEnabled(true);
    m_count->setObjectName(QStringLiteral("pods-count"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Offloaded pods").toHtmlEscaped()), top));
    for (QComboBox *box : {m_cluster, m_namespace, m_provider, m_phase}) {
        bar->addWidget(box);
        connect(box, &QComboBox::currentIndexChanged, this, &PodsView::applyBar);
    }
    bar->addWidget(m_text, 1);
    bar->addWidget(m_count);
    connect(m_text, &QLineEdit::textChanged, this, &PodsView::applyBar);
    topLayout->addLayout(bar);
    topLayout->addWidget(m_empty);
    topLayout->addWidget(m_table, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    m_details->setObjectName(QStringLiteral("pod-details"));
    m_details->addTab(m_log, tr("Log"));
    m_details->addTab(m_exec, tr("Terminal"));
    m_events->setObjectName(QStringLiteral("pod-events"));
    presentRows(m_events, m_eventsModel->table(), tr("Pod events"));
    m_details->addTab(m_events, tr("Events"));
    split->addWidget(m_details);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &PodsView::openSelected);
    connect(pods, &console::OffloadedPodsModel::aboutToUpdate, this, &PodsView::holdSelection);
    connect(pods, &console::OffloadedPodsModel::updated, this, &PodsView::keepSelection);
    auto showEmpty = [this] { m_empty->setVisible(m_pods->table()->rowCount() == 0); };
    connect(pods, &console::OffloadedPodsModel::updated, this, showEmpty);
    connect(pods, &console::OffloadedPodsModel::updated, this, &PodsView::refreshChoices);
    showEmpty();
    refreshChoices();
}

PodsView::~PodsView() = default;

void PodsView::showTerminal(bool terminal)
{
    m_details->setCurrentWidget(terminal ? static_cast<QWidget *>(m_exec) : m_log);
}

bool PodsView::select(const QString &key)
{
    if (selectListed(key))
        return true;
    if (m_filter->filter().isEmpty() || !m_pods->pod(key))
        return false;
    setFilter({});   // an alert or a link asked for this pod: show it rather than nothing
    return selectListed(key);
}

const console::PodFilter &PodsView::filter() const
{
    return m_filter->filter();
}

void PodsView::setFilter(const console::PodFilter &filter)
{
    const QSignalBlocker blockText(m_text);
    m_text->setText(filter.text);
    const std::pair<QComboBox *, QString> boxes[] = {{m_cluster, filter.cluster}, {m_namespace, filter.ns}, {m_provider, filter.provider}, {m_phase, filter.phase}};
    for (const auto &[box, value] : boxes) {
        const QSignalBlocker block(box);
        if (box->findData(value) < 0)
            box->addItem(value, value);
        box->setCurrentIndex(box->findData(value));
    }
    applyBar();
}

QString PodsView::countText() const
{
    return m_count->text();
}

void PodsView::refreshChoices()
{
    const auto choices = m_pods->table()->choices();
    refill(m_cluster, choices.clusters);
    refill(m_namespace, choices.namespaces);
    refill(m_provider, choices.providers);
    refill(m_phase, choices.phases);
    showCount();
}

void PodsView::applyBar()
{
    // Turning the filter on or off resets the listing: the chosen pod is taken up again if listed.
    holdSelection();
    m_filter->setFilter({m_cluster->currentData().toString(), m_namespace->currentData().toString(), m_provider->currentData().toString(),
                         m_phase->currentData().toString(), m_text->text()});
    keepSelection();
    showCount();
}

void PodsView::showCount()
{
    const int all = m_pods->table()->rowCount(), shown = m_filter->rowCount();
    m_count->setText(shown == all ? tr("%n pod(s)", nullptr, all) : tr("%1 of %n pod(s)", nullptr, all).arg(shown));
}

bool PodsView::selectListed(const QString &key, bool scroll)
{
    const int source = m_pods->table()->rowOf(key);
    const QModelIndex at = source < 0 ? QModelIndex() : m_filter->fromTable(m_pods->table()->index(source, 0));
    if (!at.isValid())
        return false;
    // The current row too, so the keyboard goes on from the pod; the view would scroll to a new
    // current row, and taking the pod up again after an update must not move the list.
    const bool autoScroll = m_table->hasAutoScroll();
    m_table->setAutoScroll(false);
    m_table->selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->setAutoScroll(autoScroll);
    if (scroll)
        m_table->scrollTo(at);
    return true;
}

void PodsView::holdSelection()
{
    m_updating = true;
    // A view whose current row goes makes a neighbour current and scrolls to it: the list would
    // jump while pods churn.
    m_table->setAutoScroll(false);
}

void PodsView::keepSelection()
{
    m_updating = false;
    m_table->setAutoScroll(true);
    // Rows that went may have taken the chosen pod's row with them, and a view then moves its
    // current row, and the selection, to a neighbour. The choice is the person's: the pod chosen
    // is selected again if it is still listed, and nothing is selected otherwise — a pod gone for
    // good is not chosen again if one of its name comes back later.
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const QString selected = rows.isEmpty() ? QString() : rows.first().data(KeyedTableModel::KeyRole).toString();
    if (selected == m_openKey)
        return;
    if (m_openKey.isEmpty() || !selectListed(m_openKey, false)) {
        m_openKey.clear();
        m_table->selectionModel()->clear();
    }
}

void PodsView::openSelected()
{
    if (m_updating)
        return;   // an update's doing, not a choice: keepSelection settles it when the update is done
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_openKey.clear();   // the pod went away or was unchosen: its log stays readable until another is chosen
        return;
    }
    const QString key = rows.first().data(KeyedTableModel::KeyRole).toString();
    if (key == m_openKey)
        return;   // taken up again after an update: its log and terminal are open already
    const auto pod = m_pods->pod(key);
    if (!pod)
        return;
    m_openKey = key;
    m_eventsModel->setPod(pod);
    const auto cluster = m_graph->entryOf(pod->clusterId);
    if (!cluster)
        return;
    m_log->open(*cluster, *pod);
    m_exec->open(*cluster, *pod);
}

} // namespace spillway::views
