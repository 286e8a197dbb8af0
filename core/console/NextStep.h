#pragma once

#include "console/ClusterListModel.h"
#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QString>

namespace spillway::console {

// The console's getting-started line: what a newcomer does next on the way from "no clusters" to
// a peering, judged from the cluster list and the peer graph — add a kubeconfig, install Spillway
// where it is missing, peer two clusters — and nothing once a peering exists.
struct NextStep {
    Q_DECLARE_TR_FUNCTIONS(NextStep)
public:
    enum class Kind { None, AddKubeconfig, Install, Peer, FixClusters };
    Kind kind = Kind::None;
    int row = -1;     // Install: the cluster list's row to install into
    QString text;     // the line to show
    QString action;   // its button ("" for none)

    static NextStep of(const ClusterListModel &clusters, const PeerGraph &graph);
};

} // namespace spillway::console
