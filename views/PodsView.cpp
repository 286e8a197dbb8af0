#include "PodsView.h"

#include "PodExecView.h"
#include "PodLogView.h"
#include "ToneProxy.h"
#include "console/ClusterClients.h"
#include "console/OffloadedPods.h"
#include "console/PeerGraphModel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

using console::KeyedTableModel;

PodsView::PodsView(console::OffloadedPodsModel *pods, console::PeerGraphModel *graph, QWidget *parent)
    : QWidget(parent), m_pods(pods), m_graph(graph), m_table(new QTableView(this)), m_empty(new QLabel(this)),
      m_clients(std::make_unique<console::ClusterClients>()), m_details(new QTabWidget(this)), m_log(new PodLogView(m_clients.get(), this)),
      m_exec(new PodExecView(m_clients.get(), this))
{
    auto *proxy = new ToneProxy(this);
    proxy->setSourceModel(pods->table());
    m_table->setObjectName(QStringLiteral("pods-table"));
    m_table->setModel(proxy);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_empty->setText(tr("No pod runs on a virtual node yet. Offload a namespace (Offloading tab) and create pods in it."));
    m_empty->setWordWrap(true);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Offloaded pods").toHtmlEscaped()), top));
    topLayout->addWidget(m_empty);
    topLayout->addWidget(m_table, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    m_details->setObjectName(QStringLiteral("pod-details"));
    m_details->addTab(m_log, tr("Log"));
    m_details->addTab(m_exec, tr("Terminal"));
    split->addWidget(m_details);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &PodsView::openSelected);
    auto showEmpty = [this] { m_empty->setVisible(m_pods->table()->rowCount() == 0); };
    connect(pods, &console::OffloadedPodsModel::updated, this, showEmpty);
    showEmpty();
}

PodsView::~PodsView() = default;

void PodsView::showTerminal(bool terminal)
{
    m_details->setCurrentWidget(terminal ? static_cast<QWidget *>(m_exec) : m_log);
}

bool PodsView::select(const QString &key)
{
    for (int row = 0; row < m_table->model()->rowCount(); ++row) {
        const QModelIndex at = m_table->model()->index(row, 0);
        if (at.data(KeyedTableModel::KeyRole).toString() == key) {
            m_table->selectionModel()->select(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_table->scrollTo(at);
            return true;
        }
    }
    return false;
}

void PodsView::openSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;   // the pod went away: its log stays readable until another is chosen
    const auto pod = m_pods->pod(rows.first().data(KeyedTableModel::KeyRole).toString());
    if (!pod)
        return;
    const auto cluster = m_graph->entryOf(pod->clusterId);
    if (!cluster)
        return;
    m_log->open(*cluster, *pod);
    m_exec->open(*cluster, *pod);
}

} // namespace spillway::views
