#include "ipam/ConfigurationReconciler.h"

#include "apis/ipam/v1alpha1/Network.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "ipam/Labels.h"
#include "kube/Conditions.h"

#include <QDateTime>

namespace spillway::ipam {

using nlohmann::json;

QString ConfigurationReconciler::primaryCidr(const json &list)
{
    return list.is_array() && !list.empty() && list[0].is_string() ? QString::fromStdString(list[0].get<std::string>()) : QString();
}

ConfigurationReconciler::ConfigurationReconciler(kube::KubeClient &client, QString liqoNamespace, std::function<QString()> nowIso)
    : m_client(client), m_liqoNamespace(std::move(liqoNamespace)), m_now(std::move(nowIso))
{
    if (!m_now)
        m_now = [] { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate); };
}

json ConfigurationReconciler::cidrsCondition(const json &configuration, bool configured, std::int64_t generation) const
{
    const std::string status = configured ? "True" : "False";
    const json previous = configuration.value("status", json::object()).value("conditions", json::array());
    json condition = {{"type", kNetworkCidrsConfiguredCondition}, {"status", status}, {"observedGeneration", generation},
                      {"reason", configured ? "NetworkCIDRsConfigured" : "WaitingForNetworks"},
                      {"message", configured ? "the peer's CIDRs are mapped, remapped where they clash with this cluster's"
                                             : "waiting for the IPAM to map the peer's CIDRs"}};
    condition["lastTransitionTime"] = kube::transitionTime(previous, kNetworkCidrsConfiguredCondition, status, m_now().toStdString());
    return kube::withCondition(previous, condition);
}

Result<ConfigurationReconciler::LocalNetworks> ConfigurationReconciler::localNetworks(kube::KubeClient &client, const QString &liqoNamespace)
{
    LocalNetworks out;
    const auto ref = apis::ipam::v1alpha1::networkResource();
    // The installer names them pod-cidr, pod-cidr-2, ... in the order given.
    for (int i = 1; i <= 64; ++i) {
        auto pod = client.get(ref, liqoNamespace, i == 1 ? QStringLiteral("pod-cidr") : QStringLiteral("pod-cidr-%1").arg(i));
        if (!pod && !pod.error().isNotFound())
            return pod.error();
        if (!pod)
            break;
        out.pods << QString::fromStdString((*pod)["spec"].value("cidr", ""));
    }
    auto external = client.get(ref, liqoNamespace, QStringLiteral("external-cidr"));
    if (!external && !external.error().isNotFound())
        return external.error();
    if (external)
        out.external = QString::fromStdString((*external).value("status", json::object()).value("cidr", ""));
    return out;
}

Result<QString> ConfigurationReconciler::ensureNetwork(const json &configuration, const char *type, const QString &name, const QString &cidr)
{
    const json meta = configuration["metadata"];
    const QString ns = QString::fromStdString(meta.value("namespace", ""));
    const auto ref = apis::ipam::v1alpha1::networkResource();
    auto existing = m_client.get(ref, ns, name);
    if (!existing && !existing.error().isNotFound())
        return existing.error();
    if (existing && (*existing)["spec"].value("cidr", "") != cidr.toStdString()) {
        // The peer's CIDR changed: spec.cidr is immutable, so the Network is made again.
        auto removed = m_client.remove(ref, ns, name);
        if (!removed && !removed.error().isNotFound())
            return removed.error();
        return QString();
    }
    if (existing)
        return QString::fromStdString((*existing).value("status", json::object()).value("cidr", ""));
    const std::string remoteId = meta.value("labels", json::object()).value(kRemoteClusterIdLabel, "");
    const json network = {{"apiVersion", "ipam.liqo.io/v1alpha1"}, {"kind", "Network"},
                          {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()},
                                        {"labels", {{kRemoteClusterIdLabel, remoteId}, {kCidrTypeLabel, type}}},
                                        {"ownerReferences", json::array({{{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "Configuration"},
                                                                          {"name", meta.value("name", "")}, {"uid", meta.value("uid", "")},
                                                                          {"controller", true}, {"blockOwnerDeletion", true}}})}}},
                          {"spec", {{"cidr", cidr.toStdString()}}}};
    auto created = m_client.create(ref, ns, network);
    if (!created && !created.error().isAlreadyExists())
        return created.error();
    return QString();   // the IPAM's decision brings us back
}

Result<void> ConfigurationReconciler::removeStalePodNetworks(const json &configuration, const QStringList &wanted)
{
    const json meta = configuration["metadata"];
    const QString ns = QString::fromStdString(meta.value("namespace", ""));
    const auto ref = apis::ipam::v1alpha1::networkResource();
    auto held = m_client.list(ref, ns, kube::withLabels(QStringLiteral("%1=pod").arg(QLatin1String(kCidrTypeLabel))));
    if (!held)
        return held.error();
    for (const json &n : (*held)["items"]) {
        const QString name = QString::fromStdString(n["metadata"].value("name", ""));
        bool owned = false;
        for (const json &o : n["metadata"].value("ownerReferences", json::array()))
            owned |= o.value("uid", "") == meta.value("uid", "");
        if (owned && !wanted.contains(name))
            if (auto r = m_client.remove(ref, ns, name); !r && !r.error().isNotFound())
                return r.error();
    }
    return {};
}

