#include "installer/Manifests.h"

#include "installer/IpamNetworks.h"

#include "common/Yaml.h"
#include "manager/WebhookConfiguration.h"
#include "storage/VirtualVolumes.h"

#include <QDir>
#include <QFile>

namespace spillway::installer {

using nlohmann::json;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

QString joinMap(const QMap<QString, QString> &map)
{
    QStringList out;
    for (auto it = map.begin(); it != map.end(); ++it)
        out << it.key() + QLatin1Char('=') + it.value();
    return out.join(QLatin1Char(','));
}

// The replicas on different nodes when there are several: a node lost keeps a standby.
json spreadAcrossNodes(const json &selector)
{
    const json term = {{"labelSelector", {{"matchLabels", selector}}}, {"topologyKey", "kubernetes.io/hostname"}};
    const json preferred = json::array({json{{"weight", 100}, {"podAffinityTerm", term}}});
    return {{"podAntiAffinity", {{"preferredDuringSchedulingIgnoredDuringExecution", preferred}}}};
}

json controllerManagerDeployment(const RenderInput &in, const QMap<QString, QString> &values)
{
    const std::string ns = s(in.options.ns);
    const json selector = {{names::kPartOfLabel, names::kPartOfValue}, {names::kComponentLabel, "controller-manager"}};
    const std::string image = s(values[QStringLiteral("image.registry")] + QStringLiteral("/spillway-controller-manager:")
                                + values[QStringLiteral("image.tag")]);
    json container = {
        {"name", "controller-manager"},
        {"image", image},
        {"imagePullPolicy", s(values[QStringLiteral("image.pullPolicy")])},
        {"args", json::array({"--namespace=" + ns, "--health-address=0.0.0.0", "--health-port=8081",
                              "--webhook-address=0.0.0.0", "--webhook-port=9443",
                              std::string("--webhook-service=") + names::kWebhookService,
                              "--qps=" + s(values[QStringLiteral("controllerManager.qps")]),
                              "--burst=" + s(values[QStringLiteral("controllerManager.burst")]),
                              "--workers=" + s(values[QStringLiteral("controllerManager.workers")]),
                              "--webhook-failure-policy=" + s(values[QStringLiteral("webhook.failurePolicy")]),
                              "--auth-address=0.0.0.0", "--auth-port=9444", "--runtime=kubernetes",
                              "--virtual-kubelet-image=" + s(values[QStringLiteral("image.registry")] + QStringLiteral("/spillway-virtual-kubelet:")
                                                             + values[QStringLiteral("image.tag")]),
                              "--image-pull-policy=" + s(values[QStringLiteral("image.pullPolicy")]),
                              "--peer-certificate-lifetime=" + s(values[QStringLiteral("peering.certificateLifetime")]),
                              "--peer-certificate-renew-before=" + s(values[QStringLiteral("peering.certificateRenewBefore")])})},
        {"ports", json::array({{{"name", "webhook"}, {"containerPort", 9443}}, {{"name", "health"}, {"containerPort", 8081}},
                               {{"name", "auth"}, {"containerPort", 9444}}})},
        {"readinessProbe", {{"httpGet", {{"path", "/readyz"}, {"port", "health"}}}}},
        {"livenessProbe", {{"httpGet", {{"path", "/healthz"}, {"port", "health"}}}}},
        // Idle it holds about 30 MB (bench/real).
        {"resources", {{"requests", {{"cpu", "20m"}, {"memory", "64Mi"}}}, {"limits", {{"memory", "512Mi"}}}}},
        {"securityContext", {{"runAsNonRoot", true}, {"allowPrivilegeEscalation", false}, {"readOnlyRootFilesystem", true},
                             {"capabilities", {{"drop", json::array({"ALL"})}}}}},
    };
    if (!values[QStringLiteral("authentication.url")].isEmpty())
        container["args"].push_back("--auth-url=" + s(values[QStringLiteral("authentication.url")]));
    for (const QString &arg : storageArgs(values))
        container["args"].push_back(s(arg));
    // In a pod the API server's own address is the in-cluster Service, which peers cannot reach.
    if (!values[QStringLiteral("apiServer.address")].isEmpty())
        container["args"].push_back("--api-server-address-override=" + s(values[QStringLiteral("apiServer.address")]));
    if (const QString labels = joinMap(clusterLabels(in.options)); !labels.isEmpty())
        container["args"].push_back("--cluster-labels=" + s(labels));
    json d = {{"apiVersion", "apps/v1"}, {"kind", "Deployment"},
              {"metadata", {{"name", names::kControllerManager}, {"namespace", ns}}},
              {"spec", {{"replicas", values[QStringLiteral("controllerManager.replicas")].toInt()},
                        {"selector", {{"matchLabels", selector}}},
                        {"template", {{"metadata", {{"labels", selector}}},
                                      {"spec", {{"serviceAccountName", names::kControllerManager},
                                                {"affinity", spreadAcrossNodes(selector)},
                                                {"containers", json::array({container})}}}}}}}};
    labelAsSpillway(d, QStringLiteral("controller-manager"));
    // liqoctl info and version find the controller manager by name and component (not in the
    // selector, which is immutable).
    d["metadata"]["labels"]["app.kubernetes.io/name"] = "controller-manager";
    return d;
}

// Consumers outside the cluster reach the out-of-band peering endpoint through this Service;
// its type (authentication.serviceType) and the address they use (authentication.url) are the
// installer's choice.
json authService(const RenderInput &in, const QMap<QString, QString> &values)
{
    json svc = {{"apiVersion", "v1"}, {"kind", "Service"},
                {"metadata", {{"name", names::kAuthService}, {"namespace", s(in.options.ns)}}},
                {"spec", {{"type", s(values[QStringLiteral("authentication.serviceType")])},
                          {"selector", {{names::kPartOfLabel, names::kPartOfValue}, {names::kComponentLabel, "controller-manager"}}},
                          {"ports", json::array({{{"name", "auth"}, {"port", 443}, {"targetPort", "auth"}}})}}}};
    labelAsSpillway(svc, QStringLiteral("authentication"));
    return svc;
}

json webhookService(const RenderInput &in)
{
    json svc = {{"apiVersion", "v1"}, {"kind", "Service"},
                {"metadata", {{"name", names::kWebhookService}, {"namespace", s(in.options.ns)}}},
                {"spec", {{"selector", {{names::kPartOfLabel, names::kPartOfValue}, {names::kComponentLabel, "controller-manager"}}},
                          {"ports", json::array({{{"name", "webhook"}, {"port", 443}, {"targetPort", "webhook"}}})}}}};
    labelAsSpillway(svc, QStringLiteral("webhook"));
    return svc;
}

} // namespace

