#include "peering/NetworkModuleStatus.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "kube/Conditions.h"
#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

Result<json> networkingModule(kube::KubeClient &client, const QString &peerId, const json &previous, const QString &nowIso)
{
    const QString ns = tenantNamespace(peerId);
    const std::string now = nowIso.toStdString();
    json conditions = json::array();
    auto add = [&](const std::string &type, const std::string &status, const std::string &reason, const std::string &message) {
        conditions.push_back({{"type", type}, {"status", status}, {"reason", reason}, {"message", message},
                              {"lastTransitionTime", kube::transitionTime(previous, type, status, now)}});
    };
    // The one object of a kind named after the peer, if any.
    auto named = [&](const kube::ResourceRef &ref) -> Result<std::optional<json>> {
        auto o = client.get(ref, ns, peerId);
        if (o)
            return std::optional<json>(*o);
        return o.error().isNotFound() ? Result<std::optional<json>>(std::nullopt) : Result<std::optional<json>>(o.error());
    };

    auto configuration = named(apis::networking::v1beta1::configurationResource());
    if (!configuration)
        return configuration.error();
    if (*configuration) {
        const bool configured = (**configuration)["metadata"].value("labels", json::object()).value("configuration.liqo.io/configured", "") == "true";
        configured ? add("NetworkConfigurationStatus", "Ready", "ConfigurationReady", "the peer's networks are mapped")
                   : add("NetworkConfigurationStatus", "Pending", "ConfigurationPending", "the IPAM is mapping the peer's networks");
    }
    for (const auto &[ref, type] : {std::pair{apis::networking::v1beta1::gatewayServerResource(), "NetworkGatewayServerStatus"},
                                    std::pair{apis::networking::v1beta1::gatewayClientResource(), "NetworkGatewayClientStatus"}}) {
        auto gateway = named(ref);
        if (!gateway)
            return gateway.error();
        if (!*gateway)
            continue;
        const bool keyed = !(**gateway).value("status", json::object()).value("secretRef", json::object()).value("name", "").empty();
        keyed ? add(type, "Ready", "GatewayReady", "the gateway runs and has its keys")
              : add(type, "Pending", "GatewayPending", "waiting for the gateway to start");
    }
    auto connection = named(apis::networking::v1beta1::connectionResource());
    if (!connection)
        return connection.error();
    if (*connection) {
        const json status = (**connection).value("status", json::object());
        const std::string value = status.value("value", "");
        // Not the latency: it changes with every report and would rewrite the status each time.
        if (value == "Connected")
            add("NetworkConnectionStatus", "Established", "Connected", "the tunnel carries traffic");
        else if (value == "Error")
            add("NetworkConnectionStatus", "Error", "ConnectionError", "no answer through the tunnel");
        else
            add("NetworkConnectionStatus", "Pending", "Connecting", "the tunnel is being set up");
    }
    if (conditions.empty())
        return json{{"enabled", false}};
    return json{{"enabled", true}, {"conditions", conditions}};
}

} // namespace spillway::peering
