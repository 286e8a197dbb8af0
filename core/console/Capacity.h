#pragma once

#include <nlohmann/json.hpp>

namespace spillway::console {

// CPU in cores, memory in bytes, pods in pods.
struct Capacity {
    double cpu = 0, memory = 0, pods = 0;
    Capacity &operator+=(const Capacity &o)
    {
        cpu += o.cpu;
        memory += o.memory;
        pods += o.pods;
        return *this;
    }
    friend bool operator==(const Capacity &, const Capacity &) = default;
    // A ResourceList ({"cpu": "500m", "memory": "1Gi", "pods": "10"}); what does not parse counts 0.
    static Capacity of(const nlohmann::json &resources);
};

} // namespace spillway::console
