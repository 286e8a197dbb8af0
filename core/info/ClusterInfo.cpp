#include "info/ClusterInfo.h"

#include "installer/LocalRuntime.h"
#include "installer/Manifests.h"
#include "storage/VolumeInventory.h"

#include <QDateTime>
#include <QEventLoop>
#include <QHostInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace spillway::info {

using nlohmann::json;
namespace names = installer::names;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

// GET http://127.0.0.1:port/readyz with a deadline; true only for HTTP 200.
bool probeReady(quint16 port, int timeoutMs)
{
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/readyz").arg(port)));
    request.setTransferTimeout(timeoutMs);
    QNetworkReply *reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    const bool ok = reply->isFinished() && reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200;
    reply->abort();
    reply->deleteLater();
    return ok;
}

// The controller manager's leader Lease, renewed within its duration = some replica is alive.
json leaseHealth(kube::KubeClient &client, const QString &ns)
{
    auto lease = client.get(kube::resources::leases(), ns, QString::fromLatin1(names::kControllerManager));
    if (!lease)
        return {{"leader", nullptr}, {"leaseFresh", false}};
    const json spec = (*lease).value("spec", json::object());
    const QDateTime renewed = QDateTime::fromString(QString::fromStdString(spec.value("renewTime", "")), Qt::ISODateWithMs);
    const int duration = spec.value("leaseDurationSeconds", 15);
    const bool fresh = renewed.isValid() && renewed.secsTo(QDateTime::currentDateTimeUtc()) <= duration;
    return {{"leader", spec.value("holderIdentity", "")}, {"leaseFresh", fresh}};
}

json componentsHealth(kube::KubeClient &client, const installer::InstallRecord &record, const InfoOptions &options, bool &healthy)
{
    json components = json::array();
    const json lease = leaseHealth(client, options.ns);
    if (record.runtime == installer::Runtime::Local) {
        const bool here = record.host == QHostInfo::localHostName();
        installer::LocalRuntime runtime(record.stateDir, {});
        for (const QString &name : here ? runtime.components() : QStringList{QString::fromLatin1(names::kControllerManager)}) {
            json c = {{"name", s(name)}, {"runtime", "local"}, {"host", s(record.host)}};
            bool ok = false;
            if (here) {
                const auto st = runtime.status(name);
                c["pid"] = st.childPid;
                c["restarts"] = st.restarts;
                c["log"] = s(st.logPath);
                ok = st.childAlive;
                if (ok && name == QLatin1String(names::kControllerManager))
                    ok = probeReady(record.healthPort, options.healthTimeoutMs);
                c["detail"] = !st.supervisorAlive ? "not running" : !st.childAlive ? "restarting" : ok ? "ready" : "not ready";
            }
            if (name == QLatin1String(names::kControllerManager)) {
                c["leader"] = lease["leader"];
                ok = here ? ok && lease["leaseFresh"].get<bool>() : lease["leaseFresh"].get<bool>();
                if (!here)
                    c["detail"] = ok ? "leader lease renewed (runs on another host)" : "leader lease expired (runs on another host)";
            }
            c["healthy"] = ok;
            healthy &= ok;
            components.push_back(c);
        }
    } else {
        auto deployment = client.get(kube::resources::deployments(), options.ns, QString::fromLatin1(names::kControllerManager));
        const int ready = deployment ? (*deployment)["status"].value("readyReplicas", 0) : 0;
        const int wanted = deployment ? (*deployment)["spec"].value("replicas", 1) : 1;
        const bool ok = ready >= 1 && lease["leaseFresh"].get<bool>();
        components.push_back({{"name", names::kControllerManager}, {"runtime", "kubernetes"}, {"readyReplicas", ready},
                              {"replicas", wanted}, {"leader", lease["leader"]}, {"healthy", ok},
                              {"detail", !deployment ? "Deployment missing" : ok ? "ready" : "not ready"}});
        healthy &= ok;
    }
    return components;
}

json networkInfo(kube::KubeClient &client, const installer::InstallRecord &record)
{
    json net = {{"podCIDR", s(record.podCidrs.join(QLatin1Char(',')))}, {"serviceCIDR", s(record.serviceCidr)},
                {"externalCIDR", ""}, {"internalCIDR", ""}, {"reservedSubnets", json::array()}};
    for (const QString &r : record.reservedSubnets)
        net["reservedSubnets"].push_back(s(r));
    // IPAM Networks, once the fabric made them, are the truth (as liqoctl reads them).
    auto ref = client.resolve(QStringLiteral("ipam.liqo.io/v1alpha1"), QStringLiteral("Network"));
    if (ref)
        if (auto networks = client.listAll(*ref, {}, kube::withLabels(QStringLiteral("ipam.liqo.io/network-type"))); networks)
            for (const auto &n : (*networks)["items"]) {
                const std::string type = n["metadata"]["labels"].value("ipam.liqo.io/network-type", "");
                const std::string cidr = n.value("status", json::object()).value("cidr", n["spec"].value("cidr", ""));
                static const std::map<std::string, std::string> keys = {{"pod-cidr", "podCIDR"}, {"service-cidr", "serviceCIDR"},
                                                                        {"external-cidr", "externalCIDR"}, {"internal-cidr", "internalCIDR"}};
                if (auto k = keys.find(type); k != keys.end())
                    net[k->second] = cidr;
            }
    return net;
}

} // namespace

