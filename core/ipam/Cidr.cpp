#include "ipam/Cidr.h"

#include <QStringList>

#include <algorithm>

namespace spillway::ipam {

namespace {
bool digitsOnly(const QString &s)
{
    return !s.isEmpty() && std::all_of(s.begin(), s.end(), [](QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); });
}
} // namespace

std::optional<quint32> parseAddress(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('.'));
    if (parts.size() != 4)
        return std::nullopt;
    quint32 out = 0;
    for (const QString &p : parts) {
        if (!digitsOnly(p) || p.size() > 3 || (p.size() > 1 && p.startsWith(QLatin1Char('0'))))
            return std::nullopt;
        bool ok = false;
        const uint octet = p.toUInt(&ok, 10);
        if (!ok || octet > 255)
            return std::nullopt;
        out = (out << 8) | octet;
    }
    return out;
}

QString formatAddress(quint32 a)
{
    return QStringLiteral("%1.%2.%3.%4").arg(a >> 24).arg((a >> 16) & 0xff).arg((a >> 8) & 0xff).arg(a & 0xff);
}

std::optional<Cidr> Cidr::parse(const QString &text)
{
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return std::nullopt;
    const auto address = parseAddress(text.left(slash));
    const QString len = text.mid(slash + 1);
    bool ok = false;
    const int length = len.toInt(&ok, 10);
    if (!address || !ok || !digitsOnly(len) || len.size() > 2 || length < 0 || length > 32)
        return std::nullopt;
    Cidr c{*address, length};
    if ((c.base & ~c.mask()) != 0)
        return std::nullopt;
    return c;
}

QString Cidr::toString() const
{
    return formatAddress(base) + QLatin1Char('/') + QString::number(length);
}

std::optional<quint32> remapAddress(quint32 address, const Cidr &from, const Cidr &to)
{
    if (from.length != to.length || !from.contains(address))
        return std::nullopt;
    return to.base | (address & ~to.mask());
}

} // namespace spillway::ipam
