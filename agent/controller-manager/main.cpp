// spillway-controller-manager — Liqo-compatible controller manager: peering, resources, offloading, IPAM and admission webhooks.
#include "common/Version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-controller-manager"));
    QCoreApplication::setApplicationVersion(spillway::Version::current().toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Liqo-compatible controller manager: peering, resources, offloading, IPAM and admission webhooks."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    // The component's behaviour arrives with its issue (#4); until then it says so plainly.
    std::fprintf(stderr, "spillway-controller-manager %s: this component is not implemented yet\n",
                 qPrintable(QCoreApplication::applicationVersion()));
    return 2;
}
