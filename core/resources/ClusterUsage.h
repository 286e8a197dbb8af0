#pragma once

#include "resources/ResourcePolicy.h"

namespace spillway::resources {

// What a provider's policy sees when it grants `exceptSlice`, a slice of `consumerId`, from the
// cluster's nodes, its running pods and its replicated ResourceSlices (the `items` of each list):
// - nodes: Ready, schedulable and not virtual, with what the provider's own pods request there;
// - offloaded pods (labelled offloading.liqo.io/origin) run within their consumer's grants, so
//   they are not counted on nodes; each other consumer holds max(its grants, what its pods use)
//   (counting its pods on nodes and its grants too would take the same capacity twice);
// - this consumer's other slices hold their grants, and what its pods use past them is the floor
//   under this slice's grant (heldByOwnPods): running pods never lose their capacity.
ClusterUsage describeCluster(const nlohmann::json &nodes, const nlohmann::json &pods, const nlohmann::json &slices,
                             const QString &exceptSlice, const QString &consumerId);

// The consumer a ResourceSlice is for: spec.consumerClusterID, else (as Liqo's older slices say
// it) the liqo.io/remote-cluster-id label. Empty when neither names one.
QString sliceConsumer(const nlohmann::json &slice);

} // namespace spillway::resources
