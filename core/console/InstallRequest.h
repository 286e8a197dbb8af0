#pragma once

#include "console/Workspace.h"
#include "installer/InstallOptions.h"

#include <QCoreApplication>
#include <QStringList>

#include <optional>

namespace spillway::console {

// What the install wizard collects for one cluster, as typed, and the InstallOptions it makes:
// the same choices as `spillctl install` (and checked by the same validate()).
struct InstallRequest {
    Q_DECLARE_TR_FUNCTIONS(InstallRequest)
public:
    ClusterEntry cluster;
    QString clusterName;                                  // as the console shows it
    QString distro = QStringLiteral("generic");
    QString clusterId;                                    // empty: generated
    QString clusterLabels;                                // "k=v,k2=v2"
    QString podCidrs;                                     // comma-separated; empty: discovered
    QString serviceCidr;
    QString runtime = QStringLiteral("auto");               // auto: chosen from the cluster's nodes
    QString values;                                       // advanced: one key=value per line (--set)
    QString stateDir, binDir;                             // local runtime; empty: the defaults
    int timeoutSeconds = 90;

    QStringList problems() const;
    // The options; problems() must be empty.
    installer::InstallOptions options() const;
    // The runtime asked for; none for "auto" (resolveRuntime decides from the nodes).
    std::optional<installer::Runtime> askedRuntime() const;

private:
    Result<installer::InstallOptions> parse() const;
};

} // namespace spillway::console
