#pragma once

#include "console/Workspace.h"

#include <memory>
#include <utility>
#include <vector>

namespace spillway::console {

class ClientThread;

// The clients of the console's streams (logs, terminals), one per cluster: a thread and a read
// of the kubeconfig once, however many streams are opened. A client that could not be made (its
// kubeconfig is broken) is not kept, so the next stream tries again after the user fixes it.
class ClusterClients
{
public:
    std::shared_ptr<ClientThread> of(const ClusterEntry &cluster);

private:
    std::vector<std::pair<ClusterEntry, std::shared_ptr<ClientThread>>> m_clients;
};

} // namespace spillway::console
