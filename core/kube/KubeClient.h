#pragma once

#include "common/Error.h"
#include "kube/Clock.h"
#include "kube/RateLimiter.h"
#include "kube/Resource.h"
#include "kube/RestConfig.h"

#include <QHash>
#include <QNetworkReply>
#include <QObject>
#include <QSslConfiguration>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

class QNetworkAccessManager;

namespace spillway::kube {

class ExecCredentialProvider;

// An HTTP request to the apiserver, relative to the configured server.
struct KubeRequest {
    QByteArray verb = "GET";
    QString path;                 // e.g. /api/v1/namespaces/default/configmaps
    QUrlQuery query;
    QByteArray body;
    QByteArray contentType;       // default application/json when there is a body
    QString describe;             // what this is about, for errors ("configmaps default/foo")
    bool retryUnsafe = false;     // retry 5xx / dropped connections even though the verb is not GET
    QByteArray accept;            // default application/json (e.g. a server-side Table instead)
};

struct KubeResponse {
    int status = 0;
    QByteArray body;
    QList<QNetworkReply::RawHeaderPair> headers;
    QByteArray header(const QByteArray &name) const;
};

struct ListOptions {
    QString labelSelector, fieldSelector, resourceVersion, continueToken;
    int limit = 0;
};
inline ListOptions withLabels(const QString &labelSelector)
{
    ListOptions o;
    o.labelSelector = labelSelector;
    return o;
}
struct WriteOptions {
    bool dryRun = false;
    QString fieldManager;
};
enum class PatchType { Merge, Json, StrategicMerge, Apply };
struct PatchOptions {
    bool dryRun = false;
    QString fieldManager;
    bool force = false;          // server-side apply only
    QString subresource;         // e.g. "status"
};
struct DeleteOptions {
    QString propagationPolicy;   // Foreground | Background | Orphan
    QString preconditionUid, preconditionResourceVersion;
    int gracePeriodSeconds = -1;
    bool dryRun = false;
};


// What the machinery is doing, for the console and metrics.
struct ClientStats {
    quint64 requests = 0;
    quint64 retries = 0;
    quint64 throttledMs = 0;      // time spent waiting for the client-side rate limiter
    quint64 execRuns = 0;
};

// The connection to one apiserver as one identity. Lives on one thread (its owner's) with an
// event loop; send() is asynchronous, call() blocks and may be used from any thread.
// Requests pass a client-side token bucket (QPS/burst); 429 and, for idempotent requests, 5xx
// and dropped connections are retried with jittered backoff, honouring Retry-After.
class KubeClient : public QObject
{
    Q_OBJECT
public:
    struct Options {
        MonotonicClock clock;
        RandomSource random;
        int maxRetries = 5;
        qint64 retryBaseMs = 200;
        qint64 retryCapMs = 10000;
    };
    using Callback = std::function<void(Result<KubeResponse>)>;

    explicit KubeClient(RestConfig config, QObject *parent = nullptr);
    KubeClient(RestConfig config, Options options, QObject *parent = nullptr);
    ~KubeClient() override;

    const RestConfig &config() const { return m_config; }
    QString clusterLabel() const;   // context or server, for error messages
    ClientStats stats() const { return m_stats; }

    void send(KubeRequest request, Callback done);
    Result<KubeResponse> call(const KubeRequest &request);

    // A long-running request (watch): the reply streams; the caller owns it. Rate limited and
    // authenticated like any other request; on 401 with an exec plugin the credential is refreshed.
    void openStream(KubeRequest request, std::function<void(Result<QNetworkReply *>)> opened);

    // The URL, TLS configuration (client certificate included) and Authorization header a request
    // would go out with, for a caller that speaks to the apiserver on its own socket (an HTTP
    // upgrade for a stream). Refreshes exec-plugin credentials and rotated tokens as send() does.
    Result<QNetworkRequest> authenticatedRequest(const KubeRequest &request) { return prepare(request, true); }

    // Converts a finished reply's status/body into an Error (Kubernetes Status parsed).
    Error errorFromResponse(const KubeRequest &request, int status, const QByteArray &body) const;
    Error errorFromNetwork(const KubeRequest &request, QNetworkReply *reply) const;

    // --- Verbs (blocking; see KubeVerbs.cpp) -------------------------------------------------
    using ListOptions = kube::ListOptions;
    using WriteOptions = kube::WriteOptions;
    using PatchType = kube::PatchType;
    using PatchOptions = kube::PatchOptions;
    using DeleteOptions = kube::DeleteOptions;

    Result<nlohmann::json> get(const ResourceRef &r, const QString &ns, const QString &name, const QString &subresource = {});
    Result<nlohmann::json> list(const ResourceRef &r, const QString &ns, const ListOptions &opts = {});
    // Follows `continue` until the end; items of all pages in one List.
    Result<nlohmann::json> listAll(const ResourceRef &r, const QString &ns, ListOptions opts = {}, int *pages = nullptr);
    Result<nlohmann::json> create(const ResourceRef &r, const QString &ns, const nlohmann::json &obj, const WriteOptions &opts = {});
    Result<nlohmann::json> update(const ResourceRef &r, const QString &ns, const nlohmann::json &obj, const WriteOptions &opts = {});
    Result<nlohmann::json> updateStatus(const ResourceRef &r, const QString &ns, const nlohmann::json &obj, const WriteOptions &opts = {});
    Result<nlohmann::json> patch(const ResourceRef &r, const QString &ns, const QString &name, PatchType type,
                                 const QByteArray &patch, const PatchOptions &opts = {});
    // Server-side apply of a whole object (its metadata.name names it).
    Result<nlohmann::json> apply(const ResourceRef &r, const QString &ns, const nlohmann::json &obj,
                                 const QString &fieldManager, bool force = false, bool dryRun = false);
    Result<void> remove(const ResourceRef &r, const QString &ns, const QString &name, const DeleteOptions &opts = {});

    // --- Discovery (cached) ---------------------------------------------------------------------
    Result<nlohmann::json> serverVersion();
    Result<QStringList> groupVersions();
    Result<ResourceRef> resolve(const QString &apiVersion, const QString &kindOrResource);
    void invalidateDiscovery();

private:
    struct Pending;
    void dispatch(std::shared_ptr<Pending> p);
    void finish(std::shared_ptr<Pending> p, QNetworkReply *reply);
    void retryLater(std::shared_ptr<Pending> p, qint64 delayMs);
    Result<QNetworkRequest> prepare(const KubeRequest &request, bool stream);
    QUrl urlFor(const KubeRequest &request) const;
    Result<nlohmann::json> jsonCall(const KubeRequest &request);

    RestConfig m_config;
    Options m_options;
    QNetworkAccessManager *m_nam = nullptr;
    QSslConfiguration m_tls;
    QString m_tlsSetupError;
    TokenBucket m_bucket;
    std::unique_ptr<ExecCredentialProvider> m_exec;
    QByteArray m_execCertPem;
    QSslConfiguration m_execTls;
    QString m_cachedToken;
    qint64 m_tokenFileMtime = -1;
    ClientStats m_stats;
    QHash<QString, nlohmann::json> m_discovery;   // groupVersion -> APIResourceList
    std::optional<QStringList> m_groupVersions;
};

} // namespace spillway::kube
