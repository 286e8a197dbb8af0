#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "virtualkubelet/ResourceMetrics.h"

#include <QHash>

#include <functional>

namespace spillway::virtualkubelet {

// Answers a scrape of the virtual node's /metrics/resource: lists the provider's PodMetrics in
// every namespace mapped for this node (metrics.k8s.io, read with the offloading identity) and
// folds them into the counters. A namespace that cannot be read fails the whole scrape rather
// than dropping its pods: a counter that vanished and came back would read as a restart.
class ResourceMetricsScraper
{
public:
    using MappedNamespaces = std::function<QHash<QString, QString>()>;   // local → remote
    using IsOurs = std::function<bool(const QString &localNamespace, const QString &pod)>;

    ResourceMetricsScraper(kube::KubeClient *provider, MappedNamespaces mapped, IsOurs isOurs);
    // Runs on the provider client's thread; done is called there once.
    void scrape(std::function<void(Result<QByteArray>)> done);

private:
    kube::KubeClient *m_provider;
    MappedNamespaces m_mapped;
    IsOurs m_isOurs;
    ResourceMetrics m_metrics;
};

} // namespace spillway::virtualkubelet
