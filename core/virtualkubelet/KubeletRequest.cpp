#include "virtualkubelet/KubeletRequest.h"

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
        return NodeAccess{request.method == "GET" || request.method == "HEAD" ? QStringLiteral("get") : QStringLiteral("create"),
                          QStringLiteral("proxy")};
    case KubeletRequest::Kind::ResourceMetrics:
        return NodeAccess{QStringLiteral("get"), QStringLiteral("metrics")};
    case KubeletRequest::Kind::None:
        break;
    }
    return std::nullopt;
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
