#include "manager/WebhookConfiguration.h"

namespace spillway::manager {

using nlohmann::json;

namespace {

json webhook(const WebhookEndpoint &e, const std::string &name, const std::string &path, const std::string &group,
             const std::string &version, const std::string &resource, const json &operations = json::array({"CREATE", "UPDATE"}))
{
    json client;
    if (!e.url.isEmpty())
        client["url"] = e.url.toStdString() + path;
    else
        client["service"] = {{"namespace", e.serviceNamespace.toStdString()}, {"name", e.serviceName.toStdString()},
                             {"path", path}, {"port", e.servicePort}};
    if (!e.caPem.isEmpty())
        client["caBundle"] = e.caPem.toBase64().toStdString();
    return {{"name", name},
            {"admissionReviewVersions", json::array({"v1"})},
            {"sideEffects", "None"},
            {"failurePolicy", e.failurePolicy.toStdString()},
            {"timeoutSeconds", 10},
            {"clientConfig", client},
            {"rules", json::array({{{"apiGroups", json::array({group})}, {"apiVersions", json::array({version})},
                                    {"operations", operations}, {"resources", json::array({resource})},
                                    // The apiserver's default, written out: rules is an atomic list, so an applied value
                                    // that differs from the stored one only by a default would move ownership back and forth.
                                    {"scope", "*"}}})}};
}

// Grants are limits only while this webhook judges: it never fails open, whatever the install's
// failurePolicy for the others.
json shadowPodWebhook(const WebhookEndpoint &e)
{
    json hook = webhook(e, "shadowpod.offloading.liqo.io", "/validate/shadowpod", "offloading.liqo.io", "v1beta1", "shadowpods");
    hook["failurePolicy"] = "Fail";
    return hook;
}

json labels()
{
    return {{"app.kubernetes.io/part-of", "spillway"}, {"app.kubernetes.io/component", "webhook"}};
}

} // namespace

json mutatingWebhookConfiguration(const WebhookEndpoint &e)
{
    json pods = webhook(e, "pod.mutate.liqo.io", "/mutate/pod", "", "v1", "pods", json::array({"CREATE"}));
    pods["namespaceSelector"] = {{"matchLabels", {{"liqo.io/scheduling-enabled", "true"}}}};
    // Written out as the apiserver defaults them, for the same reason as the rules' scope.
    pods["objectSelector"] = json::object();
    pods["matchPolicy"] = "Equivalent";
    pods["reinvocationPolicy"] = "Never";
    return {{"apiVersion", "admissionregistration.k8s.io/v1"},
            {"kind", "MutatingWebhookConfiguration"},
            {"metadata", {{"name", kMutatingWebhookName}, {"labels", labels()}}},
            {"webhooks", json::array({pods})}};
}

json validatingWebhookConfiguration(const WebhookEndpoint &e)
{
    return {{"apiVersion", "admissionregistration.k8s.io/v1"},
            {"kind", "ValidatingWebhookConfiguration"},
            {"metadata", {{"name", kValidatingWebhookName}, {"labels", labels()}}},
            {"webhooks", json::array({
                 webhook(e, "namespaceoffloading.offloading.liqo.io", "/validate/namespaceoffloading", "offloading.liqo.io", "v1beta1", "namespaceoffloadings"),
                 webhook(e, "resourceslice.authentication.liqo.io", "/validate/resourceslice", "authentication.liqo.io", "v1beta1", "resourceslices"),
                 shadowPodWebhook(e),
             })}};
}

} // namespace spillway::manager
