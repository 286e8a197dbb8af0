// bench-informer: figures for core's Kubernetes client. Driven by bench/informer/run, which
// brings up a testbed cluster and runs the kubectl references side by side.
//   populate  NS COUNT        create COUNT ConfigMaps (about 1 KiB each)
//   sync      NS              informer initial sync: time, RSS, cache size vs JSON size
//   watch     NS EXPECT       informer receives EXPECT events while another process creates them
//   rv        NS              print the namespace's current list resourceVersion
//   replay    NS RV EXPECT    decode + cache throughput of a watch replaying EXPECT events after RV
// Each prints `metric NAME VALUE UNIT` lines. The kubeconfig comes from $KUBECONFIG.
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/Kubeconfig.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cstdio>

using namespace spillway::kube;
using nlohmann::json;

namespace {

long procStatusKiB(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(strlen(field))).trimmed().split(' ').value(0).toLong();
    return 0;
}

void metric(const char *name, double value, const char *unit)
{
    std::printf("metric %s %.3f %s\n", name, value, unit);
    std::fflush(stdout);
}

RestConfig config()
{
    auto kc = Kubeconfig::loadDefault();
    if (!kc) {
        std::fprintf(stderr, "%s\n", qPrintable(kc.error().toString()));
        std::exit(2);
    }
    auto rc = kc->restConfig();
    if (!rc) {
        std::fprintf(stderr, "%s\n", qPrintable(rc.error().toString()));
        std::exit(2);
    }
    rc->qps = 0;   // benchmarks measure the server and the client, not our own limiter
    return *rc;
}

json configMap(const QString &ns, int i)
{
    json data;
    for (int k = 0; k < 8; ++k)
        data["key-" + std::to_string(k)] = std::string(100, char('a' + (i + k) % 26));
    return {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
            {"metadata", {{"name", QStringLiteral("cm-%1").arg(i).toStdString()}, {"namespace", ns.toStdString()},
                          {"labels", {{"app", "bench"}, {"shard", std::to_string(i % 16)}}}}},
            {"data", data}};
}

// Creates COUNT objects with a bounded number in flight.
int populate(KubeClient &c, const QString &ns, int count, int inFlight)
{
    c.create(resources::namespaces(), {}, json{{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns.toStdString()}}}});
    int next = 0, done = 0, failed = 0;
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    std::function<void()> launch = [&] {
        while (next < count && next - done < inFlight) {
            KubeRequest req;
            req.verb = "POST";
            req.path = resources::configMaps().path(ns);
            req.body = QByteArray::fromStdString(configMap(ns, next).dump());
            ++next;
            c.send(req, [&](spillway::Result<KubeResponse> r) {
                ++done;
                if (!r && !r.error().isAlreadyExists()) {
                    if (++failed < 5)
                        std::fprintf(stderr, "%s\n", qPrintable(r.error().toString()));
                }
                if (done == count)
                    loop.quit();
                else
                    launch();
            });
        }
    };
    launch();
    if (count > 0)
        loop.exec();
    metric("populate_create_rate", count / (t.elapsed() / 1000.0), "objects/s");
    return failed == 0 ? 0 : 1;
}

int sync(KubeClient &c, const QString &ns)
{
    const long rssBefore = procStatusKiB("VmRSS:");
    Informer::Options o;
    o.ns = ns;
    Informer inf(&c, resources::configMaps(), o);
    QElapsedTimer t;
    t.start();
    inf.start();
    if (!inf.waitForSync(300000)) {
        std::fprintf(stderr, "informer did not sync\n");
        return 1;
    }
    const double seconds = t.elapsed() / 1000.0;
    const long rssAfter = procStatusKiB("VmRSS:");
    const double jsonMiB = inf.store().jsonBytes() / 1048576.0;
    metric("informer_initial_sync_objects", double(inf.store().size()), "objects");
    metric("informer_initial_sync_time", seconds, "s");
    metric("informer_peak_rss", procStatusKiB("VmHWM:") / 1024.0, "MiB");
    metric("informer_cache_json", jsonMiB, "MiB");
    metric("informer_rss_growth", (rssAfter - rssBefore) / 1024.0, "MiB");
    metric("informer_rss_growth_per_json_byte", (rssAfter - rssBefore) / 1024.0 / jsonMiB, "ratio");
    return 0;
}

