// bench-status-probe NAMESPACE: the floor under the status latency bench/offload/run measures.
// Ten times a second it writes a pod's status in $KUBECONFIG's cluster (a PATCH of the status
// subresource, as the virtual kubelet writes an offloaded pod's) and times each write until a
// watch delivers it: the apiserver's own round trip and watch delay, with no Spillway in the
// path. Run beside a burst, it shows what any status writer gets from that control plane then.
// On SIGTERM it prints "metric <prefix>_p50|p99|samples" lines (prefix: $PROBE_METRIC).
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/Kubeconfig.h"
#include "observe/TerminationSignal.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

using namespace spillway::kube;
using nlohmann::json;

namespace {

constexpr char kCondition[] = "bench.spillway.io/StatusProbe";

double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, static_cast<size_t>(std::max(0.0, v.size() * q - 1e-9)));
    return v[i];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench-status-probe NAMESPACE (kubeconfig from $KUBECONFIG)\n");
        return 2;
    }
    const QString ns = QString::fromLocal8Bit(argv[1]);
    const QString prefix = qEnvironmentVariable("PROBE_METRIC", QStringLiteral("status_probe"));
    auto rc = agentRestConfig({});   // $KUBECONFIG or ~/.kube/config, its current context
    if (!rc) {
        std::fprintf(stderr, "%s\n", qPrintable(rc.error().toString()));
        return 2;
    }
    rc->qps = 0;
    KubeClient client(*rc);
    const QString name = QStringLiteral("status-probe");
    // Held back by a scheduling gate: no scheduler, kubelet or controller writes it but this.
    const json pod = {{"apiVersion", "v1"}, {"kind", "Pod"},
                      {"metadata", {{"name", name.toStdString()}}},
                      {"spec", {{"schedulingGates", json::array({{{"name", "bench.spillway.io/probe"}}})},
                                {"containers", json::array({{{"name", "c"}, {"image", "registry.example/probe"}}})}}}};
    if (auto r = client.create(resources::pods(), ns, pod); !r && !r.error().isAlreadyExists()) {
        std::fprintf(stderr, "%s\n", qPrintable(r.error().toString()));
        return 1;
    }

    QElapsedTimer clock;
    clock.start();
    std::mutex mutex;
    std::map<long long, qint64> sentAt;   // sequence → ns since start
    std::vector<double> latencies;
    Informer::Options o;
    o.ns = ns;
    o.fieldSelector = QStringLiteral("metadata.name=") + name;
    Informer watch(&client, resources::pods(), o);
    auto look = [&](const json &p) {
        for (const json &c : p.value("status", json::object()).value("conditions", json::array())) {
            if (c.value("type", "") != kCondition)
                continue;
            const long long seq = std::atoll(c.value("message", "0").c_str());
            std::lock_guard lock(mutex);
            if (auto it = sentAt.find(seq); it != sentAt.end()) {
                latencies.push_back((clock.nsecsElapsed() - it->second) / 1e9);
                sentAt.erase(sentAt.begin(), std::next(it));   // a later write supersedes earlier ones
            }
        }
    };
    watch.addHandlers({look, [look](const json &, const json &now) { look(now); }, {}});
    std::atomic<bool> stop = false;
    std::thread writer;
    QObject::connect(&watch, &Informer::synced, &app, [&] {
        writer = std::thread([&] {
            for (long long seq = 1; !stop; ++seq) {
                const json patch = {{"status", {{"conditions", json::array({{{"type", kCondition}, {"status", "True"}, {"message", std::to_string(seq)}}})}}}};
                {
                    std::lock_guard lock(mutex);
                    sentAt[seq] = clock.nsecsElapsed();
                }
                PatchOptions po;
                po.subresource = QStringLiteral("status");
                // Strategic merge: conditions merge by type, so the scheduler's stay.
                client.patch(resources::pods(), ns, name, PatchType::StrategicMerge, QByteArray::fromStdString(patch.dump()), po);
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
            // The client's thread must still run while a write is in flight: quit only now.
            QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
        });
    }, Qt::SingleShotConnection);
    watch.start();
    spillway::observe::onTerminationSignal(&app, [&] {
        stop = true;
        if (!writer.joinable())
            QCoreApplication::quit();
    });
    app.exec();
    if (writer.joinable())
        writer.join();
    std::lock_guard lock(mutex);
    std::printf("metric %s_p50 %.3f s\nmetric %s_p99 %.3f s\nmetric %s_samples %zu writes\n", qPrintable(prefix), percentile(latencies, 0.5),
                qPrintable(prefix), percentile(latencies, 0.99), qPrintable(prefix), latencies.size());
    return 0;
}