Result<void> ConfigurationReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const auto ref = apis::networking::v1beta1::configurationResource();
    auto configuration = m_client.get(ref, ns, name);
    if (!configuration)
        return configuration.error().isNotFound() ? Result<void>() : Result<void>(configuration.error());
    const json &c = *configuration;
    if (c["metadata"].contains("deletionTimestamp"))
        return {};
    const json spec = c.value("spec", json::object());
    const json remote = spec.value("remote", json::object()).value("cidr", json::object());
    QStringList remotePods;
    for (const json &p : remote.value("pod", json::array()))
        if (p.is_string())
            remotePods << QString::fromStdString(p.get<std::string>());
    const QString remoteExternal = primaryCidr(remote.value("external", json::array()));
    if (remotePods.isEmpty())
        return {};   // nothing to map until the peer's pod CIDR is known (a new spec brings us back)

    // liqoctl waits for NetworkCIDRsConfigured at the spec's generation, which filling spec.local
    // below moves on. Every write carries the resourceVersion this pass read (or wrote): a spec
    // changed meanwhile is a conflict and a new pass, never a condition about CIDRs not mapped.
    std::int64_t generation = c["metadata"].value("generation", std::int64_t(0));
    std::string resourceVersion = c["metadata"].value("resourceVersion", "");
    const json local = spec.value("local", json::object()).value("cidr", json::object());
    bool localKnown = !primaryCidr(local.value("pod", json::array())).isEmpty();
    if (!localKnown) {
        auto mine = localNetworks(m_client, m_liqoNamespace);
        if (!mine)
            return mine.error();
        if (!mine->pods.isEmpty() && !mine->external.isEmpty()) {
            json pods = json::array();
            for (const QString &p : mine->pods)
                pods.push_back(p.toStdString());
            const json patch = {{"metadata", {{"resourceVersion", resourceVersion}}},
                                {"spec", {{"local", {{"cidr", {{"pod", pods},
                                                               {"external", json::array({mine->external.toStdString()})}}}}}}}};
            auto patched = m_client.patch(ref, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
            if (!patched)
                return patched.error();
            generation = (*patched)["metadata"].value("generation", generation);
            resourceVersion = (*patched)["metadata"].value("resourceVersion", resourceVersion);
            localKnown = true;
        }
    }

    json pods = json::array();
    QStringList podNetworks;
    bool pending = false;
    for (int i = 0; i < remotePods.size(); ++i) {
        const QString networkName = name + (i == 0 ? QStringLiteral("-pod") : QStringLiteral("-pod-%1").arg(i + 1));
        podNetworks << networkName;
        auto granted = ensureNetwork(c, "pod", networkName, remotePods[i]);
        if (!granted)
            return granted.error();
        pending |= granted->isEmpty();
        pods.push_back(granted->toStdString());
    }
    if (auto r = removeStalePodNetworks(c, podNetworks); !r)
        return r;
    QString external;
    if (!remoteExternal.isEmpty()) {
        auto e = ensureNetwork(c, "external", name + QStringLiteral("-external"), remoteExternal);
        if (!e)
            return e.error();
        external = *e;
    }
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    const json oldStatus = c.value("status", json::object());
    // This cluster's own CIDRs come from the Networks in the Liqo namespace, which are not
    // watched here: until the IPAM decided them, an error brings the Configuration back.
    const auto localPending = [&]() -> Result<void> {
        if (localKnown)
            return {};
        return Error::of(Error::Kind::Config, QStringLiteral("Configuration %1/%2: this cluster's own pod or external CIDR is not decided yet").arg(ns, name),
                         QStringLiteral("the IPAM decides the Networks pod-cidr and external-cidr in namespace %1; check the controller manager's log").arg(m_liqoNamespace));
    };
    if (pending || (!remoteExternal.isEmpty() && external.isEmpty()) || !localKnown) {
        // The IPAM has not decided yet; its status update brings us back.
        const json conditions = cidrsCondition(c, false, generation);
        if (oldStatus.value("conditions", json::array()) != conditions) {
            const json status = {{"metadata", {{"resourceVersion", resourceVersion}}}, {"status", {{"conditions", conditions}}}};
            if (auto r = m_client.patch(ref, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po); !r)
                return r.error();
        }
        return localPending();
    }

    json cidr = {{"pod", pods}};
    if (!external.isEmpty())
        cidr["external"] = json::array({external.toStdString()});
    const json conditions = cidrsCondition(c, true, generation);
    if (oldStatus.value("remote", json::object()).value("cidr", json::object()) != cidr || oldStatus.value("conditions", json::array()) != conditions) {
        const json status = {{"metadata", {{"resourceVersion", resourceVersion}}}, {"status", {{"remote", {{"cidr", cidr}}}, {"conditions", conditions}}}};
        if (auto r = m_client.patch(ref, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po); !r)
            return r.error();
    }
    if (c["metadata"].value("labels", json::object()).value(kConfiguredLabel, "") != "true") {
        const json patch = {{"metadata", {{"labels", {{kConfiguredLabel, "true"}}}}}};
        if (auto r = m_client.patch(ref, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
            return r.error();
    }
    return {};
}

} // namespace spillway::ipam
