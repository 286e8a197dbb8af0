#pragma once

#include "consts/Labels.h"

#include <QString>

// Liqo's names for what peering creates, so a Liqo user finds everything where they expect it.
namespace spillway::peering {

using consts::kRemoteClusterIdLabel;
inline constexpr const char *kTenantNamespaceLabel = "liqo.io/tenant-namespace";
inline constexpr const char *kIdentityTypeLabel = "liqo.io/identity-type";
inline constexpr const char *kNonceSecret = "liqo-nonce";                 // in the provider's tenant namespace
inline constexpr const char *kNonceKey = "nonce";
inline constexpr const char *kKeysSecret = "authentication-keys";         // the cluster's Ed25519 key pair
inline constexpr const char *kControlPlaneGroup = "liqo.io";              // organization of peers' certificates
inline constexpr const char *kRemoteControlPlaneRole = "spillway-remote-controlplane";
inline constexpr const char *kAuthErrorAnnotation = "spillway.dev/authentication-error";
// The Tenant generation a refusal was about: a changed Tenant is not refused until looked at again.
inline constexpr const char *kAuthErrorGenerationAnnotation = "spillway.dev/authentication-error-generation";
inline constexpr const char *kPeerNameAnnotation = "spillway.dev/peer-name";   // the consumer's name for an out-of-band provider

inline QString tenantNamespace(const QString &remoteClusterId) { return QStringLiteral("liqo-tenant-") + remoteClusterId; }
inline QString controlPlaneIdentityName(const QString &providerId) { return QStringLiteral("controlplane-") + providerId; }
inline QString kubeconfigSecretName(const QString &identityName) { return QStringLiteral("kubeconfig-") + identityName; }
inline QString tenantCsrName(const QString &consumerId) { return QStringLiteral("spillway-tenant-") + consumerId; }

} // namespace spillway::peering
