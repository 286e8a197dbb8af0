#pragma once

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace spillway::manager {

inline constexpr const char *kValidatingWebhookName = "spillway-validating-webhook";
inline constexpr const char *kMutatingWebhookName = "spillway-mutating-webhook";

// How the apiserver reaches the controller manager's webhook server: a URL (local runtime: the
// process runs beside the apiserver) or a Service (kubernetes runtime). caPem empty = leave the
// caBundle to whoever owns it (the installer renders the configuration without it; the
// controller manager, which makes the CA, applies the same configuration with it).
struct WebhookEndpoint {
    QString url;                 // https://host:port, without path
    QString serviceNamespace, serviceName;
    int servicePort = 443;
    QByteArray caPem;
    QString failurePolicy = QStringLiteral("Fail");
};

// One ValidatingWebhookConfiguration for every Liqo kind Spillway validates (NamespaceOffloading,
// ResourceSlice). The installer and the controller manager both build it here, so server-side
// apply from either converges on the same object.
nlohmann::json validatingWebhookConfiguration(const WebhookEndpoint &endpoint);

// One MutatingWebhookConfiguration: pods created in offloaded namespaces (those labelled
// liqo.io/scheduling-enabled=true) get the virtual-node toleration and node affinity.
nlohmann::json mutatingWebhookConfiguration(const WebhookEndpoint &endpoint);

} // namespace spillway::manager
