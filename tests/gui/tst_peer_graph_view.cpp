// The peer graph, charts and dashboard pages against the testbed pair: what each cluster's API says about a peering
// (ForeignClusters on both sides, the consumer's virtual node and the pod on it, the tunnel's
// Connection) is what the graph draws — one edge consumer → provider, its health and latency, the
// virtual node's capacity and use — and a change in the API shows up through the watch.
#include "../integration/Testbed.h"
#include "MainWindow.h"
#include "console/OffloadedPods.h"
#include "PodsView.h"
#include "PodLogView.h"
#include "PeerGraphView.h"
#include "ChartsView.h"
#include "DashboardView.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "OffloadingEditor.h"
#include "common/Quantity.h"
#include "common/Version.h"
#include "console/ClusterListModel.h"
#include "console/Dashboard.h"
#include "console/HumanTime.h"
#include "console/PeerGraphModel.h"
#include "console/UsageCharts.h"
#include "history/SqliteUsageArchive.h"
#include "installer/Manifests.h"
#include "notify/DesktopNotifier.h"
#include "NotificationBus.h"
#include "console/AlertWatch.h"

#include <QCheckBox>
#include <QComboBox>
#include "console/PodEvents.h"
#include "console/PodFilter.h"
#include <QDateTime>
#include <QPlainTextEdit>
#include <QApplication>
#include <QGraphicsPathItem>
#include <QGraphicsView>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QImage>
#include <QItemSelectionModel>
#include <QTemporaryDir>

using nlohmann::json;
using spillway::console::ClusterListModel;
using spillway::console::PeerGraph;
namespace resources = spillway::kube::resources;
namespace fcv = spillway::apis::core::v1beta1;
namespace netv = spillway::apis::networking::v1beta1;

// A console whose alerts reach a private notification bus (a real dbus-daemon), told at once.
struct AlertingConsole {
    testbed::NotificationBus bus;
    spillway::notify::DesktopNotifier notifier{bus.client()};
    ClusterListModel clusters;
    spillway::views::MainWindow window{&clusters};

    AlertingConsole()
    {
        window.setAlertSink(&notifier);
        spillway::console::AlertPolicy now;
        now.debounceMs = 0;
        window.alerts()->setPolicy(now);
    }
    std::tuple<testbed::NotificationBus &, ClusterListModel &, spillway::views::MainWindow &> parts() { return {bus, clusters, window}; }
    // The first notification shown whose summary starts with PREFIX, or null.
    const testbed::NotificationService::Shown *shown(const QString &prefix) const
    {
        for (const auto &n : bus.service.shown)
            if (n.summary.startsWith(prefix))
                return &n;
        return nullptr;
    }
};

class TestPeerGraphView : public QObject
{
    Q_OBJECT
    std::unique_ptr<spillway::kube::KubeClient> consumer, provider;
    const QString suffix = QString::number(QCoreApplication::applicationPid());
    const QString consumerId = QStringLiteral("graph-consumer-") + suffix, providerId = QStringLiteral("graph-provider-") + suffix;
    const QString ns = QStringLiteral("graph-") + suffix;
    const QString node = QStringLiteral("liqo-graph-provider-") + suffix;

    static QString why(const spillway::Result<json> &r) { return r ? QString() : r.error().toString(); }

    // Spillway's install record, which is how the console learns a cluster's ID.
    static bool record(spillway::kube::KubeClient &c, const QString &id)
    {
        testbed::createNamespace(c, QStringLiteral("liqo"));
        const json cm = {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", {{"name", spillway::installer::names::kInstallRecord}}},
                         {"data", {{"version", spillway::Version::current().toString().toStdString()}, {"clusterID", id.toStdString()}}}};
        return c.apply(resources::configMaps(), QStringLiteral("liqo"), cm, QStringLiteral("test"), true).ok();
    }

    // A ForeignCluster and its status (a subresource), as the peering controllers write them.
    static spillway::Result<json> foreignCluster(spillway::kube::KubeClient &c, const QString &peer, const char *role)
    {
        const json fc = {{"apiVersion", "core.liqo.io/v1beta1"}, {"kind", "ForeignCluster"}, {"metadata", {{"name", peer.toStdString()}}},
                         {"spec", {{"clusterID", peer.toStdString()}}}};
        auto created = c.create(fcv::foreignClusterResource(), {}, fc);
        if (!created && !created.error().isAlreadyExists())
            return created;
        const json networking = {{"enabled", true}, {"conditions", json::array({{{"type", "NetworkConnectionStatus"}, {"status", "Pending"}, {"reason", "Connecting"}}})}};
        const json status = {{"status", {{"role", role}, {"modules", {{"networking", networking}, {"authentication", {{"enabled", true}}}, {"offloading", {{"enabled", true}}}}}}}};
        spillway::kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        return c.patch(fcv::foreignClusterResource(), {}, peer, spillway::kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po);
    }

