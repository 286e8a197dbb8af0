#include "kube/RemoteCommand.h"

#include "common/JsonText.h"
#include "kube/Query.h"

#include <QUrl>

namespace spillway::kube::remotecommand {

QByteArray target(const QString &ns, const QString &pod, const ExecOptions &options)
{
    QueryItems query;
    if (!options.container.isEmpty())
        query.append({QStringLiteral("container"), options.container});
    if (!options.attach)
        for (const QString &arg : options.command)
            query.append({QStringLiteral("command"), arg});
    query.append({QStringLiteral("stdin"), QStringLiteral("true")});
    query.append({QStringLiteral("stdout"), QStringLiteral("true")});
    // With a TTY the runtime joins stderr to the terminal; asking for it too is refused.
    query.append({QStringLiteral("stderr"), options.tty ? QStringLiteral("false") : QStringLiteral("true")});
    query.append({QStringLiteral("tty"), options.tty ? QStringLiteral("true") : QStringLiteral("false")});
    return "/api/v1/namespaces/" + QUrl::toPercentEncoding(ns) + "/pods/" + QUrl::toPercentEncoding(pod) +
           (options.attach ? "/attach?" : "/exec?") + encodeQuery(query);
}

QByteArray message(Channel channel, const QByteArray &bytes)
{
    QByteArray out;
    out.reserve(bytes.size() + 1);
    out.append(char(channel));
    out.append(bytes);
    return out;
}

QByteArray resizeMessage(int columns, int rows)
{
    return message(Resize, QStringLiteral("{\"Width\":%1,\"Height\":%2}").arg(qMax(1, columns)).arg(qMax(1, rows)).toLatin1());
}

QByteArray closeStdinMessage()
{
    return message(CloseChannel, QByteArray(1, char(Stdin)));
}

ExitStatus parseExitStatus(const QByteArray &payload)
{
    ExitStatus status;
    const nlohmann::json j = nlohmann::json::parse(payload.constBegin(), payload.constEnd(), nullptr, false);
    if (!j.is_object())
        return status;
    status.parsed = true;
    status.success = textOf(j, "status") == QLatin1String("Success");
    if (status.success) {
        status.exitCode = 0;
        return status;
    }
    status.message = textOf(j, "message");
    // A process that ran and exited non-zero: reason NonZeroExitCode, its code in a cause.
    if (textOf(j, "reason") == QLatin1String("NonZeroExitCode")) {
        const nlohmann::json &causes = memberOf(memberOf(j, "details"), "causes");
        if (causes.is_array())
            for (const auto &cause : causes)
                if (textOf(cause, "reason") == QLatin1String("ExitCode")) {
                    bool ok = false;
                    const int code = textOf(cause, "message").toInt(&ok);
                    if (ok)
                        status.exitCode = code;
                }
    }
    return status;
}

} // namespace spillway::kube::remotecommand
