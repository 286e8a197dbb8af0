#pragma once

#include "common/Error.h"
#include "webhook/HttpsServer.h"

#include <QHostAddress>
#include <QObject>

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>

namespace spillway::webhook {

struct AdmissionRequest {
    QString uid, operation, kind, group, ns, name, username;
    QStringList groups;                    // the requesting user's groups (userInfo.groups)
    nlohmann::json object, oldObject;
    bool dryRun = false;
};

struct AdmissionResponse {
    bool allowed = true;
    QString message;                       // shown to the user by kubectl when denied
    int code = 0;                          // HTTP-style status in the Status (403 default when denied)
    std::optional<nlohmann::json> patch;   // a JSON patch (mutating webhooks)
    QStringList warnings;

    static AdmissionResponse allow() { return {}; }
    static AdmissionResponse deny(const QString &message, int code = 403) { return {false, message, code, std::nullopt, {}}; }
};

// HTTPS endpoint for admission.k8s.io/v1 AdmissionReviews, one handler per path, on an
// HttpsServer. The apiserver is the only expected client, but bodies are untrusted input: a
// body that is not an AdmissionReview is answered 400 and counted, and a handler never sees a
// half-parsed review.
class AdmissionServer : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<AdmissionResponse(const AdmissionRequest &)>;
    // Whether a handler's inputs (its caches) are ready to judge by; empty means always.
    using Ready = std::function<bool()>;

    // certPem may hold the chain; keyPem any key QSslKey reads.
    AdmissionServer(const QByteArray &certPem, const QByteArray &keyPem, QObject *parent = nullptr);
    ~AdmissionServer() override;

    // Until ready() holds, the path answers 503 with a Status instead of judging from a cache
    // that has not listed yet: the apiserver then applies the webhook's failurePolicy (Fail
    // refuses the request, and controllers retry), rather than admitting what a listed cache
    // would have changed or refused.
    void handle(const QString &path, Handler handler, Ready ready = {});
    Result<quint16> listen(const QHostAddress &address, quint16 port = 0);
    quint16 port() const;

    quint64 reviews() const { return m_reviews; }
    quint64 denied() const { return m_denied; }
    quint64 unready() const { return m_unready; }
    quint64 malformed() const;

private:
    HttpResponse review(const Handler &handler, const QByteArray &body);

    std::unique_ptr<HttpsServer> m_http;
    std::atomic<quint64> m_reviews{0}, m_denied{0}, m_unready{0};
};

} // namespace spillway::webhook
