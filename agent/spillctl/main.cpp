// spillctl — Spillway's command-line interface (liqoctl's verbs).
#include "common/Version.h"

#include <QCoreApplication>
#include <QStringList>
#include <cstdio>

namespace {

void printUsage(FILE *out)
{
    std::fputs("spillctl — peer Kubernetes clusters and offload workloads (Liqo-compatible)\n"
               "\n"
               "Usage: spillctl COMMAND [flags]\n"
               "\n"
               "Commands:\n"
               "  version     print the client version\n"
               "  help        show this help\n",
               out);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillctl"));
    const QString version = spillway::Version::current().toString();
    QCoreApplication::setApplicationVersion(version);

    const QStringList args = app.arguments().mid(1);
    const QString command = args.value(0);
    if (command.isEmpty() || command == QLatin1String("help") || command == QLatin1String("--help")
        || command == QLatin1String("-h")) {
        printUsage(command.isEmpty() ? stderr : stdout);
        return command.isEmpty() ? 1 : 0;
    }
    if (command == QLatin1String("version") || command == QLatin1String("--version")) {
        std::printf("Client version: %s\n", qPrintable(version));
        return 0;
    }
    std::fprintf(stderr, "spillctl: unknown command \"%s\"; run 'spillctl help' for the list\n", qPrintable(command));
    return 1;
}
