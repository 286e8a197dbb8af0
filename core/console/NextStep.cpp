#include "console/NextStep.h"

namespace spillway::console {

NextStep NextStep::of(const ClusterListModel &clusters, const PeerGraph &graph)
{
    using State = ClusterListModel::State;
    NextStep step;
    const int rows = clusters.rowCount();
    if (rows == 0) {
        step.kind = Kind::AddKubeconfig;
        step.text = tr("Start by adding a kubeconfig: the console lists its contexts and asks each cluster whether Spillway runs there.");
        step.action = tr("Add kubeconfig…");
        return step;
    }
    if (!graph.edges.empty())
        return step;   // peered: the console has nothing to teach
    int installed = 0, probing = 0, firstMissing = -1;
    for (int i = 0; i < rows; ++i) {
        const State state = clusters.row(i).state;
        installed += state == State::Ready;
        probing += state == State::Probing;
        if (state == State::NotInstalled && firstMissing < 0)
            firstMissing = i;
    }
    if (probing > 0)
        return step;   // not known yet: nothing to suggest that an answer may change
    const auto nameOf = [&](int row) { return clusters.data(clusters.index(row, ClusterListModel::Name)).toString(); };
    if (installed < 2 && firstMissing >= 0) {
        step.kind = Kind::Install;
        step.row = firstMissing;
        step.text = installed == 0 ? tr("Spillway is not installed in %1 yet. Install it in two clusters to peer them.").arg(nameOf(firstMissing))
                                   : tr("One cluster has Spillway. Install it in %1 too, then peer the two.").arg(nameOf(firstMissing));
        step.action = tr("Install in %1…").arg(nameOf(firstMissing));
        return step;
    }
    if (installed >= 2) {
        step.kind = Kind::Peer;
        step.text = tr("%n cluster(s) have Spillway and none is peered yet: peer two, and the consumer borrows the provider's capacity.", nullptr, installed);
        step.action = tr("Peer clusters…");
        return step;
    }
    // No row to install into, and fewer than two with Spillway.
    if (installed == 0) {
        step.kind = Kind::FixClusters;
        step.text = tr("No cluster answers yet: each row says what is wrong and how to fix it.");
    } else {
        step.kind = Kind::AddKubeconfig;
        step.text = tr("Only one cluster has Spillway: add the kubeconfig of another to peer with.");
        step.action = tr("Add kubeconfig…");
    }
    return step;
}

} // namespace spillway::console