QMap<QString, QString> clusterLabels(const InstallOptions &options)
{
    QMap<QString, QString> labels = options.clusterLabels;
    // As liqoctl does for every named provider, so peers can select clusters by platform.
    if (options.distro != QLatin1String("generic") && !labels.contains(QLatin1String(names::kProviderLabel)))
        labels.insert(QLatin1String(names::kProviderLabel), options.distro);
    return labels;
}

QStringList storageArgs(const QMap<QString, QString> &values)
{
    QStringList out{QStringLiteral("--storage-namespace=") + values.value(QStringLiteral("storage.storageNamespace"), QStringLiteral("liqo-storage"))};
    if (const QString real = values.value(QStringLiteral("storage.realStorageClassName")); !real.isEmpty())
        out << QStringLiteral("--real-storage-class=") + real;
    return out;
}

void labelAsSpillway(json &object, const QString &component)
{
    json &labels = object["metadata"]["labels"];
    if (!labels.is_object())
        labels = json::object();
    labels[names::kPartOfLabel] = names::kPartOfValue;
    labels["app.kubernetes.io/managed-by"] = names::kFieldManager;
    if (!component.isEmpty())
        labels[names::kComponentLabel] = s(component);
}

Result<std::vector<json>> crdManifests()
{
    QDir dir(QStringLiteral(":/installer/crds"));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error::of(Error::Kind::Internal, QStringLiteral("no CRDs are embedded in this build (resource :/installer/crds is empty)"));
    std::vector<json> out;
    for (const QString &name : files) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            return Error::of(Error::Kind::Internal, QStringLiteral("cannot read embedded %1").arg(name));
        auto crd = yamlToJson(f.readAll(), name);
        if (!crd)
            return crd.error();
        labelAsSpillway(*crd, QStringLiteral("crd"));
        out.push_back(std::move(*crd));
    }
    return out;
}

