#pragma once

#include <QString>
#include <nlohmann/json.hpp>

#include <vector>

namespace spillway::installer {

// How far an in-cluster install has come: each Spillway workload in the install namespace (the
// controller manager's Deployment, the fabric's DaemonSet) with its Ready pods, and — when a pod
// is stuck — the kubelet's or the scheduler's reason and what fixes it.
struct ComponentStatus {
    QString name;            // the workload's name, e.g. spillway-controller-manager
    int ready = 0, desired = 0;
    QString problem;         // "pod P: ErrImageNeverPull: <kubelet's message>"; empty when none
    QString fix;             // what to do about it; empty when unknown
    bool hopeless = false;   // waiting will not help (the image is absent and may not be pulled, …)

    bool isReady() const { return desired > 0 && ready >= desired; }
    // "spillway-controller-manager 1/2 Ready" and the problem, if any.
    QString describe() const;
};

// DEPLOYMENTS, DAEMONSETS and PODS are List objects of the install namespace.
std::vector<ComponentStatus> componentReadiness(const nlohmann::json &deployments, const nlohmann::json &daemonSets, const nlohmann::json &pods);

// Why POD is not Ready yet, as a component's problem (empty problem: no reason known yet).
ComponentStatus podProblem(const nlohmann::json &pod);

} // namespace spillway::installer
