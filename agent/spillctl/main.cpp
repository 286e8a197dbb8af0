// spillctl — Spillway's command-line interface (liqoctl's verbs).
#include "Cli.h"

#include "common/Version.h"

#include <QCoreApplication>
#include <cstdio>
#include <cstdlib>

namespace {

void printUsage(FILE *out)
{
    std::fputs("spillctl — peer Kubernetes clusters and offload workloads (Liqo-compatible)\n"
               "\n"
               "Usage: spillctl COMMAND [flags]      (spillctl COMMAND --help for its flags)\n"
               "\n"
               "Commands:\n"
               "  install [DISTRIBUTION]  install Spillway into a cluster, or upgrade it in place\n"
               "  uninstall               remove Spillway and everything it created from a cluster\n"
               "  info                    installation, health, network and peers (alias: status)\n"
               "  peer [in-band]          peer with a provider whose kubeconfig you have\n"
               "  peer out-of-band NAME   peer with a provider from its invitation\n"
               "  generate peer-command   (provider) print an invitation: a one-line peer command\n"
               "  unpeer [in-band | out-of-band NAME]  undo a peering\n"
               "  offload namespace NS    run a namespace's pods on peers too (NamespaceOffloading)\n"
               "  unoffload namespace NS  stop offloading a namespace\n"
               "  network init | reset    exchange (or remove) two clusters' network configuration\n"
               "  network connect | disconnect\n"
               "                          set up (or take down) the WireGuard tunnel between two clusters\n"
               "  test network            check that two connected clusters' pods reach each other both ways\n"
               "  version                 client, Kubernetes and installed Spillway versions\n"
               "  help                    show this help\n",
               out);
}

} // namespace

int dispatch(const QCoreApplication &app)
{
    const QStringList all = app.arguments().mid(1);
    const QString command = all.value(0);
    const QStringList args = all.mid(1);
    if (command.isEmpty() || command == QLatin1String("help") || command == QLatin1String("--help") || command == QLatin1String("-h")) {
        printUsage(command.isEmpty() ? stderr : stdout);
        return command.isEmpty() ? 2 : 0;
    }
    if (command == QLatin1String("--version"))
        return spillctl::version({QStringLiteral("--client")});
    if (command == QLatin1String("install"))
        return spillctl::install(args);
    if (command == QLatin1String("uninstall"))
        return spillctl::uninstall(args);
    if (command == QLatin1String("info") || command == QLatin1String("status"))
        return spillctl::info(args);
    if (command == QLatin1String("version"))
        return spillctl::version(args);
    if (command == QLatin1String("peer"))
        return spillctl::peer(args);
    if (command == QLatin1String("unpeer"))
        return spillctl::unpeer(args);
    if (command == QLatin1String("network"))
        return spillctl::network(args);
    if (command == QLatin1String("test"))
        return spillctl::test(args);
    if (command == QLatin1String("offload"))
        return spillctl::offload(args);
    if (command == QLatin1String("unoffload"))
        return spillctl::unoffload(args);
    if (command == QLatin1String("generate"))
        return spillctl::generate(args);
    if (command == QLatin1String("supervise"))
        return spillctl::supervise(args);
    std::fprintf(stderr, "spillctl: unknown command \"%s\"; run 'spillctl help' for the list\n", qPrintable(command));
    return 2;
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillctl"));
    QCoreApplication::setApplicationVersion(spillway::Version::current().toString());
    const int rc = dispatch(app);
    // The command is done and its objects are gone. Qt's network threads may still be closing
    // HTTP/2 connections; tearing the application down under them once aborted an unpeer that had
    // finished ("double free or corruption" after "Unpeered"), so its exit status lied. Leave now.
    std::fflush(nullptr);
    std::_Exit(rc);
}
