#pragma once

#include "installer/InstallOptions.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace spillway::installer {

// The cluster's own networks for the IPAM, named and labelled as Liqo's chart makes them, in the
// Spillway namespace: pod-cidr (pod-cidr-2... when there are several), service-cidr and
// reserved-N are facts (ipam.liqo.io/network-not-remapped); external-cidr (one address
// pre-allocated) and internal-cidr may be moved by the IPAM if they clash.
std::vector<nlohmann::json> ipamNetworks(const InstallOptions &options, const QMap<QString, QString> &values);

} // namespace spillway::installer
