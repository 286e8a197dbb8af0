#include "kube/KubeClient.h"

#include "common/Version.h"
#include "kube/ExecCredentialProvider.h"
#include "kube/TlsSetup.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QThread>
#include <QTimer>

#include <future>

#include <openssl/crypto.h>

namespace spillway::kube {

namespace {

// OpenSSL's exit-time cleanup is left to the OS. Qt makes its TLS contexts on its own network
// thread, and OpenSSL gives that thread random generators that a thread-exit destructor frees;
// but the thread outlives ~QNetworkAccessManager (QThread::wait returns before a thread's exit
// destructors run), and OpenSSL's atexit cleanup deletes that destructor's key first when the
// process exits right after its last client — leaking them, as LeakSanitizer reported now and
// then. Before main, so it precedes any other use of OpenSSL (only the first call can say so).
[[maybe_unused]] const bool kOpenSslCleanupLeftToTheOs = OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) == 1;

} // namespace

struct KubeClient::Pending {
    KubeRequest request;
    Callback done;
    int attempt = 0;
    bool authRetried = false;
    Backoff backoff;
};

QByteArray KubeResponse::header(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

KubeClient::KubeClient(RestConfig config, QObject *parent)
    : KubeClient(std::move(config), Options{}, parent)
{
}

KubeClient::KubeClient(RestConfig config, Options options, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_options(std::move(options))
    , m_bucket(m_config.qps, m_config.burst, m_options.clock ? m_options.clock : steadyClock())
{
    if (!m_options.clock)
        m_options.clock = steadyClock();
    if (!m_options.random)
        m_options.random = defaultRandom();
    m_nam = new QNetworkAccessManager(this);
    m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    if (!m_config.proxyUrl.isEmpty()) {
        auto proxy = proxyFromUrl(m_config.proxyUrl);
        if (proxy)
            m_nam->setProxy(*proxy);
        else
            m_tlsSetupError = proxy.error().message;
    } else {
        m_nam->setProxy(QNetworkProxy::NoProxy);
    }
    auto tls = buildTlsConfiguration(m_config, m_config.clientCertPem, m_config.clientKeyPem);
    if (tls)
        m_tls = *tls;
    else
        m_tlsSetupError = tls.error().message;
    if (m_config.exec)
        m_exec = std::make_unique<ExecCredentialProvider>(*m_config.exec, m_config);
}

KubeClient::~KubeClient() = default;

QString KubeClient::clusterLabel() const
{
    return m_config.contextName.isEmpty() ? m_config.server : m_config.contextName;
}

QUrl KubeClient::urlFor(const KubeRequest &request) const
{
    QUrl url(m_config.server);
    QString base = url.path();
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + request.path);
    if (!request.query.isEmpty())
        url.setQuery(request.query);
    return url;
}

Result<QNetworkRequest> KubeClient::prepare(const KubeRequest &request, bool stream)
{
    if (!m_tlsSetupError.isEmpty()) {
        Error e;
        e.kind = Error::Kind::Tls;
        e.cluster = clusterLabel();
        e.message = m_tlsSetupError;
        return e;
    }
    QNetworkRequest req(urlFor(request));
    req.setRawHeader("Accept", request.accept.isEmpty() ? QByteArray("application/json") : request.accept);
    req.setRawHeader("User-Agent", "spillway/" + Version::current().toString().toLatin1());
    if (!request.body.isEmpty() || request.verb == "POST" || request.verb == "PUT" || request.verb == "PATCH")
        req.setRawHeader("Content-Type", request.contentType.isEmpty() ? QByteArray("application/json") : request.contentType);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, true);
    if (!stream)
        req.setTransferTimeout(m_config.timeoutMs);
    if (!m_config.tlsServerName.isEmpty())
        req.setPeerVerifyName(m_config.tlsServerName);

    QSslConfiguration tls = m_tls;
    QString token = m_config.bearerToken;
    if (!m_config.tokenFile.isEmpty()) {
        // Projected service-account tokens rotate: re-read the file whenever it changes.
        const QFileInfo fi(m_config.tokenFile);
        const qint64 mtime = fi.lastModified().toMSecsSinceEpoch();
        if (mtime != m_tokenFileMtime) {
            QFile f(m_config.tokenFile);
            if (f.open(QIODevice::ReadOnly)) {
                m_cachedToken = QString::fromUtf8(f.readAll()).trimmed();
                m_tokenFileMtime = mtime;
            } else if (m_cachedToken.isEmpty()) {
                Error e;
                e.kind = Error::Kind::Auth;
                e.cluster = clusterLabel();
                e.message = QStringLiteral("cannot read the token file %1").arg(m_config.tokenFile);
                e.hint = QStringLiteral("check tokenFile in the kubeconfig");
                return e;
            }
        }
        token = m_cachedToken;
    }
    if (m_exec) {
        auto cred = m_exec->get();
        ++m_stats.execRuns;
        if (!cred) {
            Error e = cred.error();
            e.cluster = clusterLabel();
            return e;
        }
        if (!cred->token.isEmpty())
            token = cred->token;
        if (!cred->clientCertPem.isEmpty()) {
            if (cred->clientCertPem != m_execCertPem) {
                auto t = buildTlsConfiguration(m_config, cred->clientCertPem, cred->clientKeyPem);
                if (!t) {
                    Error e = t.error();
                    e.cluster = clusterLabel();
                    return e;
                }
                m_execTls = *t;
                m_execCertPem = cred->clientCertPem;
            }
            tls = m_execTls;
        }
    }
    req.setSslConfiguration(tls);
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    else if (!m_config.username.isEmpty())
        req.setRawHeader("Authorization",
                         "Basic " + (m_config.username + QLatin1Char(':') + m_config.password).toUtf8().toBase64());
    return req;
}

