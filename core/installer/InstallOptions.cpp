#include "installer/InstallOptions.h"

#include "common/Version.h"
#include "resources/ResourcePolicy.h"

#include <QHostAddress>

namespace spillway::installer {

QMap<QString, QString> defaultValues()
{
    const QString tag = QStringLiteral("v") + Version::current().toString();
    return {
        {QStringLiteral("image.registry"), QStringLiteral("localhost/spillway")},
        {QStringLiteral("image.tag"), tag},
        {QStringLiteral("image.pullPolicy"), QStringLiteral("IfNotPresent")},
        {QStringLiteral("controllerManager.replicas"), QStringLiteral("2")},
        {QStringLiteral("controllerManager.qps"), QStringLiteral("200")},
        {QStringLiteral("controllerManager.burst"), QStringLiteral("400")},
        {QStringLiteral("controllerManager.workers"), QStringLiteral("4")},
        {QStringLiteral("webhook.failurePolicy"), QStringLiteral("Fail")},
        // The out-of-band peering endpoint: how consumers reach it (empty: the controller
        // manager's own address) and, in a cluster, the type of its Service.
        {QStringLiteral("authentication.url"), QString()},
        {QStringLiteral("authentication.serviceType"), QStringLiteral("NodePort")},   // the distribution's preset decides (DistroPreset)
        // Liqo's virtual storage class (empty: none), the real class behind it on local nodes
        // (empty: the cluster's default) and where those real claims are made.
        {QStringLiteral("storage.virtualStorageClassName"), QStringLiteral("liqo")},
        {QStringLiteral("storage.realStorageClassName"), QString()},
        {QStringLiteral("storage.storageNamespace"), QStringLiteral("liqo-storage")},
        // The API server address peers are given (empty: the distribution's preset decides).
        {QStringLiteral("apiServer.address"), QString()},
        // Certificates issued to consumers: lifetime and renewal (0: when a third is left), seconds.
        {QStringLiteral("peering.certificateLifetime"), QStringLiteral("2592000")},
        {QStringLiteral("peering.certificateRenewBefore"), QStringLiteral("0")},
        // How this cluster, as a provider, grants ResourceSlices of class "default".
        {QStringLiteral("resources.policy"), QStringLiteral("percentage")},
        {QStringLiteral("resources.percentage"), QStringLiteral("50")},
        {QStringLiteral("resources.fixed"), QString()},          // cpu=2000m;memory=2G;pods=10 (fixed-resources)
        {QStringLiteral("resources.nodeSelector"), QString()},   // k=v;k2=v2 (node-labels-resources)
        {QStringLiteral("resources.overcommit"), QStringLiteral("1")},   // all grants together up to free x this
        // Liqo's chart values: the addresses by which peers reach this cluster's remapped
        // endpoints, and the gateways' internal addressing.
        {QStringLiteral("ipam.externalCIDR"), QStringLiteral("10.70.0.0/16")},
        {QStringLiteral("ipam.internalCIDR"), QStringLiteral("10.80.0.0/16")},
        // Local runtime: the network namespace this cluster's gateways put their tunnels in
        // (empty: none, no gateway runs; "host": this machine's own network), and where peers
        // reach its gateway servers.
        {QStringLiteral("networking.gatewayNetns"), QString()},
        {QStringLiteral("networking.gatewayEndpointAddress"), QStringLiteral("127.0.0.1")},
        // The Service type of this cluster's gateway servers (the distribution's preset decides).
        {QStringLiteral("networking.gatewayServiceType"), QStringLiteral("NodePort")},
    };
}

Result<QMap<QString, QString>> parseKeyValues(const QString &text, const QString &flag)
{
    QMap<QString, QString> out;
    for (const QString &pair : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return Error::of(Error::Kind::Config, QStringLiteral("%1: \"%2\" is not key=value").arg(flag, pair), QStringLiteral("write it as %1 key=value[,key=value...]").arg(flag));
        out.insert(pair.left(eq).trimmed(), pair.mid(eq + 1).trimmed());
    }
    return out;
}

QStringList validate(const InstallOptions &o)
{
    QStringList problems;
    if (!kDistros.contains(o.distro))
        problems << QStringLiteral("unknown distribution \"%1\"; use one of: %2").arg(o.distro, kDistros.join(QStringLiteral(", ")));
    if (!o.clusterId.isEmpty() && !isValidClusterId(o.clusterId))
        problems << QStringLiteral("--cluster-id \"%1\" is not valid: use lower-case letters, digits and '-', starting and ending "
                                   "with a letter or digit, at most 63 characters").arg(o.clusterId);
    for (auto it = o.clusterLabels.begin(); it != o.clusterLabels.end(); ++it) {
        if (!isValidLabelKey(it.key()))
            problems << QStringLiteral("--cluster-labels: \"%1\" is not a valid label key").arg(it.key());
        if (!isValidLabelValue(it.value()))
            problems << QStringLiteral("--cluster-labels: \"%1\" is not a valid label value (63 characters of letters, digits, '-', '_', '.')").arg(it.value());
    }
    for (const QString &c : o.podCidrs)
        if (!isValidCidr(c))
            problems << QStringLiteral("--pod-cidr \"%1\" is not a network in CIDR form (e.g. 10.244.0.0/16)").arg(c);
    if (!o.serviceCidr.isEmpty() && !isValidCidr(o.serviceCidr))
        problems << QStringLiteral("--service-cidr \"%1\" is not a network in CIDR form (e.g. 10.96.0.0/12)").arg(o.serviceCidr);
    for (const QString &c : o.reservedSubnets)
        if (!isValidCidr(c))
            problems << QStringLiteral("--reserved-subnets \"%1\" is not a network in CIDR form").arg(c);
    for (const char *key : {"ipam.externalCIDR", "ipam.internalCIDR"})
        if (o.values.contains(QLatin1String(key)) && !isValidCidr(o.values[QLatin1String(key)]))
            problems << QStringLiteral("--set %1=\"%2\" is not a network in CIDR form (e.g. 10.70.0.0/16)").arg(QLatin1String(key), o.values[QLatin1String(key)]);
    if (const QString a = o.values.value(QStringLiteral("networking.gatewayEndpointAddress")); !a.isEmpty() && QHostAddress(a).protocol() != QAbstractSocket::IPv4Protocol)
        problems << QStringLiteral("--set networking.gatewayEndpointAddress=\"%1\" is not an IPv4 address").arg(a);
    if (const QString n = o.values.value(QStringLiteral("networking.gatewayNetns")); !n.isEmpty() && (n.contains(QLatin1Char('/')) || n.startsWith(QLatin1Char('.'))))
        problems << QStringLiteral("--set networking.gatewayNetns=\"%1\" is not a network namespace name (as `ip netns list` shows it)").arg(n);
    if (!isValidClusterId(o.ns))
        problems << QStringLiteral("--namespace \"%1\" is not a valid namespace name").arg(o.ns);
    const auto known = defaultValues();
    for (auto it = o.values.begin(); it != o.values.end(); ++it)
        if (!known.contains(it.key()))
            problems << QStringLiteral("--set %1: unknown value; known: %2").arg(it.key(), known.keys().join(QStringLiteral(", ")));
    if (o.values.contains(QStringLiteral("webhook.failurePolicy")) && o.values[QStringLiteral("webhook.failurePolicy")] != QLatin1String("Fail")
        && o.values[QStringLiteral("webhook.failurePolicy")] != QLatin1String("Ignore"))
        problems << QStringLiteral("--set webhook.failurePolicy must be Fail or Ignore");
    if (const QString t = o.values.value(QStringLiteral("authentication.serviceType")); !t.isEmpty()
        && !QStringList{QStringLiteral("ClusterIP"), QStringLiteral("NodePort"), QStringLiteral("LoadBalancer")}.contains(t))
        problems << QStringLiteral("--set authentication.serviceType must be ClusterIP, NodePort or LoadBalancer");
    if (const QString t = o.values.value(QStringLiteral("networking.gatewayServiceType")); !t.isEmpty()
        && !QStringList{QStringLiteral("ClusterIP"), QStringLiteral("NodePort"), QStringLiteral("LoadBalancer")}.contains(t))
        problems << QStringLiteral("--gateway-service-type must be ClusterIP, NodePort or LoadBalancer (got \"%1\")").arg(t);
    if (const QString u = o.values.value(QStringLiteral("apiServer.address")); !u.isEmpty() && !u.startsWith(QLatin1String("https://")))
        problems << QStringLiteral("--api-server-url must be an https:// address (got \"%1\")").arg(u);
    if (const QString u = o.values.value(QStringLiteral("authentication.url")); !u.isEmpty() && !u.startsWith(QLatin1String("https://")))
        problems << QStringLiteral("--set authentication.url must be an https:// address");
    {
        bool okLife = true, okRenew = true;
        const qint64 life = o.values.value(QStringLiteral("peering.certificateLifetime"), QStringLiteral("2592000")).toLongLong(&okLife);
        const qint64 renew = o.values.value(QStringLiteral("peering.certificateRenewBefore"), QStringLiteral("0")).toLongLong(&okRenew);
        if (!okLife || life < 600)
            problems << QStringLiteral("--set peering.certificateLifetime must be at least 600 seconds (Kubernetes' minimum)");
        else if (!okRenew || renew < 0 || renew > life - 10)
            problems << QStringLiteral("--set peering.certificateRenewBefore must be from 0 to the lifetime minus 10 seconds");
    }
    if (auto policy = resourcePolicyJson(o); !policy)
        problems << QStringLiteral("--set resources.*: %1").arg(policy.error().message);
    for (const char *n : {"controllerManager.replicas", "controllerManager.qps", "controllerManager.burst", "controllerManager.workers"}) {
        const QString key = QString::fromLatin1(n);
        if (o.values.contains(key)) {
            bool ok = false;
            const int v = o.values[key].toInt(&ok);
            if (!ok || v < 1)
                problems << QStringLiteral("--set %1 must be a positive whole number").arg(key);
        }
    }
    return problems;
}

Result<nlohmann::json> resourcePolicyJson(const InstallOptions &o)
{
    QMap<QString, QString> values = defaultValues();
    for (auto it = o.values.begin(); it != o.values.end(); ++it)
        values[it.key()] = it.value();
    auto pairs = [](const QString &text) {
        nlohmann::json out = nlohmann::json::object();
        for (const QString &kv : text.split(QLatin1Char(';'), Qt::SkipEmptyParts))
            out[kv.section(QLatin1Char('='), 0, 0).trimmed().toStdString()] = kv.section(QLatin1Char('='), 1).trimmed().toStdString();
        return out;
    };
    bool ok = false;
    const int percentage = values[QStringLiteral("resources.percentage")].toInt(&ok);
    nlohmann::json policy = {{"policy", values[QStringLiteral("resources.policy")].toStdString()}, {"percentage", ok ? percentage : -1}};
    if (!values[QStringLiteral("resources.fixed")].isEmpty())
        policy["resources"] = pairs(values[QStringLiteral("resources.fixed")]);
    if (!values[QStringLiteral("resources.nodeSelector")].isEmpty())
        policy["nodeSelector"] = pairs(values[QStringLiteral("resources.nodeSelector")]);
    const double overcommit = values[QStringLiteral("resources.overcommit")].toDouble(&ok);
    policy["overcommit"] = ok ? overcommit : -1.0;
    auto parsed = resources::parsePolicy(policy);
    if (!parsed)
        return parsed.error();
    return resources::toJson(*parsed);
}

QString generateClusterId(const kube::RandomSource &random)
{
    static const char *const adjectives[] = {"amber", "brave", "calm", "crimson", "eager", "fancy", "gentle", "golden",
                                             "happy", "icy", "jolly", "lively", "misty", "noble", "proud", "quiet",
                                             "rapid", "silent", "sunny", "swift", "tidy", "vivid", "wild", "young"};
    static const char *const nouns[] = {"badger", "cedar", "comet", "delta", "falcon", "fjord", "glacier", "harbor",
                                        "heron", "lagoon", "maple", "meadow", "otter", "pine", "quartz", "raven",
                                        "river", "sparrow", "summit", "tiger", "tundra", "valley", "willow", "zephyr"};
    auto pick = [&](int n) { return qBound(0, int(random() * n), n - 1); };
    // One statement per draw: the order of the draws is part of what tests pin down.
    const QLatin1String adjective(adjectives[pick(std::size(adjectives))]);
    const QLatin1String noun(nouns[pick(std::size(nouns))]);
    QString suffix;
    for (int i = 0; i < 4; ++i)
        suffix += QLatin1Char("0123456789abcdef"[pick(16)]);
    return QStringLiteral("%1-%2-%3").arg(adjective, noun, suffix);
}

QString runtimeName(Runtime runtime)
{
    return runtime == Runtime::Local ? QStringLiteral("local") : QStringLiteral("kubernetes");
}

std::optional<Runtime> parseRuntime(const QString &text)
{
    if (text == QLatin1String("local"))
        return Runtime::Local;
    if (text == QLatin1String("kubernetes"))
        return Runtime::Kubernetes;
    return std::nullopt;
}

} // namespace spillway::installer
