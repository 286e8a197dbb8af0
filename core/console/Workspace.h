#pragma once

#include "common/Error.h"

#include <QString>

#include <vector>

namespace spillway::console {

// One cluster the console shows: a context of a kubeconfig file, with how the user wants it named
// and coloured. The file and context identify it.
struct ClusterEntry {
    QString kubeconfig, context;
    QString displayName;   // empty: the context's name
    QString colour;        // "#rrggbb"; empty: the palette's
    friend bool operator==(const ClusterEntry &a, const ClusterEntry &b) { return a.kubeconfig == b.kubeconfig && a.context == b.context; }
};

// The console's saved state, a YAML file the user may edit or share:
//   name: default
//   clusters:
//   - {kubeconfig: /home/me/.kube/config, context: edge, displayName: Edge, colour: "#3465a4"}
struct Workspace {
    QString name = QStringLiteral("default");
    std::vector<ClusterEntry> clusters;

    // A missing file is an empty workspace; a broken one an error naming the file and the line.
    static Result<Workspace> load(const QString &path);
    // Written to a temporary file and renamed over, so a crash never leaves half a workspace.
    Result<void> save(const QString &path) const;
};

} // namespace spillway::console
