// testbed-webhook: a mutating admission webhook for the testbed's own tests, on core's
// AdmissionServer. Serves HTTPS on 127.0.0.1:PORT; every review is answered with a JSON patch
// adding the label spillway.dev/mutated=true, and one line per request goes to stdout.
#include "webhook/AdmissionServer.h"

#include <QCoreApplication>
#include <QFile>
#include <cstdio>

using spillway::webhook::AdmissionRequest;
using spillway::webhook::AdmissionResponse;
using nlohmann::json;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 4) {
        std::fprintf(stderr, "usage: testbed-webhook PORT CERT KEY\n");
        return 2;
    }
    QFile certFile(args[2]), keyFile(args[3]);
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "testbed-webhook: cannot read %s or %s\n", qPrintable(args[2]), qPrintable(args[3]));
        return 1;
    }
    spillway::webhook::AdmissionServer server(certFile.readAll(), keyFile.readAll());
    server.handle(QStringLiteral("/mutate"), [](const AdmissionRequest &r) {
        std::printf("admission %s %s/%s\n", qPrintable(r.operation), qPrintable(r.ns), qPrintable(r.name));
        std::fflush(stdout);
        const bool hasLabels = r.object.is_object() && r.object.value("metadata", json::object()).contains("labels");
        AdmissionResponse res;
        res.patch = hasLabels ? json::array({{{"op", "add"}, {"path", "/metadata/labels/spillway.dev~1mutated"}, {"value", "true"}}})
                              : json::array({{{"op", "add"}, {"path", "/metadata/labels"}, {"value", {{"spillway.dev/mutated", "true"}}}}});
        return res;
    });
    auto port = server.listen(QHostAddress::LocalHost, args[1].toUShort());
    if (!port) {
        std::fprintf(stderr, "testbed-webhook: %s\n", qPrintable(port.error().toString()));
        return 1;
    }
    std::printf("listening on 127.0.0.1:%u\n", unsigned(*port));
    std::fflush(stdout);
    return app.exec();
}
