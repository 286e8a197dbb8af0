#include "kube/Resource.h"

namespace spillway::kube {

QString ResourceRef::path(const QString &ns, const QString &name, const QString &subresource) const
{
    QString p = basePath();
    if (namespaced && !ns.isEmpty())
        p += QStringLiteral("/namespaces/") + ns;
    p += QLatin1Char('/') + resource;
    if (!name.isEmpty()) {
        p += QLatin1Char('/') + name;
        if (!subresource.isEmpty())
            p += QLatin1Char('/') + subresource;
    }
    return p;
}

QString ResourceRef::describe(const QString &ns, const QString &name) const
{
    QString r = group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
    if (name.isEmpty())
        return ns.isEmpty() || !namespaced ? r : QStringLiteral("%1 in namespace %2").arg(r, ns);
    return QStringLiteral("%1 %2").arg(r, namespaced && !ns.isEmpty() ? ns + QLatin1Char('/') + name : name);
}

namespace resources {
ResourceRef configMaps() { return {{}, QStringLiteral("v1"), QStringLiteral("configmaps"), QStringLiteral("ConfigMap"), true}; }
ResourceRef secrets() { return {{}, QStringLiteral("v1"), QStringLiteral("secrets"), QStringLiteral("Secret"), true}; }
ResourceRef namespaces() { return {{}, QStringLiteral("v1"), QStringLiteral("namespaces"), QStringLiteral("Namespace"), false}; }
ResourceRef pods() { return {{}, QStringLiteral("v1"), QStringLiteral("pods"), QStringLiteral("Pod"), true}; }
ResourceRef nodes() { return {{}, QStringLiteral("v1"), QStringLiteral("nodes"), QStringLiteral("Node"), false}; }
ResourceRef podTemplates() { return {{}, QStringLiteral("v1"), QStringLiteral("podtemplates"), QStringLiteral("PodTemplate"), true}; }
ResourceRef serviceAccounts() { return {{}, QStringLiteral("v1"), QStringLiteral("serviceaccounts"), QStringLiteral("ServiceAccount"), true}; }
ResourceRef services() { return {{}, QStringLiteral("v1"), QStringLiteral("services"), QStringLiteral("Service"), true}; }
ResourceRef endpointSlices() { return {QStringLiteral("discovery.k8s.io"), QStringLiteral("v1"), QStringLiteral("endpointslices"), QStringLiteral("EndpointSlice"), true}; }
ResourceRef events() { return {{}, QStringLiteral("v1"), QStringLiteral("events"), QStringLiteral("Event"), true}; }
ResourceRef persistentVolumeClaims()
{
    return {{}, QStringLiteral("v1"), QStringLiteral("persistentvolumeclaims"), QStringLiteral("PersistentVolumeClaim"), true};
}
ResourceRef persistentVolumes() { return {{}, QStringLiteral("v1"), QStringLiteral("persistentvolumes"), QStringLiteral("PersistentVolume"), false}; }
ResourceRef storageClasses()
{
    return {QStringLiteral("storage.k8s.io"), QStringLiteral("v1"), QStringLiteral("storageclasses"), QStringLiteral("StorageClass"), false};
}
ResourceRef leases()
{
    return {QStringLiteral("coordination.k8s.io"), QStringLiteral("v1"), QStringLiteral("leases"), QStringLiteral("Lease"), true};
}
ResourceRef deployments()
{
    return {QStringLiteral("apps"), QStringLiteral("v1"), QStringLiteral("deployments"), QStringLiteral("Deployment"), true};
}
ResourceRef daemonSets()
{
    return {QStringLiteral("apps"), QStringLiteral("v1"), QStringLiteral("daemonsets"), QStringLiteral("DaemonSet"), true};
}
ResourceRef nodeMetrics()
{
    return {QStringLiteral("metrics.k8s.io"), QStringLiteral("v1beta1"), QStringLiteral("nodes"), QStringLiteral("NodeMetrics"), false};
}

ResourceRef podMetrics()
{
    return {QStringLiteral("metrics.k8s.io"), QStringLiteral("v1beta1"), QStringLiteral("pods"), QStringLiteral("PodMetrics"), true};
}

ResourceRef customResourceDefinitions()
{
    return {QStringLiteral("apiextensions.k8s.io"), QStringLiteral("v1"), QStringLiteral("customresourcedefinitions"),
            QStringLiteral("CustomResourceDefinition"), false};
}
ResourceRef validatingWebhookConfigurations()
{
    return {QStringLiteral("admissionregistration.k8s.io"), QStringLiteral("v1"), QStringLiteral("validatingwebhookconfigurations"),
            QStringLiteral("ValidatingWebhookConfiguration"), false};
}
ResourceRef mutatingWebhookConfigurations()
{
    return {QStringLiteral("admissionregistration.k8s.io"), QStringLiteral("v1"), QStringLiteral("mutatingwebhookconfigurations"),
            QStringLiteral("MutatingWebhookConfiguration"), false};
}
ResourceRef certificateSigningRequests()
{
    return {QStringLiteral("certificates.k8s.io"), QStringLiteral("v1"), QStringLiteral("certificatesigningrequests"),
            QStringLiteral("CertificateSigningRequest"), false};
}
} // namespace resources

} // namespace spillway::kube