int watch(KubeClient &c, const QString &ns, int expect)
{
    Informer::Options o;
    o.ns = ns;
    Informer inf(&c, resources::configMaps(), o);
    QElapsedTimer t;
    qint64 first = -1, last = 0;
    int seen = 0;
    QEventLoop loop;
    inf.addHandlers({[&](const json &) {
                         if (!inf.hasSynced())
                             return;
                         if (first < 0) {
                             first = t.nsecsElapsed();
                         }
                         last = t.nsecsElapsed();
                         if (++seen >= expect)
                             loop.quit();
                     },
                     {}, {}});
    inf.start();
    if (!inf.waitForSync(60000))
        return 1;
    t.start();
    std::printf("ready\n");
    std::fflush(stdout);
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    loop.exec();
    const double span = (last - first) / 1e9;
    metric("informer_watch_events", seen, "events");
    metric("informer_watch_events_per_s", span > 0 ? (seen - 1) / span : 0, "events/s");
    metric("informer_watch_time_to_last_event", last / 1e9, "s");
    return seen >= expect ? 0 : 1;
}

// Throughput of the watch path itself (decode + cache), independent of how fast the server can
// create objects: a watch from the resourceVersion of a list taken before COUNT objects were
// created replays them all as fast as the apiserver sends them.
int replay(KubeClient &c, const QString &ns, const QString &fromRv, int expect)
{
    KubeRequest req;
    req.path = resources::configMaps().path(ns);
    req.query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
    req.query.addQueryItem(QStringLiteral("resourceVersion"), fromRv);
    Store store;
    WatchDecoder decoder;
    int seen = 0;
    QElapsedTimer t;
    QEventLoop loop;
    QNetworkReply *reply = nullptr;
    c.openStream(req, [&](spillway::Result<QNetworkReply *> r) {
        if (!r) {
            std::fprintf(stderr, "%s\n", qPrintable(r.error().toString()));
            loop.quit();
            return;
        }
        reply = *r;
        t.start();
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            std::vector<WatchEvent> events;
            if (!decoder.feed(reply->readAll(), events)) {
                loop.quit();
                return;
            }
            for (auto &e : events) {
                store.upsert(e.object);
                if (++seen >= expect)
                    loop.quit();
            }
        });
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    });
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    loop.exec();
    const double s = t.nsecsElapsed() / 1e9;
    metric("watch_replay_events", seen, "events");
    metric("watch_replay_events_per_s", s > 0 ? seen / s : 0, "events/s");
    if (reply)
        reply->abort();
    return seen >= expect ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    if (a.size() < 3) {
        std::fprintf(stderr, "usage: bench-informer populate NS COUNT | sync NS | watch NS EXPECT | rv NS | replay NS RV EXPECT\n");
        return 2;
    }
    KubeClient c(config());
    const QString mode = a[1], ns = a[2];
    if (mode == QLatin1String("populate"))
        return populate(c, ns, a.value(3).toInt(), 64);
    if (mode == QLatin1String("sync"))
        return sync(c, ns);
    if (mode == QLatin1String("watch"))
        return watch(c, ns, a.value(3).toInt());
    if (mode == QLatin1String("rv")) {
        c.create(resources::namespaces(), {}, json{{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns.toStdString()}}}});
        auto l = c.list(resources::configMaps(), ns, {});
        if (!l)
            return 1;
        std::printf("%s\n", (*l)["metadata"].value("resourceVersion", "").c_str());
        return 0;
    }
    if (mode == QLatin1String("replay"))
        return replay(c, ns, a.value(3), a.value(4).toInt());
    std::fprintf(stderr, "unknown mode %s\n", qPrintable(mode));
    return 2;
}
