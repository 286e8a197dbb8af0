#include "ipam/NetworkReconciler.h"

#include "apis/ipam/v1alpha1/Network.h"
#include "ipam/Labels.h"
#include "kube/Finalizers.h"
#include "kube/Store.h"
#include "observe/Log.h"

namespace spillway::ipam {

using nlohmann::json;

namespace {

const kube::ResourceRef &networks()
{
    static const kube::ResourceRef r = apis::ipam::v1alpha1::networkResource();
    return r;
}

} // namespace

NetworkReconciler::NetworkReconciler(kube::KubeClient &client, PrefixAllocator allocator) : m_client(client), m_allocator(std::move(allocator)) {}

std::vector<Cidr> NetworkReconciler::heldBy(const QString &key)
{
    std::lock_guard lock(m_mutex);
    return m_allocator.heldBy(key);
}

Result<void> NetworkReconciler::rebuild()
{
    auto all = m_client.listAll(networks(), {});
    if (!all)
        return all.error();
    for (const json &n : (*all).value("items", json::array()))
        if (const auto held = Cidr::parse(QString::fromStdString(n.value("status", json::object()).value("cidr", ""))))
            m_allocator.hold(*held, kube::Store::keyOf(n));
    m_rebuilt = true;
    return {};
}

Result<void> NetworkReconciler::release(const QString &key, const json &network)
{
    m_allocator.release(key);
    return kube::removeFinalizer(m_client, networks(), network, kFinalizer);
}

Result<void> NetworkReconciler::reconcile(const QString &key)
{
    std::lock_guard lock(m_mutex);
    if (!m_rebuilt)
        if (auto r = rebuild(); !r)
            return r;
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto network = m_client.get(networks(), ns, name);
    if (!network && network.error().isNotFound()) {
        m_allocator.release(key);
        return {};
    }
    if (!network)
        return network.error();
    const json meta = (*network)["metadata"];
    if (meta.contains("deletionTimestamp"))
        return release(key, *network);

    const QString current = QString::fromStdString((*network).value("status", json::object()).value("cidr", ""));
    if (!current.isEmpty()) {
        if (const auto held = Cidr::parse(current))
            m_allocator.hold(*held, key);
        return {};
    }
    const QString specCidr = QString::fromStdString((*network)["spec"].value("cidr", ""));
    const auto wanted = Cidr::parse(specCidr);
    if (!wanted) {
        // Never fixes itself (spec.cidr is immutable): said once, not retried.
        observe::log("error", QStringLiteral("ipam"), QStringLiteral("network %1: spec.cidr \"%2\" is not an IPv4 network in CIDR form; it gets no address").arg(key, specCidr));
        return {};
    }
    const bool fact = meta.value("labels", json::object()).value(kNetworkNotRemappedLabel, "") == "true";
    Cidr granted = *wanted;
    if (fact) {
        m_allocator.hold(*wanted, key);
    } else {
        auto acquired = m_allocator.acquire(*wanted, key);
        if (!acquired)
            return acquired.error();
        granted = *acquired;
    }
    const bool preinstalled = meta.value("annotations", json::object()).value(kPreinstalledAnnotation, "") == "true";
    if (!preinstalled)
        if (auto r = kube::addFinalizer(m_client, networks(), *network, kFinalizer); !r) {
            m_allocator.release(key);
            return r;
        }
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    const json status = {{"status", {{"cidr", granted.toString().toStdString()}}}};
    if (auto r = m_client.patch(networks(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po); !r) {
        m_allocator.release(key);
        return r.error();
    }
    if (!(granted == *wanted))
        observe::log("info", QStringLiteral("ipam"), QStringLiteral("network %1: %2 clashes with a network in use; remapped to %3").arg(key, specCidr, granted.toString()));
    return {};
}

} // namespace spillway::ipam
