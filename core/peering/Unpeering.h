#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <atomic>
#include <functional>
#include <memory>

namespace spillway::peering {

// `spillctl unpeer`: undoes what InBandPeering did for the consumer → provider direction. On the
// consumer: the control-plane Identity (its kubeconfig Secret goes with it). On the provider: the
// Tenant, its RoleBinding, the nonce and the CSR. ForeignClusters and tenant namespaces go too,
// unless the other direction (provider → consumer) still uses them. Waits until everything is
// gone, bounded by the timeout, and then names what is stuck.
class Unpeering
{
public:
    struct Options {
        QString consumerNamespace = QStringLiteral("liqo");
        QString providerNamespace = QStringLiteral("liqo");
        int timeoutMs = 120000;
    };
    struct Outcome {
        QStringList removed, kept;   // "consumer: identity liqo-tenant-milan/controlplane-milan", why kept
    };
    Unpeering(kube::KubeClient &consumer, kube::KubeClient &provider, Options options,
              std::function<void(const QString &)> progress = [](const QString &) {},
              std::shared_ptr<std::atomic_bool> cancelled = std::make_shared<std::atomic_bool>(false));
    Result<Outcome> run();

private:
    kube::KubeClient &m_consumer;
    kube::KubeClient &m_provider;
    Options m_options;
    std::function<void(const QString &)> m_progress;
    std::shared_ptr<std::atomic_bool> m_cancelled;
};

} // namespace spillway::peering
