#include "peering/Nonce.h"

#include "peering/PeeringNames.h"
#include "tls/Pki.h"

#include <QDateTime>

namespace spillway::peering {

using nlohmann::json;

namespace {

const json &field(const json &obj, const char *name)
{
    static const json none;
    if (!obj.is_object())
        return none;
    const auto it = obj.find(name);
    return it == obj.end() ? none : *it;
}

std::string stringAt(const json &obj, const char *a, const char *b)
{
    const json &v = field(field(obj, a), b);
    return v.is_string() ? v.get<std::string>() : std::string();
}

// The issue time, or -1 when the annotation is missing or not a number.
qint64 issuedAt(const json &secret)
{
    bool ok = false;
    const qint64 at = QString::fromStdString(stringAt(field(secret, "metadata"), "annotations", kNonceIssuedAtAnnotation)).toLongLong(&ok);
    // Far-future values are as unreadable as text: they would overflow the arithmetic on them.
    return ok && at > 0 && at < (qint64(1) << 40) ? at : -1;
}

} // namespace

NonceOptions withDefaults(NonceOptions options)
{
    if (!options.now)
        options.now = [] { return QDateTime::currentSecsSinceEpoch(); };
    if (!options.randomBytes)
        options.randomBytes = tls::randomBytes;
    return options;
}

QByteArray nonceValue(const json &secret)
{
    return QByteArray::fromBase64(QByteArray::fromStdString(stringAt(secret, "data", kNonceKey)));
}

QString nonceFormProblem(const json &secret)
{
    const QByteArray value = nonceValue(secret);
    if (value.isEmpty())
        return QStringLiteral("the nonce is empty");
    const auto decoded = QByteArray::fromBase64Encoding(value, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() < kNonceMinimumBytes)
        return QStringLiteral("the nonce is malformed (it must be the base64 text of at least %1 random bytes)").arg(kNonceMinimumBytes);
    return {};
}

QString nonceProblem(const json &secret, qint64 now, qint64 lifetimeSeconds)
{
    if (QString problem = nonceFormProblem(secret); !problem.isEmpty())
        return problem;
    const qint64 at = issuedAt(secret);
    if (at < 0)
        return QStringLiteral("the nonce has no issue time");
    if (now - at >= lifetimeSeconds)
        return QStringLiteral("the nonce expired at %1").arg(QDateTime::fromSecsSinceEpoch(at + lifetimeSeconds, Qt::UTC).toString(Qt::ISODate));
    return {};
}

qint64 nonceHandOutUntil(const json &secret, qint64 lifetimeSeconds)
{
    const qint64 at = issuedAt(secret);
    return at < 0 ? 0 : at + lifetimeSeconds / 2;
}

qint64 nonceRefreshAt(const json &secret, qint64 lifetimeSeconds)
{
    const qint64 at = issuedAt(secret);
    return at < 0 ? 0 : at + lifetimeSeconds * 3 / 4;
}

json withFreshNonce(json secret, const QString &consumerId, const NonceOptions &options)
{
    if (!secret.is_object() || secret.empty())
        secret = {{"apiVersion", "v1"}, {"kind", "Secret"},
                  {"metadata", {{"name", kNonceSecret}, {"namespace", tenantNamespace(consumerId).toStdString()}}}};
    json &meta = secret["metadata"];
    meta["labels"][kNonceLabel] = "true";
    meta["labels"][kRemoteClusterIdLabel] = consumerId.toStdString();
    meta["annotations"][kNonceIssuedAtAnnotation] = std::to_string(options.now());
    // Liqo's shape: the value is the base64 text of the random bytes (then base64 again as Secret data).
    const QByteArray text = options.randomBytes(kNonceRandomBytes).toBase64();
    secret.erase("stringData");
    secret["data"] = json::object();
    secret["data"][kNonceKey] = text.toBase64().toStdString();
    return secret;
}

Result<QByteArray> ensureNonce(kube::KubeClient &client, const QString &consumerId, const NonceOptions &given)
{
    const NonceOptions options = withDefaults(given);
    const QString ns = tenantNamespace(consumerId);
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto existing = client.get(kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret));
        if (!existing && !existing.error().isNotFound())
            return existing.error();
        if (existing && nonceProblem(*existing, options.now(), options.lifetimeSeconds).isEmpty()
            && options.now() < nonceHandOutUntil(*existing, options.lifetimeSeconds))
            return nonceValue(*existing);
        const json fresh = withFreshNonce(existing ? *existing : json(), consumerId, options);
        // The resourceVersion (kept from the read) makes the update a compare-and-swap.
        auto written = existing ? client.update(kube::resources::secrets(), ns, fresh) : client.create(kube::resources::secrets(), ns, fresh);
        if (written)
            return nonceValue(fresh);
        if (!written.error().isConflict())
            return written.error();
        // Someone else replaced or made it first: theirs is the nonce.
    }
    return Error::of(Error::Kind::Api, QStringLiteral("the nonce for cluster %1 kept changing while being read").arg(consumerId),
                     QStringLiteral("start the peering again"));
}

Result<void> spendNonce(kube::KubeClient &client, const QString &consumerId, const QByteArray &spent, const NonceOptions &given)
{
    const NonceOptions options = withDefaults(given);
    const QString ns = tenantNamespace(consumerId);
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto existing = client.get(kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret));
        if (!existing)
            return existing.error().isNotFound() ? Result<void>() : Result<void>(existing.error());
        if (nonceValue(*existing) != spent)
            return {};
        auto written = client.update(kube::resources::secrets(), ns, withFreshNonce(*existing, consumerId, options));
        if (written || written.error().isNotFound())
            return {};
        if (!written.error().isConflict())
            return written.error();
    }
    return {};
}

} // namespace spillway::peering
