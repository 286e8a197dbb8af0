// Liqo's offloading rules as pure functions: remote names, clusterSelector matching and its text
// form, per-cluster conditions and the phase, the pod webhook's patch, and pod translation.
#include "offloading/ClusterSelectorText.h"
#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/ObjectReflection.h"
#include "virtualkubelet/EventReflection.h"
#include "virtualkubelet/EndpointSliceReflection.h"
#include "ipam/PodAddressMap.h"
#include "virtualkubelet/PodTranslation.h"
#include "virtualkubelet/NamespaceMappings.h"

#include <QTest>

using namespace spillway;
using namespace spillway::offloading;
using nlohmann::json;

namespace {

// The webhook's patches only add or replace fields of the pod spec.
json applyPatch(json doc, const json &patch)
{
    for (const auto &op : patch) {
        const std::string path = op["path"];
        if (path.rfind("/spec/", 0) != 0)
            return json();
        doc["spec"][path.substr(6)] = op["value"];
    }
    return doc;
}

json terms(const json &pod)
{
    return pod["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"];
}

} // namespace

class TestOffloadingPolicy : public QObject
{
    Q_OBJECT
private slots:
    void remoteNames()
    {
        QCOMPARE(remoteNamespaceName(json::object(), QStringLiteral("apps"), QStringLiteral("rome")), QStringLiteral("apps-rome"));
        QCOMPARE(remoteNamespaceName({{"namespaceMappingStrategy", "EnforceSameName"}}, QStringLiteral("apps"), QStringLiteral("rome")), QStringLiteral("apps"));
        QCOMPARE(remoteNamespaceName({{"namespaceMappingStrategy", "SelectedName"}, {"remoteNamespaceName", "x"}}, QStringLiteral("apps"), QStringLiteral("rome")),
                 QStringLiteral("x"));
    }

    void selectorsMatchLikeTheScheduler()
    {
        const json labels = {{"topology.kubernetes.io/region", "eu-west"}, {"gpus", "4"}};
        auto sel = parseClusterSelector({QStringLiteral("topology.kubernetes.io/region in (eu-west,eu-south),!spot")});
        QVERIFY(sel.ok());
        QVERIFY(matchesNodeSelector(*sel, labels));
        QVERIFY(!matchesNodeSelector(*sel, {{"topology.kubernetes.io/region", "us-east"}}));
        // Terms are alternatives.
        auto either = parseClusterSelector({QStringLiteral("region=mars"), QStringLiteral("gpus")});
        QVERIFY(either.ok() && matchesNodeSelector(*either, labels));
        QVERIFY(!matchesNodeSelector(*either, json::object()));
        // Gt/Lt compare integers; anything else does not match.
        const json gt = {{"nodeSelectorTerms", {{{"matchExpressions", {{{"key", "gpus"}, {"operator", "Gt"}, {"values", {"2"}}}}}}}}};
        QVERIFY(matchesNodeSelector(gt, labels));
        QVERIFY(!matchesNodeSelector(gt, {{"gpus", "many"}}));
        QVERIFY(matchesNodeSelector(json(), labels));                       // no selector: every peer
        QVERIFY(matchesNodeSelector({{"nodeSelectorTerms", json::array()}}, labels));
        QCOMPARE(clusterSelectorText(*sel), QStringList{QStringLiteral("topology.kubernetes.io/region in (eu-west,eu-south),!spot")});
        QVERIFY(parseClusterSelector({}).ok() && parseClusterSelector({})->is_null());
        for (const char *bad : {"bad key=1", "k in ()", "k=v,", "=v", "k=has space"})
            QVERIFY2(!parseClusterSelector({QString::fromLatin1(bad)}).ok(), bad);
    }

