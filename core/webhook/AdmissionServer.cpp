#include "webhook/AdmissionServer.h"

namespace spillway::webhook {

using nlohmann::json;

AdmissionServer::AdmissionServer(const QByteArray &certPem, const QByteArray &keyPem, QObject *parent)
    : QObject(parent), m_http(std::make_unique<HttpsServer>(certPem, keyPem, QStringLiteral("webhook server")))
{
}

AdmissionServer::~AdmissionServer() = default;

void AdmissionServer::handle(const QString &path, Handler handler, Ready ready)
{
    m_http->route(path, [this, path, handler = std::move(handler), ready = std::move(ready)](const HttpRequest &r) {
        if (ready && !ready()) {
            ++m_unready;
            const json status = {{"apiVersion", "v1"}, {"kind", "Status"}, {"status", "Failure"}, {"reason", "ServiceUnavailable"}, {"code", 503},
                                 {"message", QStringLiteral("the webhook at %1 is starting: its cache has not listed yet").arg(path).toStdString()}};
            return HttpResponse{503, QByteArray::fromStdString(status.dump()), {{QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")}}};
        }
        return review(handler, r.body);
    });
}

Result<quint16> AdmissionServer::listen(const QHostAddress &address, quint16 port)
{
    return m_http->listen(address, port);
}

quint16 AdmissionServer::port() const
{
    return m_http->port();
}

quint64 AdmissionServer::malformed() const
{
    return m_http->malformed();
}

HttpResponse AdmissionServer::review(const Handler &handler, const QByteArray &body)
{
    const json in = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (!in.is_object() || !in.contains("request") || !in["request"].is_object()) {
        m_http->countMalformed();
        return {400, QByteArrayLiteral(R"({"error":"not an AdmissionReview"})")};
    }
    const json &r = in["request"];
    auto str = [&](const json &o, const char *key) {
        const auto it = o.find(key);
        return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    AdmissionRequest req;
    req.uid = str(r, "uid");
    req.operation = str(r, "operation");
    req.ns = str(r, "namespace");
    req.name = str(r, "name");
    if (r.contains("kind") && r["kind"].is_object()) {
        req.kind = str(r["kind"], "kind");
        req.group = str(r["kind"], "group");
    }
    if (r.contains("userInfo") && r["userInfo"].is_object()) {
        req.username = str(r["userInfo"], "username");
        if (r["userInfo"].contains("groups") && r["userInfo"]["groups"].is_array())
            for (const auto &g : r["userInfo"]["groups"])
                if (g.is_string())
                    req.groups << QString::fromStdString(g.get<std::string>());
    }
    req.object = r.value("object", json());
    req.oldObject = r.value("oldObject", json());
    req.dryRun = r.value("dryRun", false);
    ++m_reviews;
    const AdmissionResponse res = handler(req);
    json response = {{"uid", req.uid.toStdString()}, {"allowed", res.allowed}};
    if (!res.allowed) {
        ++m_denied;
        response["status"] = {{"code", res.code ? res.code : 403}, {"message", res.message.toStdString()}};
    }
    if (res.patch) {
        response["patchType"] = "JSONPatch";
        response["patch"] = QByteArray::fromStdString(res.patch->dump()).toBase64().toStdString();
    }
    if (!res.warnings.isEmpty()) {
        response["warnings"] = json::array();
        for (const QString &w : res.warnings)
            response["warnings"].push_back(w.toStdString());
    }
    json out = {{"apiVersion", in.value("apiVersion", "admission.k8s.io/v1")}, {"kind", "AdmissionReview"}, {"response", response}};
    return {200, QByteArray::fromStdString(out.dump())};
}

} // namespace spillway::webhook
