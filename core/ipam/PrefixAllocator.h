#pragma once

#include "common/Error.h"
#include "ipam/Cidr.h"

#include <map>
#include <set>
#include <vector>

namespace spillway::ipam {

// Which prefixes are taken, and by whom; hands out free ones. Every prefix is held by one or more
// owners (a Network object's key, "local pod CIDR", a reserved subnet...) and is free again only
// when its last owner lets go, so two Networks asking for the same prefix never free it under
// each other. Remapped prefixes come from the pools (RFC 1918 by default) minus whatever
// overlaps a held prefix, lowest first, aligned to their length.
class PrefixAllocator
{
public:
    static std::vector<Cidr> privatePools();   // 10.0.0.0/8, 192.168.0.0/16, 172.16.0.0/12
    explicit PrefixAllocator(std::vector<Cidr> pools = privatePools());

    // Holds exactly `prefix` for `owner`, even if it overlaps what others hold (local CIDRs and
    // reserved subnets are facts, not requests). Idempotent.
    void hold(const Cidr &prefix, const QString &owner);
    // Lets go of everything `owner` holds.
    void release(const QString &owner);

    // For a peer's prefix: itself when nothing held by another owner overlaps it, else a free
    // prefix of the same length from the pools. An owner that already holds a prefix of that
    // length gets it back (a reconcile after a restart asks again). Fails when the pools are full.
    Result<Cidr> acquire(const Cidr &wanted, const QString &owner);
    // A free prefix of `length` from the pools, for `owner` (e.g. the external CIDR's addresses).
    Result<Cidr> allocate(int length, const QString &owner);

    bool isHeld(const Cidr &prefix) const { return m_owners.count(prefix) > 0; }
    std::vector<Cidr> heldBy(const QString &owner) const;
    size_t heldCount() const { return m_owners.size(); }

private:
    bool overlapsOthers(const Cidr &prefix, const QString &owner) const;
    std::optional<Cidr> firstFree(int length) const;

    std::vector<Cidr> m_pools;
    std::map<Cidr, std::set<QString>> m_owners;
};

} // namespace spillway::ipam
