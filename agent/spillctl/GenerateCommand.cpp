// spillctl generate peer-command — the provider's invitation for out-of-band peering.
#include "Cli.h"

#include "peering/InvitationIssuer.h"

#include <QDateTime>
#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

int peerCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Print the command a consumer runs to peer with this cluster (provider): its authentication "
                                               "endpoint, cluster ID, the endpoint's certificate fingerprint and a single-use token."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption ttl(QStringLiteral("ttl"), QStringLiteral("Seconds the token stays valid."), QStringLiteral("s"), QStringLiteral("3600"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("What the consumer will call this cluster (default: its cluster ID)."), QStringLiteral("name"));
    const QCommandLineOption onlyCommand(QStringLiteral("only-command"), QStringLiteral("Print just the command (for scripts)."));
    p.addOptions({ttl, name, onlyCommand});
    parseOrExit(p, args, QStringLiteral("generate peer-command"));
    bool ok = false;
    const qint64 ttlSeconds = p.value(ttl).toLongLong(&ok);
    if (!ok || ttlSeconds < 1 || ttlSeconds > 30LL * 24 * 3600)
        return usage(QStringLiteral("--ttl must be from 1 second to 30 days"));
    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    auto issued = peering::issueInvitation(**client, p.value(cluster.ns), ttlSeconds, p.value(name));
    if (!issued)
        return fail(issued.error());
    const peering::PeerInvitation &invitation = *issued;
    if (!p.isSet(onlyCommand))
        std::fprintf(stderr, "Run this on the consumer (with its kubeconfig). The token works once, until %s:\n\n",
                     qPrintable(QDateTime::currentDateTimeUtc().addSecs(ttlSeconds).toString(Qt::ISODate)));
    std::printf("%s\n", qPrintable(invitation.toCommand()));
    return 0;
}

} // namespace

int generate(const QStringList &args)
{
    if (args.value(0) == QLatin1String("peer-command"))
        return peerCommand(args.mid(1));
    return usage(QStringLiteral("generate what? known: peer-command"));
}

} // namespace spillctl