void KubeClient::send(KubeRequest request, Callback done)
{
    auto p = std::make_shared<Pending>(Pending{std::move(request), std::move(done), 0, false,
                                              Backoff(m_options.retryBaseMs, m_options.retryCapMs, 2.0, 0.5, m_options.random)});
    const qint64 wait = m_bucket.reserve();
    if (wait > 0) {
        m_stats.throttledMs += quint64(wait);
        QTimer::singleShot(wait, this, [this, p] { dispatch(p); });
    } else {
        dispatch(p);
    }
}

void KubeClient::dispatch(std::shared_ptr<Pending> p)
{
    auto prepared = prepare(p->request, false);
    if (!prepared) {
        Error e = prepared.error();
        e.resource = p->request.describe;
        p->done(e);
        return;
    }
    ++m_stats.requests;
    QNetworkReply *reply = nullptr;
    const QByteArray &verb = p->request.verb;
    if (verb == "GET")
        reply = m_nam->get(*prepared);
    else if (verb == "POST")
        reply = m_nam->post(*prepared, p->request.body);
    else if (verb == "PUT")
        reply = m_nam->put(*prepared, p->request.body);
    else
        reply = m_nam->sendCustomRequest(*prepared, verb, p->request.body);
    auto sslErrors = std::make_shared<QList<QSslError>>();
    connect(reply, &QNetworkReply::sslErrors, reply, [sslErrors](const QList<QSslError> &errors) { *sslErrors = errors; });
    connect(reply, &QNetworkReply::finished, this, [this, p, reply, sslErrors] {
        reply->setProperty("spillway.sslErrors", QVariant::fromValue(*sslErrors));
        finish(p, reply);
    });
}

void KubeClient::retryLater(std::shared_ptr<Pending> p, qint64 delayMs)
{
    ++m_stats.retries;
    QTimer::singleShot(delayMs, this, [this, p] {
        const qint64 wait = m_bucket.reserve();
        QTimer::singleShot(wait, this, [this, p] { dispatch(p); });
    });
}

