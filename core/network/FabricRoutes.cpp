#include "network/FabricRoutes.h"

#include "network/GatewayDeployment.h"

#include <algorithm>
#include <map>

namespace spillway::network {

using nlohmann::json;

namespace {

std::string str(const json &obj, std::initializer_list<const char *> path)
{
    const json *at = &obj;
    for (const char *key : path) {
        if (!at->is_object() || !at->contains(key))
            return {};
        at = &(*at)[key];
    }
    return at->is_string() ? at->get<std::string>() : std::string();
}

bool isReady(const json &pod)
{
    for (const json &c : pod.value("status", json::object()).value("conditions", json::array()))
        if (c.value("type", "") == "Ready")
            return c.value("status", "") == "True";
    return false;
}

// The gateway pod that carries a namespace's traffic now, if any.
const json *servingPod(const std::vector<const json *> &pods)
{
    const json *best = nullptr;
    for (const json *p : pods) {
        if (p->value("metadata", json::object()).contains("deletionTimestamp") || str(*p, {"status", "phase"}) != "Running"
            || str(*p, {"status", "podIP"}).empty())
            continue;
        if (!best || std::pair(isReady(*p), str(*p, {"metadata", "creationTimestamp"})) > std::pair(isReady(*best), str(*best, {"metadata", "creationTimestamp"})))
            best = p;
    }
    return best;
}

QString internalIp(const std::vector<json> &nodes, const std::string &name)
{
    for (const json &n : nodes)
        if (str(n, {"metadata", "name"}) == name)
            for (const json &a : n.value("status", json::object()).value("addresses", json::array()))
                if (a.value("type", "") == "InternalIP")
                    return QString::fromStdString(a.value("address", ""));
    return {};
}

} // namespace

std::vector<FabricRoute> fabricRoutes(const QString &nodeName, const std::vector<json> &configurations, const std::vector<json> &gatewayPods,
                                      const std::vector<json> &nodes)
{
    std::map<std::string, std::vector<const json *>> podsByNamespace;
    for (const json &p : gatewayPods)
        if (str(p, {"metadata", "labels", kGatewayComponentLabel}) == kGatewayComponentValue)
            podsByNamespace[str(p, {"metadata", "namespace"})].push_back(&p);

    std::vector<const json *> ordered;
    for (const json &c : configurations)
        ordered.push_back(&c);
    std::sort(ordered.begin(), ordered.end(), [](const json *a, const json *b) {
        return str(*a, {"metadata", "namespace"}) + "/" + str(*a, {"metadata", "name"}) < str(*b, {"metadata", "namespace"}) + "/" + str(*b, {"metadata", "name"});
    });

    std::map<QString, QString> routes;   // destination -> via
    for (const json *c : ordered) {
        if (c->value("metadata", json::object()).contains("deletionTimestamp"))
            continue;
        const json *pod = servingPod(podsByNamespace[str(*c, {"metadata", "namespace"})]);
        if (!pod)
            continue;
        const std::string podNode = str(*pod, {"spec", "nodeName"});
        const QString via = podNode == nodeName.toStdString() ? QString::fromStdString(str(*pod, {"status", "podIP"})) : internalIp(nodes, podNode);
        if (via.isEmpty())
            continue;
        const json remote = c->value("status", json::object()).value("remote", json::object()).value("cidr", json::object());
        for (const char *type : {"pod", "external"})
            for (const json &cidr : remote.value(type, json::array()))
                if (cidr.is_string() && !cidr.get<std::string>().empty())
                    routes.emplace(QString::fromStdString(cidr.get<std::string>()), via);
    }
    std::vector<FabricRoute> out;
    for (const auto &[destination, via] : routes)
        out.push_back({destination, via});
    return out;
}

Result<std::vector<FabricRoute>> parseFabricRoutes(const QByteArray &ipJson)
{
    const json doc = json::parse(ipJson.isEmpty() ? QByteArray("[]").toStdString() : ipJson.toStdString(), nullptr, false);
    if (!doc.is_array())
        return Error::of(Error::Kind::Decode, QStringLiteral("`ip -j route show` printed something that is not a JSON list: %1").arg(QString::fromUtf8(ipJson.left(200))));
    std::vector<FabricRoute> out;
    for (const json &r : doc) {
        QString destination = QString::fromStdString(r.value("dst", ""));
        // ip prints a host route without its /32.
        if (!destination.isEmpty() && !destination.contains(QLatin1Char('/')))
            destination += QStringLiteral("/32");
        if (!destination.isEmpty())
            out.push_back({destination, QString::fromStdString(r.value("gateway", ""))});
    }
    std::sort(out.begin(), out.end(), [](const FabricRoute &a, const FabricRoute &b) { return a.destination < b.destination; });
    return out;
}

std::vector<QStringList> fabricRouteCommands(const std::vector<FabricRoute> &desired, const std::vector<FabricRoute> &actual)
{
    const QString proto = QString::number(kFabricRouteProtocol);
    std::vector<QStringList> out;
    for (const FabricRoute &a : actual)
        if (std::none_of(desired.begin(), desired.end(), [&](const FabricRoute &d) { return d.destination == a.destination; }))
            out.push_back({QStringLiteral("route"), QStringLiteral("del"), a.destination, QStringLiteral("proto"), proto});
    for (const FabricRoute &d : desired)
        if (std::find(actual.begin(), actual.end(), d) == actual.end())
            out.push_back({QStringLiteral("route"), QStringLiteral("replace"), d.destination, QStringLiteral("via"), d.via, QStringLiteral("proto"), proto});
    return out;
}

} // namespace spillway::network
