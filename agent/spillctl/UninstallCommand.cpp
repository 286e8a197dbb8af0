// spillctl uninstall — remove everything install created.
#include "Cli.h"

#include "installer/Uninstaller.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;
using namespace spillway::installer;

int uninstall(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Remove Spillway from a cluster: its processes, webhooks, RBAC, namespace and CRDs "
                                               "(and with them every Liqo object)."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Uninstall even while peerings exist."));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"), QStringLiteral("Local runtime state folder, if not the recorded one."), QStringLiteral("dir"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), QStringLiteral("Seconds to wait for deletions to finish."), QStringLiteral("s"), QStringLiteral("120"));
    p.addOptions({force, stateDir, timeout});
    parseOrExit(p, args, QStringLiteral("uninstall"));
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("uninstall takes no arguments"));
    bool ok = false;
    const int timeoutSeconds = p.value(timeout).toInt(&ok);
    if (!ok || timeoutSeconds < 1)
        return usage(QStringLiteral("--timeout must be a positive number of seconds"));

    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    UninstallOptions o;
    o.ns = p.value(cluster.ns);
    o.force = p.isSet(force);
    o.stateDir = p.value(stateDir);
    Installer::Hooks hooks;
    hooks.cancelled = installCancelHandler();
    hooks.waitTimeoutMs = timeoutSeconds * 1000;
    hooks.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
    auto result = Uninstaller(**client, o, hooks).run();
    if (!result)
        return fail(result.error());
    for (const QString &r : result->removed)
        std::printf("removed %s\n", qPrintable(r));
    if (!result->leftovers.isEmpty()) {
        std::fprintf(stderr, "error: %lld object(s) could not be removed:\n", static_cast<long long>(result->leftovers.size()));
        for (const QString &l : result->leftovers)
            std::fprintf(stderr, "  - %s\n", qPrintable(l));
        return 1;
    }
    std::printf(result->wasInstalled || !result->removed.isEmpty() ? "Spillway uninstalled\n"
                                                                   : "Spillway was not installed in namespace %s; nothing to remove\n",
                qPrintable(o.ns));
    return 0;
}

} // namespace spillctl
