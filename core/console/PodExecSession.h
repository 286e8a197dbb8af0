#pragma once

#include "common/Error.h"
#include "kube/RemoteCommand.h"

#include <QObject>

#include <functional>
#include <memory>

namespace spillway::console {

class ClientThread;

// One `kubectl exec -it` (or attach) into a pod, through its cluster's apiserver: for an
// offloaded pod the consumer's apiserver reaches the virtual kubelet, which opens the same stream
// to the twin in the provider. Speaks `v5.channel.k8s.io` over a WebSocket of its own (openUpgrade
// with the cluster's credentials) on the cluster's stream client thread, so a slow or silent
// server never blocks the console. Output arrives on the owner's thread; the connection stops
// reading while more than a megabyte of it waits there, so a flood slows the pod, not the console.
// stop() or the destructor ends the session at once, and nothing is emitted after.
class PodExecSession : public QObject
{
    Q_OBJECT
public:
    // RANDOM draws the WebSocket key and masks; empty: the system's generator.
    PodExecSession(std::shared_ptr<ClientThread> client, QString ns, QString pod, kube::remotecommand::ExecOptions options,
                   std::function<quint32()> random = {}, QObject *parent = nullptr);
    ~PodExecSession() override;

    // Opens the stream with the terminal's size (the TTY's first size).
    void start(int columns, int rows);
    void send(const QByteArray &input);   // to the process's stdin
    void resize(int columns, int rows);
    void closeInput();                    // EOF on stdin
    void stop();

    static constexpr qint64 kMaxPendingOutput = 1024 * 1024;

signals:
    void opened();
    void output(const QByteArray &bytes);
    // The command ended and the apiserver said how: its exit code (0: success).
    void exited(int exitCode);
    // It could not start (refused, not found, unreachable, protocol), or the connection broke
    // before the command ended: the cluster, the pod and the cause.
    void failed(const spillway::Error &error);

private:
    class Connection;
    void post(std::function<void()> what);
    void toConnection(std::function<void(Connection &)> what);

    std::shared_ptr<ClientThread> m_client;
    QString m_ns, m_pod;
    kube::remotecommand::ExecOptions m_options;
    std::function<quint32()> m_random;
    Connection *m_connection = nullptr;   // lives on the client's thread
    quint64 m_generation = 0;             // one per start(): stale posts are told apart
};

} // namespace spillway::console
