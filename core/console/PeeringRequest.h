#pragma once

#include "console/Workspace.h"
#include "peering/PeerWorkflow.h"

#include <QCoreApplication>
#include <QStringList>

namespace spillway::console {

// What the peering wizard's pages collect, as the user typed it, and the PeerWorkflow options it
// makes: the same choices `spillctl peer` takes as flags.
struct PeeringRequest {
    Q_DECLARE_TR_FUNCTIONS(PeeringRequest)
public:
    ClusterEntry consumer, provider;
    QString invitation;                   // out of band: the provider's invitation, instead of its kubeconfig
    QString consumerName, providerName;   // as the console shows them
    bool bidirectional = false;
    bool networking = true;
    bool createVirtualNode = true;
    QString resourceSliceClass = QStringLiteral("default");
    QString cpu, memory, pods;            // empty: what the provider's policy gives
    int timeoutSeconds = 120;

    // What stops the request, each a sentence naming the field (empty: none).
    QStringList problems() const;
    bool outOfBand() const { return !invitation.trimmed().isEmpty(); }
    peering::PeerWorkflow::Options options() const;
};

} // namespace spillway::console
