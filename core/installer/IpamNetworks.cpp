#include "installer/IpamNetworks.h"

#include "ipam/Labels.h"

namespace spillway::installer {

using nlohmann::json;
using ipam::kNetworkTypeLabel;
using ipam::kNetworkNotRemappedLabel;
using ipam::kPreinstalledAnnotation;

std::vector<json> ipamNetworks(const InstallOptions &o, const QMap<QString, QString> &values)
{
    std::vector<json> out;
    auto network = [&](const QString &name, const char *type, const QString &cidr, bool fact, int preAllocated = 0) {
        json labels = {{kNetworkTypeLabel, type}, {"app.kubernetes.io/part-of", "spillway"}, {"app.kubernetes.io/component", "ipam"}};
        if (fact)
            labels[kNetworkNotRemappedLabel] = "true";
        json n = {{"apiVersion", "ipam.liqo.io/v1alpha1"}, {"kind", "Network"},
                  {"metadata", {{"name", name.toStdString()}, {"namespace", o.ns.toStdString()}, {"labels", labels},
                                {"annotations", {{kPreinstalledAnnotation, "true"}}}}},
                  {"spec", {{"cidr", cidr.toStdString()}}}};
        if (preAllocated > 0)
            n["spec"]["preAllocated"] = preAllocated;
        out.push_back(std::move(n));
    };
    for (qsizetype i = 0; i < o.podCidrs.size(); ++i)
        network(i == 0 ? QStringLiteral("pod-cidr") : QStringLiteral("pod-cidr-%1").arg(i + 1), "pod-cidr", o.podCidrs[i], true);
    if (!o.serviceCidr.isEmpty())
        network(QStringLiteral("service-cidr"), "service-cidr", o.serviceCidr, true);
    for (qsizetype i = 0; i < o.reservedSubnets.size(); ++i)
        network(QStringLiteral("reserved-%1").arg(i + 1), "reserved", o.reservedSubnets[i], true);
    // The first external address answers for traffic whose source is unknown (as in Liqo).
    network(QStringLiteral("external-cidr"), "external-cidr", values.value(QStringLiteral("ipam.externalCIDR")), false, 1);
    network(QStringLiteral("internal-cidr"), "internal-cidr", values.value(QStringLiteral("ipam.internalCIDR")), false);
    return out;
}

} // namespace spillway::installer
