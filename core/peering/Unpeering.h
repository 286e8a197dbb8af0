#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <atomic>
#include <functional>
#include <memory>

namespace spillway::peering {

// `spillctl unpeer`: undoes a peering's consumer → provider direction. ResourceSlices first (and
// with them the virtual nodes), then on the consumer the control-plane Identity (its kubeconfig
// Secret goes with it), on the provider the Tenant, its RoleBinding, the nonce and the CSR.
// ForeignClusters and tenant namespaces go too, unless the other direction (provider → consumer)
// still uses them. In-band (both kubeconfigs) it deletes and waits on both sides; out-of-band
// (only the consumer's) it deletes our Tenant through our own identity and the provider's
// controller manager cleans up the rest. Bounded by the timeout, after which it names what is stuck.
class Unpeering
{
public:
    struct Options {
        QString consumerNamespace = QStringLiteral("liqo");
        QString providerNamespace = QStringLiteral("liqo");
        QString providerId;          // out-of-band: which provider (in-band: read from its cluster)
        int timeoutMs = 120000;
    };
    struct Outcome {
        QStringList removed, kept;   // "consumer: identity liqo-tenant-milan/controlplane-milan", why kept
    };
    // provider == nullptr: out-of-band.
    Unpeering(kube::KubeClient &consumer, kube::KubeClient *provider, Options options,
              std::function<void(const QString &)> progress = [](const QString &) {},
              std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false));
    Result<Outcome> run();

private:
    Result<void> releaseSlices(const QString &consumerNs, const QString &providerId, qint64 deadline, Outcome &out);
    // Out-of-band: our Tenant on the provider, deleted with our identity's credentials.
    void withdrawTenant(const QString &consumerNs, const QString &consumerId, const QString &providerId, Outcome &out);

    kube::KubeClient &m_consumer;
    kube::KubeClient *m_provider;
    Options m_options;
    std::function<void(const QString &)> m_progress;
    std::shared_ptr<std::atomic_bool> m_cancelled;
};

} // namespace spillway::peering
