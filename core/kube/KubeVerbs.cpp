// The REST verbs and discovery, over KubeClient's transport.
#include "kube/KubeClient.h"

namespace spillway::kube {

using nlohmann::json;

namespace {

QString nameOf(const json &obj)
{
    const auto m = obj.find("metadata");
    if (m == obj.end() || !m->is_object())
        return {};
    return QString::fromStdString(m->value("name", ""));
}

QByteArray dump(const json &obj)
{
    return QByteArray::fromStdString(obj.dump());
}

Error decodeError(const KubeClient &c, const QString &what, const QString &resource)
{
    Error e;
    e.kind = Error::Kind::Decode;
    e.cluster = c.clusterLabel();
    e.resource = resource;
    e.message = QStringLiteral("the apiserver's answer is not valid JSON (%1)").arg(what);
    return e;
}

} // namespace

Result<json> KubeClient::jsonCall(const KubeRequest &request)
{
    auto r = call(request);
    if (!r)
        return r.error();
    const QByteArray &b = r->body;
    auto j = json::parse(b.constData(), b.constData() + b.size(), nullptr, false);
    if (j.is_discarded())
        return decodeError(*this, QString::fromUtf8(b.left(80)), request.describe);
    return j;
}

Result<json> KubeClient::get(const ResourceRef &r, const QString &ns, const QString &name, const QString &subresource)
{
    KubeRequest req;
    req.path = r.path(ns, name, subresource);
    req.describe = r.describe(ns, name);
    return jsonCall(req);
}

Result<json> KubeClient::list(const ResourceRef &r, const QString &ns, const ListOptions &opts)
{
    KubeRequest req;
    req.path = r.path(ns);
    req.describe = r.describe(ns);
    if (!opts.labelSelector.isEmpty()) req.query.addQueryItem(QStringLiteral("labelSelector"), opts.labelSelector);
    if (!opts.fieldSelector.isEmpty()) req.query.addQueryItem(QStringLiteral("fieldSelector"), opts.fieldSelector);
    if (!opts.resourceVersion.isEmpty()) req.query.addQueryItem(QStringLiteral("resourceVersion"), opts.resourceVersion);
    if (!opts.continueToken.isEmpty()) req.query.addQueryItem(QStringLiteral("continue"), opts.continueToken);
    if (opts.limit > 0) req.query.addQueryItem(QStringLiteral("limit"), QString::number(opts.limit));
    return jsonCall(req);
}

Result<json> KubeClient::listAll(const ResourceRef &r, const QString &ns, ListOptions opts, int *pages)
{
    json all;
    int n = 0;
    for (;;) {
        auto page = list(r, ns, opts);
        if (!page)
            return page.error();
        ++n;
        json &p = *page;
        if (all.is_null()) {
            all = std::move(p);
            if (!all.contains("items") || !all["items"].is_array())
                all["items"] = json::array();
        } else if (p.contains("items") && p["items"].is_array()) {
            auto &items = all["items"];
            for (auto &it : p["items"])
                items.push_back(std::move(it));
            all["metadata"] = p.value("metadata", json::object());
        }
        const std::string cont = all.value("metadata", json::object()).value("continue", "");
        if (cont.empty())
            break;
        opts.continueToken = QString::fromStdString(cont);
        opts.resourceVersion.clear(); // the continue token pins the snapshot
    }
    if (all.contains("metadata") && all["metadata"].is_object())
        all["metadata"].erase("continue");
    if (pages)
        *pages = n;
    return all;
}

namespace {

// create, update and updateStatus differ only in verb, path and what the error names.
KubeRequest writeRequest(const QByteArray &verb, const QString &path, const QString &describe, const json &obj,
                         const WriteOptions &opts)
{
    KubeRequest req;
    req.verb = verb;
    req.path = path;
    req.describe = describe;
    req.body = dump(obj);
    if (opts.dryRun) req.query.addQueryItem(QStringLiteral("dryRun"), QStringLiteral("All"));
    if (!opts.fieldManager.isEmpty()) req.query.addQueryItem(QStringLiteral("fieldManager"), opts.fieldManager);
    return req;
}

} // namespace

Result<json> KubeClient::create(const ResourceRef &r, const QString &ns, const json &obj, const WriteOptions &opts)
{
    return jsonCall(writeRequest("POST", r.path(ns), r.describe(ns, nameOf(obj)), obj, opts));
}

Result<json> KubeClient::update(const ResourceRef &r, const QString &ns, const json &obj, const WriteOptions &opts)
{
    return jsonCall(writeRequest("PUT", r.path(ns, nameOf(obj)), r.describe(ns, nameOf(obj)), obj, opts));
}

Result<json> KubeClient::updateStatus(const ResourceRef &r, const QString &ns, const json &obj, const WriteOptions &opts)
{
    return jsonCall(writeRequest("PUT", r.path(ns, nameOf(obj), QStringLiteral("status")),
                                 r.describe(ns, nameOf(obj)) + QStringLiteral(" (status)"), obj, opts));
}

Result<json> KubeClient::patch(const ResourceRef &r, const QString &ns, const QString &name, PatchType type,
                               const QByteArray &patchBody, const PatchOptions &opts)
{
    KubeRequest req;
    req.verb = "PATCH";
    req.path = r.path(ns, name, opts.subresource);
    req.describe = r.describe(ns, name);
    req.body = patchBody;
    switch (type) {
    case PatchType::Merge: req.contentType = "application/merge-patch+json"; break;
    case PatchType::Json: req.contentType = "application/json-patch+json"; break;
    case PatchType::StrategicMerge: req.contentType = "application/strategic-merge-patch+json"; break;
    case PatchType::Apply: req.contentType = "application/apply-patch+yaml"; break;
    }
    if (opts.dryRun) req.query.addQueryItem(QStringLiteral("dryRun"), QStringLiteral("All"));
    if (!opts.fieldManager.isEmpty()) req.query.addQueryItem(QStringLiteral("fieldManager"), opts.fieldManager);
    if (opts.force) req.query.addQueryItem(QStringLiteral("force"), QStringLiteral("true"));
    return jsonCall(req);
}

Result<json> KubeClient::apply(const ResourceRef &r, const QString &ns, const json &obj, const QString &fieldManager,
                               bool force, bool dryRun)
{
    PatchOptions o;
    o.fieldManager = fieldManager;
    o.force = force;
    o.dryRun = dryRun;
    // JSON is YAML, so the object is sent as is.
    return patch(r, ns, nameOf(obj), PatchType::Apply, dump(obj), o);
}

Result<void> KubeClient::remove(const ResourceRef &r, const QString &ns, const QString &name, const DeleteOptions &opts)
{
    KubeRequest req;
    req.verb = "DELETE";
    req.path = r.path(ns, name);
    req.describe = r.describe(ns, name);
    json body = {{"apiVersion", "v1"}, {"kind", "DeleteOptions"}};
    if (!opts.propagationPolicy.isEmpty()) body["propagationPolicy"] = opts.propagationPolicy.toStdString();
    if (opts.gracePeriodSeconds >= 0) body["gracePeriodSeconds"] = opts.gracePeriodSeconds;
    if (!opts.preconditionUid.isEmpty()) body["preconditions"]["uid"] = opts.preconditionUid.toStdString();
    if (!opts.preconditionResourceVersion.isEmpty())
        body["preconditions"]["resourceVersion"] = opts.preconditionResourceVersion.toStdString();
    if (opts.dryRun) body["dryRun"] = json::array({"All"});
    req.body = dump(body);
    auto res = call(req);
    if (!res)
        return res.error();
    return {};
}

Result<json> KubeClient::serverVersion()
{
    KubeRequest req;
    req.path = QStringLiteral("/version");
    req.describe = QStringLiteral("server version");
    return jsonCall(req);
}

Result<QStringList> KubeClient::groupVersions()
{
    if (m_groupVersions)
        return *m_groupVersions;
    QStringList out;
    auto discover = [this](const QString &path) {
        KubeRequest req;
        req.path = path;
        req.describe = QStringLiteral("API discovery");
        return jsonCall(req);
    };
    auto c = discover(QStringLiteral("/api"));
    if (!c)
        return c.error();
    for (const auto &v : c->value("versions", json::array()))
        out << QString::fromStdString(v.get<std::string>());
    auto g = discover(QStringLiteral("/apis"));
    if (!g)
        return g.error();
    for (const auto &grp : g->value("groups", json::array()))
        for (const auto &v : grp.value("versions", json::array()))
            out << QString::fromStdString(v.value("groupVersion", ""));
    m_groupVersions = out;
    return out;
}

Result<ResourceRef> KubeClient::resolve(const QString &apiVersion, const QString &kindOrResource)
{
    auto it = m_discovery.find(apiVersion);
    if (it == m_discovery.end()) {
        KubeRequest req;
        req.path = apiVersion.contains(QLatin1Char('/')) ? QStringLiteral("/apis/") + apiVersion : QStringLiteral("/api/") + apiVersion;
        req.describe = QStringLiteral("API discovery of %1").arg(apiVersion);
        auto list = jsonCall(req);
        if (!list) {
            Error e = list.error();
            if (e.isNotFound())
                e.hint = QStringLiteral("the cluster does not serve %1; is the CRD installed?").arg(apiVersion);
            return e;
        }
        it = m_discovery.insert(apiVersion, *list);
    }
    const QString group = apiVersion.contains(QLatin1Char('/')) ? apiVersion.section(QLatin1Char('/'), 0, 0) : QString();
    const QString version = apiVersion.section(QLatin1Char('/'), -1);
    for (const auto &res : it->value("resources", json::array())) {
        const QString name = QString::fromStdString(res.value("name", ""));
        if (name.contains(QLatin1Char('/')))
            continue; // subresource
        const QString kind = QString::fromStdString(res.value("kind", ""));
        if (kind == kindOrResource || name == kindOrResource || kind.compare(kindOrResource, Qt::CaseInsensitive) == 0)
            return ResourceRef{group, version, name, kind, res.value("namespaced", false)};
    }
    Error e;
    e.kind = Error::Kind::Api;
    e.cluster = clusterLabel();
    e.httpStatus = 404;
    e.reason = QStringLiteral("NotFound");
    e.message = QStringLiteral("%1 has no kind or resource \"%2\"").arg(apiVersion, kindOrResource);
    return e;
}

} // namespace spillway::kube
