#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QHash>
#include <functional>
#include <memory>
#include <mutex>

namespace spillway::peering {

// Consumer side: clients for providers, made from the kubeconfig Secret of each control-plane
// Identity and remade when that Secret changes (a renewed certificate). Shared by the loops
// that act on providers; safe to use from worker threads.
class ProviderClients
{
public:
    // KubeClients live on the thread with the event loop, so the controller manager builds them there.
    using ClientFactory = std::function<std::shared_ptr<kube::KubeClient>(const kube::RestConfig &)>;
    struct Remote {
        std::shared_ptr<kube::KubeClient> client;
        QString ns;          // our tenant namespace on the provider
    };

    ProviderClients(kube::KubeClient &local, ClientFactory makeClient);
    // The factory for a controller manager: the client is made (and deleted) on the thread with
    // the event loop, whichever worker asks for it.
    static std::shared_ptr<kube::KubeClient> onMainThread(const kube::RestConfig &config);
    // An error of kind Timeout while the Identity has no credentials yet.
    Result<Remote> forProvider(const QString &localNs, const QString &providerId);

private:
    kube::KubeClient &m_local;
    ClientFactory m_makeClient;
    std::mutex m_mutex;
    QHash<QString, QPair<QString, std::shared_ptr<kube::KubeClient>>> m_clients;   // secret key → (resourceVersion, client)
};

} // namespace spillway::peering
