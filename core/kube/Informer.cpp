#include "kube/Informer.h"

#include <QDeadlineTimer>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <QEventLoop>
#include <unordered_set>

namespace spillway::kube {

using nlohmann::json;

Informer::Informer(KubeClient *client, ResourceRef resource, Options options, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_resource(std::move(resource))
    , m_options(std::move(options))
    , m_pageFields(FieldMask::listOf(m_options.fields))
    , m_backoff(m_options.backoffBaseMs, m_options.backoffCapMs, 2.0, 0.5,
                m_options.random ? m_options.random : defaultRandom())
{
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        if (!m_running)
            return;
        if (m_relistRequested)
            listPage({}, m_synced.load());
        else
            startWatch();
    });
    connect(&m_resyncTimer, &QTimer::timeout, this, &Informer::resync);
}

Informer::~Informer()
{
    // Listeners may already be gone (they are often declared after us); tell no one.
    blockSignals(true);
    stop();
}

void Informer::addHandlers(Handlers handlers)
{
    // A late handler sees the objects already cached, as with client-go's shared informers.
    if (handlers.onAdd)
        for (const QString &key : m_store.keys())
            if (const auto obj = m_store.get(key))
                handlers.onAdd(*obj);
    m_handlers.push_back(std::move(handlers));
}

void Informer::setState(State s)
{
    if (m_state == s)
        return;
    m_state = s;
    emit stateChanged(s);
}

void Informer::start()
{
    if (m_running)
        return;
    m_running = true;
    ++m_generation;
    listPage({}, false);
    if (m_options.resyncMs > 0)
        m_resyncTimer.start(int(m_options.resyncMs));
}

void Informer::stop()
{
    m_running = false;
    ++m_generation;
    m_retryTimer.stop();
    m_resyncTimer.stop();
    if (m_watch) {
        QNetworkReply *w = m_watch;
        m_watch = nullptr;
        w->disconnect(this);
        w->abort();
        w->deleteLater();
    }
    setState(State::Stopped);
}

bool Informer::waitForSync(int timeoutMs)
{
    if (m_synced)
        return true;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &Informer::synced, &loop, &QEventLoop::quit);
    timer.start(timeoutMs);
    loop.exec();
    return m_synced;
}

// A list's pages are parsed into short-lived trees far larger than the cached result; glibc
// keeps freed heap, so hand it back or the process looks several times its real size.
void Informer::releaseFreeMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

void Informer::reportError(const Error &e)
{
    ++m_counters.errors;
    m_lastError = e;
    emit failed(e);
}

void Informer::listPage(const QString &continueToken, bool relist)
{
    if (continueToken.isEmpty()) {
        m_listed.clear();
        setState(relist ? State::Relisting : State::Listing);
    }
    KubeRequest req;
    req.path = m_resource.path(m_options.ns);
    req.describe = m_resource.describe(m_options.ns);
    if (m_options.pageSize > 0)
        req.query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    if (!continueToken.isEmpty())
        req.query.addQueryItem(QStringLiteral("continue"), continueToken);
    if (!m_options.labelSelector.isEmpty())
        req.query.addQueryItem(QStringLiteral("labelSelector"), m_options.labelSelector);
    if (!m_options.fieldSelector.isEmpty())
        req.query.addQueryItem(QStringLiteral("fieldSelector"), m_options.fieldSelector);
    const quint64 gen = m_generation;
    m_client->send(req, [this, gen, relist](Result<KubeResponse> r) {
        if (gen != m_generation)
            return;
        if (!r) {
            reportError(r.error());
            m_relistRequested = true;
            scheduleRewatch(false);
            return;
        }
        const QByteArray &b = r->body;
        json page = m_pageFields.parse(b.constData(), b.constData() + b.size());
        if (!page.is_object() || !page.contains("items") || !page["items"].is_array()) {
            Error e;
            e.kind = Error::Kind::Decode;
            e.cluster = m_client->clusterLabel();
            e.resource = m_resource.describe(m_options.ns);
            e.message = QStringLiteral("the list response is not a Kubernetes List");
            reportError(e);
            m_relistRequested = true;
            scheduleRewatch(false);
            return;
        }
        // Items go into the cache page by page, so a large list never exists twice in memory.
        absorbListPage(page["items"]);
        const json meta = page.value("metadata", json::object());
        page = json();
        const std::string cont = meta.value("continue", "");
        if (!cont.empty()) {
            listPage(QString::fromStdString(cont), relist);
            return;
        }
        m_lastRv = QString::fromStdString(meta.value("resourceVersion", ""));
        onListComplete(relist);
    });
}

