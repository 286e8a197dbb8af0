#include "resources/ClusterUsage.h"

#include "common/JsonText.h"
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

QString labelOf(const json &o, const char *key)
{
    return textOf(memberOf(memberOf(o, "metadata"), "labels"), key);
}

bool counted(const json &node)
{
    if (labelOf(node, "liqo.io/type") == QLatin1String("virtual-node") || memberOf(memberOf(node, "spec"), "unschedulable") == true)
        return false;
    bool ready = false;
    for (const auto &c : elementsOf(memberOf(memberOf(node, "status"), "conditions")))
        ready |= textOf(c, "type") == QLatin1String("Ready") && textOf(c, "status") == QLatin1String("True");
    return ready;
}

} // namespace

QString sliceConsumer(const json &slice)
{
    const QString consumer = textOf(memberOf(slice, "spec"), "consumerClusterID");
    return consumer.isEmpty() ? labelOf(slice, consts::kRemoteClusterIdLabel) : consumer;
}

ClusterUsage describeCluster(const json &nodes, const json &pods, const json &slices, const QString &exceptSlice, const QString &consumerId)
{
    ClusterUsage usage;
    QHash<QString, size_t> index;
    for (const auto &n : elementsOf(nodes)) {
        if (!counted(n))
            continue;
        ClusterUsage::Node node;
        const json &labels = memberOf(memberOf(n, "metadata"), "labels");
        if (labels.is_object())
            for (auto it = labels.begin(); it != labels.end(); ++it)
                node.labels.insert(QString::fromStdString(it.key()), QString::fromStdString(it->is_string() ? it->get<std::string>() : ""));
        node.allocatable = parseResourceList(memberOf(memberOf(n, "status"), "allocatable"));
        index.insert(textOf(memberOf(n, "metadata"), "name"), usage.nodes.size());
        usage.nodes.push_back(node);
    }
    QMap<QString, ResourceList> usedBy, grantedTo;   // by consumer
    for (const auto &p : elementsOf(pods)) {
        const QString phase = textOf(memberOf(p, "status"), "phase");
        if (phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
            continue;
        ResourceList r = podRequests(memberOf(p, "spec"));
        r[QStringLiteral("pods")].milli += 1000;
        if (const QString origin = labelOf(p, "offloading.liqo.io/origin"); !origin.isEmpty()) {
            add(usedBy[origin], r);
            continue;
        }
        const auto it = index.find(textOf(memberOf(p, "spec"), "nodeName"));
        if (it != index.end())
            add(usage.nodes[*it].requested, r);
    }
    for (const auto &s : elementsOf(slices)) {
        if (kube::Store::keyOf(s) == exceptSlice)
            continue;
        add(grantedTo[sliceConsumer(s)], parseResourceList(memberOf(memberOf(s, "status"), "resources")));
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
