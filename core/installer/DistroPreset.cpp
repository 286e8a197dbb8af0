#include "installer/DistroPreset.h"

#include "common/Names.h"
#include "common/Yaml.h"

#include <QHostAddress>
#include <QUrl>

namespace spillway::installer {

using nlohmann::json;

namespace {

const QString kApiServerKey = QStringLiteral("apiServer.address");
const QString kGatewayServiceTypeKey = QStringLiteral("networking.gatewayServiceType");
const QString kAuthServiceTypeKey = QStringLiteral("authentication.serviceType");

QString str(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

QStringList ipv4Cidrs(const QStringList &candidates)
{
    QStringList out;
    for (const QString &c : candidates)
        if (!c.contains(QLatin1Char(':')) && isValidCidr(c.trimmed()))
            out << c.trimmed();
    return out;
}

// Takes what SOURCE says about the networks where no more authoritative source has spoken.
void adopt(ClusterFacts &facts, const QStringList &pods, const QStringList &services, const QString &source)
{
    if (const QStringList p = ipv4Cidrs(pods); !p.isEmpty() && facts.podCidrs.isEmpty()) {
        facts.podCidrs = p;
        facts.podSource = source;
    }
    if (const QStringList s = ipv4Cidrs(services); !s.isEmpty() && facts.serviceCidr.isEmpty()) {
        facts.serviceCidr = s.first();
        facts.serviceSource = source;
    }
}

// kubeadm (and kind, which runs kubeadm) keep the ClusterConfiguration it was set up with.
void readKubeadmConfig(kube::KubeClient &client, ClusterFacts &facts)
{
    auto cm = client.get(kube::resources::configMaps(), QStringLiteral("kube-system"), QStringLiteral("kubeadm-config"));
    if (!cm)
        return;
    const QString text = str(cm->value("data", json::object()), "ClusterConfiguration");
    auto config = yamlToJson(text.toUtf8(), QStringLiteral("kubeadm-config"));
    if (!config || !config->is_object())
        return;
    const json networking = config->value("networking", json::object());
    adopt(facts, str(networking, "podSubnet").split(QLatin1Char(',')), str(networking, "serviceSubnet").split(QLatin1Char(',')),
          QStringLiteral("kube-system/kubeadm-config"));
    facts.controlPlaneEndpoint = str(*config, "controlPlaneEndpoint");
}

// k3s writes each server's command line onto its Node as a JSON list.
void readK3sNodeArgs(const json &nodes, ClusterFacts &facts)
{
    for (const json &node : nodes.value("items", json::array())) {
        const QString raw = str(node.value("metadata", json::object()).value("annotations", json::object()), "k3s.io/node-args");
        if (raw.isEmpty())
            continue;
        const json args = json::parse(raw.toStdString(), nullptr, false);
        if (!args.is_array())
            continue;
        QStringList list;
        for (const json &a : args)
            if (a.is_string())
                list << QString::fromStdString(a.get<std::string>());
        auto flag = [&](const QString &name) {
            for (int i = 0; i < list.size(); ++i) {
                if (list[i] == name && i + 1 < list.size())
                    return list[i + 1];
                if (list[i].startsWith(name + QLatin1Char('=')))
                    return list[i].mid(name.size() + 1);
            }
            return QString();
        };
        adopt(facts, flag(QStringLiteral("--cluster-cidr")).split(QLatin1Char(',')), flag(QStringLiteral("--service-cidr")).split(QLatin1Char(',')),
              QStringLiteral("node %1's k3s.io/node-args").arg(str(node["metadata"], "name")));
    }
}

void readOpenShiftNetwork(kube::KubeClient &client, ClusterFacts &facts)
{
    const kube::ResourceRef networks{QStringLiteral("config.openshift.io"), QStringLiteral("v1"), QStringLiteral("networks"), QStringLiteral("Network"), false};
    auto config = client.get(networks, {}, QStringLiteral("cluster"));
    if (!config)
        return;
    const json spec = config->value("spec", json::object());
    QStringList pods, services;
    for (const json &n : spec.value("clusterNetwork", json::array()))
        pods << str(n, "cidr");
    for (const json &s : spec.value("serviceNetwork", json::array()))
        if (s.is_string())
            services << QString::fromStdString(s.get<std::string>());
    adopt(facts, pods, services, QStringLiteral("the Network config.openshift.io \"cluster\""));
}

void readServiceCidr(kube::KubeClient &client, ClusterFacts &facts)
{
    const kube::ResourceRef serviceCidrs{QStringLiteral("networking.k8s.io"), QStringLiteral("v1"), QStringLiteral("servicecidrs"), QStringLiteral("ServiceCIDR"), false};
    auto found = client.get(serviceCidrs, {}, QStringLiteral("kubernetes"));
    if (!found)
        return;
    QStringList cidrs;
    for (const json &c : found->value("spec", json::object()).value("cidrs", json::array()))
        if (c.is_string())
            cidrs << QString::fromStdString(c.get<std::string>());
    adopt(facts, {}, cidrs, QStringLiteral("the cluster's ServiceCIDR \"kubernetes\""));
}

QString internalIp(const json &node)
{
    for (const json &a : node.value("status", json::object()).value("addresses", json::array()))
        if (a.value("type", "") == "InternalIP")
            if (const QString ip = str(a, "address"); QHostAddress(ip).protocol() == QAbstractSocket::IPv4Protocol)
                return ip;
    return {};
}

bool isLoopback(const QString &url)
{
    const QString host = QUrl(url).host();
    return host == QLatin1String("localhost") || QHostAddress(host).isLoopback();
}

QString httpsUrl(QString endpoint)
{
    if (!endpoint.startsWith(QLatin1String("https://")))
        endpoint.prepend(QStringLiteral("https://"));
    if (QUrl(endpoint).port() < 0)
        endpoint += QStringLiteral(":6443");
    return endpoint;
}

} // namespace

DistroPreset distroPreset(const QString &distro)
{
    DistroPreset p;
    p.serviceType = QStringLiteral("NodePort");   // reachable without a cloud load balancer
    if (distro == QLatin1String("kind") || distro == QLatin1String("kubeadm")) {
        p.podCidr = QStringLiteral("10.244.0.0/16");
        p.serviceCidr = QStringLiteral("10.96.0.0/12");
        p.apiServerOnControlPlaneNode = distro == QLatin1String("kind");
    } else if (distro == QLatin1String("k3s")) {
        p.podCidr = QStringLiteral("10.42.0.0/16");
        p.serviceCidr = QStringLiteral("10.43.0.0/16");
    } else if (distro == QLatin1String("eks") || distro == QLatin1String("aks") || distro == QLatin1String("gke")
               || distro == QLatin1String("openshift")) {
        p.serviceType = QStringLiteral("LoadBalancer");   // nodes are rarely reachable from outside the cloud network
    }
    return p;
}

ClusterFacts readClusterFacts(kube::KubeClient &client, const QString &distro)
{
    ClusterFacts facts;
    // In order of authority; each source fills only what the ones before it left empty.
    readServiceCidr(client, facts);
    if (distro == QLatin1String("openshift"))
        readOpenShiftNetwork(client, facts);
    readKubeadmConfig(client, facts);
    auto nodes = client.list(kube::resources::nodes(), {});
    if (nodes) {
        readK3sNodeArgs(*nodes, facts);
        for (const json &node : nodes->value("items", json::array())) {
            const json labels = node.value("metadata", json::object()).value("labels", json::object());
            if (labels.contains("node-role.kubernetes.io/control-plane") || labels.contains("node-role.kubernetes.io/master"))
                if (const QString ip = internalIp(node); !ip.isEmpty()) {
                    facts.controlPlaneAddress = ip;
                    break;
                }
        }
    }
    return facts;
}

QStringList settlePreset(InstallOptions &o, const ClusterFacts &facts, const std::optional<InstallRecord> &previous,
                         const QString &kubeconfigServer)
{
    const DistroPreset preset = distroPreset(o.distro);
    QStringList lines;

    if (o.podCidrs.isEmpty() && previous && !previous->podCidrs.isEmpty())
        o.podCidrs = previous->podCidrs;
    else if (o.podCidrs.isEmpty() && !facts.podCidrs.isEmpty()) {
        o.podCidrs = facts.podCidrs;
        lines << QStringLiteral("Pod CIDR %1 (from %2; pass --pod-cidr to override)").arg(o.podCidrs.join(QLatin1Char(',')), facts.podSource);
    } else if (o.podCidrs.isEmpty() && !preset.podCidr.isEmpty()) {
        o.podCidrs = {preset.podCidr};
        lines << QStringLiteral("Pod CIDR %1 (the %2 default; pass --pod-cidr if this cluster uses another)").arg(preset.podCidr, o.distro);
    } else if (o.podCidrs.isEmpty()) {
        lines << QStringLiteral("No --pod-cidr: peers' pod CIDRs will not be checked against this cluster's; pass --pod-cidr");
    }
    if (o.reservedSubnets.isEmpty() && previous)
        o.reservedSubnets = previous->reservedSubnets;

    if (o.serviceCidr.isEmpty() && previous && !previous->serviceCidr.isEmpty())
        o.serviceCidr = previous->serviceCidr;
    else if (o.serviceCidr.isEmpty() && !facts.serviceCidr.isEmpty()) {
        o.serviceCidr = facts.serviceCidr;
        lines << QStringLiteral("Service CIDR %1 (from %2)").arg(o.serviceCidr, facts.serviceSource);
    } else if (o.serviceCidr.isEmpty() && !preset.serviceCidr.isEmpty()) {
        o.serviceCidr = preset.serviceCidr;
        lines << QStringLiteral("Service CIDR %1 (the %2 default; pass --service-cidr if this cluster uses another)").arg(o.serviceCidr, o.distro);
    }

    if (!o.values.contains(kApiServerKey)) {
        QString url = kubeconfigServer, why = QStringLiteral("the kubeconfig's server");
        if (!facts.controlPlaneEndpoint.isEmpty()) {
            url = httpsUrl(facts.controlPlaneEndpoint);
            why = QStringLiteral("kubeadm's controlPlaneEndpoint");
        } else if ((preset.apiServerOnControlPlaneNode || (o.distro == QLatin1String("k3s") && isLoopback(kubeconfigServer)))
                   && !facts.controlPlaneAddress.isEmpty()) {
            url = httpsUrl(facts.controlPlaneAddress);
            why = QStringLiteral("the control-plane node's InternalIP");
        }
        o.values[kApiServerKey] = url;
        lines << QStringLiteral("API server URL for peers %1 (%2; pass --api-server-url to override)").arg(url, why);
        if (isLoopback(url))
            lines << QStringLiteral("Note: %1 is this machine's loopback: only clusters on this machine can peer with it; "
                                    "pass --api-server-url with an address peers reach").arg(url);
    }
    if (!o.values.contains(kGatewayServiceTypeKey)) {
        o.values[kGatewayServiceTypeKey] = preset.serviceType;
        lines << QStringLiteral("Gateway Service type %1 (the %2 preset; pass --gateway-service-type to override)").arg(preset.serviceType, o.distro);
    }
    if (!o.values.contains(kAuthServiceTypeKey)) {
        o.values[kAuthServiceTypeKey] = preset.serviceType;
        if (o.runtime == Runtime::Kubernetes)
            lines << QStringLiteral("Peering endpoint Service type %1 (the %2 preset; pass --set authentication.serviceType=... to override)")
                         .arg(preset.serviceType, o.distro);
    }
    return lines;
}

} // namespace spillway::installer
