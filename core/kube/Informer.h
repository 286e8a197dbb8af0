#pragma once

#include "common/Error.h"
#include "kube/FieldMask.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "kube/Store.h"
#include "kube/WatchDecoder.h"

#include <QObject>

#include <atomic>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <string>
#include <unordered_set>
#include <nlohmann/json.hpp>
#include <vector>

namespace spillway::kube {

// client-go's shared informer: list (paginated), then watch from the list's resourceVersion,
// keeping a Store in step and calling handlers. A dropped watch resumes from the last
// resourceVersion seen (bookmarks included); 410 Gone — as an HTTP status or as an ERROR event
// inside a 200 response — relists and reconciles the cache, reporting objects that vanished
// meanwhile as deletions whose final state is unknown (tombstones). Runs on its client's thread.
class Informer : public QObject
{
    Q_OBJECT
public:
    enum class State { Stopped, Listing, Watching, BackingOff, Relisting };
    Q_ENUM(State)

    struct Options {
        QString ns;                      // empty = all namespaces
        QString labelSelector, fieldSelector;
        int pageSize = 500;
        int watchTimeoutSeconds = 300;   // the server ends each watch after this; we resume at once
        qint64 resyncMs = 0;             // 0 = no periodic resync
        qint64 backoffBaseMs = 800, backoffCapMs = 30000;
        RandomSource random;             // backoff jitter
        // What is kept of each object: cut while a list's pages are parsed (a page of large
        // objects never exists whole in memory) and from each watched object, before the
        // transform. It must keep metadata.name, namespace and resourceVersion.
        FieldMask fields;
        // Applied to each object before it is stored and handed to handlers (client-go's
        // SetTransform): a reader that needs a few fields keeps only those. It must keep
        // metadata.name, namespace and resourceVersion.
        std::function<void(nlohmann::json &)> transform;
        // metadata.managedFields is dropped before the transform: no reader here uses it, and
        // on a pod it is often a third of the object.
        bool keepManagedFields = false;
    };
    struct Handlers {
        std::function<void(const nlohmann::json &)> onAdd;
        std::function<void(const nlohmann::json &oldObj, const nlohmann::json &newObj)> onUpdate;
        // finalStateUnknown: the object was deleted while we were not watching (seen at relist).
        std::function<void(const nlohmann::json &, bool finalStateUnknown)> onDelete;
    };
    struct Counters {
        quint64 events = 0, bookmarks = 0, lists = 0, relists = 0, rewatches = 0, errors = 0;
    };

    Informer(KubeClient *client, ResourceRef resource, Options options, QObject *parent = nullptr);
    ~Informer() override;

    void addHandlers(Handlers handlers);
    Store &store() { return m_store; }
    const Store &store() const { return m_store; }

    void start();
    void stop();
    bool hasSynced() const { return m_synced; }
    State state() const { return m_state; }
    Counters counters() const { return m_counters; }
    QString lastResourceVersion() const { return m_lastRv; }
    std::optional<Error> lastError() const { return m_lastError; }
    const ResourceRef &resource() const { return m_resource; }

    // Waits (running the event loop) until synced or the timeout; for CLIs and tests.
    bool waitForSync(int timeoutMs);

signals:
    void stateChanged(spillway::kube::Informer::State state);
    void synced();
    void failed(const spillway::Error &error);   // every error, also those we recover from

private:
    void setState(State s);
    void listPage(const QString &continueToken, bool relist);
    void absorbListPage(nlohmann::json &items);
    void onListComplete(bool relist);
    static void releaseFreeMemory();
    void startWatch();
    void onWatchData();
    void onWatchFinished();
    void handleEvent(WatchEvent &ev);
    void scheduleRewatch(bool immediately);
    void reportError(const Error &e);
    void resync();
    void prepare(nlohmann::json &obj) const;   // managedFields dropped, then the transform

    KubeClient *m_client;
    ResourceRef m_resource;
    Options m_options;
    FieldMask m_pageFields;   // m_options.fields on each item of a list's page
    Store m_store;
    std::vector<Handlers> m_handlers;
    State m_state = State::Stopped;
    std::atomic_bool m_synced{false};   // read from workers (hasSynced)
    bool m_running = false;
    quint64 m_generation = 0;             // invalidates callbacks of a stopped/restarted cycle
    QString m_lastRv;
    std::optional<Error> m_lastError;
    Counters m_counters;
    Backoff m_backoff;
    QPointer<QNetworkReply> m_watch;
    WatchDecoder m_decoder;
    bool m_relistRequested = false;
    std::unordered_set<std::string> m_listed;   // keys seen by the list in progress
    QTimer m_retryTimer;
    QTimer m_resyncTimer;
};

} // namespace spillway::kube
