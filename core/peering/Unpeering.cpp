#include "peering/Unpeering.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"
#include "peering/ProviderClients.h"

#include <QDateTime>
#include <QThread>

namespace spillway::peering {

using nlohmann::json;

namespace {

struct Target {
    kube::KubeClient *client;
    QString side;                 // "consumer" | "provider"
    kube::ResourceRef ref;
    QString ns, name;
    QString describe() const { return QStringLiteral("%1: %2").arg(side, ref.describe(ns, name)); }
};

// Whether the reverse direction lives in this cluster's tenant namespace for `remoteId`: a
// Tenant there means the remote consumes from us; an Identity means we consume from it.
Result<bool> hasAny(kube::KubeClient &client, const kube::ResourceRef &ref, const QString &ns, const QString &remoteId)
{
    auto list = client.list(ref, ns);
    if (!list)
        return list.error().isNotFound() ? Result<bool>(false) : Result<bool>(list.error());
    for (const auto &item : (*list)["items"])
        if (item["spec"].value("clusterID", "") == remoteId.toStdString())
            return true;
    return false;
}

} // namespace

Unpeering::Unpeering(kube::KubeClient &consumer, kube::KubeClient *provider, Options options,
                     std::function<void(const QString &)> progress, std::shared_ptr<std::atomic_bool> cancelled)
    : m_consumer(consumer), m_provider(provider), m_options(std::move(options)), m_progress(std::move(progress)), m_cancelled(std::move(cancelled))
{
}

Result<void> Unpeering::releaseSlices(const QString &consumerNs, const QString &pid, qint64 deadline, Outcome &out)
{
    // ResourceSlices first, while the identity that lets the consumer delete their provider-side
    // copies still exists.
    const kube::ResourceRef slices = apis::authentication::v1beta1::resourceSliceResource();
    auto local = m_consumer.list(slices, consumerNs, kube::withLabels(QStringLiteral("liqo.io/replication=true")));
    QStringList sliceNames;
    if (local)
        for (const auto &s : (*local)["items"])
            if (s["spec"].value("providerClusterID", "") == pid.toStdString()) {
                sliceNames << QString::fromStdString(s["metadata"].value("name", ""));
                if (auto r = m_consumer.remove(slices, consumerNs, sliceNames.back()); !r && !r.error().isNotFound())
                    return r.error();
            }
    if (!sliceNames.isEmpty()) {
        m_progress(QStringLiteral("Releasing %1 ResourceSlice(s)").arg(sliceNames.size()));
        for (;;) {
            QStringList left;
            for (const QString &n : sliceNames)
                if (m_consumer.get(slices, consumerNs, n))
                    left << n;
            if (left.isEmpty())
                break;
            if (m_cancelled->load() || QDateTime::currentMSecsSinceEpoch() > deadline)
                return Error::of(Error::Kind::Timeout, QStringLiteral("ResourceSlice(s) %1 in %2 are still being released (finalizer %3)")
                                                           .arg(left.join(QStringLiteral(", ")), consumerNs, QStringLiteral("spillway.dev/resourceslice-replication")),
                                 QStringLiteral("check the consumer's controller manager is running ('spillctl info'), then run unpeer again"));
            QThread::msleep(200);
        }
    }

    // Their virtual nodes go with them (the consumer's controller manager stops the kubelets).
    for (const QString &n : sliceNames) {
        const QString node = QStringLiteral("liqo-") + n;
        while (m_consumer.get(kube::resources::nodes(), {}, node)) {
            if (m_cancelled->load() || QDateTime::currentMSecsSinceEpoch() > deadline)
                return Error::of(Error::Kind::Timeout, QStringLiteral("virtual node %1 is still there").arg(node),
                                 QStringLiteral("check the consumer's controller manager ('spillctl info'), then run unpeer again"));
            QThread::msleep(200);
        }
        out.removed << QStringLiteral("consumer: virtual node %1").arg(node);
    }
    return {};
}

void Unpeering::withdrawTenant(const QString &consumerNs, const QString &cid, const QString &pid, Outcome &out)
{
    ProviderClients providers(m_consumer, [](const kube::RestConfig &c) { return std::make_shared<kube::KubeClient>(c); });
    auto remote = providers.forProvider(consumerNs, pid);
    Result<void> removed = remote ? remote->client->remove(apis::authentication::v1beta1::tenantResource(), remote->ns, cid) : Result<void>(remote.error());
    if (removed || removed.error().isNotFound()) {
        out.removed << QStringLiteral("provider: our Tenant %1 (its controller manager removes the rest)").arg(cid);
        return;
    }
    out.kept << QStringLiteral("provider %1: Tenant %2 and its credentials, because the provider could not be told (%3); its administrator can "
                               "remove them with 'spillctl unpeer' in-band or 'kubectl delete tenant -n %4 %2'")
                    .arg(pid, cid, removed.error().toString(), tenantNamespace(cid));
}

Result<Unpeering::Outcome> Unpeering::run()
{
    namespace auth = apis::authentication::v1beta1;
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + m_options.timeoutMs;
    auto consumer = readLocalCluster(m_consumer, m_options.consumerNamespace);
    if (!consumer)
        return consumer.error();
    QString pid = m_options.providerId;
    if (m_provider) {
        auto provider = readLocalCluster(*m_provider, m_options.providerNamespace);
        if (!provider)
            return provider.error();
        pid = provider->clusterId;
    }
    const QString cid = consumer->clusterId;
    const QString consumerNs = tenantNamespace(pid), providerNs = tenantNamespace(cid);
    m_progress(QStringLiteral("Unpeering %1 (consumer) from %2 (provider)%3").arg(cid, pid, m_provider ? QString() : QStringLiteral(", out-of-band")));

    Outcome out;
    if (auto r = releaseSlices(consumerNs, pid, deadline, out); !r)
        return r.error();
    if (!m_provider)
        withdrawTenant(consumerNs, cid, pid, out);

    QList<Target> targets = {
        {&m_consumer, QStringLiteral("consumer"), auth::identityResource(), consumerNs, controlPlaneIdentityName(pid)},
        {&m_consumer, QStringLiteral("consumer"), kube::resources::secrets(), consumerNs, kubeconfigSecretName(controlPlaneIdentityName(pid))},
    };
    // The reverse direction (provider consumes from consumer) keeps the shared objects alive.
    auto reverseOnConsumer = hasAny(m_consumer, auth::tenantResource(), consumerNs, pid);
    if (!reverseOnConsumer)
        return reverseOnConsumer.error();
    bool reverse = *reverseOnConsumer;
    const kube::ResourceRef fcs = apis::core::v1beta1::foreignClusterResource();
    if (m_provider) {
        auto rbac = m_provider->resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("RoleBinding"));
        if (!rbac)
            return rbac.error();
        targets << Target{m_provider, QStringLiteral("provider"), auth::tenantResource(), providerNs, cid}
                << Target{m_provider, QStringLiteral("provider"), *rbac, providerNs, QString::fromLatin1(kRemoteControlPlaneRole)}
                << Target{m_provider, QStringLiteral("provider"), kube::resources::secrets(), providerNs, QString::fromLatin1(kNonceSecret)}
                << Target{m_provider, QStringLiteral("provider"), kube::resources::certificateSigningRequests(), {}, tenantCsrName(cid)};
        auto reverseOnProvider = hasAny(*m_provider, auth::identityResource(), providerNs, cid);
        if (!reverseOnProvider)
            return reverseOnProvider.error();
        reverse |= *reverseOnProvider;
        if (!reverse)
            targets << Target{m_provider, QStringLiteral("provider"), fcs, {}, cid}
                    << Target{m_provider, QStringLiteral("provider"), kube::resources::namespaces(), {}, providerNs};
    }
    if (reverse)
        out.kept << QStringLiteral("ForeignClusters and tenant namespaces: %1 still consumes from %2").arg(pid, cid);
    else
        targets << Target{&m_consumer, QStringLiteral("consumer"), fcs, {}, pid}
                << Target{&m_consumer, QStringLiteral("consumer"), kube::resources::namespaces(), {}, consumerNs};

