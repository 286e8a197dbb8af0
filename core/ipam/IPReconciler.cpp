#include "ipam/IPReconciler.h"

#include "apis/ipam/v1alpha1/IP.h"
#include "apis/ipam/v1alpha1/Network.h"
#include "kube/Finalizers.h"
#include "kube/Store.h"
#include "observe/Log.h"

namespace spillway::ipam {

using nlohmann::json;

IPReconciler::IPReconciler(kube::KubeClient &client, QString liqoNamespace) : m_client(client), m_liqoNamespace(std::move(liqoNamespace)) {}

Result<void> IPReconciler::rebuild()
{
    auto all = m_client.listAll(apis::ipam::v1alpha1::ipResource(), {});
    if (!all)
        return all.error();
    for (const json &ip : (*all).value("items", json::array()))
        if (const auto held = parseAddress(QString::fromStdString(ip.value("status", json::object()).value("ip", ""))))
            m_allocator.hold(*held, kube::Store::keyOf(ip));
    m_rebuilt = true;
    return {};
}

Result<void> IPReconciler::release(const QString &key, const json &ip)
{
    m_allocator.release(key);
    return kube::removeFinalizer(m_client, apis::ipam::v1alpha1::ipResource(), ip, kFinalizer);
}

Result<void> IPReconciler::reconcile(const QString &key)
{
    std::lock_guard lock(m_mutex);
    if (!m_rebuilt)
        if (auto r = rebuild(); !r)
            return r;
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const auto ips = apis::ipam::v1alpha1::ipResource();
    auto ip = m_client.get(ips, ns, name);
    if (!ip && ip.error().isNotFound()) {
        m_allocator.release(key);
        return {};
    }
    if (!ip)
        return ip.error();
    const json meta = (*ip)["metadata"];
    if (meta.contains("deletionTimestamp"))
        return release(key, *ip);
    if (const auto held = parseAddress(QString::fromStdString((*ip).value("status", json::object()).value("ip", "")))) {
        m_allocator.hold(*held, key);
        return {};
    }
    const QString real = QString::fromStdString((*ip)["spec"].value("ip", ""));
    if (!parseAddress(real)) {
        // spec.ip is immutable: said once, not retried.
        observe::log("error", QStringLiteral("ipam"), QStringLiteral("IP %1: spec.ip \"%2\" is not an IPv4 address; it gets none").arg(key, real));
        return {};
    }
    const json ref = (*ip)["spec"].value("networkRef", json::object());
    const QString networkNs = QString::fromStdString(ref.value("namespace", "")).isEmpty() ? m_liqoNamespace : QString::fromStdString(ref.value("namespace", ""));
    const QString networkName = QString::fromStdString(ref.value("name", "")).isEmpty() ? QStringLiteral("external-cidr") : QString::fromStdString(ref.value("name", ""));
    auto network = m_client.get(apis::ipam::v1alpha1::networkResource(), networkNs, networkName);
    if (!network)
        return Error::of(Error::Kind::Config, QStringLiteral("IP %1 asks for an address in Network %2/%3: %4").arg(key, networkNs, networkName, network.error().message));
    const auto cidr = Cidr::parse(QString::fromStdString((*network).value("status", json::object()).value("cidr", "")));
    if (!cidr)   // its Network's decision is on its way: retried
        return Error::of(Error::Kind::Timeout, QStringLiteral("Network %1/%2 has no CIDR yet, so IP %3 waits").arg(networkNs, networkName, key));
    auto granted = m_allocator.acquire(*cidr, (*network)["spec"].value("preAllocated", 0u), key);
    if (!granted)
        return granted.error();
    if (auto r = kube::addFinalizer(m_client, ips, *ip, kFinalizer); !r) {
        m_allocator.release(key);
        return r;
    }
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    const json status = {{"status", {{"ip", formatAddress(*granted).toStdString()}, {"cidr", cidr->toString().toStdString()}}}};
    if (auto r = m_client.patch(ips, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(status.dump()), po); !r) {
        m_allocator.release(key);
        return r.error();
    }
    return {};
}

} // namespace spillway::ipam
