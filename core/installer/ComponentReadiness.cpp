#include "installer/ComponentReadiness.h"

#include <QSet>

#include <algorithm>

namespace spillway::installer {

using nlohmann::json;

namespace {

QString str(const json &object, const char *key)
{
    return object.is_object() ? QString::fromStdString(object.value(key, std::string())) : QString();
}

bool selects(const json &matchLabels, const json &labels)
{
    if (!matchLabels.is_object() || matchLabels.empty() || !labels.is_object())
        return false;
    for (const auto &[k, v] : matchLabels.items())
        if (!labels.contains(k) || labels[k] != v)
            return false;
    return true;
}

// The kubelet's waiting reasons that mean "not until someone acts", and what the act is.
ComponentStatus waitingProblem(const QString &pod, const QString &ns, const json &status, bool init)
{
    ComponentStatus out;
    const json waiting = status.value("state", json::object()).value("waiting", json::object());
    const QString reason = str(waiting, "reason"), message = str(waiting, "message"), image = str(status, "image");
    static const QSet<QString> imageReasons = {QStringLiteral("ErrImageNeverPull"), QStringLiteral("ErrImagePull"), QStringLiteral("ImagePullBackOff"),
                                               QStringLiteral("InvalidImageName")};
    static const QSet<QString> startReasons = {QStringLiteral("CrashLoopBackOff"), QStringLiteral("CreateContainerConfigError"),
                                               QStringLiteral("CreateContainerError"), QStringLiteral("RunContainerError")};
    if (!imageReasons.contains(reason) && !startReasons.contains(reason))
        return out;
    const QString container = str(status, "name");
    out.problem = QStringLiteral("pod %1%2: %3").arg(pod, init ? QStringLiteral(" (init container %1)").arg(container) : QString(), reason);
    if (!message.isEmpty())
        out.problem += QStringLiteral(": ") + message;
    out.hopeless = true;
    if (imageReasons.contains(reason))
        out.fix = QStringLiteral("put the image %1 into each node's container runtime (ctr -n k8s.io images import ARCHIVE, with the archives of "
                                 "./run images; on the testbed: ./run cluster import CLUSTER build/images/*.tar) or push it to the registry it "
                                 "names (install --registry); the pods start by themselves once it is there")
                      .arg(image);
    else
        out.fix = QStringLiteral("see why it stops: kubectl -n %1 logs %2 -c %3 --previous").arg(ns, pod, container);
    return out;
}

} // namespace

QString ComponentStatus::describe() const
{
    QString out = QStringLiteral("%1: %2/%3 Ready").arg(name).arg(ready).arg(desired);
    if (!problem.isEmpty())
        out += QStringLiteral(" — ") + problem;
    return out;
}

ComponentStatus podProblem(const json &pod)
{
    const json meta = pod.value("metadata", json::object()), status = pod.value("status", json::object());
    const QString name = str(meta, "name"), ns = str(meta, "namespace");
    for (const char *list : {"initContainerStatuses", "containerStatuses"})
        for (const json &c : status.value(list, json::array()))
            if (ComponentStatus p = waitingProblem(name, ns, c, list[0] == 'i'); !p.problem.isEmpty())
                return p;
    ComponentStatus out;
    for (const json &c : status.value("conditions", json::array()))
        if (str(c, "type") == QLatin1String("PodScheduled") && str(c, "status") == QLatin1String("False")
            && str(c, "reason") == QLatin1String("Unschedulable")) {
            // Not hopeless: a node may come, or free up.
            out.problem = QStringLiteral("pod %1: Unschedulable: %2").arg(name, str(c, "message"));
            out.fix = QStringLiteral("add or free a node that can run it (kubectl -n %1 describe pod %2)").arg(ns, name);
        }
    return out;
}

std::vector<ComponentStatus> componentReadiness(const json &deployments, const json &daemonSets, const json &pods)
{
    std::vector<ComponentStatus> out;
    auto add = [&](const json &workload, int desired, int ready) {
        ComponentStatus c;
        c.name = str(workload.value("metadata", json::object()), "name");
        c.desired = desired;
        c.ready = ready;
        const json matchLabels = workload.value("spec", json::object()).value("selector", json::object()).value("matchLabels", json::object());
        for (const json &pod : pods.value("items", json::array())) {
            if (!selects(matchLabels, pod.value("metadata", json::object()).value("labels", json::object())))
                continue;
            ComponentStatus p = podProblem(pod);
            // The first hopeless problem wins; else the first of any kind.
            if (!p.problem.isEmpty() && (c.problem.isEmpty() || (p.hopeless && !c.hopeless))) {
                c.problem = p.problem;
                c.fix = p.fix;
                c.hopeless = p.hopeless;
            }
        }
        out.push_back(std::move(c));
    };
    // Counted only once the controller has seen the current spec: an upgrade's old pods do not count.
    auto current = [](const json &workload) {
        return workload.value("status", json::object()).value("observedGeneration", 0) >= workload.value("metadata", json::object()).value("generation", 0);
    };
    for (const json &d : deployments.value("items", json::array())) {
        const json status = d.value("status", json::object());
        add(d, d.value("spec", json::object()).value("replicas", 1),
            current(d) ? std::min(status.value("updatedReplicas", 0), status.value("readyReplicas", 0)) : 0);
    }
    for (const json &ds : daemonSets.value("items", json::array())) {
        const json status = ds.value("status", json::object());
        add(ds, status.value("desiredNumberScheduled", 0), current(ds) ? std::min(status.value("updatedNumberScheduled", 0), status.value("numberReady", 0)) : 0);
    }
    return out;
}

} // namespace spillway::installer
