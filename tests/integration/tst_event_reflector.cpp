// EventReflector against the testbed pair: a provider Event about an offloaded pod's twin is
// copied onto the consumer's pod, also when it was listed before the virtual kubelet's pod cache
// was (the restart case): resync() after the pods' first listing brings it over.
#include "Testbed.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "kube/Resource.h"
#include "virtualkubelet/EventReflector.h"
#include "virtualkubelet/NamespaceMappings.h"

#include <QRandomGenerator>

#include <atomic>

using namespace spillway;
using nlohmann::json;

class TestEventReflector : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> consumer, provider;
    QString suffix, tenantNs, localNs, remoteNs;

    bool copied(const QString &name)
    {
        auto e = consumer->get(kube::resources::events(), localNs, name);
        return e.ok();
    }
    json remoteEvent(const QString &name, const QString &pod, const QString &message)
    {
        return {{"apiVersion", "v1"}, {"kind", "Event"},
                {"metadata", {{"name", name.toStdString()}, {"namespace", remoteNs.toStdString()}}},
                {"involvedObject", {{"apiVersion", "v1"}, {"kind", "Pod"}, {"namespace", remoteNs.toStdString()}, {"name", pod.toStdString()}}},
                {"reason", "Scheduled"}, {"message", message.toStdString()}, {"type", "Normal"}, {"count", 1},
                {"firstTimestamp", "2026-01-01T00:00:00Z"}, {"lastTimestamp", "2026-01-01T00:00:00Z"},
                {"source", {{"component", "default-scheduler"}}}};
    }

private slots:
    void initTestCase()
    {
        consumer = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        provider = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        QVERIFY(testbed::applyCrd(*consumer, QStringLiteral("offloading.liqo.io_namespacemaps.yaml")));
        QTRY_VERIFY_WITH_TIMEOUT((consumer->invalidateDiscovery(),
                                  consumer->resolve(QStringLiteral("offloading.liqo.io/v1beta1"), QStringLiteral("NamespaceMap")).ok()), 30000);
        suffix = QString::number(QRandomGenerator::global()->generate() % 100000);
        tenantNs = QStringLiteral("evr-tenant-") + suffix;
        localNs = QStringLiteral("evr-") + suffix;
        remoteNs = localNs + QStringLiteral("-rome");
        QVERIFY(testbed::createNamespace(*consumer, tenantNs).ok());
        QVERIFY(testbed::createNamespace(*consumer, localNs).ok());
        QVERIFY(testbed::createNamespace(*provider, remoteNs).ok());

        const kube::ResourceRef maps = apis::offloading::v1beta1::namespaceMapResource();
        const json map = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceMap"},
                          {"metadata", {{"name", "milan"}, {"labels", {{"liqo.io/remote-cluster-id", "milan"}}}}}};
        QVERIFY(consumer->create(maps, tenantNs, map).ok());
        const json status = {{"status", {{"currentMapping", {{localNs.toStdString(), {{"remoteNamespace", remoteNs.toStdString()}, {"phase", "Accepted"}}}}}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        QVERIFY(consumer->patch(maps, tenantNs, QStringLiteral("milan"), kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po).ok());
    }

    void cleanupTestCase()
    {
        for (const QString &ns : {tenantNs, localNs})
            (void)consumer->remove(kube::resources::namespaces(), {}, ns);
        (void)provider->remove(kube::resources::namespaces(), {}, remoteNs);
    }

    void eventListedBeforeThePodsIsCopiedOnResync()
    {
        const json pod = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "web"}}},
                          {"spec", {{"containers", json::array({{{"name", "web"}, {"image", "registry.example/web"}}})}}}};
        auto localPod = consumer->create(kube::resources::pods(), localNs, pod);
        QVERIFY(localPod.ok());
        // Raised while the virtual kubelet was down.
        QVERIFY(provider->create(kube::resources::events(), remoteNs, remoteEvent(QStringLiteral("web.early"), QStringLiteral("web"),
                                                                                   QStringLiteral("Successfully assigned %1/web").arg(remoteNs))).ok());

        virtualkubelet::NamespaceMappings mappings(consumer.get(), tenantNs, QStringLiteral("milan"));
        std::atomic<bool> podsListed{false};
        virtualkubelet::EventReflector::Options o;
        o.providerClusterId = QStringLiteral("milan");
        o.nodeName = QStringLiteral("liqo-milan");
        o.localPod = [&](const QString &key) -> std::optional<json> {
            if (!podsListed || key != localNs + QStringLiteral("/web"))
                return std::nullopt;
            return *localPod;
        };
        virtualkubelet::EventReflector events(consumer.get(), provider.get(), &mappings, o);
        mappings.start();
        events.start();

        // Listed and reconciled while the pod cache is still empty: dropped, as it must be then.
        QTRY_VERIFY_WITH_TIMEOUT(events.reflected() >= 1, 30000);
        QVERIFY(!copied(QStringLiteral("web.early")));

        podsListed = true;
        events.resync();
        QTRY_VERIFY_WITH_TIMEOUT(copied(QStringLiteral("web.early")), 30000);
        auto copy = consumer->get(kube::resources::events(), localNs, QStringLiteral("web.early"));
        QVERIFY(copy.ok());
        QCOMPARE(QString::fromStdString((*copy)["involvedObject"].value("uid", "")), QString::fromStdString((*localPod)["metadata"].value("uid", "")));
        QCOMPARE(QString::fromStdString((*copy)["source"].value("component", "")), QStringLiteral("default-scheduler (milan)"));

        // Later Events come over without any resync.
        QVERIFY(provider->create(kube::resources::events(), remoteNs, remoteEvent(QStringLiteral("web.late"), QStringLiteral("web"),
                                                                                   QStringLiteral("Started container web"))).ok());
        QTRY_VERIFY_WITH_TIMEOUT(copied(QStringLiteral("web.late")), 30000);
        events.stop();
        mappings.stop();
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestEventReflector)
#include "tst_event_reflector.moc"
