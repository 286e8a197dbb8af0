#pragma once

#include <QString>
#include <optional>

namespace spillway {

// A Spillway release version. Peering and installation compare major.minor only:
// patch releases of one minor are wire-compatible.
struct Version {
    int major = 0;
    int minor = 0;
    int patch = 0;

    static Version current();
    // Accepts "1.2.3" and "v1.2.3"; anything else is not a version.
    static std::optional<Version> parse(const QString &text);

    QString toString() const;
    bool sameMinor(const Version &other) const { return major == other.major && minor == other.minor; }
    auto operator<=>(const Version &) const = default;
};

} // namespace spillway
