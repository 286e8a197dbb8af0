#include "console/PeeringModules.h"

#include "common/JsonText.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace spillway::console {

using nlohmann::json;

Tone toneOf(const QString &status)
{
    static const QStringList good = {QStringLiteral("Established"), QStringLiteral("Ready"), QStringLiteral("Healthy"), QStringLiteral("Accepted"),
                                     QStringLiteral("True"), QStringLiteral("Connected")};
    static const QStringList bad = {QStringLiteral("Error"), QStringLiteral("NotReady"), QStringLiteral("Failed"), QStringLiteral("Denied"),
                                    QStringLiteral("False"), QStringLiteral("Unhealthy")};
    if (good.contains(status))
        return Good;
    if (bad.contains(status))
        return Bad;
    return status.isEmpty() ? Neutral : Warning;
}

ModuleState moduleStateOf(const json &foreignCluster, const char *module)
{
    const json &m = memberOf(memberOf(memberOf(foreignCluster, "status"), "modules"), module);
    if (m.is_object() && m.contains("enabled") && m["enabled"].is_boolean() && !m["enabled"].get<bool>())
        return {QCoreApplication::translate("Dashboard", "Disabled"), Neutral};
    QStringList parts;
    Tone worst = Neutral;
    for (const auto &c : elementsOf(memberOf(m, "conditions"))) {
        const QString status = textOf(c, "status");
        parts << status;
        worst = std::max(worst, toneOf(status));
    }
    if (parts.isEmpty())
        return {QStringLiteral("—"), Neutral};
    parts.removeDuplicates();
    return {parts.join(QStringLiteral(", ")), worst};
}

const json *foreignClusterFor(const ClusterPeersRefs &clusters, const QString &in, const QString &about)
{
    for (const ClusterPeers &c : clusters)
        if (c.clusterId == in)
            for (const auto &fc : elementsOf(c.foreignClusters)) {
                const QString id = textOf(memberOf(fc, "spec"), "clusterID");
                if ((id.isEmpty() ? textOf(memberOf(fc, "metadata"), "name") : id) == about)
                    return &fc;
            }
    return nullptr;
}

const json *foreignClusterOf(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge)
{
    const json *fc = foreignClusterFor(clusters, edge.consumer, edge.provider);
    return fc ? fc : foreignClusterFor(clusters, edge.provider, edge.consumer);
}

} // namespace spillway::console
