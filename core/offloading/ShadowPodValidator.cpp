#include "offloading/ShadowPodValidator.h"

#include "common/JsonText.h"
#include "consts/Labels.h"
#include "offloading/OffloadingPolicy.h"
#include "resources/PodRequests.h"

namespace spillway::offloading {

using nlohmann::json;
using resources::formatQuantity;
using resources::ResourceList;
using webhook::AdmissionResponse;

namespace {

QString originOf(const json &object)
{
    return textOf(memberOf(memberOf(object, "metadata"), "labels"), kOriginLabel);
}

QString listed(const ResourceList &list)
{
    QStringList parts;
    for (auto q = list.begin(); q != list.end(); ++q)
        parts << QStringLiteral("%1=%2").arg(q.key(), formatQuantity(q.key(), *q));
    return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QStringLiteral(", "));
}

// As Liqo (and a pod's own update rules): once made, a ShadowPod's pod may change only in its
// containers' images, its activeDeadlineSeconds and its tolerations. Anything else, its requests
// above all, would change what was admitted.
bool onlyMutableFieldsChanged(const json &before, const json &after)
{
    json a = memberOf(memberOf(before, "spec"), "pod"), b = memberOf(memberOf(after, "spec"), "pod");
    if (!a.is_object() || !b.is_object())
        return a == b;
    for (const char *list : {"containers", "initContainers"}) {
        if (!a.contains(list) || !b.contains(list) || !a[list].is_array() || !b[list].is_array() || a[list].size() != b[list].size())
            continue;   // compared whole below
        for (size_t i = 0; i < a[list].size(); ++i)
            if (a[list][i].is_object() && b[list][i].is_object()) {
                a[list][i].erase("image");
                b[list][i].erase("image");
            }
    }
    for (const char *field : {"activeDeadlineSeconds", "tolerations"}) {
        a.erase(field);
        b.erase(field);
    }
    return a == b;
}

bool covers(const ResourceList &held, const ResourceList &asked)
{
    for (auto q = asked.begin(); q != asked.end(); ++q)
        if (q->milli > held.value(q.key()).milli)
            return false;
    return true;
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
        if (!onlyMutableFieldsChanged(request.oldObject, request.object))
            return AdmissionResponse::deny(QStringLiteral("a ShadowPod's spec.pod may change only in its containers' images, "
                                                          "activeDeadlineSeconds and tolerations; delete it and create it again"));
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
    // The apiserver names an object (generateName) before validating admission sees it.
    const QString name = textOf(memberOf(request.object, "metadata"), "name"), uid = textOf(memberOf(request.object, "metadata"), "uid");
    if (const auto bad = resources::invalidQuantity(memberOf(memberOf(request.object, "spec"), "pod")))
        return AdmissionResponse::deny(QStringLiteral("spec.pod.%1 must be a quantity of at least 0").arg(*bad), 422);
    const QString key = request.ns + QLatin1Char('/') + name;
    const ResourceList asked = ShadowPodUsage::charge(request.object);
    // One the informer shows already, asked for again (a retry that will fail as AlreadyExists)
    // and asking no more than it holds: nothing new is taken, cordoned or not. No reservation: a
    // retry's object is never made, and one would count twice for a minute.
    if (const auto held = m_lookups.usage->counted(key); held && covers(*held, asked))
        return AdmissionResponse::allow();

    const QString tenant = m_lookups.tenantCondition(consumer);
    if (tenant == QLatin1String("Cordoned") || tenant == QLatin1String("Drained"))
        return AdmissionResponse::deny(QStringLiteral("the tenant of cluster %1 is %2 on this provider: it accepts no new pods "
                                                      "until it is uncordoned (liqoctl uncordon tenant %1)").arg(consumer, tenant.toLower()));
    const QList<Grant> grants = m_lookups.grants(consumer);
    if (grants.isEmpty())
        return AdmissionResponse::deny(QStringLiteral("cluster %1 holds no granted ResourceSlice on this provider").arg(consumer));
    ResourceList open;   // the grants new pods may use
    for (const Grant &g : grants)
        if (!g.cordoned)
            for (auto q = g.resources.begin(); q != g.resources.end(); ++q)
                open[q.key()].milli += q->milli;
    if (open.isEmpty())
        return AdmissionResponse::deny(QStringLiteral("every ResourceSlice of cluster %1 is cordoned on this provider: it accepts no new "
                                                      "pods until one is uncordoned (liqoctl uncordon resourceslice)").arg(consumer));

    std::lock_guard lock(*m_admitting);
    const ShadowPodUsage::Totals seen = m_lookups.usage->of(consumer, key);
    for (auto q = asked.begin(); q != asked.end(); ++q) {
        if (q->milli <= 0)
            continue;
        if (!open.contains(q.key())) {
            if (q.key() == QLatin1String("pods"))
                continue;   // a grant without a pod count limits no pod count
            return AdmissionResponse::deny(QStringLiteral("the pod asks for %1, which cluster %2's grant on this provider does not include "
                                                          "(granted: %3)").arg(q.key(), consumer, listed(open)));
        }
        // A consumer's pods are counted together, not per slice: which slice a running pod came
        // under is not known here. So while a slice is cordoned, new pods must fit in the open
        // grants beside everything running (fail closed), or a cordon would free its capacity.
        const qint64 used = seen.used.value(q.key()).milli;
        const qint64 free = open[q.key()].milli - used;
        if (q->milli > free)
            return AdmissionResponse::deny(QStringLiteral("cluster %1's grant on this provider is exceeded for %2: granted %3, used %4 by %5 "
                                                          "pod(s), this pod asks %6 (free %7)")
                                               .arg(consumer, q.key(), formatQuantity(q.key(), open[q.key()]), formatQuantity(q.key(), Quantity{used}))
                                               .arg(seen.pods)
                                               .arg(formatQuantity(q.key(), *q), formatQuantity(q.key(), Quantity{std::max<qint64>(free, 0)})));
    }
    if (!request.dryRun)
        m_lookups.usage->reserve(key, uid, consumer, asked);
    return AdmissionResponse::allow();
}

} // namespace spillway::offloading
