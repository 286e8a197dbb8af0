// spillway-gateway — WireGuard gateway of the network fabric.
#include "common/Version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-gateway"));
    QCoreApplication::setApplicationVersion(spillway::Version::current().toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("WireGuard gateway of the network fabric."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    // The component's behaviour arrives with its issue (#7); until then it says so plainly.
    std::fprintf(stderr, "spillway-gateway %s: this component is not implemented yet\n",
                 qPrintable(QCoreApplication::applicationVersion()));
    return 2;
}
