#include "offloading/ShadowPodValidator.h"

#include "consts/Labels.h"
#include "offloading/OffloadingPolicy.h"


namespace spillway::offloading {

using nlohmann::json;
using resources::ResourceList;
using webhook::AdmissionResponse;

namespace {

QString originOf(const json &object)
{
    if (!object.is_object() || !object.contains("metadata") || !object["metadata"].is_object())
        return {};
    const json labels = object["metadata"].value("labels", json::object());
    if (!labels.is_object())
        return {};
    const json origin = labels.value(kOriginLabel, json());
    return origin.is_string() ? QString::fromStdString(origin.get<std::string>()) : QString();
}

QString amount(const QString &key, Quantity q)
{
    const json j = resources::toJson(ResourceList{{key, q}});
    const json &v = j[key.toStdString()];
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

QString listed(const ResourceList &list)
{
    QStringList parts;
    for (auto q = list.begin(); q != list.end(); ++q)
        parts << QStringLiteral("%1=%2").arg(q.key(), amount(q.key(), *q));
    return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QStringLiteral(", "));
}

} // namespace

ShadowPodValidator::ShadowPodValidator(Lookups lookups) : m_lookups(std::move(lookups)) {}

AdmissionResponse ShadowPodValidator::operator()(const webhook::AdmissionRequest &request) const
{
    if (request.operation == QLatin1String("DELETE") || request.operation == QLatin1String("CONNECT"))
        return AdmissionResponse::allow();
    const QString origin = originOf(request.object);
    if (origin.isEmpty())
        return AdmissionResponse::deny(QStringLiteral("the ShadowPod has no %1 label: it must name the consumer cluster it comes from")
                                           .arg(QLatin1String(kOriginLabel)));
    if (request.operation == QLatin1String("UPDATE")) {
        const QString before = originOf(request.oldObject);
        if (origin != before)
            return AdmissionResponse::deny(QStringLiteral("the ShadowPod's %1 label cannot change (from \"%2\" to \"%3\")")
                                               .arg(QLatin1String(kOriginLabel), before, origin));
        return AdmissionResponse::allow();
    }
    const std::optional<QString> owner = m_lookups.namespaceCluster(request.ns);
    if (!owner)
        return AdmissionResponse::deny(QStringLiteral("namespace %1 is not known to this provider yet; try again").arg(request.ns), 503);
    if (*owner != origin)
        return AdmissionResponse::deny(QStringLiteral("namespace %1 belongs to %2 (its %3 label), not to %4, the ShadowPod's origin")
                                           .arg(request.ns, owner->isEmpty() ? QStringLiteral("no peer") : QStringLiteral("cluster ") + *owner,
                                                QLatin1String(consts::kRemoteClusterIdLabel), origin));
    return admitCreate(request, origin);
}

AdmissionResponse ShadowPodValidator::admitCreate(const webhook::AdmissionRequest &request, const QString &consumer) const
{
    if (m_lookups.tenantCordoned(consumer))
        return AdmissionResponse::deny(QStringLiteral("the tenant of cluster %1 is cordoned on this provider: it accepts no new pods "
                                                      "until it is uncordoned (liqoctl uncordon tenant %1)").arg(consumer));
    const QList<Grant> grants = m_lookups.grants(consumer);
    if (grants.isEmpty())
        return AdmissionResponse::deny(QStringLiteral("cluster %1 holds no granted ResourceSlice on this provider").arg(consumer));
    ResourceList total;
    for (const Grant &g : grants)
        if (!g.cordoned)
            for (auto q = g.resources.begin(); q != g.resources.end(); ++q)
                total[q.key()].milli += q->milli;
    if (total.isEmpty())
        return AdmissionResponse::deny(QStringLiteral("every ResourceSlice of cluster %1 is cordoned on this provider: it accepts no new "
                                                      "pods until one is uncordoned (liqoctl uncordon resourceslice)").arg(consumer));

    const QString key = request.ns + QLatin1Char('/') + request.name;
    const ResourceList asked = ShadowPodUsage::charge(request.object);
    if (m_lookups.usage->contains(key))
        return AdmissionResponse::allow();   // it exists: the create fails as AlreadyExists, and it is counted once
    std::lock_guard lock(*m_admitting);
    const ShadowPodUsage::Totals seen = m_lookups.usage->of(consumer);
    const ResourceList &used = seen.used;
    const int pods = seen.pods;
    for (auto q = asked.begin(); q != asked.end(); ++q) {
        if (q->milli <= 0)
            continue;
        if (!total.contains(q.key())) {
            if (q.key() == QLatin1String("pods"))
                continue;   // a grant without a pod count limits no pod count
            return AdmissionResponse::deny(QStringLiteral("the pod asks for %1, which cluster %2's grant on this provider does not include "
                                                          "(granted: %3)").arg(q.key(), consumer, listed(total)));
        }
        const qint64 free = total[q.key()].milli - used.value(q.key()).milli;
        if (q->milli > free)
            return AdmissionResponse::deny(QStringLiteral("cluster %1's grant on this provider is exceeded for %2: granted %3, used %4 by %5 "
                                                          "pod(s), this pod asks %6 (free %7)")
                                               .arg(consumer, q.key(), amount(q.key(), total[q.key()]), amount(q.key(), used.value(q.key())))
                                               .arg(pods)
                                               .arg(amount(q.key(), *q), amount(q.key(), Quantity{std::max<qint64>(free, 0)})));
    }
    if (!request.dryRun)
        m_lookups.usage->reserve(key, consumer, asked);
    return AdmissionResponse::allow();
}

} // namespace spillway::offloading
