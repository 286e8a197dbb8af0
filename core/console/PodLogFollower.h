#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

class QNetworkReply;

namespace spillway::console {

class ClientThread;

// Pure: the bytes of a log stream cut into whole lines. A line that has not ended yet waits for
// the rest; "\r\n" ends a line as "\n" does. Bytes that are not UTF-8 show as replacement
// characters rather than ending the stream.
class LogLineSplitter
{
public:
    QStringList feed(const QByteArray &bytes);
    // At the end of the stream: the last line if it had no newline (empty: none).
    QString rest();

private:
    QByteArray m_partial;
};

struct LogOptions {
    QString container;     // empty: the pod's only (or default) container, as kubectl logs picks
    int tailLines = 500;   // how much of the past to show first; < 0: all of it
    bool follow = true;    // -f: keep the stream open for new lines
};

// Reads a container's log through its cluster's apiserver (GET …/pods/NAME/log), as `kubectl logs
// [-f]` does: for an offloaded pod the consumer's apiserver asks the virtual kubelet, which reads
// the twin's log from the provider. Lines arrive in batches, on the owner's thread. The stream runs
// on a client thread of its own, so a slow or silent server never blocks the console; stop() or
// the destructor ends it at once, and nothing is emitted after.
class PodLogFollower : public QObject
{
    Q_OBJECT
public:
    // CLIENT is the cluster's stream client (ClusterClients), shared with its other streams.
    PodLogFollower(std::shared_ptr<ClientThread> client, QString ns, QString pod, LogOptions options, QObject *parent = nullptr);
    ~PodLogFollower() override;

    void start();
    void stop();

signals:
    void lines(const QStringList &lines);
    // The log ended: without -f at its end, with -f when the container stopped.
    void ended();
    // It could not be read, or the stream broke: the cluster, the pod and the server's message.
    void failed(const spillway::Error &error);

private:
    void post(std::function<void()> what);

    // One start()'s stream; lives on the client's thread and is touched only there.
    struct Stream {
        bool stopped = false;
        QNetworkReply *reply = nullptr;
        LogLineSplitter splitter;
    };

    std::shared_ptr<ClientThread> m_client;
    QString m_ns, m_pod;
    LogOptions m_options;
    std::shared_ptr<Stream> m_stream;   // client's thread
};

} // namespace spillway::console