Result<std::vector<json>> renderManifests(const RenderInput &in)
{
    const QStringList problems = validate(in.options);
    if (!problems.isEmpty())
        return Error::of(Error::Kind::Config, problems.join(QStringLiteral("; ")));
    QMap<QString, QString> values = defaultValues();
    for (auto it = in.options.values.begin(); it != in.options.values.end(); ++it)
        values[it.key()] = it.value();

    auto crds = crdManifests();
    if (!crds)
        return crds.error();
    std::vector<json> out = std::move(*crds);
    const std::string ns = s(in.options.ns);

    json nsObject = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns}}}};
    labelAsSpillway(nsObject);
    out.push_back(nsObject);

    json identity = {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
                     {"metadata", {{"name", names::kClusterIdConfigMap}, {"namespace", ns}}},
                     {"data", {{names::kClusterIdKey, s(in.clusterId)}}}};
    labelAsSpillway(identity, QStringLiteral("clusterid-configmap"));
    identity["metadata"]["labels"]["app.kubernetes.io/name"] = "clusterid-configmap";
    out.push_back(identity);

    json record = {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
                   {"metadata", {{"name", names::kInstallRecord}, {"namespace", ns}}},
                   {"data", {{"version", s(in.version.toString())},
                             {"clusterID", s(in.clusterId)},
                             {"distribution", s(in.options.distro)},
                             {"runtime", s(runtimeName(in.options.runtime))},
                             {"podCIDRs", s(in.options.podCidrs.join(QLatin1Char(',')))},
                             {"serviceCIDR", s(in.options.serviceCidr)},
                             {"reservedSubnets", s(in.options.reservedSubnets.join(QLatin1Char(',')))},
                             {"clusterLabels", s(joinMap(clusterLabels(in.options)))},
                             {"apiServerAddress", s(values[QStringLiteral("apiServer.address")])},
                             {"gatewayServiceType", s(values[QStringLiteral("networking.gatewayServiceType")])}}}};
    if (in.options.runtime == Runtime::Local) {
        record["data"]["stateDir"] = s(in.options.stateDir);
        record["data"]["host"] = s(in.host);
        record["data"]["webhookPort"] = std::to_string(in.webhookPort);
        record["data"]["healthPort"] = std::to_string(in.healthPort);
        record["data"]["authPort"] = std::to_string(in.authPort);
    }
    labelAsSpillway(record, QStringLiteral("install-record"));
    out.push_back(record);

    auto policy = resourcePolicyJson(in.options);
    if (!policy)
        return policy.error();
    json policies = {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
                     {"metadata", {{"name", "spillway-resource-policies"}, {"namespace", ns}}},
                     {"data", {{"default", policy->dump()}}}};
    labelAsSpillway(policies, QStringLiteral("resources"));
    out.push_back(policies);

    for (json &o : rbacManifests(in.options.ns))
        out.push_back(std::move(o));

    if (const QString virtualClass = values[QStringLiteral("storage.virtualStorageClassName")]; !virtualClass.isEmpty()) {
        // The first pod of a claim decides where its data lives, so binding waits for it.
        json storageClass = {{"apiVersion", "storage.k8s.io/v1"}, {"kind", "StorageClass"}, {"metadata", {{"name", s(virtualClass)}}},
                             {"provisioner", storage::kProvisioner}, {"volumeBindingMode", "WaitForFirstConsumer"}, {"reclaimPolicy", "Delete"}};
        labelAsSpillway(storageClass, QStringLiteral("storage"));
        out.push_back(storageClass);
    }

    manager::WebhookEndpoint endpoint;
    endpoint.failurePolicy = values[QStringLiteral("webhook.failurePolicy")];
    if (in.options.runtime == Runtime::Local) {
        endpoint.url = QStringLiteral("https://127.0.0.1:%1").arg(in.webhookPort);
    } else {
        endpoint.serviceNamespace = in.options.ns;
        endpoint.serviceName = QString::fromLatin1(names::kWebhookService);
    }
    json webhooks = manager::validatingWebhookConfiguration(endpoint);
    labelAsSpillway(webhooks, QStringLiteral("webhook"));
    out.push_back(webhooks);
    json mutating = manager::mutatingWebhookConfiguration(endpoint);
    labelAsSpillway(mutating, QStringLiteral("webhook"));
    out.push_back(mutating);

    for (json &o : gatewayTemplates(in.options.ns, values))
        out.push_back(std::move(o));
    for (json &o : ipamNetworks(in.options, values))
        out.push_back(std::move(o));

    if (in.options.runtime == Runtime::Kubernetes) {
        out.push_back(webhookService(in));
        out.push_back(authService(in, values));
        out.push_back(controllerManagerDeployment(in, values));
        out.push_back(fabricDaemonSet(in.options.ns, values));
    }
    return out;
}

Result<InstallRecord> parseInstallRecord(const json &cm)
{
    const json data = cm.value("data", json::object());
    auto str = [&](const char *k) { return QString::fromStdString(data.value(k, std::string())); };
    InstallRecord r;
    const auto version = Version::parse(str("version"));
    if (!version)
        return Error::of(Error::Kind::Decode, QStringLiteral("the install record has no valid version (\"%1\")").arg(str("version")));
    r.version = *version;
    r.clusterId = str("clusterID");
    r.distro = str("distribution");
    r.runtime = parseRuntime(str("runtime")).value_or(Runtime::Kubernetes);
    r.stateDir = str("stateDir");
    r.host = str("host");
    r.webhookPort = quint16(str("webhookPort").toUInt());
    r.healthPort = quint16(str("healthPort").toUInt());
    r.authPort = quint16(str("authPort").toUInt());
    r.podCidrs = str("podCIDRs").split(QLatin1Char(','), Qt::SkipEmptyParts);
    r.serviceCidr = str("serviceCIDR");
    r.reservedSubnets = str("reservedSubnets").split(QLatin1Char(','), Qt::SkipEmptyParts);
    r.apiServerAddress = str("apiServerAddress");
    r.gatewayServiceType = str("gatewayServiceType");
    if (auto labels = parseKeyValues(str("clusterLabels"), QStringLiteral("clusterLabels")))
        r.clusterLabels = *labels;
    return r;
}

} // namespace spillway::installer
