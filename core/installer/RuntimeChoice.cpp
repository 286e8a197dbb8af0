#include "installer/RuntimeChoice.h"

#include "offloading/OffloadingPolicy.h"

#include <QCoreApplication>

using nlohmann::json;

namespace spillway::installer {
namespace {

std::string str(const json &o, const char *key)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool isKwokNode(const json &meta)
{
    // KWOK manages nodes marked so (a label in this testbed, an annotation in KWOK's examples).
    for (const char *where : {"labels", "annotations"})
        if (str(meta.value(where, json::object()), "kwok.x-k8s.io/node") == "fake")
            return true;
    return false;
}

} // namespace

QString whyNodeCannotRunPods(const json &node)
{
    const json meta = node.value("metadata", json::object());
    const json labels = meta.value("labels", json::object());
    if (str(labels, offloading::kNodeTypeLabel) == offloading::kVirtualNodeType)
        return QCoreApplication::translate("RuntimeChoice", "a virtual node (its pods run in a peer cluster)");
    if (isKwokNode(meta))
        return QCoreApplication::translate("RuntimeChoice", "simulated by KWOK (it runs no containers)");
    const json spec = node.value("spec", json::object());
    if (spec.value("unschedulable", false))
        return QCoreApplication::translate("RuntimeChoice", "cordoned (spec.unschedulable)");
    for (const json &taint : spec.value("taints", json::array())) {
        const std::string effect = str(taint, "effect");
        if (effect == "NoSchedule" || effect == "NoExecute")
            return QCoreApplication::translate("RuntimeChoice", "tainted %1:%2").arg(QString::fromStdString(str(taint, "key")), QString::fromStdString(effect));
    }
    bool ready = false;
    for (const json &c : node.value("status", json::object()).value("conditions", json::array()))
        if (str(c, "type") == "Ready")
            ready = str(c, "status") == "True";
    if (!ready)
        return QCoreApplication::translate("RuntimeChoice", "not Ready");
    return {};
}

Result<RuntimeChoice> chooseRuntime(std::optional<Runtime> asked, const json &nodes)
{
    RuntimeChoice choice;
    QStringList refusals;
    for (const json &node : nodes.value("items", json::array())) {
        const QString name = QString::fromStdString(str(node.value("metadata", json::object()), "name"));
        if (const QString why = whyNodeCannotRunPods(node); why.isEmpty())
            choice.capableNodes << name;
        else
            refusals << QStringLiteral("%1: %2").arg(name, why);
    }
    const int total = int(nodes.value("items", json::array()).size());
    if (asked == Runtime::Local) {
        choice.runtime = Runtime::Local;
        choice.reason = QCoreApplication::translate("RuntimeChoice", "local runtime, as asked: the agents run as processes on this machine");
        return choice;
    }
    if (!choice.capableNodes.isEmpty()) {
        choice.runtime = Runtime::Kubernetes;
        const QString names = choice.capableNodes.join(QStringLiteral(", "));
        choice.reason = asked ? QCoreApplication::translate("RuntimeChoice", "kubernetes runtime, as asked: these nodes can run the agents' pods: %1").arg(names)
                              : QCoreApplication::translate("RuntimeChoice", "kubernetes runtime, because these nodes can run the agents' pods: %1 (--runtime local runs the agents on this machine instead)").arg(names);
        return choice;
    }
    const QString nodesText = total == 0 ? QCoreApplication::translate("RuntimeChoice", "the cluster has no nodes") : refusals.join(QStringLiteral("; "));
    if (asked == Runtime::Kubernetes)
        return Error::of(Error::Kind::Config,
                         QCoreApplication::translate("RuntimeChoice", "--runtime kubernetes needs a node that can run pods (Ready, schedulable, backed by a real kubelet), and none can: %1")
                             .arg(nodesText),
                         QCoreApplication::translate("RuntimeChoice", "add a node that runs containers, or install with --runtime local to run the agents on this machine"));
    choice.runtime = Runtime::Local;
    choice.reason = QCoreApplication::translate("RuntimeChoice", "local runtime: no node can run the agents' pods (%1), so they run as processes on this machine").arg(nodesText);
    return choice;
}

QStringList agentImageRefs(const QMap<QString, QString> &values)
{
    const QMap<QString, QString> defaults = defaultValues();
    const QString registry = values.value(QStringLiteral("image.registry"), defaults.value(QStringLiteral("image.registry")));
    const QString tag = values.value(QStringLiteral("image.tag"), defaults.value(QStringLiteral("image.tag")));
    QStringList refs;
    for (const char *agent : {"spillway-controller-manager", "spillway-virtual-kubelet", "spillway-gateway"})
        refs << QStringLiteral("%1/%2:%3").arg(registry, QLatin1String(agent), tag);
    return refs;
}

QStringList imagesMissingFromNodes(const QStringList &refs, const json &nodes, const QStringList &capableNodes)
{
    QStringList missing;
    for (const QString &ref : refs) {
        bool found = false;
        for (const json &node : nodes.value("items", json::array())) {
            if (!capableNodes.contains(QString::fromStdString(str(node.value("metadata", json::object()), "name"))))
                continue;
            for (const json &image : node.value("status", json::object()).value("images", json::array()))
                for (const json &name : image.value("names", json::array()))
                    if (name.is_string() && QString::fromStdString(name.get<std::string>()) == ref)
                        found = true;
        }
        if (!found)
            missing << ref;
    }
    return missing;
}

} // namespace spillway::installer
