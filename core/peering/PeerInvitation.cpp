#include "peering/PeerInvitation.h"

#include "common/Names.h"

#include <QRegularExpression>
#include <QUrl>

namespace spillway::peering {

namespace {

// Shell-like words: whitespace separates, quotes group, no escapes beyond that.
Result<QStringList> words(const QString &line)
{
    QStringList out;
    QString current;
    bool inWord = false;
    QChar quote;
    for (const QChar c : line) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                current += c;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                out << current;
            current.clear();
            inWord = false;
        } else if (c == QLatin1Char('\\')) {
            // Line continuations from a copied multi-line command.
            continue;
        } else {
            current += c;
            inWord = true;
        }
    }
    if (!quote.isNull())
        return Error::of(Error::Kind::Config, QStringLiteral("the invitation has an unterminated %1 quote").arg(quote));
    if (inWord)
        out << current;
    return out;
}

} // namespace

std::optional<PeerToken> PeerToken::parse(const QString &token)
{
    static const QRegularExpression re(QStringLiteral("^([0-9a-f]{8})\\.([A-Za-z0-9_-]{43})$"));
    const auto m = re.match(token);
    if (!m.hasMatch())
        return std::nullopt;
    return PeerToken{m.captured(1), m.captured(2)};
}

QString PeerInvitation::toCommand() const
{
    QString out = QStringLiteral("spillctl peer out-of-band %1 --auth-url %2 --cluster-id %3 --auth-token %4")
                      .arg(name.isEmpty() ? clusterId : name, authUrl, clusterId, token);
    if (!fingerprint.isEmpty())
        out += QStringLiteral(" --auth-fingerprint ") + fingerprint;
    return out;
}

QStringList PeerInvitation::problems() const
{
    QStringList out;
    const QUrl url(authUrl, QUrl::StrictMode);
    if (authUrl.isEmpty())
        out << QStringLiteral("--auth-url is missing");
    else if (!url.isValid() || url.scheme() != QLatin1String("https") || url.host().isEmpty())
        out << QStringLiteral("--auth-url \"%1\" is not an https:// address with a host").arg(authUrl);
    if (clusterId.isEmpty())
        out << QStringLiteral("--cluster-id is missing");
    else if (!isValidClusterId(clusterId))
        out << QStringLiteral("--cluster-id \"%1\" is not a cluster ID (lower-case letters, digits and '-')").arg(clusterId);
    if (!name.isEmpty() && !isValidClusterId(name))
        out << QStringLiteral("the peer name \"%1\" must be lower-case letters, digits and '-'").arg(name);
    if (token.isEmpty())
        out << QStringLiteral("--auth-token is missing");
    else if (!PeerToken::parse(token))
        out << QStringLiteral("--auth-token is not a Spillway peering token (expected <8 hex digits>.<43 characters>); copy it again from 'spillctl generate peer-command'");
    static const QRegularExpression fp(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    if (!fingerprint.isEmpty() && !fp.match(fingerprint).hasMatch())
        out << QStringLiteral("--auth-fingerprint must be sha256: followed by 64 hex digits");
    return out;
}

Result<PeerInvitation> PeerInvitation::parse(const QString &line)
{
    if (line.size() > 4096)
        return Error::of(Error::Kind::Config, QStringLiteral("the invitation is %1 characters long; a real one is a few hundred").arg(line.size()));
    auto w = words(line);
    if (!w)
        return w.error();
    QStringList args = *w;
    for (const char *lead : {"spillctl", "peer", "out-of-band"})
        if (!args.isEmpty() && args.first() == QLatin1String(lead))
            args.removeFirst();
    PeerInvitation inv;
    const QHash<QString, QString *> fields = {{QStringLiteral("auth-url"), &inv.authUrl}, {QStringLiteral("cluster-id"), &inv.clusterId},
                                               {QStringLiteral("auth-token"), &inv.token}, {QStringLiteral("auth-fingerprint"), &inv.fingerprint}};
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        if (!a.startsWith(QLatin1String("--"))) {
            if (!inv.name.isEmpty())
                return Error::of(Error::Kind::Config, QStringLiteral("unexpected word \"%1\" in the invitation").arg(a.left(64)));
            inv.name = a;
            continue;
        }
        const QString flag = a.mid(2).section(QLatin1Char('='), 0, 0);
        const auto field = fields.constFind(flag);
        if (field == fields.cend())
            return Error::of(Error::Kind::Config, QStringLiteral("unknown flag --%1 in the invitation").arg(flag.left(64)));
        if (a.contains(QLatin1Char('=')))
            **field = a.section(QLatin1Char('='), 1);
        else if (i + 1 < args.size())
            **field = args[++i];
        else
            return Error::of(Error::Kind::Config, QStringLiteral("--%1 has no value").arg(flag));
    }
    if (const QStringList p = inv.problems(); !p.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("the invitation is not valid: %1").arg(p.join(QStringLiteral("; "))),
                         QStringLiteral("ask the provider for a new one: spillctl generate peer-command"));
    return inv;
}

} // namespace spillway::peering