void Informer::absorbListPage(json &items)
{
    // Items of a List carry no kind; give them one so handlers see whole objects.
    const std::string apiVersion = m_resource.apiVersion().toStdString();
    const std::string kind = m_resource.kind.toStdString();
    for (auto &item : items) {
        if (!item.contains("kind")) {
            item["apiVersion"] = apiVersion;
            item["kind"] = kind;
        }
        prepare(item);
        const QString key = Store::keyOf(item);
        m_listed.insert(key.toStdString());
        const auto oldRv = m_store.resourceVersion(key);
        if (oldRv && *oldRv == Store::resourceVersionOf(item).toStdString())
            continue;
        auto previous = m_store.upsert(item);
        for (const auto &h : m_handlers) {
            if (previous && h.onUpdate)
                h.onUpdate(*previous, item);
            else if (!previous && h.onAdd)
                h.onAdd(item);
        }
    }
}

void Informer::onListComplete(bool relist)
{
    ++m_counters.lists;
    if (relist)
        ++m_counters.relists;
    m_relistRequested = false;
    // What the cache holds but the server no longer has was deleted while we were away.
    for (const QString &key : m_store.keys()) {
        if (m_listed.count(key.toStdString()))
            continue;
        auto gone = m_store.erase(key);
        if (gone)
            for (const auto &h : m_handlers)
                if (h.onDelete)
                    h.onDelete(*gone, true);
    }
    m_listed = {};
    releaseFreeMemory();
    if (!m_synced) {
        m_synced = true;
        emit synced();
    }
    startWatch();
}

void Informer::startWatch()
{
    if (!m_running)
        return;
    KubeRequest req;
    req.path = m_resource.path(m_options.ns);
    req.describe = m_resource.describe(m_options.ns) + QStringLiteral(" (watch)");
    req.query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
    req.query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    req.query.addQueryItem(QStringLiteral("resourceVersion"), m_lastRv);
    req.query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(m_options.watchTimeoutSeconds));
    if (!m_options.labelSelector.isEmpty())
        req.query.addQueryItem(QStringLiteral("labelSelector"), m_options.labelSelector);
    if (!m_options.fieldSelector.isEmpty())
        req.query.addQueryItem(QStringLiteral("fieldSelector"), m_options.fieldSelector);
    const quint64 gen = m_generation;
    m_decoder = WatchDecoder();
    m_client->openStream(req, [this, gen](Result<QNetworkReply *> r) {
        if (gen != m_generation) {
            if (r)
                (*r)->deleteLater();
            return;
        }
        if (!r) {
            reportError(r.error());
            scheduleRewatch(false);
            return;
        }
        m_watch = *r;
        m_watch->setParent(this);
        connect(m_watch, &QNetworkReply::readyRead, this, &Informer::onWatchData);
        connect(m_watch, &QNetworkReply::finished, this, &Informer::onWatchFinished);
        setState(State::Watching);
    });
}

