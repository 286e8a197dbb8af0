#include "kube/ExecCredentialProvider.h"

#include <QMutexLocker>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <utility>

namespace spillway::kube {

namespace {

using nlohmann::json;

// Refresh a little early so a request started just before expiry does not arrive with a dead token.
constexpr int kExpirySkewSecs = 10;
constexpr qsizetype kStderrTailChars = 2000;

QString quoted(const QString &s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QString stderrTail(const QByteArray &err)
{
    QString text = QString::fromUtf8(err).trimmed();
    if (text.size() > kStderrTailChars)
        text = QStringLiteral("...") + text.right(kStderrTailChars);
    return text;
}

// RFC 3339 as Go writes it: fractional seconds of any length (Qt only takes milliseconds) and a
// mandatory zone. Returns an invalid QDateTime when the text is not RFC 3339.
QDateTime parseRfc3339(const QString &text)
{
    static const QRegularExpression re(QStringLiteral(
        R"(^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$)"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return {};
    const QString ms = (m.captured(3) + QStringLiteral("000")).left(3);
    const QString zone = m.captured(4).toUpper();
    const QDateTime dt = QDateTime::fromString(
        QStringLiteral("%1T%2.%3%4").arg(m.captured(1), m.captured(2), ms, zone), Qt::ISODateWithMs);
    return dt.isValid() ? dt.toUTC() : QDateTime();
}

// A string member of a JSON object: empty when absent or null, flagged when of another type.
struct Field {
    QString value;
    bool wrongType = false;
};

Field stringField(const json &obj, const char *key)
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return {};
    if (!it->is_string())
        return {{}, true};
    return {QString::fromStdString(it->get<std::string>()), false};
}

} // namespace

ExecCredentialProvider::ExecCredentialProvider(ExecConfig exec, RestConfig cluster, Clock clock)
    : m_exec(std::move(exec))
    , m_cluster(std::move(cluster))
    , m_clock(clock ? std::move(clock) : Clock([] { return QDateTime::currentDateTimeUtc(); }))
{
}

Result<Credential> ExecCredentialProvider::get()
{
    QMutexLocker lock(&m_mutex);
    if (m_cached && (!m_cached->expiry || m_clock() < m_cached->expiry->addSecs(-kExpirySkewSecs)))
        return *m_cached;
    m_cached.reset();
    auto fresh = run();
    if (fresh)
        m_cached = *fresh;
    return fresh;
}

void ExecCredentialProvider::invalidate()
{
    QMutexLocker lock(&m_mutex);
    m_cached.reset();
}

int ExecCredentialProvider::runs() const
{
    QMutexLocker lock(&m_mutex);
    return m_runs;
}

void ExecCredentialProvider::setTimeout(std::chrono::milliseconds timeout)
{
    QMutexLocker lock(&m_mutex);
    m_timeout = timeout;
}

QString ExecCredentialProvider::describeCommand() const
{
    QString s = QStringLiteral("exec plugin %1").arg(quoted(m_exec.command));
    if (!m_cluster.userName.isEmpty())
        s += QStringLiteral(" of user %1").arg(quoted(m_cluster.userName));
    return s;
}

Error ExecCredentialProvider::authError(const QString &message, const QString &hint) const
{
    Error e;
    e.kind = Error::Kind::Auth;
    e.message = message;
    e.hint = hint;
    e.cluster = m_cluster.contextName;
    return e;
}

QByteArray ExecCredentialProvider::execInfoJson() const
{
    // Field names and omitempty behaviour follow client-go's ExecCredentialSpec / Cluster.
    json spec = {{"interactive", false}};
    if (m_exec.provideClusterInfo) {
        json cluster = {{"server", m_cluster.server.toStdString()}};
        if (!m_cluster.tlsServerName.isEmpty())
            cluster["tls-server-name"] = m_cluster.tlsServerName.toStdString();
        if (m_cluster.insecureSkipTlsVerify)
            cluster["insecure-skip-tls-verify"] = true;
        if (!m_cluster.caPem.isEmpty())
            cluster["certificate-authority-data"] = m_cluster.caPem.toBase64().toStdString();
        if (!m_cluster.proxyUrl.isEmpty())
            cluster["proxy-url"] = m_cluster.proxyUrl.toStdString();
        spec["cluster"] = std::move(cluster);
    }
    const json info = {
        {"apiVersion", m_exec.apiVersion.toStdString()},
        {"kind", "ExecCredential"},
        {"spec", std::move(spec)},
    };
    return QByteArray::fromStdString(info.dump());
}

Result<Credential> ExecCredentialProvider::run()
{
    const QString who = describeCommand();
    if (m_exec.interactiveMode == QLatin1String("Always"))
        return authError(QStringLiteral("%1 needs a terminal (interactiveMode: Always), but Spillway runs plugins non-interactively").arg(who),
                         QStringLiteral("run the plugin once in a terminal so it caches a credential, "
                                        "or set interactiveMode to IfAvailable or Never"));

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : m_exec.env)
        env.insert(name, value);
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), QString::fromUtf8(execInfoJson()));

