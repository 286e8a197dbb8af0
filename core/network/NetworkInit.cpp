#include "network/NetworkInit.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "ipam/ConfigurationReconciler.h"
#include "ipam/Labels.h"
#include "network/PollUntil.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"

#include <QDateTime>

namespace spillway::network {

using nlohmann::json;

NetworkInit::NetworkInit(End first, End second, Options options) : m_first(first), m_second(second), m_options(std::move(options)) {}

Result<void> NetworkInit::waitUntil(const QString &what, const std::function<Result<bool>()> &done)
{
    return pollUntil(what, done, {.deadlineMs = m_deadline, .pollMs = m_options.pollMs, .cancelled = m_options.cancelled, .undo = QStringLiteral("`spillctl network reset`")});
}

Result<std::pair<QString, QString>> NetworkInit::clusterIds(const End &first, const End &second)
{
    auto a = peering::readLocalCluster(*first.client, first.liqoNamespace);
    if (!a)
        return a.error();
    auto b = peering::readLocalCluster(*second.client, second.liqoNamespace);
    if (!b)
        return b.error();
    if (a->clusterId == b->clusterId)
        return Error::of(Error::Kind::Config, QStringLiteral("both kubeconfigs reach cluster %1").arg(a->clusterId),
                         QStringLiteral("pass the other cluster's kubeconfig with --remote-kubeconfig"));
    return std::pair{a->clusterId, b->clusterId};
}

Result<NetworkInit::Outcome> NetworkInit::run()
{
    m_deadline = QDateTime::currentMSecsSinceEpoch() + m_options.timeoutMs;
    auto ids = clusterIds(m_first, m_second);
    if (!ids)
        return ids.error();

    // What each cluster tells the other: its pod CIDR and its external CIDR once its IPAM has it.
    struct Side {
        End end;
        QString id;
        ipam::ConfigurationReconciler::LocalNetworks networks;
    };
    Side sides[2] = {{m_first, ids->first, {}}, {m_second, ids->second, {}}};
    for (Side &s : sides) {
        if (auto r = waitUntil(QStringLiteral("cluster %1's IPAM to give its external CIDR").arg(s.id), [&]() -> Result<bool> {
                auto n = ipam::ConfigurationReconciler::localNetworks(*s.end.client, s.end.liqoNamespace);
                if (!n)
                    return n.error();
                s.networks = *n;
                return !n->external.isEmpty();
            });
            !r)
            return r.error();
        if (s.networks.pods.isEmpty())
            return Error::of(Error::Kind::Config, QStringLiteral("cluster %1 has no pod-cidr Network: Spillway does not know its pod CIDR").arg(s.id),
                             QStringLiteral("re-run spillctl install on it with --pod-cidr"));
    }

    const auto configurations = apis::networking::v1beta1::configurationResource();
    for (int i = 0; i < 2; ++i) {
        const Side &self = sides[i], &peer = sides[1 - i];
        json pods = json::array();
        for (const QString &p : peer.networks.pods)
            pods.push_back(p.toStdString());
        if (auto r = peering::ensureTenantNamespace(*self.end.client, peer.id, m_options.fieldManager); !r)
            return r.error();
        const json configuration = {
            {"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "Configuration"},
            {"metadata", {{"name", peer.id.toStdString()}, {"namespace", peering::tenantNamespace(peer.id).toStdString()},
                          {"labels", {{ipam::kRemoteClusterIdLabel, peer.id.toStdString()}}}}},
            {"spec", {{"remote", {{"cidr", {{"pod", pods},
                                            {"external", json::array({peer.networks.external.toStdString()})}}}}}}}};
        if (auto r = self.end.client->apply(configurations, peering::tenantNamespace(peer.id), configuration, m_options.fieldManager, true); !r)
            return r.error();
        m_options.progress(QStringLiteral("%1: Configuration %2 applied (pod %3, external %4)").arg(self.id, peer.id, peer.networks.pods.join(QStringLiteral(", ")), peer.networks.external));
    }

    Outcome out;
    for (int i = 0; i < 2; ++i) {
        const Side &self = sides[i], &peer = sides[1 - i];
        View &view = i == 0 ? out.first : out.second;
        view.clusterId = self.id;
        view.peerId = peer.id;
        view.peerPods = peer.networks.pods;
        view.peerExternal = peer.networks.external;
        if (auto r = waitUntil(QStringLiteral("cluster %1 to map %2's networks").arg(self.id, peer.id), [&]() -> Result<bool> {
                auto c = self.end.client->get(configurations, peering::tenantNamespace(peer.id), peer.id);
                if (!c)
                    return c.error();
                const json cidr = (*c).value("status", json::object()).value("remote", json::object()).value("cidr", json::object());
                view.peerPodsAs.clear();
                for (const json &p : cidr.value("pod", json::array()))
                    if (p.is_string())
                        view.peerPodsAs << QString::fromStdString(p.get<std::string>());
                view.peerExternalAs = ipam::ConfigurationReconciler::primaryCidr(cidr.value("external", json::array()));
                return (*c)["metadata"].value("labels", json::object()).value(ipam::kConfiguredLabel, "") == "true"
                       && view.peerPodsAs.size() == view.peerPods.size();
            });
            !r)
            return r.error();
    }
    return out;
}

} // namespace spillway::network