    void conditionsAndPhase()
    {
        const json fresh = remoteNamespaceConditions({true, std::nullopt}, json::array(), QStringLiteral("t1"));
        QCOMPARE(fresh.size(), size_t(2));
        QVERIFY(fresh[0]["reason"] == "ClusterSelected" && fresh[1]["reason"] == "Creating");
        const json ready = remoteNamespaceConditions({true, QStringLiteral("Accepted")}, fresh, QStringLiteral("t2"));
        QVERIFY(ready[0]["lastTransitionTime"] == "t1");   // unchanged condition keeps its time
        QVERIFY(ready[1]["reason"] == "NamespaceCreated" && ready[1]["status"] == "True" && ready[1]["lastTransitionTime"] == "t2");
        QCOMPARE(remoteNamespaceConditions({false, std::nullopt}, json::array(), QStringLiteral("t")).size(), size_t(1));

        using P = PeerMapping;
        QCOMPARE(offloadingPhase(true, {}), QStringLiteral("Terminating"));
        QCOMPARE(offloadingPhase(false, {{QStringLiteral("a"), P{false, std::nullopt}}}), QStringLiteral("NoClusterSelected"));
        QCOMPARE(offloadingPhase(false, {{QStringLiteral("a"), P{true, QStringLiteral("Accepted")}}}), QStringLiteral("Ready"));
        QCOMPARE(offloadingPhase(false, {{QStringLiteral("a"), P{true, QStringLiteral("CreationLoopBackOff")}}}), QStringLiteral("AllFailed"));
        QCOMPARE(offloadingPhase(false, {{QStringLiteral("a"), P{true, QStringLiteral("CreationLoopBackOff")}}, {QStringLiteral("b"), P{true, QStringLiteral("Accepted")}}}),
                 QStringLiteral("SomeFailed"));
        QCOMPARE(offloadingPhase(false, {{QStringLiteral("a"), P{true, std::nullopt}}}), QStringLiteral("InProgress"));
    }

    void podPlacement()
    {
        const json pod = {{"metadata", {{"name", "p"}}}, {"spec", {{"containers", json::array({{{"name", "c"}}})}}}};
        QVERIFY(podPlacementPatch(pod, {{"podOffloadingStrategy", "Local"}}).empty());

        const json remote = applyPatch(pod, podPlacementPatch(pod, {{"podOffloadingStrategy", "Remote"}}));
        QVERIFY(remote["spec"]["tolerations"][0] == json({{"key", kVirtualNodeTaint}, {"operator", "Exists"}, {"effect", "NoExecute"}}));
        // Failover: a lost provider's pods are evicted after 60 s, not Kubernetes' 300.
        QVERIFY(remote["spec"]["tolerations"][2] == json({{"key", "node.kubernetes.io/unreachable"}, {"operator", "Exists"}, {"effect", "NoExecute"}, {"tolerationSeconds", 60}}));
        json defaulted = pod;
        defaulted["spec"]["tolerations"] = json::array({{{"key", "node.kubernetes.io/not-ready"}, {"operator", "Exists"}, {"effect", "NoExecute"}, {"tolerationSeconds", 300}}});
        const json shortened = applyPatch(defaulted, podPlacementPatch(defaulted, {{"podOffloadingStrategy", "Remote"}}, {true, 5}));
        QVERIFY(shortened["spec"]["tolerations"][0]["tolerationSeconds"] == 5);
        const json untouched = applyPatch(defaulted, podPlacementPatch(defaulted, {{"podOffloadingStrategy", "Remote"}}, {true, -1}));
        QVERIFY(untouched["spec"]["tolerations"][0]["tolerationSeconds"] == 300 && untouched["spec"]["tolerations"].size() == 2);
        QVERIFY(terms(remote) == json::array({{{"matchExpressions", {{{"key", "liqo.io/type"}, {"operator", "In"}, {"values", {"virtual-node"}}}}}}}));

        // LocalAndRemote with a selector: its peers or any local node, local preferred.
        const json spec = {{"podOffloadingStrategy", "LocalAndRemote"}, {"clusterSelector", *parseClusterSelector({QStringLiteral("region=eu-west")})}};
        const json both = applyPatch(pod, podPlacementPatch(pod, spec));
        QCOMPARE(terms(both).size(), size_t(2));
        QVERIFY(terms(both)[1]["matchExpressions"][0]["operator"] == "NotIn");
        QVERIFY(both["spec"]["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"][0]["weight"] == 100);
        const json spread = applyPatch(pod, podPlacementPatch(pod, {{"podOffloadingStrategy", "LocalAndRemote"}}, {false, 60}));
        QVERIFY(!spread["spec"].contains("affinity"));   // no selector, no preference: only the toleration

        // The pod's own required terms still hold: every pod term with every imposed term.
        json pinned = pod;
        pinned["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"] =
            json::array({{{"matchExpressions", {{{"key", "disk"}, {"operator", "In"}, {"values", {"ssd"}}}}}}});
        const json merged = applyPatch(pinned, podPlacementPatch(pinned, {{"podOffloadingStrategy", "Remote"}}));
        QCOMPARE(terms(merged)[0]["matchExpressions"].size(), size_t(2));

        json ds = pod;
        ds["metadata"]["ownerReferences"] = json::array({{{"kind", "DaemonSet"}, {"name", "agent"}}});
        QVERIFY(podPlacementPatch(ds, {{"podOffloadingStrategy", "Remote"}}).empty());
        // A toleration already there is not added twice.
        QVERIFY(podPlacementPatch(remote, {{"podOffloadingStrategy", "Remote"}})[0]["path"] == "/spec/affinity");
    }

