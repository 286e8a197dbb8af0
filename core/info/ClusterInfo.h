#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <nlohmann/json.hpp>

namespace spillway::info {

// What `spillctl info` (and the console's cluster page) shows about one cluster, in the shape of
// `liqoctl info -o json`: local (clusterID, version, labels, APIServerAddr, ...), health (overall
// and per component), network (CIDRs) and peerings.peers[] with each module's state.
struct InfoOptions {
    QString ns = QStringLiteral("liqo");
    int healthTimeoutMs = 3000;
};

Result<nlohmann::json> collectInfo(kube::KubeClient &client, const InfoOptions &options = {});

// Healthy | Unhealthy | Disabled for one ForeignCluster module ({enabled, conditions}), as
// liqoctl judges it: only Established and Ready conditions count as healthy.
QString moduleState(const nlohmann::json &module);

// `--get a.b.c`: object keys matched without regard to case, list items by index or by their
// clusterID / name; "clusterid" alone means local.clusterID. The error names the segment that
// did not match and what was there instead.
Result<nlohmann::json> getPath(const nlohmann::json &root, const QString &path);

} // namespace spillway::info