void Informer::onWatchData()
{
    QNetworkReply *reply = m_watch;
    if (!reply)
        return;
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 200)
        return; // the error body is read when the reply finishes
    std::vector<WatchEvent> events;
    auto fed = m_decoder.feed(reply->readAll(), events);
    for (auto &ev : events) {
        handleEvent(ev);
        if (reply != m_watch)
            return; // a 410 inside the stream replaced this watch
    }
    if (!fed) {
        Error e = fed.error();
        e.cluster = m_client->clusterLabel();
        e.resource = m_resource.describe(m_options.ns);
        reportError(e);
        m_watch = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        scheduleRewatch(false);
    }
}

void Informer::handleEvent(WatchEvent &ev)
{
    using T = WatchEvent::Type;
    if (ev.type == T::Error) {
        Error e;
        e.kind = Error::Kind::Api;
        e.cluster = m_client->clusterLabel();
        e.resource = m_resource.describe(m_options.ns) + QStringLiteral(" (watch)");
        e.httpStatus = ev.object.value("code", 0);
        e.reason = QString::fromStdString(ev.object.value("reason", ""));
        e.message = QString::fromStdString(ev.object.value("message", ""));
        reportError(e);
        QNetworkReply *w = m_watch;
        m_watch = nullptr;
        if (w) {
            w->disconnect(this);
            w->abort();
            w->deleteLater();
        }
        if (e.httpStatus == 410) {
            // Our resourceVersion was compacted away: only a fresh list can tell what changed.
            listPage({}, true);
        } else {
            scheduleRewatch(false);
        }
        return;
    }
    const QString rv = Store::resourceVersionOf(ev.object);
    if (!rv.isEmpty())
        m_lastRv = rv;
    // A good message: the server is healthy again, so the next failure starts from a short delay.
    m_backoff.reset();
    if (ev.type == T::Bookmark) {
        ++m_counters.bookmarks;
        return;
    }
    ++m_counters.events;
    prepare(ev.object);
    if (ev.type == T::Deleted) {
        auto gone = m_store.erase(Store::keyOf(ev.object));
        for (const auto &h : m_handlers)
            if (h.onDelete)
                h.onDelete(ev.object, false);
        Q_UNUSED(gone);
        return;
    }
    auto previous = m_store.upsert(ev.object);
    for (const auto &h : m_handlers) {
        if (previous && h.onUpdate)
            h.onUpdate(*previous, ev.object);
        else if (!previous && h.onAdd)
            h.onAdd(ev.object);
    }
}

void Informer::onWatchFinished()
{
    QNetworkReply *reply = m_watch;
    if (!reply)
        return;
    m_watch = nullptr;
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200 && reply->error() == QNetworkReply::NoError) {
        // The server's timeoutSeconds ran out: a normal end. Resume at once.
        ++m_counters.rewatches;
        scheduleRewatch(true);
        return;
    }
    KubeRequest req;
    req.describe = m_resource.describe(m_options.ns) + QStringLiteral(" (watch)");
    const Error e = status > 0 ? m_client->errorFromResponse(req, status, reply->readAll())
                               : m_client->errorFromNetwork(req, reply);
    reportError(e);
    if (status == 410) {
        listPage({}, true);
        return;
    }
    ++m_counters.rewatches;
    scheduleRewatch(false);
}

void Informer::scheduleRewatch(bool immediately)
{
    if (!m_running)
        return;
    if (immediately) {
        startWatch();
        return;
    }
    setState(State::BackingOff);
    m_retryTimer.start(int(m_backoff.next()));
}

void Informer::prepare(nlohmann::json &obj) const
{
    if (!m_options.keepManagedFields)
        if (auto meta = obj.find("metadata"); meta != obj.end() && meta->is_object())
            meta->erase("managedFields");
    m_options.fields.apply(obj);
    if (m_options.transform)
        m_options.transform(obj);
}

// One object decoded at a time: a copy of the whole cache would be the process's peak.
void Informer::resync()
{
    for (const QString &key : m_store.keys())
        if (const auto obj = m_store.get(key))
            for (const auto &h : m_handlers)
                if (h.onUpdate)
                    h.onUpdate(*obj, *obj);
}

} // namespace spillway::kube
