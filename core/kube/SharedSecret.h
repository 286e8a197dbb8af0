#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <functional>

namespace spillway::kube {

// A Secret several replicas of one program share, such as a serving certificate and its key.
using SecretData = QMap<QString, QByteArray>;   // key → decoded value

struct SharedSecret {
    QString ns, name, type = QStringLiteral("Opaque");
    std::function<bool(const SecretData &)> usable;      // the stored data will do as it is
    std::function<Result<SecretData>()> make;             // new data when it will not
    QString fieldManager;
};

// The Secret's data when usable, else new data written there. Each replica writes only over the
// version it read (create, or update at that resourceVersion); one that loses the race reads the
// winner's data and uses it, so replicas that start together end up with the same.
Result<SecretData> ensureSharedSecret(KubeClient &client, const SharedSecret &secret);

} // namespace spillway::kube
