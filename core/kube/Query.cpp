#include "kube/Query.h"

#include <QStringList>

#include <optional>

namespace spillway::kube {

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Go's url.QueryUnescape: '+' is a space; a '%' must start two hex digits.
std::optional<QString> unescape(QByteArrayView in)
{
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in[i];
        if (c == '+') {
            out += ' ';
        } else if (c == '%') {
            if (i + 2 >= in.size())
                return std::nullopt;
            const int hi = hexDigit(in[i + 1]), lo = hexDigit(in[i + 2]);
            if (hi < 0 || lo < 0)
                return std::nullopt;
            out += char(hi * 16 + lo);
            i += 2;
        } else {
            out += c;
        }
    }
    return QString::fromUtf8(out);
}

} // namespace

QByteArray encodeQuery(const QueryItems &items)
{
    QByteArray out;
    for (const auto &[key, value] : items) {
        if (!out.isEmpty())
            out += '&';
        out += key.toUtf8().toPercentEncoding() + '=' + value.toUtf8().toPercentEncoding();
    }
    return out;
}

QueryItems parseGoQuery(QByteArrayView raw)
{
    QueryItems items;
    qsizetype start = 0;
    while (start <= raw.size()) {
        qsizetype end = raw.indexOf('&', start);
        if (end < 0)
            end = raw.size();
        const QByteArrayView item = raw.sliced(start, end - start);
        start = end + 1;
        if (item.isEmpty() || item.contains(';'))
            continue;
        const qsizetype eq = item.indexOf('=');
        const auto key = unescape(eq < 0 ? item : item.first(eq));
        const auto value = unescape(eq < 0 ? QByteArrayView() : item.sliced(eq + 1));
        if (key && value)
            items.append({*key, *value});
    }
    return items;
}

QStringList queryValues(const QueryItems &items, const QString &key)
{
    QStringList values;
    for (const auto &[k, v] : items)
        if (k == key)
            values << v;
    return values;
}

} // namespace spillway::kube
