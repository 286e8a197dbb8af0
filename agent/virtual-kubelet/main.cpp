// spillway-virtual-kubelet — Runs one virtual node and reflects its pods into the provider cluster.
#include "common/Version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-virtual-kubelet"));
    QCoreApplication::setApplicationVersion(spillway::Version::current().toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Runs one virtual node and reflects its pods into the provider cluster."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    // The component's behaviour arrives with its issue (#5); until then it says so plainly.
    std::fprintf(stderr, "spillway-virtual-kubelet %s: this component is not implemented yet\n",
                 qPrintable(QCoreApplication::applicationVersion()));
    return 2;
}
