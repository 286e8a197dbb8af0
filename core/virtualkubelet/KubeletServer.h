#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "virtualkubelet/KubeletRequest.h"

#include <QHostAddress>
#include <QObject>
#include <QSslCertificate>
#include <QSslConfiguration>

#include <functional>

class QSslServer;
class QSslSocket;

namespace spillway::virtualkubelet {

// The virtual node's kubelet endpoint (the Node's daemonEndpoints): the apiserver calls it for
// `kubectl logs`, and the logs come from the offloaded pod's twin in the provider, streamed
// through as they arrive (follow included); metrics-server scrapes its resource metrics from it
// (setResourceMetrics). `kubectl exec`, `attach`, `cp` and `port-forward` arrive as HTTP
// upgrades (SPDY/3.1): each is asked of the provider's apiserver for the twin, with the same
// upgrade offer, and once it switches protocols the two connections are spliced, so the two
// apiservers speak the stream protocol end to end (stdin, TTY resize, exit code, port-forward
// streams) and the provider's refusal (403, 404) reaches the user as the provider said it.
// A kubelet in webhook mode is what this mimics: callers present a client certificate from the
// cluster's client CA, and each request is authorized by a SubjectAccessReview for nodes/proxy
// (logs, exec, attach, port-forward) or nodes/metrics on this node; everything else is refused.
// One request per connection; all of it runs on the owner's event loop.
class KubeletServer : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString nodeName;
        QHostAddress address = QHostAddress::Any;
        quint16 port = 10250;                  // 0: any free port
        QByteArray certPem, keyPem;            // serving certificate
        QList<QSslCertificate> clientCa;       // whose client certificates are accepted
    };
    // The remote namespace of a pod bound to this node, or empty when it is none of ours.
    using RemoteNamespaceOf = std::function<QString(const QString &ns, const QString &pod)>;

    KubeletServer(kube::KubeClient *consumer, kube::KubeClient *provider, RemoteNamespaceOf remoteOf, Options options,
                  QObject *parent = nullptr);
    ~KubeletServer() override;

    // Produces /metrics/resource's body, asynchronously, on the owner's thread.
    using ResourceMetricsSource = std::function<void(std::function<void(Result<QByteArray>)> done)>;
    void setResourceMetrics(ResourceMetricsSource source) { m_resourceMetrics = std::move(source); }

    Result<quint16> listen();
    quint16 port() const;

    struct Stats {
        quint64 served = 0, denied = 0, malformed = 0;
        quint64 streaming = 0;        // exec, attach and port-forward sessions open now
        quint64 streamsFailed = 0;    // upgrades the provider refused or could not be reached for
    };
    Stats stats() const { return m_stats; }

private:
    void onConnection();
    struct Incoming {
        KubeletRequest request;
        QByteArray head;     // the request's head, for an upgrade's offer
        QByteArray early;    // bytes the caller sent past the head
    };
    void onHeader(QSslSocket *socket, const Incoming &incoming);
    void authorize(QSslSocket *socket, const Incoming &incoming, const NodeAccess &access);
    void bridgeStream(QSslSocket *socket, const Incoming &incoming);
    void streamLogs(QSslSocket *socket, const KubeletRequest &request);
    void serveResourceMetrics(QSslSocket *socket);

    kube::KubeClient *m_consumer, *m_provider;
    RemoteNamespaceOf m_remoteOf;
    ResourceMetricsSource m_resourceMetrics;
    Options m_options;
    QSslConfiguration m_tls;
    QSslServer *m_server = nullptr;
    Stats m_stats;
};

} // namespace spillway::virtualkubelet
