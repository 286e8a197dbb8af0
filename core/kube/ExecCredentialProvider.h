#pragma once

#include "common/Error.h"
#include "kube/RestConfig.h"

#include <QByteArray>
#include <QDateTime>
#include <QMutex>
#include <QString>

#include <chrono>
#include <functional>
#include <optional>

namespace spillway::kube {

// What an exec plugin handed back (ExecCredential.status).
struct Credential {
    QString token;
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    std::optional<QDateTime> expiry;   // UTC; none = valid until the server says otherwise
};

// Runs a kubeconfig exec credential plugin (client.authentication.k8s.io/v1 or v1beta1) the way
// client-go does, and caches its answer. get() blocks while the plugin runs, so call it off the
// GUI thread; it is safe to call from several threads (one plugin run at a time).
class ExecCredentialProvider
{
public:
    using Clock = std::function<QDateTime()>;   // injectable for tests; default QDateTime::currentDateTimeUtc

    // `cluster` supplies server, caPem, insecureSkipTlsVerify, tlsServerName and proxyUrl for
    // KUBERNETES_EXEC_INFO, and contextName / userName for error messages.
    ExecCredentialProvider(ExecConfig exec, RestConfig cluster, Clock clock = {});

    ExecCredentialProvider(const ExecCredentialProvider &) = delete;
    ExecCredentialProvider &operator=(const ExecCredentialProvider &) = delete;

    // The cached credential while clock() < expiry - 10 s (without expiry: until invalidate()),
    // otherwise the plugin's fresh answer. Failures are Error::Kind::Auth naming the command.
    Result<Credential> get();
    // Call after a 401: the next get() re-runs the plugin.
    void invalidate();
    // How many times the plugin was started (tests, metrics).
    int runs() const;

    // 60 s by default, like kubectl's wait for an interactive login to finish.
    void setTimeout(std::chrono::milliseconds timeout);

    // The KUBERNETES_EXEC_INFO value handed to the plugin (exposed for diagnostics and tests).
    QByteArray execInfoJson() const;

private:
    Result<Credential> run();
    Error authError(const QString &message, const QString &hint = {}) const;
    QString describeCommand() const;

    const ExecConfig m_exec;
    const RestConfig m_cluster;
    const Clock m_clock;
    std::chrono::milliseconds m_timeout{60000};

    mutable QMutex m_mutex;
    std::optional<Credential> m_cached;
    int m_runs = 0;
};

} // namespace spillway::kube
