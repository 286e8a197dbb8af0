#pragma once

#include <string_view>

// offloading.liqo.io/v1beta1: NamespaceOffloading, VirtualNode, NamespaceMap, ShadowPod, Quota.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kGroupVersion = "offloading.liqo.io/v1beta1";

} // namespace spillway::apis::offloading::v1beta1
