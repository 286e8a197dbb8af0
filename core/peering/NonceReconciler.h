#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/Nonce.h"

#include <functional>

namespace spillway::peering {

// Provider side, for Liqo's tools: a Secret labelled liqo.io/nonce (liqoctl peer creates liqo-nonce
// empty in the consumer's tenant namespace and waits for it to be filled) gets a fresh nonce when
// it has none, a malformed one, or one past three quarters of its lifetime (nonceRefreshAt); it
// is looked at again then, so a nonce anyone reads here has at least a quarter of it left. Secrets elsewhere, or not
// named liqo-nonce, are left alone: a nonce is only ever verified from that one place.
class NonceReconciler
{
public:
    struct Options {
        NonceOptions nonce;
        std::function<void(const QString &key, qint64 ms)> requeueAfter;
    };
    NonceReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);   // "namespace/name"

private:
    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
