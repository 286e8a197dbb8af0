#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QSslCertificate>

namespace spillway::virtualkubelet {

// What the kubelet endpoint needs before it can listen: a serving certificate (self-signed — the
// apiserver does not check a kubelet's unless told to with --kubelet-certificate-authority,
// exactly as with kubelets that serve their own) and the CA whose client certificates it
// accepts, which the apiserver publishes in kube-system/extension-apiserver-authentication.
struct KubeletServing {
    QByteArray certPem, keyPem;
    QList<QSslCertificate> clientCa;
};

Result<KubeletServing> prepareKubeletServing(kube::KubeClient &consumer, const QString &nodeName, const QString &address);

} // namespace spillway::virtualkubelet
