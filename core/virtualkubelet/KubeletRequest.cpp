#include "virtualkubelet/KubeletRequest.h"

#include "kube/Query.h"

#include <QRegularExpression>
#include <QUrl>

namespace spillway::virtualkubelet {

namespace {

// DNS-1123 labels and subdomains: what namespace, pod and container names may be; anything else
// (".." included) never reaches a path on the provider.
bool validName(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$"));
    return re.match(s).hasMatch() && !s.contains(QLatin1String(".."));
}

// PodLogOptions a kubelet accepts (tail is its old name for tailLines).
const char *const kLogOptions[] = {"follow", "previous", "sinceSeconds", "sinceTime", "timestamps", "tailLines", "limitBytes"};

// How the apiserver's streamParams spell a flag: "1" when set, absent otherwise.
bool flagSet(const kube::QueryItems &items, const char *name)
{
    const QStringList values = kube::queryValues(items, QLatin1String(name));
    return !values.isEmpty() && (values.front() == QLatin1String("1") || values.front() == QLatin1String("true"));
}

KubeletRequest parseStreamingRequest(KubeletRequest r, const QStringList &parts, const QByteArray &target)
{
    const bool portForward = parts[1] == QLatin1String("portForward");
    if (parts.size() != (portForward ? 4 : 5) || !validName(parts[2]) || !validName(parts[3]) || (!portForward && !validName(parts[4])))
        return r;
    const qsizetype q = target.indexOf('?');
    const kube::QueryItems items = kube::parseGoQuery(q < 0 ? QByteArrayView() : QByteArrayView(target).sliced(q + 1));
    if (portForward) {
        for (const QString &list : kube::queryValues(items, QStringLiteral("port")))
            for (const QString &port : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                bool ok = false;
                const uint n = port.trimmed().toUInt(&ok);
                if (!ok || n == 0 || n > 65535)
                    return r;   // a port the provider would refuse anyway; say so here
                r.ports << QString::number(n);
            }
        r.kind = KubeletRequest::Kind::PortForward;
    } else {
        r.container = parts[4];
        r.stdinOn = flagSet(items, "input");
        r.stdoutOn = flagSet(items, "output");
        r.stderrOn = flagSet(items, "error");
        r.tty = flagSet(items, "tty");
        if (parts[1] == QLatin1String("exec")) {
            r.command = kube::queryValues(items, QStringLiteral("command"));
            if (r.command.isEmpty())
                return r;
            r.kind = KubeletRequest::Kind::Exec;
        } else {
            r.kind = KubeletRequest::Kind::Attach;
        }
    }
    r.ns = parts[2];
    r.pod = parts[3];
    return r;
}

} // namespace

KubeletRequest parseKubeletRequest(const QByteArray &method, const QByteArray &target)
{
    KubeletRequest r;
    r.method = method;
    const QUrl url(QString::fromLatin1(target), QUrl::StrictMode);
    if (!url.isValid() || !url.isRelative() || target.isEmpty() || target.front() != '/')
        return r;
    const QStringList parts = url.path(QUrl::FullyDecoded).split(QLatin1Char('/'));
    if (parts.size() == 2 && parts[1] == QLatin1String("healthz")) {
        r.kind = KubeletRequest::Kind::Healthz;
        return r;
    }
    if (parts.size() == 3 && parts[1] == QLatin1String("metrics") && parts[2] == QLatin1String("resource") && url.query().isEmpty()) {
        r.kind = KubeletRequest::Kind::ResourceMetrics;
        return r;
    }
    if ((parts.size() == 4 || parts.size() == 5) && (parts[1] == QLatin1String("exec") || parts[1] == QLatin1String("attach")
                                                     || parts[1] == QLatin1String("portForward")))
        return parseStreamingRequest(std::move(r), parts, target);
    if (parts.size() != 5 || parts[1] != QLatin1String("containerLogs") || !validName(parts[2]) || !validName(parts[3]) || !validName(parts[4]))
        return r;
    const QUrlQuery in(url.query(QUrl::FullyEncoded));
    for (const char *option : kLogOptions)
        if (in.hasQueryItem(QLatin1String(option)))
            r.query.addQueryItem(QLatin1String(option), in.queryItemValue(QLatin1String(option), QUrl::FullyEncoded));
    if (in.hasQueryItem(QStringLiteral("tail")) && !r.query.hasQueryItem(QStringLiteral("tailLines"))) {
        const QString tail = in.queryItemValue(QStringLiteral("tail"));
        if (tail != QLatin1String("all"))
            r.query.addQueryItem(QStringLiteral("tailLines"), tail);
    }
    r.kind = KubeletRequest::Kind::ContainerLogs;
    r.ns = parts[2];
    r.pod = parts[3];
    r.container = parts[4];
    return r;
}

std::optional<NodeAccess> accessFor(const KubeletRequest &request)
{
    switch (request.kind) {
    case KubeletRequest::Kind::Healthz:
        return NodeAccess{};
    case KubeletRequest::Kind::ContainerLogs:
    case KubeletRequest::Kind::Exec:
    case KubeletRequest::Kind::Attach:
    case KubeletRequest::Kind::PortForward:
        return NodeAccess{request.method == "GET" || request.method == "HEAD" ? QStringLiteral("get") : QStringLiteral("create"),
                          QStringLiteral("proxy")};
    case KubeletRequest::Kind::ResourceMetrics:
        return NodeAccess{QStringLiteral("get"), QStringLiteral("metrics")};
    case KubeletRequest::Kind::None:
        break;
    }
    return std::nullopt;
}

QByteArray remoteStreamTarget(const KubeletRequest &request, const QString &remoteNamespace)
{
    kube::QueryItems q;
    QString subresource;
    if (request.kind == KubeletRequest::Kind::PortForward) {
        subresource = QStringLiteral("portforward");
        for (const QString &port : request.ports)
            q.append({QStringLiteral("ports"), port});
    } else {
        subresource = request.kind == KubeletRequest::Kind::Exec ? QStringLiteral("exec") : QStringLiteral("attach");
        q.append({QStringLiteral("container"), request.container});
        for (const QString &arg : request.command)
            q.append({QStringLiteral("command"), arg});
        const auto flag = [&q](const char *name, bool on) {
            if (on)
                q.append({QLatin1String(name), QStringLiteral("true")});
        };
        flag("stdin", request.stdinOn);
        flag("stdout", request.stdoutOn);
        flag("stderr", request.stderrOn);
        flag("tty", request.tty);
    }
    QByteArray target = QStringLiteral("/api/v1/namespaces/%1/pods/%2/%3").arg(remoteNamespace, request.pod, subresource).toUtf8();
    if (!q.isEmpty())
        target += '?' + kube::encodeQuery(q);
    return target;
}

QString remoteLogPath(const QString &remoteNamespace, const QString &pod)
{
    return QStringLiteral("/api/v1/namespaces/%1/pods/%2/log").arg(remoteNamespace, pod);
}

QUrlQuery remoteLogQuery(const KubeletRequest &request)
{
    QUrlQuery q = request.query;
    q.addQueryItem(QStringLiteral("container"), request.container);
    return q;
}

} // namespace spillway::virtualkubelet
