#pragma once

#include "kube/Clock.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <mutex>

namespace spillway::peering {

// Bounds how often a provider verifies failed authentication attempts. Attempts are keyed by
// who makes them (consumer:<cluster ID>, address:<source IP>): after `freeFailures` failures a
// key is blocked for base, then twice as long after each further failure, up to `maxBlockMs`;
// a key without failures for `forgetAfterMs` starts over, and a success clears its keys. The
// caller answers a blocked key with HTTP 429 and Retry-After (or, for a Tenant, a refusal that
// says when it is looked at again). Each failure is counted by cause and reported to `log` once,
// with the cause and the keys, never secret material. Thread-safe; time is injected.
class AuthenticationGuard
{
public:
    struct Options {
        int freeFailures = 5;
        qint64 baseBlockMs = 1000;
        qint64 maxBlockMs = 5 * 60 * 1000;
        qint64 forgetAfterMs = 10 * 60 * 1000;
        int maxTrackedKeys = 10000;                   // the oldest are forgotten past this
        kube::MonotonicClock clock = kube::steadyClock();
        std::function<void(const QString &cause, const QStringList &keys, qint64 blockedForMs)> log;
    };

    AuthenticationGuard();
    explicit AuthenticationGuard(Options options);

    static QString consumerKey(const QString &clusterId) { return QStringLiteral("consumer:") + clusterId; }
    static QString addressKey(const QString &address) { return QStringLiteral("address:") + address; }

    // Milliseconds until every one of `keys` may be tried again; 0 = now. A refused (throttled)
    // attempt is counted, not treated as a failure, so waiting out the block always helps.
    qint64 retryAfterMs(const QStringList &keys);
    // A failed verification for `keys`, because of `cause` (a short, stable word: "token",
    // "signature", "nonce", "csr", "malformed"); returns how long the keys are now blocked.
    qint64 failed(const QStringList &keys, const QString &cause);
    void succeeded(const QStringList &keys);

    quint64 failures(const QString &cause) const;
    quint64 throttled() const;
    // The causes callers report, for metrics with a fixed label set.
    static QStringList causes() { return {QStringLiteral("token"), QStringLiteral("nonce"), QStringLiteral("signature"), QStringLiteral("csr"), QStringLiteral("malformed")}; }

private:
    struct Entry {
        int failures = 0;
        qint64 lastFailureMs = 0;
        qint64 blockedUntilMs = 0;
    };
    void prune(qint64 now);

    Options m_options;
    mutable std::mutex m_mutex;
    QHash<QString, Entry> m_entries;
    std::map<QString, quint64> m_failuresByCause;
    quint64 m_throttled = 0;
};

} // namespace spillway::peering
