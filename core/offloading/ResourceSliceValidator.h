#pragma once

#include "webhook/AdmissionServer.h"

#include <functional>

namespace spillway::offloading {

// Liqo's ResourceSlice admission rules, plus what a grant cannot mean:
// - CREATE of a slice this cluster originates (not labelled liqo.io/replicated=true): its name
//   must be unique among the cluster's replicated-out slices (liqo.io/replication=true), because
//   the provider receives them all in one tenant namespace by name;
// - UPDATE by a peer's control plane (group liqo.io): the liqo.io/remote-cluster-id label and the
//   liqo.io/cordon and liqo.io/cordon-tenant annotations are not theirs to change;
// - consumer and provider cluster IDs may not be the same cluster, and requested quantities may
//   not be negative (the schema checks only their grammar).
class ResourceSliceValidator
{
public:
    // "namespace/name" of every slice labelled liqo.io/replication=true that is called `name`.
    using SlicesNamed = std::function<QStringList(const QString &name)>;

    explicit ResourceSliceValidator(SlicesNamed slicesNamed) : m_slicesNamed(std::move(slicesNamed)) {}
    webhook::AdmissionResponse operator()(const webhook::AdmissionRequest &request) const;

private:
    SlicesNamed m_slicesNamed;
};

inline constexpr const char *kControlPlaneGroup = "liqo.io";

} // namespace spillway::offloading
