#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QDateTime>

namespace spillway::kube {

struct IssuedToken {
    QByteArray token;
    QDateTime expires;   // invalid when the apiserver did not say
};

// POST serviceaccounts/<name>/token (the TokenRequest API): a token for the account, valid for
// about `expirationSeconds` (the apiserver may shorten it). Blocking.
Result<IssuedToken> requestServiceAccountToken(KubeClient &client, const QString &ns, const QString &serviceAccount, qint64 expirationSeconds);

} // namespace spillway::kube
