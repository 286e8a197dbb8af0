// spillctl version — this client's version and, when a cluster is reachable, the cluster's.
#include "Cli.h"

#include "common/Version.h"
#include "installer/Manifests.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;
using nlohmann::json;

int version(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Print the client version and the cluster's Kubernetes and Spillway versions."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption clientOnly(QStringLiteral("client"), QStringLiteral("Only the client version; do not contact a cluster."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("json or yaml."), QStringLiteral("format"));
    p.addOptions({clientOnly, output});
    parseOrExit(p, args, QStringLiteral("version"));
    if (p.isSet(output) && !validOutput(p.value(output)))
        return usage(QStringLiteral("-o must be json or yaml (got \"%1\")").arg(p.value(output)));

    json out = {{"clientVersion", Version::current().toString().toStdString()}};
    std::optional<Error> problem;
    if (!p.isSet(clientOnly)) {
        auto client = connect(p, cluster);
        if (!client) {
            problem = client.error();
        } else if (auto server = (*client)->serverVersion(); !server) {
            problem = server.error();
        } else {
            out["kubernetesVersion"] = server->value("gitVersion", "");
            auto record = (*client)->get(kube::resources::configMaps(), p.value(cluster.ns), QString::fromLatin1(installer::names::kInstallRecord));
            if (record)
                out["serverVersion"] = (*record)["data"].value("version", "");
            else if (record.error().isNotFound())
                out["serverVersion"] = nullptr;
            else
                problem = record.error();
        }
    }
    if (p.isSet(output)) {
        printStructured(out, p.value(output));
    } else {
        std::printf("Client version: %s\n", out["clientVersion"].get<std::string>().c_str());
        if (out.contains("kubernetesVersion"))
            std::printf("Kubernetes version: %s\n", out["kubernetesVersion"].get<std::string>().c_str());
        if (out.contains("serverVersion"))
            std::printf("Server version: %s\n", out["serverVersion"].is_null() ? "not installed (run 'spillctl install')"
                                                                               : out["serverVersion"].get<std::string>().c_str());
    }
    // The client version is always useful; an unreachable cluster is still an error for scripts.
    return problem ? fail(*problem) : 0;
}

} // namespace spillctl
