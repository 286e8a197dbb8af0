// Kubernetes runtime: an Accepted ResourceSlice gets its virtual kubelet as a Deployment in the
// tenant namespace (ServiceAccount there, ClusterRoleBinding to the virtual-kubelet role, owned
// by the VirtualNode), which the real apiserver accepts and its controllers turn into a pod; the
// slice's removal takes all of it away. Running the container needs the images of #10.
#include "Testbed.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "peering/VirtualNodeReconciler.h"

using namespace spillway;
using nlohmann::json;

class TestVirtualKubeletDeployment : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> admin;
    const QString ns = QStringLiteral("liqo-tenant-vkd-%1").arg(QCoreApplication::applicationPid());

private slots:
    void initTestCase()
    {
        admin = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        QVERIFY(testbed::applyCrd(*admin, QStringLiteral("authentication.liqo.io_resourceslices.yaml")));
        QVERIFY(testbed::applyCrd(*admin, QStringLiteral("offloading.liqo.io_virtualnodes.yaml")));
        QVERIFY(testbed::applyCrd(*admin, QStringLiteral("offloading.liqo.io_namespacemaps.yaml")));
        QTRY_VERIFY_WITH_TIMEOUT((admin->invalidateDiscovery(), admin->resolve(QStringLiteral("offloading.liqo.io/v1beta1"), QStringLiteral("VirtualNode")).ok()
                                  && admin->resolve(QStringLiteral("offloading.liqo.io/v1beta1"), QStringLiteral("NamespaceMap")).ok()), 30000);
        QVERIFY(testbed::createNamespace(*admin, ns).ok());
    }
    void cleanupTestCase()
    {
        if (admin)
            (void)admin->remove(kube::resources::namespaces(), {}, ns);
    }

    void acceptedSliceRunsAsADeploymentAndGoesAway()
    {
        const kube::ResourceRef slices = apis::authentication::v1beta1::resourceSliceResource();
        const json slice = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "ResourceSlice"},
                            {"metadata", {{"name", "naples"}, {"namespace", ns.toStdString()}, {"labels", {{"liqo.io/replication", "true"}}}}},
                            {"spec", {{"class", "default"}, {"consumerClusterID", "rome"}, {"providerClusterID", "naples"}}}};
        QVERIFY(admin->create(slices, ns, slice).ok());
        const json status = {{"status", {{"resources", {{"cpu", "2"}, {"memory", "4Gi"}, {"pods", "20"}}},
                                         {"conditions", json::array({{{"type", "Resources"}, {"status", "Accepted"},
                                                                      {"lastTransitionTime", "2026-01-01T00:00:00Z"}}})}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        QVERIFY(admin->patch(slices, ns, QStringLiteral("naples"), kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po).ok());

        peering::VirtualNodeReconciler::Options o;
        o.localRuntime = false;
        o.virtualKubeletImage = QStringLiteral("registry.example/spillway-virtual-kubelet:v0.1.0");
        peering::VirtualNodeReconciler reconciler(*admin, o);
        auto r = reconciler.reconcile(ns + QStringLiteral("/naples"));
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().toString()));
        QVERIFY2(reconciler.reconcile(ns + QStringLiteral("/naples")).ok(), "reconciling again converges");

        auto vn = admin->get(apis::offloading::v1beta1::virtualNodeResource(), ns, QStringLiteral("naples"));
        QVERIFY(vn.ok());
        auto deployments = admin->resolve(QStringLiteral("apps/v1"), QStringLiteral("Deployment"));
        QVERIFY(deployments.ok());
        auto d = admin->get(*deployments, ns, QStringLiteral("spillway-virtual-kubelet-naples"));
        QVERIFY(d.ok());
        const json pod = (*d)["spec"]["template"]["spec"];
        QCOMPARE(QString::fromStdString(pod["containers"][0].value("image", "")), o.virtualKubeletImage);
        QVERIFY(pod["containers"][0]["args"] == json::array({"--virtual-node=" + ns.toStdString() + "/naples", "--node-name=liqo-naples"}));
        QCOMPARE(QString::fromStdString(pod.value("serviceAccountName", "")), QStringLiteral("spillway-virtual-kubelet"));
        QVERIFY((*d)["metadata"]["ownerReferences"][0]["uid"] == (*vn)["metadata"]["uid"]);
        QVERIFY(admin->get(kube::resources::serviceAccounts(), ns, QStringLiteral("spillway-virtual-kubelet")).ok());
        // Where offloaded namespaces will be asked for: one NamespaceMap per provider, replicated.
        auto map = admin->get(apis::offloading::v1beta1::namespaceMapResource(), ns, QStringLiteral("naples"));
        QVERIFY(map.ok());
        QVERIFY((*map)["metadata"]["labels"]["liqo.io/replication"] == "true" && (*map)["metadata"]["labels"]["liqo.io/remoteID"] == "naples");
        auto crbs = admin->resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding"));
        QVERIFY(crbs.ok());
        auto crb = admin->get(*crbs, {}, QStringLiteral("spillway-virtual-kubelet-") + ns);
        QVERIFY(crb.ok());
        QVERIFY((*crb)["subjects"][0]["namespace"] == ns.toStdString());
        QVERIFY((*crb)["roleRef"]["name"] == "spillway-virtual-kubelet");
        // The cluster's own controllers accept it: a ReplicaSet makes the kubelet's pod.
        QTRY_VERIFY_WITH_TIMEOUT(admin->list(kube::resources::pods(), ns, kube::withLabels(QStringLiteral("liqo.io/virtual-node=naples"))).ok()
                                     && !(*admin->list(kube::resources::pods(), ns, kube::withLabels(QStringLiteral("liqo.io/virtual-node=naples"))))["items"].empty(),
                                 30000);

        QVERIFY(admin->remove(slices, ns, QStringLiteral("naples")).ok());
        r = reconciler.reconcile(ns + QStringLiteral("/naples"));
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().toString()));
        QVERIFY(admin->get(*deployments, ns, QStringLiteral("spillway-virtual-kubelet-naples")).error().isNotFound());
        QVERIFY(admin->get(apis::offloading::v1beta1::virtualNodeResource(), ns, QStringLiteral("naples")).error().isNotFound());
        QVERIFY(admin->get(*crbs, {}, QStringLiteral("spillway-virtual-kubelet-") + ns).error().isNotFound());
        QVERIFY(admin->get(kube::resources::serviceAccounts(), ns, QStringLiteral("spillway-virtual-kubelet")).error().isNotFound());
        QVERIFY(admin->get(apis::offloading::v1beta1::namespaceMapResource(), ns, QStringLiteral("naples")).error().isNotFound());
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestVirtualKubeletDeployment)
#include "tst_virtual_kubelet_deployment.moc"
