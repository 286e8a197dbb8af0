#pragma once

#include "common/Error.h"
#include "console/PeeringRequest.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

class QThread;

namespace spillway::console {

class ClientThread;

// Runs the peering wizard's PeerWorkflow (and the graph's unpeer) between two of the console's
// clusters off the GUI thread, reporting each stage as it starts and ends with one signal on the
// GUI thread. One operation at a time; cancel() stops the one in flight at its next step.
class PeeringService : public QObject
{
    Q_OBJECT
public:
    using Stage = peering::PeerWorkflow::Stage;

    explicit PeeringService(QObject *parent = nullptr);
    // Cancels what runs and waits for it to stop.
    ~PeeringService() override;

    bool running() const { return m_worker != nullptr; }
    void peer(const PeeringRequest &request);           // → stage…, progress, peered
    void unpeer(const ClusterEntry &consumer, const ClusterEntry &provider, int timeoutSeconds = 120);   // → progress, unpeered
    // The provider's invitation for out-of-band peering (a one-line command with a single-use
    // token valid for ttlSeconds) → invitationReady.
    void generateInvitation(const ClusterEntry &provider, qint64 ttlSeconds = 3600, const QString &name = {});
    void cancel();

signals:
    void stageStarted(spillway::console::PeeringService::Stage stage);
    void stageDone(spillway::console::PeeringService::Stage stage, qint64 elapsedMs);
    void stageSkipped(spillway::console::PeeringService::Stage stage);
    void progress(const QString &line);
    // error: why it failed and in which stage; virtualNode: the Ready node (when one was awaited).
    void peered(const std::optional<spillway::Error> &error, spillway::console::PeeringService::Stage failedStage, const QString &virtualNode);
    void unpeered(const std::optional<spillway::Error> &error, const QStringList &removed);
    void invitationReady(const std::optional<spillway::Error> &error, const QString &command);

private:
    // Opens the clusters (provider null: only the consumer) and runs `work` on a worker thread;
    // false (with `failed` called) when a cluster cannot be opened or something already runs.
    bool start(const ClusterEntry &consumer, const ClusterEntry *provider, int timeoutSeconds,
               std::function<void(kube::KubeClient &, kube::KubeClient *)> work, const std::function<void(const Error &)> &failed);
    void finish();
    // From the worker: runs f on the GUI thread (dropped if the service is gone).
    void deliver(std::function<void()> f);

    std::unique_ptr<ClientThread> m_consumer, m_provider, m_inviter;
    QThread *m_worker = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancelled;
};

} // namespace spillway::console

Q_DECLARE_METATYPE(spillway::console::PeeringService::Stage)