void KubeClient::finish(std::shared_ptr<Pending> p, QNetworkReply *reply)
{
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool idempotent = p->request.verb == "GET" || p->request.verb == "HEAD" || p->request.retryUnsafe;
    const bool canRetry = p->attempt < m_options.maxRetries;

    if (status == 0) { // no HTTP response: connection refused, dropped, TLS, timeout
        const auto err = reply->error();
        const bool transient = err == QNetworkReply::RemoteHostClosedError || err == QNetworkReply::TemporaryNetworkFailureError
            || err == QNetworkReply::NetworkSessionFailedError || err == QNetworkReply::UnknownNetworkError
            || err == QNetworkReply::ConnectionRefusedError || err == QNetworkReply::TimeoutError
            || err == QNetworkReply::ProxyConnectionClosedError;
        if (transient && idempotent && canRetry && err != QNetworkReply::OperationCanceledError) {
            ++p->attempt;
            retryLater(p, p->backoff.next());
            return;
        }
        p->done(errorFromNetwork(p->request, reply));
        return;
    }

    KubeResponse resp;
    resp.status = status;
    resp.body = reply->readAll();
    resp.headers = reply->rawHeaderPairs();

    if (status == 401) {
        // Qt 6.4's HTTP/2 handler leaves a connection unusable after a 401 that carries no
        // WWW-Authenticate challenge (the apiserver sends none): later requests on it never
        // start. Drop the pooled connections so the next request opens a fresh one; watches on
        // them end and resume, as after any dropped connection.
        QTimer::singleShot(0, m_nam, &QNetworkAccessManager::clearConnectionCache);
    }
    if (status == 401 && m_exec && !p->authRetried) {
        // The plugin's credential was rejected: run it again once, as client-go does.
        m_exec->invalidate();
        p->authRetried = true;
        // Re-send from the event loop, not from inside the finished reply's signal: QNAM can
        // stall a request queued on a connection that is still finishing the previous one.
        QTimer::singleShot(1, this, [this, p] { dispatch(p); });
        return;
    }
    const bool throttled = status == 429;
    const bool serverError = status >= 500 && status != 501;
    if ((throttled || (serverError && idempotent)) && canRetry) {
        ++p->attempt;
        qint64 delay = p->backoff.next();
        bool okRetryAfter = false;
        const int retryAfter = resp.header("Retry-After").toInt(&okRetryAfter);
        if (okRetryAfter && retryAfter >= 0)
            delay = std::min<qint64>(qint64(retryAfter) * 1000, m_options.retryCapMs * 6);
        retryLater(p, delay);
        return;
    }
    if (status >= 400) {
        p->done(errorFromResponse(p->request, status, resp.body));
        return;
    }
    p->done(std::move(resp));
}

Result<KubeResponse> KubeClient::call(const KubeRequest &request)
{
    if (QThread::currentThread() == thread()) {
        std::optional<Result<KubeResponse>> out;
        QEventLoop loop;
        send(request, [&](Result<KubeResponse> r) {
            out.emplace(std::move(r));
            loop.quit();
        });
        if (!out)
            loop.exec();
        return std::move(*out);
    }
    // From a worker thread: hand the request to the client's thread and wait for the answer.
    auto promise = std::make_shared<std::promise<Result<KubeResponse>>>();
    auto future = promise->get_future();
    QMetaObject::invokeMethod(this, [this, request, promise] {
        send(request, [promise](Result<KubeResponse> r) { promise->set_value(std::move(r)); });
    }, Qt::QueuedConnection);
    return future.get();
}

void KubeClient::openStream(KubeRequest request, std::function<void(Result<QNetworkReply *>)> opened)
{
    const qint64 wait = m_bucket.reserve();
    QTimer::singleShot(wait, this, [this, request = std::move(request), opened = std::move(opened)] {
        auto prepared = prepare(request, true);
        if (!prepared) {
            Error e = prepared.error();
            e.resource = request.describe;
            opened(e);
            return;
        }
        ++m_stats.requests;
        QNetworkReply *reply = m_nam->get(*prepared);
        auto sslErrors = std::make_shared<QList<QSslError>>();
        connect(reply, &QNetworkReply::sslErrors, reply, [sslErrors, reply](const QList<QSslError> &errors) {
            reply->setProperty("spillway.sslErrors", QVariant::fromValue(errors));
        });
        if (m_exec) {
            connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] {
                if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 401)
                    m_exec->invalidate();
            });
        }
        opened(reply);
    });
}

void KubeClient::invalidateDiscovery()
{
    m_discovery.clear();
    m_groupVersions.reset();
}

} // namespace spillway::kube
