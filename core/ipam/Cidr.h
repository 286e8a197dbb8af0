#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace spillway::ipam {

// An IPv4 prefix. Parsing is strict (untrusted input: a peer's Configuration): four decimal
// octets, a length 0..32, and no host bits set — "10.244.1.0/16" is refused, not guessed at.
struct Cidr {
    quint32 base = 0;
    int length = 0;

    static std::optional<Cidr> parse(const QString &text);
    QString toString() const;

    quint32 mask() const { return length == 0 ? 0 : ~quint32(0) << (32 - length); }
    quint32 first() const { return base; }
    quint32 last() const { return base | ~mask(); }
    quint64 size() const { return quint64(1) << (32 - length); }
    bool contains(quint32 address) const { return (address & mask()) == base; }
    bool contains(const Cidr &other) const { return other.length >= length && contains(other.base); }
    bool overlaps(const Cidr &other) const { return contains(other) || other.contains(*this); }

    friend bool operator==(const Cidr &a, const Cidr &b) { return a.base == b.base && a.length == b.length; }
    friend bool operator<(const Cidr &a, const Cidr &b) { return a.base != b.base ? a.base < b.base : a.length < b.length; }
};

std::optional<quint32> parseAddress(const QString &text);
QString formatAddress(quint32 address);

// Where `address` (inside `from`) is seen through a remapping onto `to`, a prefix of the same
// length: the host part is kept, the network part swapped — what the gateway's NAT does.
std::optional<quint32> remapAddress(quint32 address, const Cidr &from, const Cidr &to);

} // namespace spillway::ipam
