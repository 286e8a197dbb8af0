#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::resources {

inline constexpr const char *kPoliciesConfigMap = "spillway-resource-policies";

// Provider side: a ResourceSlice a consumer replicated into its tenant namespace gets
// Authentication Accepted when that namespace's Tenant is authenticated, and Resources Accepted
// with what the policy of its class grants from what is free now (or Denied, with the reason).
// The cluster's labels go to status.nodeLabels for the virtual node. Grants are revisited every
// `resyncMs` as usage changes, and rewritten only past the policy's threshold. As in Liqo, a
// cordoned tenant (spec.tenantCondition Cordoned) or slice (annotation liqo.io/cordon or
// liqo.io/cordon-tenant) keeps a grant already made, unchanged, and is granted nothing new; a
// drained tenant is granted nothing.
class ResourceSliceGrantReconciler
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        qint64 resyncMs = 10000;
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
        std::function<QString()> nowIso;
    };
    ResourceSliceGrantReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

private:
    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::resources
