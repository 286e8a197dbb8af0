#include "resources/ClusterUsage.h"

#include "consts/Labels.h"
#include "kube/Store.h"
#include "resources/PodRequests.h"

#include <QHash>
#include <QSet>

namespace spillway::resources {

using nlohmann::json;

namespace {

void add(ResourceList &to, const ResourceList &what)
{
    for (auto q = what.begin(); q != what.end(); ++q)
        to[q.key()].milli += q->milli;
}

json section(const json &o, const char *field)
{
    const json v = o.is_object() ? o.value(field, json::object()) : json::object();
    return v.is_object() ? v : json::object();
}

QString labelOf(const json &o, const char *key)
{
    const json v = section(section(o, "metadata"), "labels").value(key, json());
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

bool counted(const json &node)
{
    if (labelOf(node, "liqo.io/type") == QLatin1String("virtual-node") || section(node, "spec").value("unschedulable", false))
        return false;
    bool ready = false;
    for (const auto &c : section(node, "status").value("conditions", json::array()))
        ready |= c.is_object() && c.value("type", "") == "Ready" && c.value("status", "") == "True";
    return ready;
}

} // namespace

ClusterUsage describeCluster(const json &nodes, const json &pods, const json &slices, const QString &exceptSlice, const QString &consumerId)
{
    ClusterUsage usage;
    QHash<QString, size_t> index;
    for (const auto &n : nodes) {
        if (!counted(n))
            continue;
        ClusterUsage::Node node;
        const json labels = section(section(n, "metadata"), "labels");
        for (auto it = labels.begin(); it != labels.end(); ++it)
            node.labels.insert(QString::fromStdString(it.key()), QString::fromStdString(it->is_string() ? it->get<std::string>() : ""));
        node.allocatable = parseResourceList(section(section(n, "status"), "allocatable"));
        index.insert(QString::fromStdString(section(n, "metadata").value("name", "")), usage.nodes.size());
        usage.nodes.push_back(node);
    }
    QMap<QString, ResourceList> usedBy, grantedTo;   // by consumer
    for (const auto &p : pods) {
        const std::string phase = section(p, "status").value("phase", "");
        if (phase == "Succeeded" || phase == "Failed")
            continue;
        ResourceList r = podRequests(section(p, "spec"));
        r[QStringLiteral("pods")].milli += 1000;
        if (const QString origin = labelOf(p, "offloading.liqo.io/origin"); !origin.isEmpty()) {
            add(usedBy[origin], r);
            continue;
        }
        const auto it = index.find(QString::fromStdString(section(p, "spec").value("nodeName", "")));
        if (it != index.end())
            add(usage.nodes[*it].requested, r);
    }
    for (const auto &s : slices) {
        if (kube::Store::keyOf(s) == exceptSlice)
            continue;
        const std::string consumer = section(s, "spec").value("consumerClusterID", "");
        add(grantedTo[consumer.empty() ? labelOf(s, consts::kRemoteClusterIdLabel) : QString::fromStdString(consumer)],
            parseResourceList(section(section(s, "status"), "resources")));
    }
    QSet<QString> consumers(usedBy.keyBegin(), usedBy.keyEnd());
    consumers.unite(QSet<QString>(grantedTo.keyBegin(), grantedTo.keyEnd()));
    for (const QString &c : consumers) {
        const ResourceList used = usedBy.value(c), granted = grantedTo.value(c);
        QSet<QString> keys(used.keyBegin(), used.keyEnd());
        keys.unite(QSet<QString>(granted.keyBegin(), granted.keyEnd()));
        for (const QString &k : keys) {
            const qint64 u = used.value(k).milli, g = granted.value(k).milli;
            if (c != consumerId) {
                usage.grantedToOthers[k].milli += std::max(u, g);
            } else {
                usage.grantedToOthers[k].milli += g;
                if (u > g)
                    usage.heldByOwnPods[k].milli = u - g;
            }
        }
    }
    return usage;
}

} // namespace spillway::resources
