#include "console/PeeringRequest.h"

#include "common/Quantity.h"
#include "peering/PeerInvitation.h"

namespace spillway::console {

QStringList PeeringRequest::problems() const
{
    QStringList out;
    if (consumer.kubeconfig.isEmpty())
        out << tr("Choose the consumer cluster.");
    if (outOfBand()) {
        auto parsed = peering::PeerInvitation::parse(invitation.trimmed());
        if (!parsed)
            out << tr("Invitation: %1").arg(parsed.error().message);
        else
            for (const QString &p : parsed->problems())
                out << tr("Invitation: %1").arg(p);
    } else {
        if (provider.kubeconfig.isEmpty())
            out << tr("Choose the provider cluster, or paste its invitation.");
        if (!consumer.kubeconfig.isEmpty() && consumer == provider)
            out << tr("The consumer and the provider must be different clusters.");
    }
    const std::pair<QString, QString> quantities[] = {{tr("CPU"), cpu}, {tr("Memory"), memory}, {tr("Pods"), pods}};
    for (const auto &[field, value] : quantities)
        if (!value.trimmed().isEmpty() && !Quantity::parse(value.trimmed()))
            out << tr("%1: \"%2\" is not a quantity (e.g. 4, 500m, 8Gi).").arg(field, value);
    if (!pods.trimmed().isEmpty()) {
        bool ok = false;
        if (pods.trimmed().toLongLong(&ok) <= 0 || !ok)
            out << tr("Pods: give a whole number above zero.");
    }
    if (resourceSliceClass.trimmed().isEmpty())
        out << tr("ResourceSlice class: give a class (the provider's policy for it decides; \"default\" if unsure).");
    if (timeoutSeconds <= 0)
        out << tr("Timeout: give a number of seconds above zero.");
    return out;
}

peering::PeerWorkflow::Options PeeringRequest::options() const
{
    peering::PeerWorkflow::Options o;
    o.networking = networking;
    o.bidirectional = bidirectional;
    o.waitForVirtualNode = createVirtualNode;
    o.peering.timeoutMs = timeoutSeconds * 1000;
    o.peering.fieldManager = QStringLiteral("spillway-console");
    o.peering.createResourceSlice = true;
    o.peering.createVirtualNode = createVirtualNode;
    o.peering.resourceSliceClass = resourceSliceClass.trimmed();
    nlohmann::json requested = nlohmann::json::object();
    const std::pair<const char *, QString> quantities[] = {{"cpu", cpu}, {"memory", memory}, {"pods", pods}};
    for (const auto &[name, value] : quantities)
        if (!value.trimmed().isEmpty())
            requested[name] = value.trimmed().toStdString();
    o.peering.requestedResources = requested;
    if (outOfBand())
        if (auto parsed = peering::PeerInvitation::parse(invitation.trimmed()))
            o.peering.peerName = parsed->name;
    return o;
}

} // namespace spillway::console
