#pragma once

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QHash>
#include <QString>

#include <functional>
#include <map>
#include <optional>
#include <tuple>

namespace spillway::virtualkubelet {

// The virtual node's kubelet resource metrics (GET /metrics/resource), which the consumer's
// metrics-server scrapes for `kubectl top` and metrics.k8s.io: the offloaded pods' use as the
// provider's metrics.k8s.io reports it for their twins, under the local namespace, and the node
// as their sum. PodMetrics give CPU as a rate averaged over a window ending at a timestamp; the
// kubelet format wants a cumulative counter, so each container's counter is the rate integrated
// from one sample's timestamp to the next (the first sample counts its own window). A counter
// never goes backwards while its container is reported; the node's only ever grows.
class ResourceMetrics
{
public:
    // Whether a twin in a provider namespace is one of this node's pods; its local namespace if so.
    using LocalNamespaceOf = std::function<QString(const QString &remoteNamespace, const QString &pod)>;

    // Folds in one scrape: the PodMetricsList bodies of every mapped namespace. Containers absent
    // from it are no longer reported, but their counters are kept five minutes, so one that
    // misses a scrape comes back where it was, not lower (which would read as a restart).
    // Malformed items are skipped and counted.
    void observe(const std::vector<nlohmann::json> &podMetricsLists, const LocalNamespaceOf &localOf);
    // Prometheus text exposition (version 0.0.4), sample timestamps in milliseconds.
    QByteArray render() const;
    quint64 malformed() const { return m_malformed; }

private:
    struct Container {
        double cpuSeconds = 0;       // cumulative core-seconds
        double memoryBytes = 0;      // working set
        qint64 atMs = 0;             // the sample's timestamp
        bool present = false;        // in the latest scrape
    };
    using Key = std::tuple<QString, QString, QString>;   // namespace, pod, container
    std::map<Key, Container> m_containers;
    double m_nodeCpuSeconds = 0;
    qint64 m_nodeAtMs = 0;
    quint64 m_malformed = 0;
};

// A CPU quantity in cores, to the nanocore ("250006234n", "300m", "2"); nullopt if it is not one.
std::optional<double> parseCpuCores(const QString &text);

// A metav1.Duration as Go prints it ("10.5s", "1m0s", "150ms") in milliseconds; -1 if it is not one.
qint64 parseGoDurationMs(const QString &text);

} // namespace spillway::virtualkubelet
