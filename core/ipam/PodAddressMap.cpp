#include "ipam/PodAddressMap.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "kube/Informer.h"
#include "peering/PeeringNames.h"

namespace spillway::ipam {

using nlohmann::json;

namespace {

json podCidrsAt(const json &configuration, const char *part)
{
    const json at = configuration.is_object() ? configuration.value(part, json::object()).value("remote", json::object()).value("cidr", json::object()) : json();
    return at.is_object() ? at.value("pod", json::array()) : json::array();
}

} // namespace

bool PodAddressMap::setConfiguration(const json &configuration)
{
    std::vector<Remap> remaps;
    const json real = podCidrsAt(configuration, "spec"), as = podCidrsAt(configuration, "status");
    for (size_t i = 0; real.is_array() && as.is_array() && i < real.size() && i < as.size(); ++i) {
        if (!real[i].is_string() || !as[i].is_string())
            continue;
        const auto r = ipam::Cidr::parse(QString::fromStdString(real[i].get<std::string>()));
        const auto a = ipam::Cidr::parse(QString::fromStdString(as[i].get<std::string>()));
        // A peer's malformed Configuration maps nothing rather than something wrong.
        if (r && a && r->length == a->length)
            remaps.push_back({*r, *a});
    }
    std::lock_guard lock(m_mutex);
    const bool changed = remaps.size() != m_remaps.size()
                         || !std::equal(remaps.begin(), remaps.end(), m_remaps.begin(),
                                        [](const Remap &x, const Remap &y) { return x.real == y.real && x.as == y.as; });
    m_remaps = std::move(remaps);
    return changed;
}

std::optional<QString> PodAddressMap::mapped(const QString &text) const
{
    const auto address = ipam::parseAddress(text);
    if (!address)
        return std::nullopt;
    std::lock_guard lock(m_mutex);
    for (const Remap &r : m_remaps)
        if (const auto to = ipam::remapAddress(*address, r.real, r.as))
            return ipam::formatAddress(*to);
    return std::nullopt;
}

QString PodAddressMap::localAddress(const QString &remoteAddress) const
{
    return mapped(remoteAddress).value_or(remoteAddress);
}

json PodAddressMap::translateStatus(json status) const
{
    if (status.contains("podIP") && status["podIP"].is_string())
        status["podIP"] = localAddress(QString::fromStdString(status["podIP"].get<std::string>())).toStdString();
    if (status.contains("podIPs") && status["podIPs"].is_array())
        for (json &ip : status["podIPs"])
            if (ip.is_object() && ip.contains("ip") && ip["ip"].is_string())
                ip["ip"] = localAddress(QString::fromStdString(ip["ip"].get<std::string>())).toStdString();
    return status;
}

std::unique_ptr<kube::Informer> followPeerConfiguration(kube::KubeClient *client, const QString &peerId, PodAddressMap &map,
                                                        std::function<void()> changed, QObject *parent)
{
    kube::Informer::Options o;
    o.ns = peering::tenantNamespace(peerId);
    o.fieldSelector = QStringLiteral("metadata.name=") + peerId;
    auto informer = std::make_unique<kube::Informer>(client, apis::networking::v1beta1::configurationResource(), o, parent);
    auto follow = [&map, changed = std::move(changed)](const json &configuration) {
        if (map.setConfiguration(configuration))
            changed();
    };
    informer->addHandlers({follow, [follow](const json &, const json &now) { follow(now); }, [follow](const json &, bool) { follow(json()); }});
    informer->start();
    return informer;
}

} // namespace spillway::ipam
