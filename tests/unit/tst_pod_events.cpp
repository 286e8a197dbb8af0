// An offloaded pod's events from both sides, as the pods panel lists them: the consumer's own and
// the copies of the provider's events about the twin (marked by the virtual kubelet), newest first.
#include "console/HumanTime.h"
#include "console/PeeringModules.h"
#include "console/PodEvents.h"

#include <QDateTime>
#include <QTest>

using nlohmann::json;
using spillway::console::ClusterPeers;
using spillway::console::PeerGraph;
using spillway::console::PodEvents;

namespace {

json podEvent(const char *uid, const char *ns, const char *pod, const char *time, const char *reason, const char *provider = nullptr)
{
    json e = {{"metadata", {{"name", reason}, {"namespace", ns}, {"uid", uid}}},
              {"involvedObject", {{"kind", "Pod"}, {"name", pod}, {"namespace", ns}}},
              {"type", std::string(reason) == "BackOff" ? "Warning" : "Normal"}, {"reason", reason}, {"message", std::string("about ") + pod},
              {"lastTimestamp", time}};
    if (provider) {
        e["metadata"]["annotations"] = {{"spillway.dev/provider", provider}};
        e["count"] = 3;
    }
    return e;
}

} // namespace

class TestPodEvents : public QObject
{
    Q_OBJECT
private slots:
    void bothSidesNewestFirst()
    {
        ClusterPeers milan{QStringLiteral("Milan"), QStringLiteral("milan")};
        milan.foreignClusters = json::array({{{"spec", {{"clusterID", "dublin"}}}, {"status", {{"role", "Provider"}}}}});
        milan.events = json::array({podEvent("1", "shop", "web", "2026-12-01T10:00:00Z", "Scheduled"),
                                    podEvent("2", "shop", "web", "2026-12-01T10:00:05Z", "Pulled", "dublin"),
                                    podEvent("3", "shop", "web", "2026-12-01T10:01:00Z", "BackOff", "dublin"),
                                    podEvent("4", "shop", "db", "2026-12-01T10:02:00Z", "Scheduled"),       // another pod
                                    podEvent("5", "other", "web", "2026-12-01T10:03:00Z", "Scheduled")});   // same name, other namespace
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        // The provider's own list is not read: its events arrive as the consumer's copies.
        dublin.events = json::array({podEvent("9", "shop-milan", "web", "2026-12-01T10:00:04Z", "Pulled")});
        const std::vector<ClusterPeers> clusters{milan, dublin};
        const PeerGraph g = PeerGraph::build(clusters);
        spillway::console::OffloadedPod pod;
        pod.clusterId = QStringLiteral("milan");
        pod.ns = QStringLiteral("shop");
        pod.name = QStringLiteral("web");
        const qint64 now = QDateTime::fromString(QStringLiteral("2026-12-01T10:05:00Z"), Qt::ISODate).toMSecsSinceEpoch();

        const auto rows = PodEvents::rowsOf(spillway::console::refsOf(clusters), g, pod, now);
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0].cells[PodEvents::Reason], QStringLiteral("BackOff"));
        QCOMPARE(rows[0].cells[PodEvents::Where], QStringLiteral("Dublin (the twin)"));
        QCOMPARE(rows[0].cells[PodEvents::Count], QStringLiteral("3"));
        QCOMPARE(rows[0].tone, int(spillway::console::Warning));
        QCOMPARE(rows[0].cells[PodEvents::Time], spillway::console::HumanTime::agoAndLocal(QStringLiteral("2026-12-01T10:01:00Z"), now));
        QCOMPARE(rows[1].cells[PodEvents::Reason], QStringLiteral("Pulled"));
        QCOMPARE(rows[2].cells[PodEvents::Where], QStringLiteral("Milan"));
        QCOMPARE(rows[2].cells[PodEvents::Count], QStringLiteral("1"));
        QCOMPARE(rows[2].tone, int(spillway::console::Neutral));
        QCOMPARE(rows[2].key, QStringLiteral("1"));

        // A provider the console does not know is named by its cluster ID.
        milan.events = json::array({podEvent("7", "shop", "web", "2026-12-01T10:00:00Z", "Started", "oslo")});
        const std::vector<ClusterPeers> again{milan};
        const auto unknown = PodEvents::rowsOf(spillway::console::refsOf(again), PeerGraph::build(again), pod, now);
        QCOMPARE(unknown.size(), size_t(1));
        QCOMPARE(unknown[0].cells[PodEvents::Where], QStringLiteral("oslo (the twin)"));
    }
};

QTEST_APPLESS_MAIN(TestPodEvents)
#include "tst_pod_events.moc"
