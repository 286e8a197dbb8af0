#pragma once

#include <QString>

namespace spillway::kube {

// Which REST collection an object lives in: enough to build every URL for it.
struct ResourceRef {
    QString group;        // "" for the core API
    QString version;
    QString resource;     // lower-case plural, e.g. "configmaps"
    QString kind;
    bool namespaced = true;

    QString apiVersion() const { return group.isEmpty() ? version : group + QLatin1Char('/') + version; }
    QString basePath() const
    {
        return group.isEmpty() ? QStringLiteral("/api/") + version : QStringLiteral("/apis/%1/%2").arg(group, version);
    }
    // ns is ignored for cluster-scoped resources; empty ns on a namespaced resource = all namespaces.
    QString path(const QString &ns = {}, const QString &name = {}, const QString &subresource = {}) const;
    // "configmaps default/foo" — used in errors and logs.
    QString describe(const QString &ns = {}, const QString &name = {}) const;
    bool operator==(const ResourceRef &) const = default;
};

namespace resources {
ResourceRef configMaps();
ResourceRef secrets();
ResourceRef namespaces();
ResourceRef pods();
ResourceRef nodes();
ResourceRef podTemplates();
ResourceRef serviceAccounts();
ResourceRef endpointSlices();
ResourceRef services();
ResourceRef events();
ResourceRef persistentVolumeClaims();
ResourceRef persistentVolumes();
ResourceRef storageClasses();
ResourceRef leases();
ResourceRef deployments();
ResourceRef daemonSets();
ResourceRef customResourceDefinitions();
ResourceRef validatingWebhookConfigurations();
ResourceRef mutatingWebhookConfigurations();
ResourceRef certificateSigningRequests();
// metrics.k8s.io (metrics-server): read with get and list; it cannot be watched.
ResourceRef nodeMetrics();
ResourceRef podMetrics();
} // namespace resources

} // namespace spillway::kube
