#pragma once

#include "common/Error.h"
#include "console/ClientThread.h"
#include "console/OffloadingEditorModel.h"
#include "console/Workspace.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace spillway::kube {
class Informer;
class KubeClient;
} // namespace spillway::kube

namespace spillway::console {

// What the NamespaceOffloading editor asks one cluster, off the GUI thread: its namespaces and
// peers, a namespace's NamespaceOffloading and pods, a server-side dry run, the apply, and then the
// applied object's status as the controller writes it (a watch, not polling). Each request answers
// with one signal on the GUI thread; requests run one after another on the service's own thread
// with its own client.
class OffloadingService : public QObject
{
    Q_OBJECT
public:
    using Draft = offloading::NamespaceOffloadingDraft;
    static constexpr const char *kFieldManager = "spillway-console";

    explicit OffloadingService(ClusterEntry cluster, QObject *parent = nullptr);
    // Waits for the request in flight (each ends within the client's timeout).
    ~OffloadingService() override;

    const ClusterEntry &cluster() const { return m_cluster; }

    void loadCluster();                     // → clusterLoaded
    void loadNamespace(const QString &ns);  // → namespaceLoaded
    void dryRun(const Draft &draft);        // → dryRunFinished
    void apply(const Draft &draft);         // → applied, then statusChanged as it changes

    // Results of the last answers.
    const QStringList &namespaces() const { return m_namespaces; }
    const std::vector<OffloadingEditorModel::Peer> &peers() const { return m_peers; }
    // The namespace's NamespaceOffloading as it is in the cluster (nullopt: none), and how many
    // pods run there now (they stay where they are when offloading starts).
    const std::optional<Draft> &existing() const { return m_existing; }
    int podsInNamespace() const { return m_pods; }
    const nlohmann::json &status() const { return m_status; }
    qint64 statusGeneration() const { return m_statusGeneration; }

signals:
    // error: what went wrong; on success the results above are updated first.
    void clusterLoaded(const std::optional<spillway::Error> &error);
    void namespaceLoaded(const QString &ns, const std::optional<spillway::Error> &error);
    // The server (its admission included) accepts the object, or why not. note: what the apply will
    // also do (create the namespace).
    void dryRunFinished(const std::optional<spillway::Error> &error, const QString &note);
    void applied(const std::optional<spillway::Error> &error);
    // The watched NamespaceOffloading's status (offloadingPhase, remoteNamespacesConditions).
    void statusChanged();

private:
    // Runs `work` on a thread of its own (blocking verbs; the client serves them from its thread);
    // what it returns then runs on the GUI thread.
    void run(std::function<std::function<void()>(kube::KubeClient &)> work, std::function<void(const Error &)> noClient);
    void watchStatus(const QString &ns);

    ClusterEntry m_cluster;
    std::unique_ptr<ClientThread> m_client;   // the client's and the watch's thread
    kube::Informer *m_watch = nullptr;        // lives on m_client's thread
    QStringList m_namespaces;
    std::vector<OffloadingEditorModel::Peer> m_peers;
    std::optional<Draft> m_existing;
    int m_pods = 0;
    nlohmann::json m_status = nlohmann::json::object();
    qint64 m_statusGeneration = 0;
};

} // namespace spillway::console