    // program + argv, never a shell: arguments from a kubeconfig must not be interpreted.
    QProcess proc;
    proc.setProgram(m_exec.command);
    proc.setArguments(m_exec.args);
    proc.setProcessEnvironment(env);
    proc.setStandardInputFile(QProcess::nullDevice());
    proc.setProcessChannelMode(QProcess::SeparateChannels);
    proc.start(QIODevice::ReadOnly);
    if (!proc.waitForStarted(static_cast<int>(m_timeout.count()))) {
        QString hint = m_exec.installHint.trimmed();
        if (hint.isEmpty())
            hint = QStringLiteral("install the plugin or fix users[].user.exec.command in the kubeconfig");
        return authError(QStringLiteral("%1 could not be started: %2").arg(who, proc.errorString()), hint);
    }
    ++m_runs;

    if (!proc.waitForFinished(static_cast<int>(m_timeout.count())) && proc.state() != QProcess::NotRunning) {
        proc.kill();
        proc.waitForFinished(2000);
        return authError(QStringLiteral("%1 did not finish within %2 s").arg(who).arg(m_timeout.count() / 1000.0),
                         QStringLiteral("check that the plugin does not wait for input (e.g. a browser login)"));
    }
    const QByteArray out = proc.readAllStandardOutput();
    const QString errTail = stderrTail(proc.readAllStandardError());
    if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        QString msg = proc.exitStatus() != QProcess::NormalExit
                          ? QStringLiteral("%1 crashed").arg(who)
                          : QStringLiteral("%1 exited with code %2").arg(who).arg(proc.exitCode());
        if (!errTail.isEmpty())
            msg += QStringLiteral(": ") + errTail;
        return authError(msg, QStringLiteral("run the command by hand to see what it needs"));
    }

    json doc;
    try {
        doc = json::parse(out.constData(), out.constData() + out.size());
    } catch (const json::exception &e) {
        return authError(QStringLiteral("%1 printed invalid JSON: %2").arg(who, QString::fromUtf8(e.what())),
                         QStringLiteral("the plugin must print an ExecCredential object on stdout"));
    }
    if (!doc.is_object())
        return authError(QStringLiteral("%1 printed JSON that is not an ExecCredential object").arg(who));

    const Field apiVersion = stringField(doc, "apiVersion");
    if (apiVersion.value != m_exec.apiVersion)
        return authError(QStringLiteral("%1 returned apiVersion %2, but the kubeconfig asks for %3")
                             .arg(who, quoted(apiVersion.value), quoted(m_exec.apiVersion)),
                         QStringLiteral("set users[].user.exec.apiVersion to the version the plugin speaks"));
    const Field kind = stringField(doc, "kind");
    if (kind.value != QLatin1String("ExecCredential"))
        return authError(QStringLiteral("%1 returned kind %2 instead of ExecCredential").arg(who, quoted(kind.value)));

    const auto statusIt = doc.find("status");
    if (statusIt == doc.end() || !statusIt->is_object())
        return authError(QStringLiteral("%1 did not return a status").arg(who));
    const json &status = *statusIt;

    const Field token = stringField(status, "token");
    const Field cert = stringField(status, "clientCertificateData");
    const Field key = stringField(status, "clientKeyData");
    const Field expiry = stringField(status, "expirationTimestamp");
    for (const auto &[field, name] : {std::pair{&token, "token"}, std::pair{&cert, "clientCertificateData"},
                                      std::pair{&key, "clientKeyData"}, std::pair{&expiry, "expirationTimestamp"}}) {
        if (field->wrongType)
            return authError(QStringLiteral("%1 returned a status.%2 that is not a string").arg(who, QLatin1String(name)));
    }
    if (token.value.isEmpty() && cert.value.isEmpty() && key.value.isEmpty())
        return authError(QStringLiteral("%1 returned neither a token nor a client certificate and key").arg(who));
    if (cert.value.isEmpty() != key.value.isEmpty())
        return authError(QStringLiteral("%1 returned only a client %2, not both certificate and key")
                             .arg(who, cert.value.isEmpty() ? QStringLiteral("key") : QStringLiteral("certificate")));

    Credential cred;
    cred.token = token.value;
    cred.clientCertPem = cert.value.toUtf8();
    cred.clientKeyPem = key.value.toUtf8();
    if (!expiry.value.isEmpty()) {
        const QDateTime when = parseRfc3339(expiry.value);
        if (!when.isValid())
            return authError(QStringLiteral("%1 returned an expirationTimestamp that is not RFC 3339: %2").arg(who, quoted(expiry.value)));
        cred.expiry = when;
    }
    return cred;
}

} // namespace spillway::kube
