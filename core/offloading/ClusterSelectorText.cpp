#include "offloading/ClusterSelectorText.h"

#include "common/Names.h"

#include <QRegularExpression>

namespace spillway::offloading {

using nlohmann::json;

namespace {

// Splits on commas outside parentheses.
QStringList requirements(const QString &text)
{
    QStringList out;
    QString current;
    int depth = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')'))
            --depth;
        if (c == QLatin1Char(',') && depth == 0) {
            out << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    out << current.trimmed();
    return out;
}

Result<json> requirement(const QString &text, const QString &selector)
{
    static const QRegularExpression set(QStringLiteral("^([^\\s!=]+)\\s+(in|notin)\\s*\\(([^)]*)\\)$"));
    static const QRegularExpression compare(QStringLiteral("^([^\\s!=]+)\\s*(==|=|!=)\\s*([^\\s]*)$"));
    auto bad = [&](const QString &why) {
        return Error::of(Error::Kind::Config, QStringLiteral("--selector \"%1\": %2").arg(selector, why),
                         QStringLiteral("write requirements like region=eu-west, tier!=gpu, zone in (a,b), !spot"));
    };
    auto checkKey = [&](const QString &key) { return isValidLabelKey(key); };
    if (auto m = set.match(text); m.hasMatch()) {
        if (!checkKey(m.captured(1)))
            return bad(QStringLiteral("\"%1\" is not a label key").arg(m.captured(1)));
        json values = json::array();
        for (const QString &v : m.captured(3).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!isValidLabelValue(v.trimmed()))
                return bad(QStringLiteral("\"%1\" is not a label value").arg(v.trimmed()));
            values.push_back(v.trimmed().toStdString());
        }
        if (values.empty())
            return bad(QStringLiteral("%1 needs at least one value").arg(m.captured(2)));
        return json{{"key", m.captured(1).toStdString()}, {"operator", m.captured(2) == QLatin1String("in") ? "In" : "NotIn"}, {"values", values}};
    }
    if (auto m = compare.match(text); m.hasMatch()) {
        if (!checkKey(m.captured(1)))
            return bad(QStringLiteral("\"%1\" is not a label key").arg(m.captured(1)));
        if (!isValidLabelValue(m.captured(3)))
            return bad(QStringLiteral("\"%1\" is not a label value").arg(m.captured(3)));
        return json{{"key", m.captured(1).toStdString()}, {"operator", m.captured(2) == QLatin1String("!=") ? "NotIn" : "In"},
                    {"values", json::array({m.captured(3).toStdString()})}};
    }
    const bool negated = text.startsWith(QLatin1Char('!'));
    const QString key = negated ? text.mid(1).trimmed() : text;
    if (!key.isEmpty() && checkKey(key))
        return json{{"key", key.toStdString()}, {"operator", negated ? "DoesNotExist" : "Exists"}};
    return bad(QStringLiteral("cannot read \"%1\"").arg(text));
}

} // namespace

Result<json> parseClusterSelector(const QStringList &selectors)
{
    json terms = json::array();
    for (const QString &selector : selectors) {
        json exprs = json::array();
        for (const QString &r : requirements(selector)) {
            if (r.isEmpty())
                return Error::of(Error::Kind::Config, QStringLiteral("--selector \"%1\" has an empty requirement").arg(selector));
            auto parsed = requirement(r, selector);
            if (!parsed)
                return parsed.error();
            exprs.push_back(*parsed);
        }
        terms.push_back({{"matchExpressions", exprs}});
    }
    if (terms.empty())
        return json();
    return json{{"nodeSelectorTerms", terms}};
}

QStringList clusterSelectorText(const json &nodeSelector)
{
    QStringList out;
    if (!nodeSelector.is_object())
        return out;
    for (const auto &term : nodeSelector.value("nodeSelectorTerms", json::array())) {
        QStringList parts;
        for (const auto &e : term.value("matchExpressions", json::array())) {
            const QString key = QString::fromStdString(e.value("key", ""));
            const std::string op = e.value("operator", "");
            QStringList values;
            for (const auto &v : e.value("values", json::array()))
                values << QString::fromStdString(v.get<std::string>());
            if (op == "In")
                parts << (values.size() == 1 ? key + QLatin1Char('=') + values[0] : QStringLiteral("%1 in (%2)").arg(key, values.join(QLatin1Char(','))));
            else if (op == "NotIn")
                parts << (values.size() == 1 ? key + QStringLiteral("!=") + values[0] : QStringLiteral("%1 notin (%2)").arg(key, values.join(QLatin1Char(','))));
            else if (op == "Exists")
                parts << key;
            else if (op == "DoesNotExist")
                parts << QLatin1Char('!') + key;
            else
                parts << QStringLiteral("%1 %2 %3").arg(key, QString::fromStdString(op), values.join(QLatin1Char(',')));
        }
        out << parts.join(QLatin1Char(','));
    }
    return out;
}

} // namespace spillway::offloading
