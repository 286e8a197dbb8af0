#include "installer/Uninstaller.h"

#include "consts/Labels.h"
#include "installer/LocalRuntime.h"

#include <QDir>
#include <QThread>

namespace spillway::installer {

using nlohmann::json;

namespace {

const QString kSelector = QStringLiteral("%1=%2").arg(QLatin1String(names::kPartOfLabel), QLatin1String(names::kPartOfValue));

QString nameOf(const json &o) { return QString::fromStdString(o["metadata"].value("name", "")); }

} // namespace

Uninstaller::Uninstaller(kube::KubeClient &client, UninstallOptions options, Installer::Hooks hooks)
    : m_client(client), m_options(std::move(options)), m_hooks(std::move(hooks))
{
}

Result<QStringList> Uninstaller::peerings()
{
    // As Liqo's uninstall counts them: a ForeignCluster with any module (authentication,
    // networking, offloading) enabled, and any peer a Configuration or ResourceSlice still names.
    // liqoctl unpeer leaves the ForeignCluster behind with every module off and removes the
    // rest, and that is no peering. A ForeignCluster whose status was never written counts.
    QStringList out;
    const auto add = [&out](const QString &peer) {
        if (!peer.isEmpty() && !out.contains(peer))
            out << peer;
    };
    const auto listOf = [this](const char *apiVersion, const char *kind) -> Result<json> {
        auto ref = m_client.resolve(QString::fromLatin1(apiVersion), QString::fromLatin1(kind));
        if (!ref)
            return ref.error().isNotFound() ? Result<json>(json{{"items", json::array()}}) : Result<json>(ref.error());
        auto list = m_client.listAll(*ref, {});
        if (!list)
            return list.error().isNotFound() ? Result<json>(json{{"items", json::array()}}) : list;
        return list;
    };
    auto foreignClusters = listOf("core.liqo.io/v1beta1", "ForeignCluster");
    if (!foreignClusters)
        return foreignClusters.error();
    for (const auto &fc : (*foreignClusters)["items"]) {
        const json modules = fc.value("status", json::object()).value("modules", json());
        bool active = !modules.is_object();
        if (modules.is_object())
            for (const char *module : {"authentication", "networking", "offloading"})
                active |= modules.value(module, json::object()).value("enabled", false);
        if (active)
            add(nameOf(fc));
    }
    for (const auto &[apiVersion, kind] : {std::pair{"networking.liqo.io/v1beta1", "Configuration"}, std::pair{"authentication.liqo.io/v1beta1", "ResourceSlice"}}) {
        auto objects = listOf(apiVersion, kind);
        if (!objects)
            return objects.error();
        for (const auto &o : (*objects)["items"]) {
            const json labels = o["metadata"].value("labels", json::object());
            const std::string peer = labels.value(consts::kRemoteClusterIdLabel, labels.value("liqo.io/remoteID", ""));
            add(!peer.empty() ? QString::fromStdString(peer)
                              : QStringLiteral("%1 %2/%3").arg(QLatin1String(kind), QString::fromStdString(o["metadata"].value("namespace", "")), nameOf(o)));
        }
    }
    return out;
}

void Uninstaller::clearFinalizers(const QList<kube::ResourceRef> &liqoResources)
{
    for (const kube::ResourceRef &ref : liqoResources) {
        auto list = m_client.listAll(ref, {});
        if (!list)
            continue;
        for (const auto &item : (*list)["items"]) {
            if (item["metadata"].value("finalizers", json::array()).empty())
                continue;
            const QString ns = QString::fromStdString(item["metadata"].value("namespace", ""));
            (void)m_client.patch(ref, ns, nameOf(item), kube::PatchType::Merge, R"({"metadata":{"finalizers":null}})");
        }
    }
}

Result<UninstallResult> Uninstaller::run()
{
    UninstallResult result;
    m_hooks.progress(QStringLiteral("Checking the cluster at %1").arg(m_client.config().server));
    auto version = m_client.serverVersion();
    if (!version)
        return version.error();

    auto peers = peerings();
    if (!peers)
        return peers.error();
    if (!peers->isEmpty() && !m_options.force) {
        Error e;
        e.kind = Error::Kind::Config;
        e.cluster = m_client.clusterLabel();
        e.message = QStringLiteral("%1 peering(s) exist: %2").arg(peers->size()).arg(peers->join(QStringLiteral(", ")));
        e.hint = QStringLiteral("unpeer them first (spillctl unpeer CLUSTER_ID), or pass --force to tear them down with the installation");
        return e;
    }

    QString stateDir = m_options.stateDir;
    auto record = m_client.get(kube::resources::configMaps(), m_options.ns, QString::fromLatin1(names::kInstallRecord));
    if (record) {
        result.wasInstalled = true;
        if (auto parsed = parseInstallRecord(*record); parsed && stateDir.isEmpty())
            stateDir = parsed->stateDir;
    } else if (!record.error().isNotFound()) {
        return record.error();
    }
    if (!stateDir.isEmpty() && QDir(stateDir).exists()) {
        m_hooks.progress(QStringLiteral("Stopping the local runtime in %1").arg(stateDir));
        if (auto stopped = LocalRuntime(stateDir, {}).stopAll(); !stopped)
            result.leftovers << stopped.error().message;
        else if (QDir(stateDir).removeRecursively())
            result.removed << QStringLiteral("local state %1").arg(stateDir);
    }

    // What the installer labelled, cluster-scoped; namespaced objects go with their namespace.
    struct Kind { QString apiVersion, kind; };
    const QList<Kind> kinds = {
        {QStringLiteral("admissionregistration.k8s.io/v1"), QStringLiteral("ValidatingWebhookConfiguration")},
        {QStringLiteral("admissionregistration.k8s.io/v1"), QStringLiteral("MutatingWebhookConfiguration")},
        {QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding")},
        {QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRole")},
        {QStringLiteral("storage.k8s.io/v1"), QStringLiteral("StorageClass")},
        {QStringLiteral("v1"), QStringLiteral("Namespace")},
        {QStringLiteral("apiextensions.k8s.io/v1"), QStringLiteral("CustomResourceDefinition")},
    };
    QList<kube::ResourceRef> liqoResources;
    if (auto crds = m_client.list(kube::resources::customResourceDefinitions(), {}, kube::withLabels(kSelector)); crds)
        for (const auto &crd : (*crds)["items"]) {
            const json spec = crd["spec"];
            liqoResources << kube::ResourceRef{QString::fromStdString(spec.value("group", "")),
                                               QString::fromStdString(spec["versions"][0].value("name", "")),
                                               QString::fromStdString(spec["names"].value("plural", "")),
                                               QString::fromStdString(spec["names"].value("kind", "")),
                                               spec.value("scope", "") == "Namespaced"};
        }
    // The webhooks go first: with the controller manager stopped they would refuse (failurePolicy
    // Fail) the very updates that release finalizers below.
    for (const char *kind : {"ValidatingWebhookConfiguration", "MutatingWebhookConfiguration"}) {
        auto ref = m_client.resolve(QStringLiteral("admissionregistration.k8s.io/v1"), QString::fromLatin1(kind));
        if (!ref)
            return ref.error();
        if (auto hooks = m_client.list(*ref, {}, kube::withLabels(kSelector)); hooks)
            for (const auto &h : (*hooks)["items"])
                if (auto r = m_client.remove(*ref, {}, nameOf(h)); r)
                    result.removed << QStringLiteral("%1 %2").arg(ref->kind.toLower(), nameOf(h));
    }
    m_hooks.progress(QStringLiteral("Releasing finalizers of Liqo objects"));
    clearFinalizers(liqoResources);

    QList<QPair<kube::ResourceRef, QString>> deleting;
    // The namespace is deleted even if its label was removed by hand.
    if (auto ns = m_client.get(kube::resources::namespaces(), {}, m_options.ns); ns && result.wasInstalled)
        deleting.append({kube::resources::namespaces(), m_options.ns});
    for (const Kind &k : kinds) {
        auto ref = m_client.resolve(k.apiVersion, k.kind);
        if (!ref)
            return ref.error();
        auto list = m_client.list(*ref, {}, kube::withLabels(kSelector));
        if (!list)
            return list.error();
        for (const auto &item : (*list)["items"])
            if (!deleting.contains({*ref, nameOf(item)}))
                deleting.append({*ref, nameOf(item)});
    }
    m_hooks.progress(QStringLiteral("Deleting %1 objects").arg(deleting.size()));
    kube::DeleteOptions background;
    background.propagationPolicy = QStringLiteral("Background");
    for (const auto &[ref, name] : deleting) {
        auto r = m_client.remove(ref, {}, name, background);
        if (!r && !r.error().isNotFound())
            result.leftovers << QStringLiteral("%1 %2: %3").arg(ref.kind.toLower(), name, r.error().toString());
    }

    // Namespaces and CRDs finish deleting asynchronously; wait, then name what is left.
    for (int waited = 0;; waited += 250) {
        QList<QPair<kube::ResourceRef, QString>> remaining;
        for (const auto &[ref, name] : deleting) {
            auto still = m_client.get(ref, {}, name);
            if (still)
                remaining.append({ref, name});
        }
        if (remaining.isEmpty() || waited > m_hooks.waitTimeoutMs) {
            for (const auto &[ref, name] : deleting) {
                const QString what = QStringLiteral("%1 %2").arg(ref.kind.toLower(), name);
                if (remaining.contains({ref, name}))
                    result.leftovers << what + QStringLiteral(" still exists after %1 s (check its finalizers and status)").arg(waited / 1000);
                else
                    result.removed << what;
            }
            break;
        }
        if (m_hooks.cancelled && m_hooks.cancelled->load()) {
            Error e;
            e.kind = Error::Kind::Cancelled;
            e.message = QStringLiteral("uninstall cancelled while waiting for deletions; run it again to finish");
            return e;
        }
        QThread::msleep(250);
    }
    return result;
}

} // namespace spillway::installer
