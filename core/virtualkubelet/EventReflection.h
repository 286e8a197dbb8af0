#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace spillway::virtualkubelet {

// The consumer-side copy of an Event the provider recorded about an offloaded pod's twin, so
// `kubectl describe pod` and `kubectl get events` in the consumer tell what happened there
// (scheduled, pulled, failed, killed...). Same name as the remote Event (one copy per Event,
// updated as its count grows), about the local pod (its uid), reason, message and type verbatim;
// the source names the remote reporter and the provider. Nothing for an Event about anything
// but a pod, or whose local pod is gone.
std::optional<nlohmann::json> localEventFor(const nlohmann::json &remoteEvent, const nlohmann::json &localPod, const QString &providerClusterId,
                                            const QString &nodeName);

} // namespace spillway::virtualkubelet