    spillway::Result<json> connectionStatus(const char *value)
    {
        spillway::kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        const json status = {{"status", {{"value", value}, {"latency", {{"value", "1.500ms"}, {"timestamp", "2026-11-30T00:00:00Z"}}}}}};
        return consumer->patch(netv::connectionResource(), ns, QStringLiteral("gw"), spillway::kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po);
    }

private slots:
    void initTestCase()
    {
        consumer = std::make_unique<spillway::kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        provider = std::make_unique<spillway::kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        for (auto *c : {consumer.get(), provider.get()})
            for (const char *crd : {"core.liqo.io_foreignclusters.yaml", "networking.liqo.io_connections.yaml", "authentication.liqo.io_resourceslices.yaml",
                                    "offloading.liqo.io_namespaceoffloadings.yaml"})
                QVERIFY(testbed::applyCrd(*c, QLatin1String(crd)));
        QVERIFY(record(*consumer, consumerId));
        QVERIFY(record(*provider, providerId));
        spillway::Result<json> r = json();
        // Until the CRDs are served (creating again is harmless: the status is patched each time).
        QTRY_VERIFY2_WITH_TIMEOUT((r = foreignCluster(*consumer, providerId, "Provider")).ok(), qPrintable(why(r)), 20000);
        QTRY_VERIFY2_WITH_TIMEOUT((r = foreignCluster(*provider, consumerId, "Consumer")).ok(), qPrintable(why(r)), 20000);

        // KWOK runs it (so its pod runs and reports use to the testbed's metrics-server) but the
        // console only sees a virtual node: the labels are Liqo's.
        const std::string metricsPath = "/metrics/nodes/" + node.toStdString() + "/metrics/resource";
        const json vn = {{"apiVersion", "v1"}, {"kind", "Node"},
                         {"metadata", {{"name", node.toStdString()},
                                       {"labels", {{"liqo.io/type", "virtual-node"}, {"liqo.io/remote-cluster-id", providerId.toStdString()}, {"kwok.x-k8s.io/node", "fake"}}},
                                       {"annotations", {{"metrics.k8s.io/resource-metrics-path", metricsPath}}}}},
                         {"spec", {{"taints", json::array({{{"key", "virtual-node.liqo.io/not-allowed"}, {"value", "true"}, {"effect", "NoExecute"}}})}}},
                         {"status", {{"capacity", {{"cpu", "8"}, {"memory", "16Gi"}, {"pods", "110"}}}, {"allocatable", {{"cpu", "7500m"}, {"memory", "15Gi"}, {"pods", "110"}}}}}};
        r = consumer->create(resources::nodes(), {}, vn);
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QVERIFY(testbed::createNamespace(*consumer, ns).ok());
        const json pod = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "offloaded"}, {"annotations", {{"kwok.x-k8s.io/usage-cpu", "250m"}}}}},
                          {"spec", {{"nodeName", node.toStdString()}, {"tolerations", json::array({{{"operator", "Exists"}}})},
                                    {"containers", json::array({{{"name", "c"}, {"image", "nginx"}, {"resources", {{"requests", {{"cpu", "500m"}, {"memory", "256Mi"}}}}}}})}}}};
        QTRY_VERIFY2_WITH_TIMEOUT((r = consumer->create(resources::pods(), ns, pod)).ok() || r.error().isAlreadyExists(), qPrintable(why(r)), 20000);
        const json conn = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "Connection"},
                           {"metadata", {{"name", "gw"}, {"labels", {{"liqo.io/remote-cluster-id", providerId.toStdString()}}}}},
                           {"spec", {{"type", "Client"}, {"gatewayRef", {{"name", "gw"}, {"namespace", ns.toStdString()}}}}}};
        r = consumer->create(netv::connectionResource(), ns, conn);
        QVERIFY2(r.ok(), qPrintable(why(r)));
        r = connectionStatus("Connected");
        QVERIFY2(r.ok(), qPrintable(why(r)));

        // The consumer's ResourceSlice and what the provider granted (the status, as its controller writes it).
        const json slice = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "ResourceSlice"},
                            {"metadata", {{"name", "graph-slice"}, {"labels", {{"liqo.io/remote-cluster-id", providerId.toStdString()}}}}},
                            {"spec", {{"consumerClusterID", consumerId.toStdString()}, {"providerClusterID", providerId.toStdString()}, {"class", "default"},
                                      {"resources", {{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "20"}}}}}};
        QTRY_VERIFY2_WITH_TIMEOUT((r = consumer->create(slices(), ns, slice)).ok() || r.error().isAlreadyExists(), qPrintable(why(r)), 20000);
        spillway::kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        const json granted = {{"status", {{"resources", {{"cpu", "3"}, {"memory", "6Gi"}, {"pods", "15"}}},
                                          {"conditions", json::array({{{"type", "Resources"}, {"status", "Accepted"}}})}}}};
        r = consumer->patch(slices(), ns, QStringLiteral("graph-slice"), spillway::kube::PatchType::Merge, QByteArray::fromStdString(granted.dump()), po);
        QVERIFY2(r.ok(), qPrintable(why(r)));
    }

    // Each test starts with the tunnel up, whatever the one before left: a window whose first
    // look at the peering sees it down records that as a drop, and the history test expects none.
    void init()
    {
        const auto r = connectionStatus("Connected");
        QVERIFY2(r.ok(), qPrintable(why(r)));
    }

    static spillway::kube::ResourceRef slices() { return spillway::apis::authentication::v1beta1::resourceSliceResource(); }

    // The charts page draws the API's numbers: the virtual node's allocatable CPU and its pod's
    // request, the slice's asked-for and granted CPU, the session's history and the latency.
    void chartsMatchTheApi()
    {
        ClusterListModel clusters;
        spillway::views::MainWindow window(&clusters);
        QVERIFY(window.showPage(QStringLiteral("charts")));
        window.show();
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        auto *charts = window.charts();
        using Chart = spillway::views::ChartsView::Chart;
        QTRY_VERIFY_WITH_TIMEOUT(charts->barValue(Chart::Slices, QStringLiteral("Granted"), QStringLiteral("graph-slice")) == 3.0
                                     && charts->barValue(Chart::VirtualNodes, QStringLiteral("Requested"), node) == 0.5, 20000);
        const json stored = *consumer->get(resources::nodes(), {}, node);
        const double allocatable = spillway::Quantity::parse(QString::fromStdString(stored["status"]["allocatable"].value("cpu", "0")))->value();
        QCOMPARE(charts->barValue(Chart::VirtualNodes, QStringLiteral("Allocatable"), node), allocatable);
        const json slice = *consumer->get(slices(), ns, QStringLiteral("graph-slice"));
        QCOMPARE(charts->barValue(Chart::Slices, QStringLiteral("Asked for"), QStringLiteral("graph-slice")),
                 spillway::Quantity::parse(QString::fromStdString(slice["spec"]["resources"].value("cpu", "")))->value());
        QCOMPARE(charts->lastPoint(Chart::History, QStringLiteral("CPU (cores)")).value_or(-1), 0.5);
        QCOMPARE(charts->lastPoint(Chart::History, QStringLiteral("Pods")).value_or(-1), 1.0);
        const QString peering = spillway::console::UsageHistory::peeringName(consumerId, providerId);
        QCOMPARE(charts->lastPoint(Chart::Latency, peering).value_or(-1), 1.5);
        // Measured use: the bar is what metrics.k8s.io says of the node (the pod's 250m), once
        // metrics-server has scraped it twice and the console has read it.
        auto measured = [&]() -> double {
            auto m = consumer->get(resources::nodeMetrics(), {}, node);
            const auto cpu = m ? spillway::Quantity::parse(QString::fromStdString((*m)["usage"].value("cpu", ""))) : std::nullopt;
            return cpu ? cpu->value() : -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(measured() > 0.24, 90000);
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(charts->barValue(Chart::VirtualNodes, QStringLiteral("Used"), node) - measured()) < 0.005, 60000);
        QVERIFY(charts->lastPoint(Chart::History, QStringLiteral("Used CPU (cores)")).value_or(-1) > 0.24);
        const auto &model = window.chartsModel()->charts();
        QCOMPARE(model.slices.size(), size_t(1));
        QVERIFY(model.slices.front().accepted);

        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("charts.png"));
        const QString failed = testbed::consoleScreenshot(png, {QStringLiteral("--view"), QStringLiteral("charts"), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-consumer")), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-provider"))});
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        QVERIFY(!QImage(png).isNull());
    }

    void cleanupTestCase()
    {
        consumer->remove(fcv::foreignClusterResource(), {}, providerId);
        provider->remove(fcv::foreignClusterResource(), {}, consumerId);
        consumer->remove(resources::nodes(), {}, node);
        consumer->remove(resources::namespaces(), {}, ns);
        for (auto *c : {consumer.get(), provider.get()})
            c->remove(resources::configMaps(), QStringLiteral("liqo"), QLatin1String(spillway::installer::names::kInstallRecord));
    }

    // The dashboard shows the peering, its modules and tunnel, the offloaded pod and an event about
    // the ForeignCluster that arrives while it is open (through the watch).
    void dashboardFollowsTheApi()
    {
        ClusterListModel clusters;
        spillway::views::MainWindow window(&clusters);
        QVERIFY(window.showPage(QStringLiteral("dashboard")));
        window.show();
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        using DM = spillway::console::DashboardModel;
        auto *dashboard = window.dashboardModel();
        const QString key = DM::peeringKey(consumerId, providerId);
        QTRY_VERIFY_WITH_TIMEOUT(dashboard->peers()->find(key) && dashboard->pods()->rowCount() == 1, 20000);
        const auto *peer = dashboard->peers()->find(key);
        QCOMPARE(peer->cells.value(DM::PeerConsumer), clusters.data(clusters.index(0, ClusterListModel::Name)).toString());
        QCOMPARE(peer->cells.value(DM::PeerNetworking), QStringLiteral("Pending"));   // the FC's networking condition
        QCOMPARE(peer->cells.value(DM::PeerTunnel), QStringLiteral("Connected, 1.50 ms"));
        // Ready as its Node says (KWOK heartbeats it), once the watch has seen that.
        auto nodeReady = [&] {
            for (const auto &c : (*consumer->get(resources::nodes(), {}, node))["status"].value("conditions", json::array()))
                if (c.value("type", "") == "Ready")
                    return c.value("status", "") == "True";
            return false;
        };
        QTRY_COMPARE_WITH_TIMEOUT(dashboard->peers()->find(key)->cells.value(DM::PeerVirtualNode),
                                  node + (nodeReady() ? QStringLiteral(" (Ready)") : QStringLiteral(" (not Ready)")), 20000);
        QCOMPARE(dashboard->pods()->rows().front().cells.value(DM::PodNamespace), ns);
        // The pod's phase as its Pod says (KWOK runs it), once the watch has seen that.
        auto podCounts = [&] {
            const json pod = *consumer->get(resources::pods(), ns, QStringLiteral("offloaded"));
            const bool running = pod["status"].value("phase", "") == "Running";
            const auto &cells = dashboard->pods()->rows().front().cells;
            return cells.value(DM::PodRunning) == QLatin1String(running ? "1" : "0") && cells.value(DM::PodPending) == QLatin1String(running ? "0" : "1");
        };
        QTRY_VERIFY_WITH_TIMEOUT(podCounts(), 20000);
        QCOMPARE(window.dashboard()->peersTable()->model()->rowCount(), 1);

        // The Pods tab lists the same pod, in the provider as the console names it, and shows its log
        // (KWOK serves one line naming the cluster); without Follow the log is read to its end.
        const QString podKey = consumerId + QLatin1Char('/') + ns + QStringLiteral("/offloaded");
        QTRY_VERIFY_WITH_TIMEOUT(window.podsModel()->table()->find(podKey).has_value(), 20000);
        using PM = spillway::console::OffloadedPodsModel;
        QCOMPARE(window.podsModel()->table()->find(podKey)->cells.value(PM::Provider), clusters.data(clusters.index(1, ClusterListModel::Name)).toString());
        QCOMPARE(window.podsModel()->table()->find(podKey)->cells.value(PM::VirtualNode), node);
        QCOMPARE(window.podsModel()->pod(podKey)->containers, QStringList{QStringLiteral("c")});   // the log's and terminal's pickers
        QVERIFY(window.pods()->select(podKey));

        // The Events tab: the pod's events from both sides — the consumer's own, and the
        // provider's about the twin as the virtual kubelet copies them (marked with the provider).
        {
            const QString providerName = clusters.data(clusters.index(1, ClusterListModel::Name)).toString();
            auto podEvent = [&](const char *name, const char *reason, bool fromProvider) {
                json e = {{"apiVersion", "v1"}, {"kind", "Event"}, {"metadata", {{"name", (QString::fromLatin1(name) + suffix).toStdString()}}},
                          {"involvedObject", {{"kind", "Pod"}, {"name", "offloaded"}, {"namespace", ns.toStdString()}, {"apiVersion", "v1"}}},
                          {"type", "Normal"}, {"reason", reason}, {"message", "pod event"}, {"count", 2},
                          {"firstTimestamp", "2026-11-30T10:00:00Z"}, {"lastTimestamp", fromProvider ? "2026-11-30T10:02:00Z" : "2026-11-30T10:01:00Z"},
                          {"source", {{"component", "test"}}}};
                if (fromProvider)
                    e["metadata"]["annotations"] = {{"spillway.dev/provider", providerId.toStdString()}};
                return consumer->create(resources::events(), ns, e);
            };
            QVERIFY(podEvent("pod-event-here-", "HereReason", false).ok());
            QVERIFY(podEvent("pod-event-twin-", "TwinReason", true).ok());
            using PE = spillway::console::PodEvents;
            auto *events = window.pods()->eventsModel()->table();
            auto both = [&] {
                QStringList seen;
                for (const auto &r : events->rows())
                    seen << r.cells.value(PE::Reason) + QLatin1Char('@') + r.cells.value(PE::Where) + QLatin1Char('x') + r.cells.value(PE::Count);
                return seen.join(QLatin1Char(','));
            };
            const QString consumerName = clusters.data(clusters.index(0, ClusterListModel::Name)).toString();
            const QString twin = QStringLiteral("TwinReason@%1 (the twin)x2").arg(providerName), here = QStringLiteral("HereReason@%1x2").arg(consumerName);
            QTRY_VERIFY2_WITH_TIMEOUT(both().contains(twin) && both().contains(here), qPrintable(both()), 10000);
            QVERIFY2(both().indexOf(twin) < both().indexOf(here), qPrintable(both()));   // newest first
            QCOMPARE(window.pods()->events()->model()->rowCount(), events->rowCount());
            for (const char *name : {"pod-event-here-", "pod-event-twin-"})
                consumer->remove(resources::events(), ns, QString::fromLatin1(name) + suffix);
        }
        auto *log = window.pods()->log();
        QTRY_VERIFY2_WITH_TIMEOUT(log->text()->toPlainText().contains(QStringLiteral("hello from a pod in cluster ci-consumer")), qPrintable(log->statusText()), 30000);
        QCOMPARE(log->statusText(), QStringLiteral("Following the log…"));
        log->findChild<QCheckBox *>(QStringLiteral("log-follow"))->setChecked(false);
        QTRY_COMPARE_WITH_TIMEOUT(log->statusText(), QStringLiteral("End of the log. Tick Follow to keep reading new lines."), 30000);
        QVERIFY(log->text()->toPlainText().contains(QStringLiteral("hello from a pod in cluster ci-consumer")));

        // The filter bar: the provider's box offers the provider as the console names it and keeps
        // the pod; a namespace no pod is in hides it ("0 of 1"); select() clears a filter that
        // hides the pod asked for.
        {
            auto *pods = window.pods();
            const QString providerName = clusters.data(clusters.index(1, ClusterListModel::Name)).toString();
            QComboBox *runsIn = nullptr;
            for (QComboBox *box : pods->findChildren<QComboBox *>())
                if (box->accessibleName() == QLatin1String("Runs in"))
                    runsIn = box;
            QVERIFY(runsIn);
            const int at = runsIn->findText(providerName);
            QVERIFY2(at > 0, qPrintable(providerName));
            runsIn->setCurrentIndex(at);
            QCOMPARE(pods->filter().provider, providerName);
            QCOMPARE(pods->table()->model()->rowCount(), 1);
            pods->setFilter({.ns = QStringLiteral("no-such-namespace")});
            QCOMPARE(runsIn->currentIndex(), 0);
            QCOMPARE(pods->table()->model()->rowCount(), 0);
            QVERIFY2(pods->countText().startsWith(QStringLiteral("0 of 1")), qPrintable(pods->countText()));
            QVERIFY(pods->select(podKey));
            QVERIFY(pods->filter().isEmpty());
            QCOMPARE(pods->table()->model()->rowCount(), 1);
        }

        // A cluster-scoped object's events live in the default namespace.
        const QString eventName = QStringLiteral("graph-event-") + suffix;
        const json event = {{"apiVersion", "v1"}, {"kind", "Event"}, {"metadata", {{"name", eventName.toStdString()}}},
                            {"involvedObject", {{"kind", "ForeignCluster"}, {"name", providerId.toStdString()}, {"apiVersion", "core.liqo.io/v1beta1"}}},
                            {"type", "Warning"}, {"reason", "TunnelFlapping"}, {"message", "the tunnel went down and up"},
                            {"firstTimestamp", "2026-11-30T10:00:00Z"}, {"lastTimestamp", "2026-11-30T10:00:00Z"}, {"source", {{"component", "test"}}}};
        auto created = consumer->create(resources::events(), QStringLiteral("default"), event);
        QVERIFY2(created.ok(), qPrintable(why(created)));
        auto hasEvent = [&] {
            for (const auto &r : dashboard->events()->rows())
                if (r.cells.value(DM::EventReason) == QLatin1String("TunnelFlapping"))
                    return r.cells.value(DM::EventObject) == QStringLiteral("ForeignCluster/") + providerId && r.tone == 2 &&
                           r.cells.value(DM::EventTime) ==
                               spillway::console::HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00Z"), QDateTime::currentMSecsSinceEpoch());
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(hasEvent(), 10000);
        consumer->remove(resources::events(), QStringLiteral("default"), eventName);

        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("dashboard.png"));
        const QString failed = testbed::consoleScreenshot(png, {QStringLiteral("--view"), QStringLiteral("dashboard"), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-consumer")), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-provider"))});
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        QVERIFY(!QImage(png).isNull());
    }

    void graphMatchesTheApi()
    {
        ClusterListModel clusters;
        spillway::views::MainWindow window(&clusters);
        QVERIFY(window.showPage(QStringLiteral("graph")));
        window.show();
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        QTRY_COMPARE_WITH_TIMEOUT(clusters.pending(), 0, 20000);
        auto *model = window.peerGraphModel();
        auto *view = window.peerGraph();
        auto describe = [&] {
            QStringList out;
            for (int i = 0; i < clusters.rowCount(); ++i)
                out << QStringLiteral("row %1: state %2 id %3").arg(i).arg(int(clusters.row(i).state)).arg(clusters.row(i).facts.clusterId);
            out << QStringLiteral("waiting %1").arg(model->waiting());
            for (const auto &[id, e] : model->errors())
                out << id + QStringLiteral(": ") + e.toString();
            for (const auto &e : model->graph().edges)
                out << QStringLiteral("edge %1 -> %2 pods %3").arg(e.consumer, e.provider).arg(e.used.pods);
            return out.join(QStringLiteral("; "));
        };
        QTRY_VERIFY2_WITH_TIMEOUT(model->waiting() == 0 && model->graph().edge(consumerId, providerId)
                                      && model->graph().edge(consumerId, providerId)->used.pods == 1, qPrintable(describe()), 20000);

        const PeerGraph &g = model->graph();
        QCOMPARE(g.nodes.size(), size_t(2));
        QCOMPARE(g.edges.size(), size_t(1));   // seen from both sides, one peering
        const PeerGraph::Edge &e = g.edges.front();
        QCOMPARE(e.consumer, consumerId);
        QCOMPARE(e.provider, providerId);
        QVERIFY(e.seenByConsumer);
        QCOMPARE(e.health, PeerGraph::Health::Up);   // the Connection says Connected
        QCOMPARE(e.latencyMs.value_or(-1), 1.5);
        QCOMPARE(e.virtualNode, node);
        // The capacity is the node's allocatable as the API has it now.
        const json stored = *consumer->get(resources::nodes(), {}, node);
        const json allocatable = stored["status"]["allocatable"];
        auto q = [&](const char *k) { return spillway::Quantity::parse(QString::fromStdString(allocatable.value(k, "0")))->value(); };
        QCOMPARE(e.capacity, (spillway::console::Capacity{q("cpu"), q("memory"), q("pods")}));
        QCOMPARE(e.used, (spillway::console::Capacity{0.5, 256.0 * 1024 * 1024, 1}));

        QCOMPARE(view->nodeItems(), 2);
        QCOMPARE(view->edgeItems(), 1);
        QCOMPARE(view->edgeLabel(consumerId, providerId), QStringLiteral("1.50 ms"));
        // Each card's gauges: the provider lends the virtual node's capacity, the consumer borrows it.
        const QString lends = view->nodeBadge(providerId), borrows = view->nodeBadge(consumerId);
        QVERIFY2(lends.contains(QStringLiteral("Lends: CPU 0.5/%1").arg(QString::number(q("cpu"), 'f', 1))) && lends.contains(QStringLiteral("Pods 1/%1").arg(q("pods")))
                     && !lends.contains(QStringLiteral("Borrows")), qPrintable(lends));
        QVERIFY2(borrows.contains(QStringLiteral("Borrows: CPU 0.5/")) && !borrows.contains(QStringLiteral("Lends")), qPrintable(borrows));
        // The arrow says each module's state as the consumer's ForeignCluster reports it; the
        // tunnel is up, so it is drawn solid.
        const QGraphicsPathItem *arrow = nullptr;
        for (QGraphicsItem *item : view->canvas()->scene()->items())
            if (auto *path = qgraphicsitem_cast<QGraphicsPathItem *>(item))
                arrow = path;
        QVERIFY(arrow);
        QVERIFY2(arrow->toolTip().contains(QStringLiteral("Networking: Pending")) && arrow->toolTip().contains(QStringLiteral("Offloading: ")), qPrintable(arrow->toolTip()));
        QCOMPARE(arrow->pen().style(), Qt::SolidLine);
        view->select(providerId);
        const QString consumerName = clusters.data(clusters.index(0, ClusterListModel::Name)).toString();
        QVERIFY2(view->detailsText().contains(QStringLiteral("Provides to: ") + consumerName), qPrintable(view->detailsText()));
        QVERIFY2(view->detailsText().contains(QStringLiteral("Lends: CPU 0.5/")), qPrintable(view->detailsText()));

        // The peering's panel, as a click on its arrow opens it: the modules' conditions, the
        // slice with what was asked and granted, the gateway, and an event about the peering
        // (from the consumer's side) arriving through the watch.
        const QString timelineEvent = QStringLiteral("graph-timeline-") + suffix;
        const json fcEvent = {{"apiVersion", "v1"}, {"kind", "Event"}, {"metadata", {{"name", timelineEvent.toStdString()}}},
                              {"involvedObject", {{"kind", "ForeignCluster"}, {"name", providerId.toStdString()}, {"apiVersion", "core.liqo.io/v1beta1"}}},
                              {"type", "Normal"}, {"reason", "MapTimeline"}, {"message", "the peering's own event"},
                              {"firstTimestamp", "2026-11-30T11:00:00Z"}, {"lastTimestamp", "2026-11-30T11:00:00Z"}, {"source", {{"component", "test"}}}};
        QVERIFY(consumer->create(resources::events(), QStringLiteral("default"), fcEvent).ok());
        const_cast<QGraphicsPathItem *>(arrow)->setSelected(true);
        QTRY_VERIFY2_WITH_TIMEOUT(view->detailsText().contains(QStringLiteral("MapTimeline")), qPrintable(view->detailsText()), 10000);
        for (const QString &part : {QStringLiteral("NetworkConnectionStatus"), QStringLiteral("Pending"), QStringLiteral("graph-slice"),
                                    QStringLiteral("granted: CPU 3.0"), QStringLiteral("asked: CPU 4.0"), QStringLiteral("Client ") + ns + QStringLiteral("/gw"),
                                    QStringLiteral("the peering's own event"), node})
            QVERIFY2(view->detailsText().contains(part), qPrintable(part + QStringLiteral(" in ") + view->detailsText()));
        consumer->remove(resources::events(), QStringLiteral("default"), timelineEvent);

        // Spillway's agents on the card: a Deployment of the install that cannot run (no node
        // matches) makes the consumer's card say so; once it goes, the card no longer names it.
        const QString agent = QStringLiteral("spillway-graph-agent-") + suffix;
        const json labels = {{"app.kubernetes.io/part-of", "spillway"}, {"app.kubernetes.io/name", agent.toStdString()}};
        const json deployment = {{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"metadata", {{"name", agent.toStdString()}, {"labels", labels}}},
                                 {"spec", {{"replicas", 1}, {"selector", {{"matchLabels", labels}}},
                                           {"template", {{"metadata", {{"labels", labels}}},
                                                         {"spec", {{"nodeSelector", {{"spillway.dev/test", "nowhere"}}},
                                                                   {"containers", json::array({{{"name", "agent"}, {"image", "spillway/none"}}})}}}}}}}};
        QVERIFY(consumer->create(resources::deployments(), QStringLiteral("liqo"), deployment).ok());
        const QString agentLine = QStringLiteral("Agent %1: 0/1 Ready").arg(agent);
        QTRY_VERIFY2_WITH_TIMEOUT(view->nodeBadge(consumerId).contains(agentLine), qPrintable(view->nodeBadge(consumerId)), 20000);
        QVERIFY2(!view->nodeBadge(providerId).contains(agent), qPrintable(view->nodeBadge(providerId)));
        QVERIFY(consumer->remove(resources::deployments(), QStringLiteral("liqo"), agent).ok());
        QTRY_VERIFY2_WITH_TIMEOUT(!view->nodeBadge(consumerId).contains(agent), qPrintable(view->nodeBadge(consumerId)), 20000);

        // Peering and unpeering start on the graph: a cluster dragged onto another, the context menus.
        {
            spillway::views::PeerGraphView standalone(model);   // its requests reach only the spies
            standalone.resize(900, 700);
            standalone.show();
            QVERIFY(QTest::qWaitForWindowExposed(&standalone));
            QSignalSpy peer(&standalone, &spillway::views::PeerGraphView::peerRequested);
            QSignalSpy unpeer(&standalone, &spillway::views::PeerGraphView::unpeerRequested);
            QGraphicsView *canvas = standalone.canvas();
            const QPoint from = canvas->mapFromScene(standalone.itemPosition(consumerId)), onto = canvas->mapFromScene(standalone.itemPosition(providerId));
            QTest::mousePress(canvas->viewport(), Qt::LeftButton, {}, from);
            QTest::mouseMove(canvas->viewport(), onto);
            QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, {}, onto);
            QCOMPARE(peer.size(), 1);
            QCOMPARE(peer.first(), (QVariantList{consumerId, providerId}));
            QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, from);   // a click is not a drop
            QCOMPARE(peer.size(), 1);
            QMenu edgeMenu;
            standalone.fillContextMenu(edgeMenu, standalone.itemPosition(consumerId, providerId));
            QCOMPARE(edgeMenu.actions().size(), 1);
            QVERIFY2(edgeMenu.actions().first()->text().startsWith(QStringLiteral("Unpeer ")), qPrintable(edgeMenu.actions().first()->text()));
            edgeMenu.actions().first()->trigger();
            QCOMPARE(unpeer.size(), 1);
            QCOMPARE(unpeer.first(), (QVariantList{consumerId, providerId}));
            QMenu nodeMenu;
            standalone.fillContextMenu(nodeMenu, standalone.itemPosition(providerId));
            QMenu *consumeFrom = nodeMenu.actions().first()->menu();
            QVERIFY(consumeFrom);
            QCOMPARE(consumeFrom->actions().size(), 1);
            consumeFrom->actions().first()->trigger();
            QCOMPARE(peer.last(), (QVariantList{providerId, consumerId}));

            // The keyboard: arrows walk the clusters round the map, + zooms (within bounds), 0
            // fits every cluster in view, Escape lets go.
            QTest::keyClick(canvas, Qt::Key_Right);
            const QString first = standalone.selectedCluster();
            QVERIFY2(first == consumerId || first == providerId, qPrintable(first));
            QVERIFY2(standalone.detailsText().contains(first), qPrintable(standalone.detailsText()));
            QTest::keyClick(canvas, Qt::Key_Right);
            const QString second = standalone.selectedCluster();
            QVERIFY2((second == consumerId || second == providerId) && second != first, qPrintable(second));
            QVERIFY2(standalone.detailsText().contains(second), qPrintable(standalone.detailsText()));
            QTest::keyClick(canvas, Qt::Key_Right);
            QCOMPARE(standalone.selectedCluster(), first);
            QTest::keyClick(canvas, Qt::Key_Left);
            QCOMPARE(standalone.selectedCluster(), second);
            const qreal before = standalone.zoom();
            QTest::keyClick(canvas, Qt::Key_Plus);
            QVERIFY2(standalone.zoom() > before, qPrintable(QString::number(standalone.zoom())));
            for (int i = 0; i < 30; ++i)
                QTest::keyClick(canvas, Qt::Key_Plus);
            QCOMPARE(standalone.zoom(), 8.0);
            QTest::keyClick(canvas, Qt::Key_0);
            QVERIFY2(standalone.zoom() <= 2.0, qPrintable(QString::number(standalone.zoom())));
            for (const QString &id : {consumerId, providerId})
                QVERIFY2(canvas->viewport()->rect().contains(canvas->mapFromScene(standalone.itemPosition(id))), qPrintable(id));
            QCOMPARE(standalone.selectedCluster(), second);   // fitting keeps the selection
            QTest::keyClick(canvas, Qt::Key_Escape);
            QCOMPARE(standalone.selectedCluster(), QString());

            // Export: a PNG at twice the map's size, an SVG with the clusters' names as text, and
            // a clear error for a folder that does not exist.
            QTemporaryDir out;
            const QString png = out.filePath(QStringLiteral("map.png")), svg = out.filePath(QStringLiteral("map.svg"));
            QCOMPARE(standalone.exportTo(png), QString());
            const QImage image(png);
            QVERIFY(!image.isNull());
            const QRectF map = canvas->scene()->itemsBoundingRect();
            QVERIFY2(image.width() >= 2 * map.width() && image.height() >= 2 * map.height(), qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
            QCOMPARE(standalone.exportTo(svg), QString());
            QFile svgFile(svg);
            QVERIFY(svgFile.open(QIODevice::ReadOnly));
            const QString svgText = QString::fromUtf8(svgFile.readAll());
            QVERIFY(svgText.contains(QStringLiteral("<svg")));
            for (const auto &n : model->graph().nodes)
                QVERIFY2(svgText.contains(n.name.toHtmlEscaped()), qPrintable(n.name));
            QVERIFY2(svgText.contains(QStringLiteral("Spillway ") + spillway::Version::current().toString()), "the cards show the installed version");
            const QString error = standalone.exportTo(out.filePath(QStringLiteral("missing/map.png")));
            QVERIFY2(error.contains(QStringLiteral("does not exist")) && error.contains(QStringLiteral("missing")), qPrintable(error));
        }

        // A change in the API reaches the page through the watch.
        QVERIFY(connectionStatus("Error").ok());
        QTRY_COMPARE_WITH_TIMEOUT(model->graph().edges.front().health, PeerGraph::Health::Down, 10000);
        // ... and the arrow that went down pulses, then settles.
        QVERIFY2(view->pulsing().contains(consumerId + QStringLiteral(" → ") + providerId), qPrintable(view->pulsing().join(QLatin1Char(','))));
        QTRY_VERIFY_WITH_TIMEOUT(view->pulsing().isEmpty(), 10000);
        // No kubelet confirms the deletion on this node: removed at once, as a force delete does.
        spillway::kube::DeleteOptions now;
        now.gracePeriodSeconds = 0;
        QVERIFY(consumer->remove(resources::pods(), ns, QStringLiteral("offloaded"), now).ok());
        QTRY_COMPARE_WITH_TIMEOUT(model->graph().edges.front().used.pods, 0.0, 30000);
    }

    void screenshotRendersTheGraph()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("graph.png"));
        const QString failed = testbed::consoleScreenshot(png, {QStringLiteral("--view"), QStringLiteral("graph"), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-consumer")), QStringLiteral("--kubeconfig"),
                                                                 testbed::kubeconfigPath(QStringLiteral("ci-provider"))});
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        QVERIFY(!QImage(png).isNull());
    }

    // The history outlives the console: the tunnel drop one window saw is the dashboard's "Last
    // drop" in the next window over the same file, and the charts' day holds the first window's
    // samples before any cluster has answered again.
    void historySurvivesARestart()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("history.sqlite"));
        using DM = spillway::console::DashboardModel;
        using Chart = spillway::views::ChartsView::Chart;
        const QString key = DM::peeringKey(consumerId, providerId);
        auto lastDrop = [&key](spillway::views::MainWindow &w) {
            const auto *row = w.dashboardModel()->peers()->find(key);
            return row ? row->cells.value(DM::PeerLastDrop) : QString();
        };
        size_t firstSession = 0;
        {
            auto archive = spillway::history::SqliteUsageArchive::open(file);
            QVERIFY2(archive, qPrintable(archive ? QString() : archive.error().toString()));
            ClusterListModel clusters;
            spillway::views::MainWindow window(&clusters, archive->get());
            QVERIFY(window.showPage(QStringLiteral("dashboard")));
            window.show();
            QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
            QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
            QTRY_COMPARE_WITH_TIMEOUT(lastDrop(window), QStringLiteral("none seen"), 20000);
            QVERIFY(connectionStatus("Error").ok());
            QTRY_VERIFY2_WITH_TIMEOUT(lastDrop(window).startsWith(QStringLiteral("just now (")), qPrintable(lastDrop(window)), 20000);
            QVERIFY(connectionStatus("Connected").ok());
            QTRY_VERIFY_WITH_TIMEOUT(window.peerGraphModel()->graph().edge(consumerId, providerId)->health == PeerGraph::Health::Up, 20000);
            firstSession = window.history()->session().samples().size();
            // Changes within one second are one sample, so a fast drop and recovery may be one
            // (tst_federation_history restarts over many samples, on an injected clock).
            QVERIFY(firstSession >= 1);
        }
        auto archive = spillway::history::SqliteUsageArchive::open(file);
        QVERIFY(archive);
        ClusterListModel clusters;
        spillway::views::MainWindow window(&clusters, archive->get());
        QCOMPARE(window.history()->session().samples().size(), firstSession);
        QVERIFY(window.showPage(QStringLiteral("charts")));
        window.show();
        window.charts()->setSpan(spillway::views::ChartsView::Span::Day);
        QCOMPARE(size_t(window.charts()->points(Chart::History, QStringLiteral("Pods")).size()), firstSession);
        QVERIFY(window.showPage(QStringLiteral("dashboard")));
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        QTRY_VERIFY2_WITH_TIMEOUT(lastDrop(window).contains(QStringLiteral(" ago (")) || lastDrop(window).startsWith(QStringLiteral("just now (")),
                                  qPrintable(lastDrop(window)), 20000);
        const auto drop = (*archive)->lastChangeTo(consumerId, providerId, PeerGraph::Health::Down);
        QVERIFY(drop);
        QCOMPARE(drop->text, QStringLiteral("Error"));
    }

    // A tunnel that drops reaches the desktop as a notification (a real D-Bus session bus); a
    // click opens the dashboard on that peering's row; the tunnel back up withdraws it.
    void alertsReachTheDesktop()
    {
        AlertingConsole console;
        QVERIFY2(console.bus.problem().isEmpty(), qPrintable(console.bus.problem()));
        auto [bus, clusters, window] = console.parts();
        QVERIFY(window.showPage(QStringLiteral("charts")));
        window.show();
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        QTRY_VERIFY_WITH_TIMEOUT(window.peerGraphModel()->graph().edge(consumerId, providerId) &&
                                     window.peerGraphModel()->graph().edge(consumerId, providerId)->health == PeerGraph::Health::Up, 20000);
        auto tunnelDown = [&console] { return console.shown(QStringLiteral("Tunnel down: ")); };
        QVERIFY(!tunnelDown());
        QVERIFY(connectionStatus("Error").ok());
        QTRY_VERIFY_WITH_TIMEOUT(tunnelDown(), 20000);
        QVERIFY2(tunnelDown()->body.contains(QStringLiteral("(Error)")), qPrintable(tunnelDown()->body));
        const uint id = tunnelDown()->id;

        bus.service.click(id);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), QStringLiteral("dashboard"), 10000);
        const QModelIndexList selected = window.dashboard()->peersTable()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected[0].data(spillway::console::KeyedTableModel::KeyRole).toString(), spillway::console::DashboardModel::peeringKey(consumerId, providerId));

        QVERIFY(connectionStatus("Connected").ok());
        QTRY_VERIFY_WITH_TIMEOUT(std::count(bus.service.closed.begin(), bus.service.closed.end(), id) == 1, 20000);
    }

    // A namespace whose offloading fails for the provider (its status as the controller writes
    // it when the remote namespace is someone else's) reaches the desktop naming the namespace and
    // why; a click opens the NamespaceOffloading editor on that cluster and namespace, with its
    // phase. Offloaded again, the notification is withdrawn.
    void offloadingFailureOpensTheEditor()
    {
        AlertingConsole console;
        QVERIFY2(console.bus.problem().isEmpty(), qPrintable(console.bus.problem()));
        auto [bus, clusters, window] = console.parts();
        window.show();
        // The provider first: the editor would show it unless the alert chose the consumer.
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-provider"))), 1);
        QCOMPARE(clusters.addKubeconfig(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))), 1);
        QTRY_VERIFY_WITH_TIMEOUT(window.peerGraphModel()->graph().edge(consumerId, providerId), 20000);
        QCOMPARE(clusters.row(1).facts.clusterId, consumerId);

        const auto offloadings = spillway::apis::offloading::v1beta1::namespaceOffloadingResource();
        const json offloading = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"},
                                 {"metadata", {{"name", "offloading"}}},
                                 {"spec", {{"namespaceMappingStrategy", "DefaultName"}, {"podOffloadingStrategy", "LocalAndRemote"}}}};
        spillway::Result<json> r = json();
        QTRY_VERIFY2_WITH_TIMEOUT((r = consumer->create(offloadings, ns, offloading)).ok() || r.error().isAlreadyExists(), qPrintable(why(r)), 20000);
        r = consumer->get(offloadings, ns, QStringLiteral("offloading"));
        QVERIFY2(r.ok(), qPrintable(why(r)));
        const qint64 generation = (*r)["metadata"].value("generation", qint64(1));
        // As the controller writes it: for the spec it has seen (the editor shows no phase of an older one).
        auto phase = [&](const char *value, const char *ready, const char *reason) {
            const json conditions = json::array({{{"type", "OffloadingRequired"}, {"status", "True"}, {"reason", "ClusterSelected"}},
                                                 {{"type", "Ready"}, {"status", ready}, {"reason", reason}, {"message", "the remote namespace could not be created"}}});
            const json status = {{"status", {{"observedGeneration", generation}, {"offloadingPhase", value},
                                             {"remoteNamespacesConditions", {{providerId.toStdString(), conditions}}}}}};
            spillway::kube::PatchOptions po;
            po.subresource = QStringLiteral("status");
            return consumer->patch(offloadings, ns, QStringLiteral("offloading"), spillway::kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po);
        };
        auto failed = [&console] { return console.shown(QStringLiteral("Offloading failed: ")); };
        QVERIFY(!failed());
        r = phase("AllFailed", "False", "CreationLoopBackOff");
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QTRY_VERIFY_WITH_TIMEOUT(failed(), 20000);
        QVERIFY2(failed()->summary.contains(ns), qPrintable(failed()->summary));
        QVERIFY2(failed()->body.contains(QStringLiteral("(CreationLoopBackOff)")), qPrintable(failed()->body));
        const uint id = failed()->id;

        bus.service.click(id);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), QStringLiteral("editor"), 10000);
        auto *editor = window.offloadingEditor();
        QCOMPARE(editor->findChild<QComboBox *>(QStringLiteral("cluster"))->currentText(), clusters.data(clusters.index(1, ClusterListModel::Name)).toString());
        QTRY_COMPARE_WITH_TIMEOUT(editor->findChild<QComboBox *>(QStringLiteral("namespace"))->currentText(), ns, 20000);
        QTRY_VERIFY2_WITH_TIMEOUT(editor->phaseText().contains(QStringLiteral("AllFailed")), qPrintable(editor->phaseText()), 20000);

        r = phase("Ready", "True", "NamespaceCreated");
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QTRY_VERIFY_WITH_TIMEOUT(std::count(bus.service.closed.begin(), bus.service.closed.end(), id) == 1, 20000);
    }
};

SPILLWAY_TESTBED_MAIN(QApplication, TestPeerGraphView)
#include "tst_peer_graph_view.moc"