QString moduleState(const json &module)
{
    if (!module.is_object() || !module.value("enabled", false))
        return QStringLiteral("Disabled");
    for (const auto &c : module.value("conditions", json::array())) {
        const std::string status = c.value("status", "");
        if (status != "Established" && status != "Ready")
            return QStringLiteral("Unhealthy");
    }
    return QStringLiteral("Healthy");
}

Result<json> collectInfo(kube::KubeClient &client, const InfoOptions &options)
{
    auto recordCm = client.get(kube::resources::configMaps(), options.ns, QString::fromLatin1(names::kInstallRecord));
    if (!recordCm) {
        Error e = recordCm.error();
        if (e.isNotFound()) {
            e.kind = Error::Kind::Config;
            e.message = QStringLiteral("Spillway is not installed in namespace %1 of this cluster").arg(options.ns);
            e.hint = QStringLiteral("run 'spillctl install' (or pass --namespace if it was installed elsewhere)");
        }
        return e;
    }
    auto record = installer::parseInstallRecord(*recordCm);
    if (!record)
        return record.error();

    QString clusterId = record->clusterId;
    if (auto ids = client.list(kube::resources::configMaps(), options.ns, kube::withLabels(QString::fromLatin1(names::kClusterIdSelector))); ids) {
        for (const auto &cm : (*ids)["items"])
            clusterId = QString::fromStdString(cm.value("data", json::object()).value(names::kClusterIdKey, s(clusterId)));
    }
    json labels = json::object();
    for (auto it = record->clusterLabels.begin(); it != record->clusterLabels.end(); ++it)
        labels[s(it.key())] = s(it.value());

    json out;
    out["local"] = {{"clusterID", s(clusterId)}, {"version", s(record->version.toString())}, {"labels", labels},
                    {"APIServerAddr", s(record->apiServerAddress.isEmpty() ? client.config().server : record->apiServerAddress)}, {"namespace", s(options.ns)},
                    {"distribution", s(record->distro)}, {"runtime", s(installer::runtimeName(record->runtime))}};
    bool healthy = true;
    const json components = componentsHealth(client, *record, options, healthy);
    out["health"] = {{"healthy", healthy}, {"components", components}};
    out["network"] = networkInfo(client, *record);
    // Where the volumes of the virtual storage class live (none listed when they cannot be read).
    json volumes = json::array();
    if (auto list = storage::listVirtualVolumes(client); list)
        for (const auto &v : *list)
            volumes.push_back(storage::toJson(v));
    out["volumes"] = volumes;

    json peers = json::array();
    if (auto ref = client.resolve(QStringLiteral("core.liqo.io/v1beta1"), QStringLiteral("ForeignCluster")); ref) {
        auto list = client.listAll(*ref, {});
        if (!list)
            return list.error();
        for (const auto &fc : (*list)["items"]) {
            const json status = fc.value("status", json::object());
            const json modules = status.value("modules", json::object());
            peers.push_back({{"clusterID", fc.value("spec", json::object()).value("clusterID", fc["metadata"].value("name", ""))},
                             {"role", status.value("role", "Unknown")},
                             {"networkingStatus", s(moduleState(modules.value("networking", json())))},
                             {"authenticationStatus", s(moduleState(modules.value("authentication", json())))},
                             {"offloadingStatus", s(moduleState(modules.value("offloading", json())))}});
        }
    }
    out["peerings"] = {{"peers", peers}};
    return out;
}

Result<json> getPath(const json &root, const QString &path)
{
    QStringList segments = path.split(QLatin1Char('.'), Qt::SkipEmptyParts);
    if (segments.size() == 1 && segments[0].compare(QLatin1String("clusterid"), Qt::CaseInsensitive) == 0)
        segments = {QStringLiteral("local"), QStringLiteral("clusterID")};
    const json *at = &root;
    QString walked;
    for (const QString &seg : segments) {
        const json *next = nullptr;
        if (at->is_object()) {
            for (auto it = at->begin(); it != at->end(); ++it)
                if (QString::fromStdString(it.key()).compare(seg, Qt::CaseInsensitive) == 0)
                    next = &it.value();
        } else if (at->is_array()) {
            bool isIndex = false;
            const int index = seg.toInt(&isIndex);
            if (isIndex && index >= 0 && index < int(at->size()))
                next = &(*at)[size_t(index)];
            for (const auto &item : *at)
                if (!next && item.is_object()
                    && (QString::fromStdString(item.value("clusterID", "")) == seg || QString::fromStdString(item.value("name", "")) == seg))
                    next = &item;
        }
        if (!next) {
            QStringList have;
            if (at->is_object())
                for (auto it = at->begin(); it != at->end(); ++it)
                    have << QString::fromStdString(it.key());
            Error e;
            e.kind = Error::Kind::Config;
            e.message = QStringLiteral("--get %1: \"%2\" not found%3").arg(path, seg, walked.isEmpty() ? QString() : QStringLiteral(" in ") + walked);
            e.hint = at->is_object() ? QStringLiteral("available here: %1").arg(have.join(QStringLiteral(", ")))
                   : at->is_array() ? QStringLiteral("use an index from 0 to %1 or a clusterID").arg(int(at->size()) - 1)
                                    : QStringLiteral("%1 is a value, not an object").arg(walked);
            return e;
        }
        at = next;
        walked += (walked.isEmpty() ? QString() : QStringLiteral(".")) + seg;
    }
    return *at;
}

} // namespace spillway::info
