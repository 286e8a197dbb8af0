#include "ipam/PrefixAllocator.h"

namespace spillway::ipam {

std::vector<Cidr> PrefixAllocator::privatePools()
{
    // Liqo's order: 10/8 first, then 192.168/16, then 172.16/12.
    return {*Cidr::parse(QStringLiteral("10.0.0.0/8")), *Cidr::parse(QStringLiteral("192.168.0.0/16")), *Cidr::parse(QStringLiteral("172.16.0.0/12"))};
}

PrefixAllocator::PrefixAllocator(std::vector<Cidr> pools) : m_pools(std::move(pools)) {}

void PrefixAllocator::hold(const Cidr &prefix, const QString &owner)
{
    m_owners[prefix].insert(owner);
}

void PrefixAllocator::release(const QString &owner)
{
    for (auto it = m_owners.begin(); it != m_owners.end();) {
        it->second.erase(owner);
        it = it->second.empty() ? m_owners.erase(it) : std::next(it);
    }
}

std::vector<Cidr> PrefixAllocator::heldBy(const QString &owner) const
{
    std::vector<Cidr> out;
    for (const auto &[prefix, owners] : m_owners)
        if (owners.count(owner))
            out.push_back(prefix);
    return out;
}

bool PrefixAllocator::overlapsOthers(const Cidr &prefix, const QString &owner) const
{
    for (const auto &[held, owners] : m_owners)
        if (held.overlaps(prefix) && (owners.size() > 1 || !owners.count(owner)))
            return true;
    return false;
}

std::optional<Cidr> PrefixAllocator::firstFree(int length) const
{
    for (const Cidr &pool : m_pools) {
        if (length < pool.length)
            continue;
        const quint64 step = quint64(1) << (32 - length);
        quint64 candidate = pool.first();
        while (candidate + step - 1 <= pool.last()) {
            const Cidr c{quint32(candidate), length};
            // The first held prefix in the way: jump past it, aligned.
            std::optional<quint64> blockedUntil;
            for (const auto &[held, owners] : m_owners)
                if (held.overlaps(c))
                    blockedUntil = std::max<quint64>(blockedUntil.value_or(0), held.last());
            if (!blockedUntil)
                return c;
            candidate = ((*blockedUntil + 1) + step - 1) / step * step;
        }
    }
    return std::nullopt;
}

Result<Cidr> PrefixAllocator::acquire(const Cidr &wanted, const QString &owner)
{
    for (const Cidr &mine : heldBy(owner))
        if (mine.length == wanted.length)
            return mine;
    if (!overlapsOthers(wanted, owner)) {
        hold(wanted, owner);
        return wanted;
    }
    return allocate(wanted.length, owner);
}

Result<Cidr> PrefixAllocator::allocate(int length, const QString &owner)
{
    for (const Cidr &mine : heldBy(owner))
        if (mine.length == length)
            return mine;
    const auto free = firstFree(length);
    if (!free)
        return Error::of(Error::Kind::Config, QStringLiteral("no free /%1 is left in the address pools for %2").arg(length).arg(owner),
                         QStringLiteral("release unused peerings or give the IPAM larger pools"));
    hold(*free, owner);
    return *free;
}

} // namespace spillway::ipam
