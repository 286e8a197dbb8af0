#pragma once

#include <string_view>

// ipam.liqo.io/v1alpha1: Network and IP. Unlike the other Liqo v1 groups, IPAM stays at v1alpha1.
namespace spillway::apis::ipam::v1alpha1 {

inline constexpr std::string_view kGroupVersion = "ipam.liqo.io/v1alpha1";

} // namespace spillway::apis::ipam::v1alpha1
