#pragma once

#include "kube/Resource.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

// Which objects of an offloaded namespace follow their pods to the provider, and in which form.
// Pure functions, tested without a cluster.
namespace spillway::virtualkubelet {

inline constexpr const char *kSkipReflectionAnnotation = "liqo.io/skip-reflection";
inline constexpr const char *kAllowReflectionAnnotation = "liqo.io/allow-reflection";

struct ReflectedKind {
    QString name;                 // "configmaps"
    kube::ResourceRef resource;
};

// ConfigMaps, Secrets and Services (Liqo's default DenyList kinds that pods need at start).
std::vector<ReflectedKind> reflectedKinds();

// Liqo's DenyList policy: reflected unless annotated liqo.io/skip-reflection (any value but
// "false"); objects Kubernetes makes in every namespace (kube-root-ca.crt, service-account
// tokens) never are — the provider has its own.
bool shouldReflect(const QString &kind, const nlohmann::json &object);

// The copy written into the provider's namespace (labelled with origin and destination), or
// nullopt when the object is not to be reflected. Services lose what the consumer's cluster
// allocated (cluster IPs, node ports, load-balancer addresses).
std::optional<nlohmann::json> remoteCopy(const QString &kind, const nlohmann::json &object, const QString &remoteNamespace,
                                         const QString &origin, const QString &destination);

} // namespace spillway::virtualkubelet
