#include "console/ClusterListModel.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>

namespace spillway::console {

ClusterListModel::ClusterListModel(QObject *parent, Prober prober)
    : QAbstractTableModel(parent), m_prober(prober ? std::move(prober) : Prober([](const ClusterEntry &e) { return probeCluster(e); }))
{
}

ClusterListModel::~ClusterListModel()
{
    // A probe ends within its request timeout; its answer goes nowhere once the model is gone.
    for (QThread *t : m_threads) {
        t->wait();
        delete t;
    }
}

int ClusterListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ClusterListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ClusterListModel::statusText(const Row &r) const
{
    switch (r.state) {
    case State::Probing: return tr("Connecting…");
    case State::Ready: return tr("Ready");
    case State::NotInstalled: return tr("Spillway not installed");
    case State::Failed: return tr("Error");
    }
    return {};
}

// What is wrong with the row: its error with the fix, or, for a cluster that answered, that its
// certificate was not checked (kubectl users get no warning for that; an operator handing
// workloads to this cluster must know).
QString ClusterListModel::problemText(const Row &r) const
{
    if (r.error)
        return r.error->hint.isEmpty() ? r.error->message : tr("%1 — fix: %2").arg(r.error->message, r.error->hint);
    if (r.facts.tlsUnverified && (r.state == State::Ready || r.state == State::NotInstalled))
        return tr("TLS not verified: the kubeconfig sets insecure-skip-tls-verify, so anyone on the network path can read and change "
                  "this traffic, credentials included — fix: set certificate-authority-data (or certificate-authority) for %1").arg(r.facts.server);
    return {};
}

QVariant ClusterListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    if (role == StateRole)
        return int(r.state);
    if (role == Qt::ToolTipRole) {
        const QString problem = problemText(r);
        return problem.isEmpty() ? r.entry.kubeconfig : problem + QStringLiteral("\n\n") + r.entry.kubeconfig;
    }
    if (role == ColourRole)
        return r.entry.colour;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Name: return r.entry.displayName.isEmpty() ? (r.entry.context.isEmpty() ? QFileInfo(r.entry.kubeconfig).fileName() : r.entry.context) : r.entry.displayName;
    case Context: return r.entry.context;
    case Server: return r.facts.server;
    case Status: return statusText(r);
    case Kubernetes: return r.facts.kubernetesVersion;
    case Spillway: return r.facts.spillwayVersion;
    case ClusterId: return r.facts.clusterId;
    case Problem: return problemText(r);
    default: return {};
    }
}

QVariant ClusterListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Cluster");
    case Context: return tr("Context");
    case Server: return tr("Server");
    case Status: return tr("Status");
    case Kubernetes: return tr("Kubernetes");
    case Spillway: return tr("Spillway");
    case ClusterId: return tr("Cluster ID");
    case Problem: return tr("Problem");
    default: return {};
    }
}

void ClusterListModel::append(Row row)
{
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.push_back(std::move(row));
    endInsertRows();
    if (m_rows.back().state == State::Probing)
        startProbe(at);
}

int ClusterListModel::addKubeconfig(const QString &file)
{
    auto contexts = contextsOf(file);
    if (!contexts) {
        Row failed;
        failed.entry = {QFileInfo(file).absoluteFilePath(), {}, {}, {}};
        if (std::any_of(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.entry == failed.entry; }))
            return 0;
        failed.state = State::Failed;
        failed.error = contexts.error();
        append(std::move(failed));
        emit entriesChanged();
        return 1;
    }
    const int added = addEntries(*contexts);
    return added;
}

QString ClusterListModel::restore(const QString &workspaceFile, const QProcessEnvironment &env)
{
    QString problem;
    auto workspace = Workspace::load(workspaceFile);
    if (!workspace) {
        const QString aside = workspaceFile + QStringLiteral(".broken");
        QFile::remove(aside);
        QFile::rename(workspaceFile, aside);
        problem = tr("Workspace not loaded (%1); it was moved to %2").arg(workspace.error().toString(), aside);
    }
    if (workspace && !workspace->clusters.empty())
        addEntries(workspace->clusters);
    else
        for (const QString &file : defaultKubeconfigFiles(env))
            addKubeconfig(file);
    return problem;
}

int ClusterListModel::addEntries(const std::vector<ClusterEntry> &entries)
{
    int added = 0;
    for (const ClusterEntry &e : entries) {
        if (e.context.isEmpty()) {   // a whole file (one that could not be read when it was saved)
            added += addKubeconfig(e.kubeconfig);
            continue;
        }
        if (std::any_of(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.entry == e; }))
            continue;
        Row row;
        row.entry = e;
        append(std::move(row));
        ++added;
    }
    if (added)
        emit entriesChanged();
    return added;
}

void ClusterListModel::removeRow(int index)
{
    if (index < 0 || index >= int(m_rows.size()))
        return;
    beginRemoveRows({}, index, index);
    m_rows.erase(m_rows.begin() + index);
    endRemoveRows();
    emit entriesChanged();
}

void ClusterListModel::refresh()
{
    for (int i = 0; i < int(m_rows.size()); ++i) {
        if (m_rows[size_t(i)].entry.context.isEmpty()) {
            // A file that could not be read: read it again.
            auto contexts = contextsOf(m_rows[size_t(i)].entry.kubeconfig);
            if (!contexts) {
                m_rows[size_t(i)].error = contexts.error();
                emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
                continue;
            }
            const QString file = m_rows[size_t(i)].entry.kubeconfig;
            removeRow(i--);
            addKubeconfig(file);
            continue;
        }
        m_rows[size_t(i)].state = State::Probing;
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
        startProbe(i);
    }
}

void ClusterListModel::startProbe(int at)
{
    Row &r = m_rows[size_t(at)];
    r.probe = ++m_nextProbe;
    ++m_pending;
    const ClusterEntry entry = r.entry;
    const quint64 probe = r.probe;
    QThread *t = QThread::create([this, entry, probe, prober = m_prober] {
        Result<ClusterFacts> result = prober(entry);
        QMetaObject::invokeMethod(this, [this, entry, probe, result] { finishProbe(entry, probe, result); }, Qt::QueuedConnection);
    });
    m_threads.push_back(t);
    connect(t, &QThread::finished, this, [this, t] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), t), m_threads.end());
        t->deleteLater();
    });
    t->start();
}

void ClusterListModel::finishProbe(const ClusterEntry &entry, quint64 probe, const Result<ClusterFacts> &result)
{
    --m_pending;
    const auto it = std::find_if(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.entry == entry; });
    if (it != m_rows.end() && it->probe == probe) {
        if (result) {
            it->facts = *result;
            it->error.reset();
            it->state = result->spillwayInstalled ? State::Ready : State::NotInstalled;
        } else {
            it->error = result.error();
            it->state = State::Failed;
        }
        const int i = int(it - m_rows.begin());
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
    if (m_pending == 0)
        emit probesFinished();
}

Workspace ClusterListModel::workspace(const QString &name) const
{
    Workspace w;
    w.name = name;
    for (const Row &r : m_rows)
        if (!r.entry.context.isEmpty() || r.state == State::Failed)
            w.clusters.push_back(r.entry);
    return w;
}

} // namespace spillway::console
