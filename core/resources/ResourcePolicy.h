#pragma once

#include "common/Error.h"
#include "common/Quantity.h"

#include <QMap>
#include <QString>
#include <nlohmann/json.hpp>

#include <vector>

namespace spillway::resources {

using ResourceList = QMap<QString, Quantity>;   // "cpu" → 2, "memory" → 4Gi, "pods" → 110

// How a provider decides what a ResourceSlice of one class gets. Chosen at install per class
// (ConfigMap spillway-resource-policies, key = class, value = JSON of this struct).
struct ResourcePolicy {
    enum class Kind { Percentage, FixedResources, NodeLabelsResources };
    Kind kind = Kind::Percentage;
    int percentage = 50;                          // of what is free (Percentage, NodeLabelsResources)
    ResourceList fixed;                           // FixedResources
    QMap<QString, QString> nodeSelector;          // NodeLabelsResources: only matching nodes count
    double changeThreshold = 0.05;                // re-grant only past this relative change (no flapping)
    // How far all grants together may exceed what is free: 1 promises only real capacity; 1.5
    // lets them reach half as much again (a provider with an autoscaler, or pods that rarely use
    // what they request). Applies to percentage and node-labels-resources, and to CPU and memory
    // only (overcommittable()).
    double overcommit = 1.0;
};

Result<ResourcePolicy> parsePolicy(const nlohmann::json &json);
nlohmann::json toJson(const ResourcePolicy &policy);

// What the provider's cluster looks like to the policy.
struct ClusterUsage {
    struct Node {
        QMap<QString, QString> labels;
        ResourceList allocatable;
        ResourceList requested;   // sum of requests of its non-terminated pods
    };
    std::vector<Node> nodes;      // schedulable, Ready, non-virtual nodes only; `requested` by the
                                  // provider's own pods (offloaded pods run within their grants)
    ResourceList grantedToOthers; // held for other slices: each other consumer's grants, or what
                                  // its pods use if more; this consumer's other slices' grants
    ResourceList heldByOwnPods;   // what this consumer's pods use past its other slices' grants
};

// Free = allocatable (× overcommit where overcommittable) − requested (of counted nodes) −
// granted to other slices, never below 0.
ResourceList freeResources(const ClusterUsage &usage, const QMap<QString, QString> &nodeSelector = {}, double overcommit = 1.0);
// The grant for a slice asking for `requested` (empty = "what you can give"): the policy's share
// of what is free, never more than asked, never less than its consumer's running pods hold.
ResourceList grant(const ResourcePolicy &policy, const ClusterUsage &usage, const ResourceList &requested);
// True when `next` differs from `current` enough (per the threshold) to be written.
bool worthUpdating(const ResourceList &current, const ResourceList &next, double threshold);

ResourceList parseResourceList(const nlohmann::json &object);   // {"cpu":"2","memory":"4Gi"}; bad entries skipped
nlohmann::json toJson(const ResourceList &list);                 // memory and storage in Ki/Mi/Gi when whole
QString formatQuantity(const QString &key, Quantity q);          // one entry as toJson writes it: "500m", "4Gi"
// The resources an overcommit stretches: time-shared ones. Pod slots and devices are counted.
bool overcommittable(const QString &key);

} // namespace spillway::resources
