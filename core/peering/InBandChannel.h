#pragma once

#include "kube/KubeClient.h"
#include "peering/ProviderChannel.h"

namespace spillway::peering {

// In-band: spillctl holds the provider's kubeconfig and does the provider's half of the setup
// itself (tenant namespace, ForeignCluster, nonce); the provider's controller manager verifies
// the Tenant and issues the certificate.
class InBandChannel : public ProviderChannel
{
public:
    InBandChannel(kube::KubeClient &provider, QString providerNamespace, QString fieldManager);
    Result<Challenge> challenge(const LocalCluster &consumer, const QByteArray &publicPem) override;
    Result<std::optional<nlohmann::json>> submit(const TenantRequest &request) override;

private:
    kube::KubeClient &m_provider;
    QString m_ns, m_fieldManager;
    bool m_submitted = false;
};

} // namespace spillway::peering
