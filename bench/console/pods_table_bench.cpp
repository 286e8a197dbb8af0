// bench-pods-table: what one snapshot of a churning cluster costs the console's GUI thread, with
// no cluster and no other thread in the way: CLUSTERS x PODS offloaded pods in the Pods page's
// table (its model, filter and view, as the console builds them), then the first cluster's
// snapshots as bench/console's churn makes them — CHURN pods created a few at a time (Pending, then
// Running), then deleted — each applied and its signals handled by the views (shown or hidden).
//   bench-pods-table [CLUSTERS PODS CHURN PER_SNAPSHOT]   defaults: 10 10000 1000 20
// Prints `metric NAME VALUE UNIT` lines: the median, p99 and max time of one snapshot.
#include "PodsView.h"
#include "console/ClusterListModel.h"
#include "console/OffloadedPods.h"
#include "console/PeerGraphModel.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <utility>
#include <cstdio>
#include <vector>

using namespace spillway::console;
using nlohmann::json;

namespace {

PodDigest digest(const QString &name, const QString &node, const QString &phase)
{
    PodDigest d;
    d.ns = QStringLiteral("bench");
    d.name = name;
    d.node = node;
    d.phase = phase;
    d.cpu = 0.001;
    d.containers = {QStringLiteral("c")};
    return d;
}

ClusterPeers cluster(int c, int pods)
{
    ClusterPeers p;
    p.name = QStringLiteral("bench-console-%1").arg(c);
    p.clusterId = p.name;
    const QString node = QStringLiteral("liqo-bench-%1").arg(c);
    p.virtualNodes = json::array({{{"metadata",
                                    {{"name", node.toStdString()},
                                     {"labels", {{"liqo.io/type", "virtual-node"}, {"liqo.io/remote-cluster-id", "bench-provider"}}}}}}});
    std::vector<PodDigest> digests;
    for (int i = 1; i <= pods; ++i)
        digests.push_back(digest(QStringLiteral("pod-%1").arg(i), node, QStringLiteral("Running")));
    p.virtualNodePods = VirtualNodePods::of(std::move(digests));
    return p;
}

void report(const char *name, std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    auto at = [&ms](double q) { return ms[std::min(ms.size() - 1, size_t(q * double(ms.size())))]; };
    std::printf("metric %s_median %.3f ms\nmetric %s_p99 %.3f ms\nmetric %s_max %.3f ms\n", name, at(0.5), name, at(0.99), name, ms.back());
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int clusters = args.value(1, QStringLiteral("10")).toInt(), pods = args.value(2, QStringLiteral("10000")).toInt(),
              churn = args.value(3, QStringLiteral("1000")).toInt(), perSnapshot = std::max(1, args.value(4, QStringLiteral("20")).toInt());

    ClusterListModel noClusters;
    PeerGraphModel graphModel(&noClusters);
    OffloadedPodsModel podsModel(&graphModel);
    spillway::views::PodsView view(&podsModel, &graphModel);
    view.resize(1200, 800);

    std::vector<ClusterPeers> peers;
    for (int c = 1; c <= clusters; ++c)
        peers.push_back(cluster(c, pods));
    const PeerGraph graph = PeerGraph::buildFrom(refsOf(peers));
    podsModel.table()->apply(refsOf(peers), graph);

    // The first cluster's pods as its watch would publish them: the base pods, plus the churn
    // pods present now (name -> phase).
    const QString node = QStringLiteral("liqo-bench-1");
    std::vector<PodDigest> base = peers[0].virtualNodePods->pods;
    auto publish = [&](const std::map<int, QString> &present) {
        std::vector<PodDigest> all;   // in order, as a watch hands them over
        for (const auto &[i, phase] : present)
            all.push_back(digest(QStringLiteral("churn-%1").arg(i), node, phase));
        std::sort(all.begin(), all.end(), PodDigest::before);
        all.insert(all.end(), base.begin(), base.end());
        peers[0].virtualNodePods = VirtualNodePods::of(std::move(all));
    };
    std::vector<double> applyMs;
    auto timeOne = [&](std::vector<double> &into) {
        QElapsedTimer t;
        t.start();
        podsModel.table()->apply(refsOf(peers), graph);
        applyMs.push_back(double(t.nsecsElapsed()) / 1e6);
        QCoreApplication::processEvents();   // the views' handling of the signals, and a paint if shown
        into.push_back(double(t.nsecsElapsed()) / 1e6);
        if (qEnvironmentVariableIsSet("BENCH_TRACE"))
            std::fprintf(stderr, "snapshot %zu: apply %.3f ms, all %.3f ms\n", into.size(), applyMs.back(), into.back());
    };
    for (const bool shown : {false, true}) {
        view.setVisible(shown);
        QCoreApplication::processEvents();
        std::vector<double> ms;
        std::map<int, QString> present;
        for (int first = 1; first <= churn; first += perSnapshot) {
            // Those created a snapshot ago turn Running as these arrive Pending.
            for (auto &[i, phase] : present)
                phase = QStringLiteral("Running");
            for (int i = first; i < std::min(churn + 1, first + perSnapshot); ++i)
                present[i] = QStringLiteral("Pending");
            publish(present);
            timeOne(ms);
        }
        for (int first = 1; first <= churn; first += perSnapshot) {
            for (int i = first; i < std::min(churn + 1, first + perSnapshot); ++i)
                present.erase(i);
            publish(present);
            timeOne(ms);
        }
        report(shown ? "pods_table_snapshot_shown" : "pods_table_snapshot_hidden", ms);
        // Of which the model's apply() with the signals it sends (the proxies and views answer them there).
        report(shown ? "pods_table_apply_shown" : "pods_table_apply_hidden", std::exchange(applyMs, {}));
    }
    std::printf("metric pods_table_rows %d rows\n", podsModel.table()->rowCount());
    return 0;
}
