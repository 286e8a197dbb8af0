#include "installer/ComponentReadiness.h"

#include "common/JsonText.h"

#include <QSet>

#include <algorithm>

namespace spillway::installer {

using nlohmann::json;

namespace {

int numberOf(const json &object, const char *key, int otherwise = 0)
{
    const json &v = memberOf(object, key);
    return v.is_number_integer() ? v.get<int>() : otherwise;
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
    const json &waiting = memberOf(memberOf(status, "state"), "waiting");
    const QString reason = textOf(waiting, "reason"), message = textOf(waiting, "message"), image = textOf(status, "image");
    static const QSet<QString> imageReasons = {QStringLiteral("ErrImageNeverPull"), QStringLiteral("ErrImagePull"), QStringLiteral("ImagePullBackOff"),
                                               QStringLiteral("InvalidImageName")};
    static const QSet<QString> startReasons = {QStringLiteral("CrashLoopBackOff"), QStringLiteral("CreateContainerConfigError"),
                                               QStringLiteral("CreateContainerError"), QStringLiteral("RunContainerError")};
    if (!imageReasons.contains(reason) && !startReasons.contains(reason))
        return out;
    const QString container = textOf(status, "name");
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
    const json &meta = memberOf(pod, "metadata"), &status = memberOf(pod, "status");
    const QString name = textOf(meta, "name"), ns = textOf(meta, "namespace");
    for (const char *list : {"initContainerStatuses", "containerStatuses"})
        for (const json &c : memberOf(status, list))
            if (ComponentStatus p = waitingProblem(name, ns, c, list[0] == 'i'); !p.problem.isEmpty())
                return p;
    ComponentStatus out;
    for (const json &c : memberOf(status, "conditions"))
        if (textOf(c, "type") == QLatin1String("PodScheduled") && textOf(c, "status") == QLatin1String("False")
            && textOf(c, "reason") == QLatin1String("Unschedulable")) {
            // Not hopeless: a node may come, or free up.
            out.problem = QStringLiteral("pod %1: Unschedulable: %2").arg(name, textOf(c, "message"));
            out.fix = QStringLiteral("add or free a node that can run it (kubectl -n %1 describe pod %2)").arg(ns, name);
        }
    return out;
}

std::vector<ComponentStatus> componentReadiness(const json &deployments, const json &daemonSets, const json &pods)
{
    std::vector<ComponentStatus> out;
    auto add = [&](const json &workload, int desired, int ready) {
        ComponentStatus c;
        c.name = textOf(memberOf(workload, "metadata"), "name");
        c.desired = desired;
        c.ready = ready;
        const json &matchLabels = memberOf(memberOf(memberOf(workload, "spec"), "selector"), "matchLabels");
        for (const json &pod : memberOf(pods, "items")) {
            if (!selects(matchLabels, memberOf(memberOf(pod, "metadata"), "labels")))
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
        return numberOf(memberOf(workload, "status"), "observedGeneration") >= numberOf(memberOf(workload, "metadata"), "generation");
    };
    for (const json &d : memberOf(deployments, "items")) {
        const json &status = memberOf(d, "status");
        add(d, numberOf(memberOf(d, "spec"), "replicas", 1),
            current(d) ? std::min(numberOf(status, "updatedReplicas"), numberOf(status, "readyReplicas")) : 0);
    }
    for (const json &ds : memberOf(daemonSets, "items")) {
        const json &status = memberOf(ds, "status");
        add(ds, numberOf(status, "desiredNumberScheduled"), current(ds) ? std::min(numberOf(status, "updatedNumberScheduled"), numberOf(status, "numberReady")) : 0);
    }
    return out;
}

} // namespace spillway::installer
