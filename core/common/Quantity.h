#pragma once

#include <QString>
#include <optional>

namespace spillway {

// A Kubernetes resource quantity ("500m", "2", "1.5Gi", "1e3"), read the way the apiserver reads
// it. Values are kept in thousandths (milli-units) so CPU "250m" and memory "128Mi" both fit;
// anything outside ±2^62 milli-units or not in Kubernetes' grammar is not a quantity.
struct Quantity {
    qint64 milli = 0;

    static std::optional<Quantity> parse(const QString &text);
    double value() const { return double(milli) / 1000.0; }
    // Whole units rounded up, as the scheduler counts CPU cores and bytes.
    qint64 ceilUnits() const { return milli >= 0 ? (milli + 999) / 1000 : milli / 1000; }
    // Canonical-enough text: "250m", "2", "1073741824" (callers format memory themselves).
    QString toString() const;
    auto operator<=>(const Quantity &) const = default;
};

} // namespace spillway
