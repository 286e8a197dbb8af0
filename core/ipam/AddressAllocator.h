#pragma once

#include "common/Error.h"
#include "ipam/Cidr.h"

#include <map>

namespace spillway::ipam {

// Single addresses handed out from Networks, for ipam.liqo.io IP objects: each is held by one
// owner (the IP's key) and free again when it lets go. Within a network the network address, the
// `preAllocated` first host addresses after it and (up to /30) the broadcast address are never
// handed out; otherwise the lowest free address goes first. An owner asking again gets its address back.
class AddressAllocator
{
public:
    // Holds exactly `address` for `owner` (what a restarted controller reads from the statuses).
    void hold(quint32 address, const QString &owner);
    void release(const QString &owner);
    Result<quint32> acquire(const Cidr &network, quint32 preAllocated, const QString &owner);
    std::optional<quint32> heldBy(const QString &owner) const;
    size_t heldCount() const { return m_owners.size(); }

private:
    std::map<quint32, QString> m_owners;        // address → owner
    std::map<QString, quint32> m_addresses;     // owner → address
};

} // namespace spillway::ipam
