#include "offloading/OffloadingPolicy.h"

#include "consts/Labels.h"

#include <algorithm>

namespace spillway::offloading {

using nlohmann::json;

namespace {

std::string str(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool requirementHolds(const json &req, const json &labels)
{
    const std::string key = str(req, "key"), op = str(req, "operator");
    const auto label = labels.is_object() ? labels.find(key) : labels.end();
    const bool has = labels.is_object() && label != labels.end() && label->is_string();
    const std::string value = has ? label->get<std::string>() : std::string();
    const json values = req.value("values", json::array());
    auto in = [&] { return std::any_of(values.begin(), values.end(), [&](const json &v) { return v.is_string() && v.get<std::string>() == value; }); };
    auto number = [](const std::string &s, long long &out) {
        try {
            size_t used = 0;
            out = std::stoll(s, &used);
            return used == s.size();
        } catch (...) {
            return false;
        }
    };
    if (op == "In")
        return has && in();
    if (op == "NotIn")
        return !has || !in();
    if (op == "Exists")
        return has;
    if (op == "DoesNotExist")
        return !has;
    if (op == "Gt" || op == "Lt") {
        long long a = 0, b = 0;
        if (!has || values.size() != 1 || !values[0].is_string() || !number(value, a) || !number(values[0].get<std::string>(), b))
            return false;
        return op == "Gt" ? a > b : a < b;
    }
    return false;   // an unknown operator matches nothing
}

json virtualNodeExpression(const char *op)
{
    return {{"key", kNodeTypeLabel}, {"operator", op}, {"values", json::array({kVirtualNodeType})}};
}

bool isDaemonSetPod(const json &pod)
{
    for (const auto &o : pod["metadata"].value("ownerReferences", json::array()))
        if (o.value("kind", "") == "DaemonSet")
            return true;
    return false;
}

} // namespace

QString remoteNamespaceName(const json &spec, const QString &ns, const QString &localClusterId)
{
    const std::string strategy = spec.is_object() ? str(spec, "namespaceMappingStrategy") : std::string();
    if (strategy == "EnforceSameName")
        return ns;
    if (strategy == "SelectedName" && !str(spec, "remoteNamespaceName").empty())
        return QString::fromStdString(str(spec, "remoteNamespaceName"));
    return ns + QLatin1Char('-') + localClusterId;
}

bool matchesNodeSelector(const json &selector, const json &labels)
{
    if (!selector.is_object())
        return true;
    const json terms = selector.value("nodeSelectorTerms", json::array());
    if (!terms.is_array() || terms.empty())
        return true;
    for (const auto &term : terms) {
        const json exprs = term.value("matchExpressions", json::array());
        if (std::all_of(exprs.begin(), exprs.end(), [&](const json &r) { return requirementHolds(r, labels); }))
            return true;
    }
    return false;
}

json virtualNodeLabels(const json &virtualNode, const json &node)
{
    if (node.is_object())
        return node["metadata"].value("labels", json::object());
    json labels = virtualNode["spec"].value("labels", json::object());
    labels[consts::kRemoteClusterIdLabel] = virtualNode["spec"].value("clusterID", "");
    return labels;
}

json remoteNamespaceConditions(const PeerMapping &peer, const json &previous, const QString &now)
{
    auto condition = [&](const char *type, bool ok, const char *reason, const char *message) {
        const std::string status = ok ? "True" : "False";
        for (const auto &p : previous.is_array() ? previous : json::array())
            if (str(p, "type") == type && str(p, "status") == status && str(p, "reason") == reason)
                return p;
        return json{{"type", type}, {"status", status}, {"reason", reason}, {"message", message}, {"lastTransitionTime", now.toStdString()}};
    };
    json out = json::array();
    out.push_back(peer.required ? condition("OffloadingRequired", true, "ClusterSelected", "the cluster matches the clusterSelector")
                                : condition("OffloadingRequired", false, "ClusterNotSelected", "the cluster does not match the clusterSelector"));
    if (peer.required || peer.phase) {
        const QString p = peer.phase.value_or(QString());
        if (p == QLatin1String("Accepted"))
            out.push_back(condition("Ready", true, "NamespaceCreated", "the remote namespace exists"));
        else if (p == QLatin1String("CreationLoopBackOff"))
            out.push_back(condition("Ready", false, "CreationLoopBackOff", "the remote namespace could not be created"));
        else if (p == QLatin1String("Terminating"))
            out.push_back(condition("Ready", false, "Terminating", "the remote namespace is being deleted"));
        else
            out.push_back(condition("Ready", false, "Creating", "the remote namespace is being created"));
    }
    return out;
}

QString offloadingPhase(bool terminating, const std::map<QString, PeerMapping> &peers)
{
    if (terminating)
        return QStringLiteral("Terminating");
    int required = 0, ready = 0, failed = 0;
    for (const auto &[id, p] : peers) {
        if (!p.required)
            continue;
        ++required;
        ready += p.phase == QStringLiteral("Accepted");
        failed += p.phase == QStringLiteral("CreationLoopBackOff");
    }
    if (required == 0)
        return QStringLiteral("NoClusterSelected");
    if (ready == required)
        return QStringLiteral("Ready");
    if (failed == required)
        return QStringLiteral("AllFailed");
    if (failed > 0)
        return QStringLiteral("SomeFailed");
    return QStringLiteral("InProgress");
}

json podPlacementPatch(const json &pod, const json &spec, PlacementOptions options)
{
    const bool preferLocal = options.preferLocal;
    const std::string strategy = spec.is_object() && spec.contains("podOffloadingStrategy") ? str(spec, "podOffloadingStrategy") : "LocalAndRemote";
    if (strategy == "Local" || isDaemonSetPod(pod))
        return json::array();
    const json podSpec = pod.value("spec", json::object());
    json patch = json::array();

    json tolerations = podSpec.value("tolerations", json::array());
    const bool tolerated = std::any_of(tolerations.begin(), tolerations.end(), [](const json &t) {
        return t.value("key", "") == kVirtualNodeTaint && t.value("operator", "") == "Exists";
    });
    bool tolerationsChanged = false;
    if (!tolerated) {
        tolerations.push_back({{"key", kVirtualNodeTaint}, {"operator", "Exists"}, {"effect", "NoExecute"}});
        tolerationsChanged = true;
    }
    if (options.failoverSeconds >= 0) {
        // Replaces the 300 s the DefaultTolerationSeconds admission plugin put there; a pod's own
        // shorter setting wins.
        for (const char *key : {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
            bool found = false;
            for (auto &t : tolerations) {
                if (t.value("key", "") != key || t.value("effect", "") != "NoExecute")
                    continue;
                found = true;
                if (t.contains("tolerationSeconds") && t["tolerationSeconds"].is_number() && t["tolerationSeconds"].get<int>() > options.failoverSeconds) {
                    t["tolerationSeconds"] = options.failoverSeconds;
                    tolerationsChanged = true;
                }
            }
            if (!found) {
                tolerations.push_back({{"key", key}, {"operator", "Exists"}, {"effect", "NoExecute"}, {"tolerationSeconds", options.failoverSeconds}});
                tolerationsChanged = true;
            }
        }
    }
    if (tolerationsChanged)
        patch.push_back({{"op", podSpec.contains("tolerations") ? "replace" : "add"}, {"path", "/spec/tolerations"}, {"value", tolerations}});

    // The selector's terms, each restricted to virtual nodes (Remote); for LocalAndRemote one more
    // term admits every non-virtual node.
    json imposed = spec.value("clusterSelector", json::object()).value("nodeSelectorTerms", json::array());
    if (strategy == "Remote") {
        if (imposed.empty())
            imposed.push_back(json::object());
        for (auto &t : imposed) {
            json exprs = t.value("matchExpressions", json::array());
            exprs.push_back(virtualNodeExpression("In"));
            t["matchExpressions"] = exprs;
        }
    } else if (!imposed.empty()) {
        imposed.push_back({{"matchExpressions", json::array({virtualNodeExpression("NotIn")})}});
    }

    json affinity = podSpec.value("affinity", json::object());
    json nodeAffinity = affinity.value("nodeAffinity", json::object());
    bool changed = false;
    if (!imposed.empty()) {
        const json existing = nodeAffinity.value("requiredDuringSchedulingIgnoredDuringExecution", json::object()).value("nodeSelectorTerms", json::array());
        json merged = json::array();
        if (existing.empty()) {
            merged = imposed;
        } else {
            // Both must hold: every pod term with every imposed term (fields kept, unlike Liqo).
            for (const auto &a : existing)
                for (const auto &b : imposed) {
                    json t = a;
                    json exprs = a.value("matchExpressions", json::array());
                    for (const auto &e : b.value("matchExpressions", json::array()))
                        exprs.push_back(e);
                    t["matchExpressions"] = exprs;
                    merged.push_back(t);
                }
        }
        nodeAffinity["requiredDuringSchedulingIgnoredDuringExecution"] = {{"nodeSelectorTerms", merged}};
        changed = true;
    }
    if (strategy == "LocalAndRemote" && preferLocal) {
        // Remote capacity takes the overflow: the scheduler prefers local nodes while they fit.
        json preferred = nodeAffinity.value("preferredDuringSchedulingIgnoredDuringExecution", json::array());
        preferred.push_back({{"weight", 100}, {"preference", {{"matchExpressions", json::array({virtualNodeExpression("NotIn")})}}}});
        nodeAffinity["preferredDuringSchedulingIgnoredDuringExecution"] = preferred;
        changed = true;
    }
    if (changed) {
        affinity["nodeAffinity"] = nodeAffinity;
        patch.push_back({{"op", podSpec.contains("affinity") ? "replace" : "add"}, {"path", "/spec/affinity"}, {"value", affinity}});
    }
    return patch;
}

} // namespace spillway::offloading