    QList<Target> deleting;
    for (const Target &t : targets) {
        auto r = t.client->remove(t.ref, t.ns, t.name);
        if (r)
            deleting << t;
        else if (!r.error().isNotFound())
            return r.error();
    }
    m_progress(QStringLiteral("Waiting for %1 objects to be deleted").arg(deleting.size()));
    for (;;) {
        QList<Target> remaining;
        for (const Target &t : deleting)
            if (t.client->get(t.ref, t.ns, t.name))
                remaining << t;
        if (remaining.isEmpty())
            break;
        if (m_cancelled->load() || QDateTime::currentMSecsSinceEpoch() > deadline) {
            QStringList stuck;
            for (const Target &t : remaining) {
                auto obj = t.client->get(t.ref, t.ns, t.name);
                const json finalizers = obj ? (*obj)["metadata"].value("finalizers", json::array()) : json::array();
                stuck << t.describe() + (finalizers.empty() ? QString() : QStringLiteral(" (finalizers: %1)").arg(QString::fromStdString(finalizers.dump())));
            }
            return Error::of(m_cancelled->load() ? Error::Kind::Cancelled : Error::Kind::Timeout,
                             QStringLiteral("%1 object(s) not deleted yet: %2").arg(remaining.size()).arg(stuck.join(QStringLiteral("; "))),
                             QStringLiteral("run spillctl unpeer again, or raise --timeout"));
        }
        QThread::msleep(200);
    }
    for (const Target &t : deleting)
        out.removed << t.describe();
    return out;
}

} // namespace spillway::peering