    void podTranslation()
    {
        const json local = {
            {"metadata", {{"name", "web-1"}, {"namespace", "apps"}, {"labels", {{"app", "web"}, {kShadowPodLabel, "true"}}}, {"annotations", {{"a", "b"}}}}},
            {"spec", {{"nodeName", "liqo-milan"}, {"serviceAccountName", "default"}, {"priority", 0}, {"hostNetwork", true},
                      {"affinity", json::object()}, {"nodeSelector", {{"x", "y"}}},
                      {"tolerations", json::array({{{"key", kVirtualNodeTaint}, {"operator", "Exists"}}, {{"key", "other"}, {"operator", "Exists"}}})},
                      {"volumes", json::array({{{"name", "kube-api-access-x"}, {"projected", {{"sources", json::array({{{"serviceAccountToken", {{"path", "token"}}}}})}}}},
                                               {{"name", "data"}, {"emptyDir", json::object()}}})},
                      {"containers", json::array({{{"name", "c"}, {"image", "i"},
                                                   {"volumeMounts", json::array({{{"name", "kube-api-access-x"}, {"mountPath", "/var/run/secrets"}},
                                                                                 {{"name", "data"}, {"mountPath", "/data"}}})}}})}}},
            {"status", {{"phase", "Pending"}}}};
        const json shadow = virtualkubelet::shadowPodFor(local, {QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"), QStringLiteral("liqo-milan")});
        const json spec = shadow["spec"]["pod"];
        QVERIFY(shadow["metadata"]["namespace"] == "apps-rome");
        QVERIFY(shadow["metadata"]["labels"] == json({{"app", "web"}, {kOriginLabel, "rome"}, {kDestinationLabel, "milan"}, {kNodeNameLabel, "liqo-milan"}}));
        QVERIFY(shadow["metadata"]["annotations"] == json({{"a", "b"}}));
        for (const char *gone : {"nodeName", "serviceAccountName", "priority", "affinity", "nodeSelector"})
            QVERIFY2(!spec.contains(gone), gone);
        QVERIFY(spec["hostNetwork"] == false && spec["automountServiceAccountToken"] == false);
        QVERIFY(spec["tolerations"] == json::array({{{"key", "other"}, {"operator", "Exists"}}}));
        QVERIFY(spec["volumes"].size() == 1 && spec["volumes"][0]["name"] == "data");
        QVERIFY(spec["containers"][0]["volumeMounts"] == json::array({{{"name", "data"}, {"mountPath", "/data"}}}));

        const json remote = {{"status", {{"phase", "Running"}, {"podIP", "10.244.0.7"}, {"hostIP", "192.168.1.2"},
                                         {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}}})}}}};
        const json status = virtualkubelet::localPodStatus(remote);
        QVERIFY(status["phase"] == "Running" && status["podIP"] == "10.244.0.7" && !status.contains("hostIP"));
        QVERIFY(status["reason"].is_null() && status.contains("reason"));   // clears an earlier OffloadingBackOff
        QVERIFY(virtualkubelet::offloadingBackOffStatus(local, QStringLiteral("t"))["reason"] == "OffloadingBackOff");
        json ran = local;
        ran["status"]["phase"] = "Running";
        QVERIFY(virtualkubelet::offloadingBackOffStatus(ran, QStringLiteral("t"))["reason"] == "OffloadingAborted");
        // Refused by the provider: a pending pod waits (and is asked for again), a running one fails.
        const json waiting = virtualkubelet::offloadingRefusedStatus(local, QStringLiteral("grant exceeded"), QStringLiteral("t"));
        QVERIFY(waiting["phase"] == "Pending" && waiting["reason"] == "OffloadingRefused");
        QVERIFY(waiting["message"] == "the provider refused the pod: grant exceeded");
        QVERIFY(virtualkubelet::offloadingRefusedStatus(ran, QStringLiteral("x"), QStringLiteral("t"))["phase"] == "Failed");
    }

    // Only an Accepted entry maps a namespace; one asked for or still listed in another phase is
    // on its way, so a running pod there is not failed yet.
    void namespaceMapStateSeparatesSettledFromChanging()
    {
        const json map = {{"spec", {{"desiredMapping", {{"apps", "apps-rome"}, {"new", "new-rome"}, {"gone", nullptr}}}}},
                          {"status", {{"currentMapping", {{"apps", {{"remoteNamespace", "apps-rome"}, {"phase", "Accepted"}}},
                                                          {"retried", {{"remoteNamespace", "r-rome"}, {"phase", "CreationLoopBackOff"}}},
                                                          {"old", {{"remoteNamespace", "old-rome"}, {"phase", "Terminating"}}}}}}}};
        const auto state = virtualkubelet::namespaceMapState(map);
        QCOMPARE(state.accepted, (QHash<QString, QString>{{QStringLiteral("apps"), QStringLiteral("apps-rome")}}));
        QCOMPARE(state.changing, (QSet<QString>{QStringLiteral("new"), QStringLiteral("retried"), QStringLiteral("old")}));
        // A deleted map (the informer's delete) or a malformed one maps nothing and changes nothing.
        for (const json &empty : {json::object(), json::array(), json({{"spec", 1}, {"status", {{"currentMapping", "x"}}}})}) {
            const auto none = virtualkubelet::namespaceMapState(empty);
            QVERIFY(none.accepted.isEmpty() && none.changing.isEmpty());
        }
        // An entry of a phase that is not a string is not Accepted: it is on its way.
        const auto odd = virtualkubelet::namespaceMapState({{"status", {{"currentMapping", {{"apps", {{"phase", 1}, {"remoteNamespace", "a"}}}}}}}});
        QVERIFY(odd.accepted.isEmpty() && odd.changing == QSet<QString>{QStringLiteral("apps")});
        // How long a namespace has been changing counts from when it started, across updates.
        const QHash<QString, qint64> first = virtualkubelet::changingSince({}, {QStringLiteral("new")}, 1000);
        const QHash<QString, qint64> later = virtualkubelet::changingSince(first, {QStringLiteral("new"), QStringLiteral("old")}, 5000);
        QCOMPARE(later, (QHash<QString, qint64>{{QStringLiteral("new"), 1000}, {QStringLiteral("old"), 5000}}));
        QVERIFY(virtualkubelet::changingSince(later, {}, 9000).isEmpty());
    }

    void podIpsAreWrittenAsThisClusterReachesThem()
    {
        ipam::PodAddressMap map;
        const json remote = {{"status", {{"phase", "Running"}, {"podIP", "10.244.3.7"}, {"podIPs", json::array({{{"ip", "10.244.3.7"}}})}}}};
        // No Configuration (networking disabled): as the provider has them.
        QVERIFY(map.translateStatus(virtualkubelet::localPodStatus(remote))["podIP"] == "10.244.3.7");
        json configuration = {{"spec", {{"remote", {{"cidr", {{"pod", {"10.244.0.0/16", "10.245.0.0/16"}}}}}}}}};
        QVERIFY(!map.setConfiguration(configuration));   // the IPAM has not decided yet: nothing maps
        configuration["status"] = {{"remote", {{"cidr", {{"pod", {"10.0.0.0/16", "10.245.0.0/16"}}}}}}};
        QVERIFY(map.setConfiguration(configuration));
        QVERIFY(!map.setConfiguration(configuration));   // the same again: no resync
        const json status = map.translateStatus(virtualkubelet::localPodStatus(remote));
        QVERIFY(status["podIP"] == "10.0.3.7" && status["podIPs"] == json::array({{{"ip", "10.0.3.7"}}}));
        QCOMPARE(map.localAddress(QStringLiteral("10.245.1.2")), QStringLiteral("10.245.1.2"));   // used as it is
        QCOMPARE(map.localAddress(QStringLiteral("192.168.1.9")), QStringLiteral("192.168.1.9"));   // no mapping covers it
        // A peer's malformed remapping maps nothing.
        configuration["status"]["remote"]["cidr"]["pod"] = {"10.0.0.0/24", "bogus"};
        QVERIFY(map.setConfiguration(configuration));
        QCOMPARE(map.localAddress(QStringLiteral("10.244.3.7")), QStringLiteral("10.244.3.7"));
        configuration["status"]["remote"]["cidr"]["pod"] = {"10.0.0.0/16", "10.245.0.0/16"};
        QVERIFY(map.setConfiguration(configuration));
        QVERIFY(map.setConfiguration(json()));   // the Configuration deleted: back to as they are
        QCOMPARE(map.localAddress(QStringLiteral("10.244.3.7")), QStringLiteral("10.244.3.7"));
    }

    void endpointSlicesAreReflectedAsTheProviderReachesThem()
    {
        // The provider sees rome's 10.244.0.0/16 as 10.1.0.0/16.
        ipam::PodAddressMap providerView;
        providerView.setConfiguration({{"spec", {{"remote", {{"cidr", {{"pod", {"10.244.0.0/16"}}}}}}}},
                                       {"status", {{"remote", {{"cidr", {{"pod", {"10.1.0.0/16"}}}}}}}}});
        auto reaches = [&providerView](const QString &a) { return providerView.mapped(a); };
        const json slice = {
            {"apiVersion", "discovery.k8s.io/v1"}, {"kind", "EndpointSlice"}, {"addressType", "IPv4"},
            {"metadata", {{"name", "web-abc12"}, {"namespace", "apps"}, {"ownerReferences", json::array({{{"kind", "Service"}, {"name", "web"}}})},
                          {"labels", {{"kubernetes.io/service-name", "web"}, {"endpointslice.kubernetes.io/managed-by", "endpointslice-controller.k8s.io"}}}}},
            {"ports", json::array({{{"name", "http"}, {"port", 8080}, {"protocol", "TCP"}}})},
            {"endpoints", json::array({
                {{"addresses", {"10.244.1.5"}}, {"nodeName", "node-1"}, {"zone", "eu-south-a"}, {"conditions", {{"ready", true}}},
                 {"targetRef", {{"kind", "Pod"}, {"name", "web-1"}}}},
                {{"addresses", {"10.0.0.9"}}, {"nodeName", "liqo-milan"}, {"conditions", {{"ready", true}}}},      // offloaded: milan lists it itself
                {{"addresses", {"192.168.5.5"}}, {"nodeName", "node-2"}, {"conditions", {{"ready", true}}}}})}};   // milan cannot reach it
        const auto copy = virtualkubelet::remoteEndpointSlice(slice, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"),
                                                              QStringLiteral("liqo-milan"), reaches);
        QVERIFY(copy);
        QVERIFY((*copy)["metadata"]["namespace"] == "apps-rome" && (*copy)["metadata"]["name"] == "web-abc12" && !(*copy)["metadata"].contains("ownerReferences"));
        const json labels = (*copy)["metadata"]["labels"];
        QVERIFY(labels["endpointslice.kubernetes.io/managed-by"] == virtualkubelet::kReflectedEndpointSliceManager);
        QVERIFY(labels["kubernetes.io/service-name"] == "web" && labels[kOriginLabel] == "rome" && labels[kDestinationLabel] == "milan");
        QVERIFY((*copy)["endpoints"] == json::array({{{"addresses", {"10.1.1.5"}}, {"conditions", {{"ready", true}}}}}));
        QVERIFY((*copy)["ports"] == slice["ports"]);

        // Not reflected: made by someone else (e.g. a copy of ours), of no Service, skipped, IPv6.
        json other = slice;
        other["metadata"]["labels"]["endpointslice.kubernetes.io/managed-by"] = virtualkubelet::kReflectedEndpointSliceManager;
        QVERIFY(!virtualkubelet::remoteEndpointSlice(other, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"), QStringLiteral("liqo-milan"), reaches));
        other = slice;
        other["metadata"]["labels"].erase("kubernetes.io/service-name");
        QVERIFY(!virtualkubelet::remoteEndpointSlice(other, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"), QStringLiteral("liqo-milan"), reaches));
        other = slice;
        other["metadata"]["annotations"] = {{"liqo.io/skip-reflection", "true"}};
        QVERIFY(!virtualkubelet::remoteEndpointSlice(other, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"), QStringLiteral("liqo-milan"), reaches));
        other = slice;
        other["addressType"] = "IPv6";
        QVERIFY(!virtualkubelet::remoteEndpointSlice(other, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"), QStringLiteral("liqo-milan"), reaches));
    }

    void serviceAccountTokenVolumeFollowsApiServerSupport()
    {
        // The volume the ServiceAccount admission plugin adds: token, the cluster CA, the namespace.
        const json projected = {{"sources", json::array({
            {{"serviceAccountToken", {{"expirationSeconds", 3607}, {"path", "token"}}}},
            {{"configMap", {{"name", "kube-root-ca.crt"}, {"items", json::array({{{"key", "ca.crt"}, {"path", "ca.crt"}}})}}}},
            {{"downwardAPI", {{"items", json::array({{{"path", "namespace"}, {"fieldRef", {{"apiVersion", "v1"}, {"fieldPath", "metadata.namespace"}}}}})}}}},
            {{"configMap", {{"name", "settings"}}}}})}};
        json local = {{"metadata", {{"name", "web-1"}, {"namespace", "apps"}}},
                      {"spec", {{"serviceAccountName", "builder"},
                                {"volumes", json::array({{{"name", "kube-api-access-x"}, {"projected", projected}}})},
                                {"containers", json::array({{{"name", "c"}, {"volumeMounts", json::array({{{"name", "kube-api-access-x"}, {"mountPath", "/var/run/secrets/kubernetes.io/serviceaccount"}}})}}})}}}};
        QVERIFY(virtualkubelet::mountsServiceAccountToken(local));
        QVERIFY(virtualkubelet::apiServerAccessOf(local) == virtualkubelet::ApiServerAccess::Home);

        // Home: the same files, from the Secret holding the consumer's token, CA and namespace.
        json spec = virtualkubelet::remotePodSpec(local, QStringLiteral("spillway-sa-token-builder"));
        const json sources = spec["volumes"][0]["projected"]["sources"];
        auto item = [](const char *key, const char *path) {
            return json{{"secret", {{"name", "spillway-sa-token-builder"}, {"items", json::array({{{"key", key}, {"path", path}}})}}}};
        };
        QVERIFY(sources == json::array({item("token", "token"), item("ca.crt", "ca.crt"), item("namespace", "namespace"), {{"configMap", {{"name", "settings"}}}}}));
        QVERIFY(spec["containers"][0]["volumeMounts"].size() == 1);
        QVERIFY(spec["automountServiceAccountToken"] == false);   // the provider adds none of its own

        // Disabled: no token at all, whatever Secret there is.
        local["metadata"]["annotations"] = {{"liqo.io/api-server-support", "disabled"}};
        spec = virtualkubelet::remotePodSpec(local, QStringLiteral("spillway-sa-token-builder"));
        QVERIFY(spec["volumes"].empty() && spec["containers"][0]["volumeMounts"].empty() && spec["automountServiceAccountToken"] == false);

        // Remote: the consumer's volume goes and the provider mounts its own account's.
        local["metadata"]["annotations"] = {{"liqo.io/api-server-support", "remote"}};
        spec = virtualkubelet::remotePodSpec(local, {});
        QVERIFY(spec["volumes"].empty() && !spec.contains("automountServiceAccountToken"));
    }

    void statusComparisonIgnoresConditionTimestamps()
    {
        const json local = {{"phase", "Pending"}, {"qosClass", "BestEffort"},
                            {"conditions", json::array({{{"type", "PodScheduled"}, {"status", "True"}, {"lastTransitionTime", "2026-11-30T07:00:00Z"}}})}};
        json remote = {{"status", {{"phase", "Pending"}, {"qosClass", "BestEffort"},
                                   {"conditions", json::array({{{"type", "PodScheduled"}, {"status", "True"}, {"lastTransitionTime", "2026-11-30T07:00:03Z"}}})}}}};
        QVERIFY(virtualkubelet::sameStatus(local, virtualkubelet::localPodStatus(remote)));   // scheduled there too: nothing to write
        remote["status"]["conditions"][0]["status"] = "False";
        remote["status"]["conditions"][0]["reason"] = "Unschedulable";
        QVERIFY(!virtualkubelet::sameStatus(local, virtualkubelet::localPodStatus(remote)));
        remote["status"]["conditions"] = json::array({{{"type", "PodScheduled"}, {"status", "True"}}, {{"type", "Ready"}, {"status", "True"}}});
        remote["status"]["phase"] = "Running";
        QVERIFY(!virtualkubelet::sameStatus(local, virtualkubelet::localPodStatus(remote)));
        json withReason = local;
        withReason["reason"] = "OffloadingBackOff";   // cleared by the remote status's null
        remote["status"] = local;
        QVERIFY(!virtualkubelet::sameStatus(withReason, virtualkubelet::localPodStatus(remote)));
        QVERIFY(virtualkubelet::sameStatus(local, virtualkubelet::localPodStatus(remote)));
    }

    void remoteEventsLandOnTheLocalPod()
    {
        const json remote = {{"metadata", {{"name", "web-1.18a2"}, {"namespace", "apps-rome"}}},
                             {"involvedObject", {{"kind", "Pod"}, {"namespace", "apps-rome"}, {"name", "web-1"}, {"uid", "remote-uid"}}},
                             {"reason", "Scheduled"}, {"message", "Successfully assigned apps-rome/web-1 to milan-worker-1"}, {"type", "Normal"},
                             {"source", {{"component", "default-scheduler"}}}, {"eventTime", "2026-11-30T08:00:01.123456Z"}};
        const json pod = {{"metadata", {{"name", "web-1"}, {"namespace", "apps"}, {"uid", "local-uid"}}}};
        const auto local = virtualkubelet::localEventFor(remote, pod, QStringLiteral("milan"), QStringLiteral("liqo-milan"));
        QVERIFY(local);
        QVERIFY((*local)["metadata"]["namespace"] == "apps" && (*local)["metadata"]["name"] == "web-1.18a2");
        QVERIFY((*local)["involvedObject"] == json({{"apiVersion", "v1"}, {"kind", "Pod"}, {"namespace", "apps"}, {"name", "web-1"}, {"uid", "local-uid"}}));
        QVERIFY((*local)["reason"] == "Scheduled" && (*local)["message"] == remote["message"] && (*local)["count"] == 1);
        QVERIFY((*local)["source"]["component"] == "default-scheduler (milan)");
        QVERIFY((*local)["lastTimestamp"] == "2026-11-30T08:00:01Z");   // from eventTime when the event has no timestamps
        json node = remote;
        node["involvedObject"]["kind"] = "Node";
        QVERIFY(!virtualkubelet::localEventFor(node, pod, QStringLiteral("milan"), QStringLiteral("liqo-milan")));
        json other = pod;
        other["metadata"]["name"] = "web-2";
        QVERIFY(!virtualkubelet::localEventFor(remote, other, QStringLiteral("milan"), QStringLiteral("liqo-milan")));
    }

    void objectReflection()
    {
        using namespace spillway::virtualkubelet;
        const json cm = {{"kind", "ConfigMap"}, {"metadata", {{"name", "settings"}, {"namespace", "apps"}, {"uid", "u"}, {"resourceVersion", "7"},
                                                              {"annotations", {{"kubectl.kubernetes.io/last-applied-configuration", "{}"}}}}},
                         {"data", {{"mode", "fast"}}}};
        auto copy = remoteCopy(QStringLiteral("configmaps"), cm, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"));
        QVERIFY(copy);
        QVERIFY((*copy)["metadata"] == json({{"name", "settings"}, {"namespace", "apps-rome"},
                                             {"labels", {{kOriginLabel, "rome"}, {kDestinationLabel, "milan"}}}}));   // no uid, version or kubectl noise
        QVERIFY((*copy)["data"] == cm["data"]);
        json skipped = cm;
        skipped["metadata"]["annotations"][kSkipReflectionAnnotation] = "true";
        QVERIFY(!remoteCopy(QStringLiteral("configmaps"), skipped, QStringLiteral("x"), QStringLiteral("a"), QStringLiteral("b")));
        skipped["metadata"]["annotations"][kSkipReflectionAnnotation] = "False";   // Liqo: only "false" means reflect
        QVERIFY(shouldReflect(QStringLiteral("configmaps"), skipped));
        QVERIFY(!shouldReflect(QStringLiteral("configmaps"), {{"metadata", {{"name", "kube-root-ca.crt"}}}}));
        QVERIFY(!shouldReflect(QStringLiteral("secrets"), {{"metadata", {{"name", "t"}}}, {"type", "kubernetes.io/service-account-token"}}));
        const json svc = {{"kind", "Service"}, {"metadata", {{"name", "web"}}},
                          {"spec", {{"type", "NodePort"}, {"clusterIP", "10.96.0.9"}, {"clusterIPs", {"10.96.0.9"}}, {"selector", {{"app", "web"}}},
                                    {"ports", {{{"port", 80}, {"targetPort", 8080}, {"nodePort", 30080}}}}}}};
        auto svcCopy = remoteCopy(QStringLiteral("services"), svc, QStringLiteral("apps-rome"), QStringLiteral("rome"), QStringLiteral("milan"));
        QVERIFY(svcCopy && !(*svcCopy)["spec"].contains("clusterIP") && !(*svcCopy)["spec"]["ports"][0].contains("nodePort"));
        QVERIFY((*svcCopy)["spec"]["selector"] == svc["spec"]["selector"]);
        QVERIFY(!shouldReflect(QStringLiteral("services"), {{"metadata", {{"name", "kubernetes"}}}}));
    }
};

QTEST_GUILESS_MAIN(TestOffloadingPolicy)
#include "tst_offloading_policy.moc"
