#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::installer {

// A kubeconfig that authenticates as a ServiceAccount with a bound token from the TokenRequest
// API, reaching the same server with the same CA as `client`. Locally run components use it so
// they hold exactly their RBAC, as they would in a pod.
Result<QByteArray> serviceAccountKubeconfig(kube::KubeClient &client, const QString &ns, const QString &serviceAccount,
                                            qint64 expirationSeconds);

// Whether `kubeconfig` (as serviceAccountKubeconfig wrote it) still authenticates as that
// ServiceAccount: its bound token names the account's UID, and an account deleted and made again
// (an uninstall, then an install) has a new one, so the old token is refused with 401.
bool serviceAccountKubeconfigCurrent(kube::KubeClient &client, const QString &ns, const QString &serviceAccount, const QByteArray &kubeconfig);

} // namespace spillway::installer
