#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::ipam {

// A peer's networks, as Liqo's external-network Configuration controller keeps them: for each
// Configuration (one per peer, in its tenant namespace) the Networks <name>-pod (-pod-2, ... for
// a peer with several pod CIDRs) and <name>-external ask the IPAM for the peer's pod and external
// CIDRs (owned by the Configuration, so they go with it); their granted CIDRs — the peer's as it
// is, or remapped when it clashes — become status.remote in the same order, and the
// Configuration is labelled configuration.liqo.io/configured=true. An empty spec.local is filled
// with this cluster's own. The condition NetworkCIDRsConfigured, at the spec's generation, says
// whether status.remote is complete: liqoctl waits for it before it makes the gateways.
class ConfigurationReconciler
{
public:
    explicit ConfigurationReconciler(kube::KubeClient &client, QString liqoNamespace = QStringLiteral("liqo"),
                                     std::function<QString()> nowIso = {});
    Result<void> reconcile(const QString &key);

    // This cluster's pod CIDR and external CIDR (as the IPAM granted it), for spec.local and for
    // the Configuration a peer keeps about us. Empty when the IPAM has not decided yet.
    struct LocalNetworks {
        QStringList pods;   // pod-cidr, pod-cidr-2, ...
        QString external;
    };
    static Result<LocalNetworks> localNetworks(kube::KubeClient &client, const QString &liqoNamespace);
    // The primary of a Configuration's CIDR list (Liqo 1.0 uses only the first); empty if none.
    static QString primaryCidr(const nlohmann::json &list);

private:
    // status.conditions with NetworkCIDRsConfigured set (True when configured) at generation.
    nlohmann::json cidrsCondition(const nlohmann::json &configuration, bool configured, std::int64_t generation) const;
    Result<QString> ensureNetwork(const nlohmann::json &configuration, const char *type, const QString &name, const QString &cidr);
    Result<void> removeStalePodNetworks(const nlohmann::json &configuration, const QStringList &wanted);

    kube::KubeClient &m_client;
    QString m_liqoNamespace;
    std::function<QString()> m_now;
};

} // namespace spillway::ipam
