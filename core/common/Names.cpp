#include "common/Names.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace spillway {

bool isValidCidr(const QString &text)
{
    const auto parsed = QHostAddress::parseSubnet(text);
    if (parsed.first.isNull() || !text.contains(QLatin1Char('/')))
        return false;
    // A CIDR names a network: no host bits set (10.0.0.1/8 is a typo for 10.0.0.0/8).
    const QHostAddress address(text.section(QLatin1Char('/'), 0, 0));
    return address.isInSubnet(parsed) && QHostAddress(parsed.first) == address;
}

bool isValidClusterId(const QString &id)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return id.size() <= 63 && re.match(id).hasMatch();
}

bool isValidLabelKey(const QString &key)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$"));
    static const QRegularExpression prefix(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    const QString n = slash < 0 ? key : key.mid(slash + 1);
    if (n.isEmpty() || n.size() > 63 || !name.match(n).hasMatch())
        return false;
    if (slash < 0)
        return true;
    const QString p = key.left(slash);
    return !p.isEmpty() && p.size() <= 253 && prefix.match(p).hasMatch();
}

bool isValidLabelValue(const QString &value)
{
    static const QRegularExpression re(QStringLiteral("^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$"));
    return value.size() <= 63 && re.match(value).hasMatch();
}

} // namespace spillway
