#include "console/ClusterClients.h"

#include "console/ClientThread.h"

namespace spillway::console {

std::shared_ptr<ClientThread> ClusterClients::of(const ClusterEntry &cluster)
{
    for (const auto &[entry, client] : m_clients)
        if (entry == cluster)
            return client;
    auto client = std::make_shared<ClientThread>(cluster, QStringLiteral("streams ") + (cluster.displayName.isEmpty() ? cluster.context : cluster.displayName));
    if (client->client())
        m_clients.emplace_back(cluster, client);
    return client;
}

} // namespace spillway::console
