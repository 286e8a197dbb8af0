#include "common/Quantity.h"

#include <QHash>
#include <QRegularExpression>
#include <cmath>

namespace spillway {

std::optional<Quantity> Quantity::parse(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(?:([eE][+-]?[0-9]+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    long double number = m.captured(1).toDouble();
    long double scale = 1;
    if (!m.captured(2).isEmpty()) {
        const int exponent = m.captured(2).mid(1).toInt();
        if (exponent > 30 || exponent < -30)
            return std::nullopt;
        scale = std::pow(10.0L, exponent);
    } else if (const QString s = m.captured(3); !s.isEmpty()) {
        static const QHash<QString, long double> suffixes = {
            {QStringLiteral("n"), 1e-9L}, {QStringLiteral("u"), 1e-6L}, {QStringLiteral("m"), 1e-3L},
            {QStringLiteral("k"), 1e3L}, {QStringLiteral("M"), 1e6L}, {QStringLiteral("G"), 1e9L},
            {QStringLiteral("T"), 1e12L}, {QStringLiteral("P"), 1e15L}, {QStringLiteral("E"), 1e18L},
            {QStringLiteral("Ki"), 1024.0L}, {QStringLiteral("Mi"), 1048576.0L}, {QStringLiteral("Gi"), 1073741824.0L},
            {QStringLiteral("Ti"), 1099511627776.0L}, {QStringLiteral("Pi"), 1125899906842624.0L},
            {QStringLiteral("Ei"), 1152921504606846976.0L}};
        scale = suffixes.value(s);
    }
    const long double milli = std::ceil(number * scale * 1000.0L);   // the apiserver rounds sub-milli values up
    if (!std::isfinite(milli) || std::fabs(milli) > 4.6e18L)
        return std::nullopt;
    return Quantity{qint64(milli)};
}

QString Quantity::toString() const
{
    if (milli % 1000 == 0)
        return QString::number(milli / 1000);
    return QString::number(milli) + QLatin1Char('m');
}

} // namespace spillway
