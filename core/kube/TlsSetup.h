#pragma once

#include "common/Error.h"
#include "kube/RestConfig.h"

#include <QNetworkProxy>
#include <QSslConfiguration>

namespace spillway::kube {

// TLS settings for one identity: trusted CAs (only the kubeconfig's when given, like kubectl),
// verification mode, and a client certificate whose key may be RSA, EC or Ed25519 in any PEM form.
Result<QSslConfiguration> buildTlsConfiguration(const RestConfig &config, const QByteArray &certPem, const QByteArray &keyPem);

// http://, https:// and socks5:// proxies as kubeconfig's proxy-url allows.
Result<QNetworkProxy> proxyFromUrl(const QString &url);

} // namespace spillway::kube
