#include "ipam/AddressAllocator.h"

namespace spillway::ipam {

void AddressAllocator::hold(quint32 address, const QString &owner)
{
    release(owner);
    m_owners[address] = owner;
    m_addresses[owner] = address;
}

void AddressAllocator::release(const QString &owner)
{
    if (const auto it = m_addresses.find(owner); it != m_addresses.end()) {
        if (const auto held = m_owners.find(it->second); held != m_owners.end() && held->second == owner)
            m_owners.erase(held);
        m_addresses.erase(it);
    }
}

std::optional<quint32> AddressAllocator::heldBy(const QString &owner) const
{
    const auto it = m_addresses.find(owner);
    return it == m_addresses.end() ? std::nullopt : std::optional<quint32>(it->second);
}

Result<quint32> AddressAllocator::acquire(const Cidr &network, quint32 preAllocated, const QString &owner)
{
    if (const auto mine = heldBy(owner); mine && network.contains(*mine))
        return *mine;
    // /31 and /32 have no network or broadcast address to skip.
    const bool pointToPoint = network.length >= 31;
    const quint64 size = network.size();
    const quint64 end = pointToPoint ? size : size - 1;
    for (quint64 offset = (pointToPoint ? 0 : 1) + quint64(preAllocated); offset < end; ++offset) {
        const quint32 candidate = network.base + quint32(offset);
        if (m_owners.count(candidate) == 0) {
            hold(candidate, owner);
            return candidate;
        }
    }
    return Error::of(Error::Kind::Config, QStringLiteral("network %1 has no free address left").arg(network.toString()),
                     QStringLiteral("delete IPs that are no longer used, or give the network a larger CIDR"));
}

} // namespace spillway::ipam
