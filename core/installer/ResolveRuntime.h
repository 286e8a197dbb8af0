#pragma once

#include "installer/RuntimeChoice.h"
#include "kube/KubeClient.h"

#include <optional>

namespace spillway::installer {

struct ResolvedRuntime {
    RuntimeChoice choice;
    QStringList warnings;   // e.g. an agent image no node that could run it has
};

// Where an install's agents run, read from the cluster's nodes (chooseRuntime), and what to warn
// about first — as `spillctl install` and the console's install both say it. Asked for local: no
// question to the cluster.
Result<ResolvedRuntime> resolveRuntime(kube::KubeClient &client, std::optional<Runtime> asked, const QMap<QString, QString> &values);

} // namespace spillway::installer
