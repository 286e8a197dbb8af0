// spillctl info (alias status) — what is installed, whether it is healthy, and the peers.
#include "Cli.h"

#include "info/ClusterInfo.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;
using nlohmann::json;

namespace {

std::string text(const json &v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

void printHuman(const json &i)
{
    const json &local = i["local"];
    std::printf("Local installation\n");
    std::printf("  Cluster ID:      %s\n", text(local["clusterID"]).c_str());
    std::printf("  Version:         %s\n", text(local["version"]).c_str());
    std::printf("  Distribution:    %s (%s runtime)\n", text(local["distribution"]).c_str(), text(local["runtime"]).c_str());
    std::printf("  K8s API server:  %s\n", text(local["APIServerAddr"]).c_str());
    QStringList labels;
    for (auto it = local["labels"].begin(); it != local["labels"].end(); ++it)
        labels << QString::fromStdString(it.key() + "=" + text(it.value()));
    std::printf("  Labels:          %s\n", labels.isEmpty() ? "(none)" : qPrintable(labels.join(QStringLiteral(", "))));
    std::printf("Health: %s\n", i["health"]["healthy"].get<bool>() ? "healthy" : "UNHEALTHY");
    for (const auto &c : i["health"]["components"])
        std::printf("  %-30s %s\n", text(c["name"]).c_str(), c.contains("detail") ? text(c["detail"]).c_str() : (c["healthy"].get<bool>() ? "healthy" : "unhealthy"));
    std::printf("Network\n  Pod CIDR:        %s\n  Service CIDR:    %s\n", text(i["network"]["podCIDR"]).c_str(), text(i["network"]["serviceCIDR"]).c_str());
    const json &peers = i["peerings"]["peers"];
    std::printf("Peerings: %zu\n", peers.size());
    for (const auto &peer : peers)
        std::printf("  %-24s role %-20s networking %-9s authentication %-9s offloading %s\n", text(peer["clusterID"]).c_str(),
                    text(peer["role"]).c_str(), text(peer["networkingStatus"]).c_str(), text(peer["authenticationStatus"]).c_str(),
                    text(peer["offloadingStatus"]).c_str());
    const json volumes = i.value("volumes", json::array());
    if (!volumes.empty()) {
        std::printf("Volumes (storage class of Spillway): %zu\n", volumes.size());
        for (const auto &v : volumes)
            std::printf("  %-40s %-10s in %-20s %-8s %s\n", (text(v["namespace"]) + "/" + text(v["claim"])).c_str(), text(v["capacity"]).c_str(),
                        text(v["location"]).c_str(), text(v["phase"]).c_str(), text(v["twin"]).c_str());
    }
}

} // namespace

int info(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Show the local installation, its health, network and peerings."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("json or yaml."), QStringLiteral("format"));
    const QCommandLineOption get(QStringLiteral("get"), QStringLiteral("Print one field, e.g. clusterid, local.version, peerings.peers."), QStringLiteral("path"));
    p.addOptions({output, get});
    parseOrExit(p, args, QStringLiteral("info"));
    if (p.isSet(output) && !validOutput(p.value(output)))
        return usage(QStringLiteral("-o must be json or yaml (got \"%1\")").arg(p.value(output)));

    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    info::InfoOptions o;
    o.ns = p.value(cluster.ns);
    auto collected = info::collectInfo(**client, o);
    if (!collected)
        return fail(collected.error());
    if (p.isSet(get)) {
        auto value = info::getPath(*collected, p.value(get));
        if (!value)
            return fail(value.error());
        if (value->is_structured())
            printStructured(*value, p.isSet(output) ? p.value(output) : QStringLiteral("yaml"));
        else
            std::printf("%s\n", text(*value).c_str());
        return 0;
    }
    if (p.isSet(output))
        printStructured(*collected, p.value(output));
    else
        printHuman(*collected);
    return 0;
}

} // namespace spillctl
