#pragma once

#include <QString>
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

namespace spillway::virtualkubelet {

// Liqo's managed-by value for the EndpointSlices it reflects: the provider's EndpointSlice
// controller leaves slices with another manager alone.
inline constexpr const char *kReflectedEndpointSliceManager = "endpointslice.reflection.liqo.io";

// The copy of a consumer's EndpointSlice for the provider's twin namespace, so that offloaded
// pods calling a Service reach its endpoints that run in the consumer: the provider's own
// EndpointSlice controller lists the offloaded pods (they run there), this copy adds the rest.
// Endpoints on `virtualNodeName` are left out (the provider lists them itself), and the others'
// addresses are written as the provider reaches them (`providerReaches`; an endpoint with an
// address it cannot reach is left out). nodeName, targetRef, zone and hints name consumer
// objects and go. nullopt: not reflected — a slice being deleted, annotated
// liqo.io/skip-reflection, made by someone other than the EndpointSlice controller, of no
// Service, or not IPv4.
std::optional<nlohmann::json> remoteEndpointSlice(const nlohmann::json &slice, const QString &remoteNamespace, const QString &origin,
                                                  const QString &destination, const QString &virtualNodeName,
                                                  const std::function<std::optional<QString>(const QString &)> &providerReaches);

} // namespace spillway::virtualkubelet
