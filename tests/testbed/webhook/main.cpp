// testbed-webhook: a minimal mutating admission webhook for the testbed's own tests.
// Serves HTTPS on 127.0.0.1:PORT; every AdmissionReview it receives is answered with a JSON
// patch that adds the label spillway.dev/mutated=true, and one line per request goes to stdout.
// It proves the testbed's apiserver really calls URL webhooks on loopback (peering and the
// offloading webhook rely on it); the product's own webhook server lives in core.
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <cstdio>

namespace {

struct Request {
    QByteArray buffer;
};

QByteArray admissionResponse(const QByteArray &body)
{
    const QJsonObject review = QJsonDocument::fromJson(body).object();
    const QJsonObject request = review.value(QStringLiteral("request")).toObject();
    const QJsonObject object = request.value(QStringLiteral("object")).toObject();
    const bool hasLabels = object.value(QStringLiteral("metadata")).toObject().contains(QStringLiteral("labels"));
    const QByteArray patch = hasLabels
        ? QByteArray(R"([{"op":"add","path":"/metadata/labels/spillway.dev~1mutated","value":"true"}])")
        : QByteArray(R"([{"op":"add","path":"/metadata/labels","value":{"spillway.dev/mutated":"true"}}])");
    QJsonObject response{{QStringLiteral("uid"), request.value(QStringLiteral("uid"))},
                         {QStringLiteral("allowed"), true},
                         {QStringLiteral("patchType"), QStringLiteral("JSONPatch")},
                         {QStringLiteral("patch"), QString::fromLatin1(patch.toBase64())}};
    QJsonObject out{{QStringLiteral("apiVersion"), review.value(QStringLiteral("apiVersion"))},
                    {QStringLiteral("kind"), QStringLiteral("AdmissionReview")},
                    {QStringLiteral("response"), response}};
    std::printf("admission %s %s/%s\n", qPrintable(request.value(QStringLiteral("operation")).toString()),
                qPrintable(request.value(QStringLiteral("namespace")).toString()),
                qPrintable(request.value(QStringLiteral("name")).toString()));
    std::fflush(stdout);
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

// Returns true once a whole request (headers + Content-Length body) was answered.
bool tryAnswer(QSslSocket *socket, QByteArray &buf)
{
    const int headerEnd = buf.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return false;
    qsizetype length = 0;
    for (const QByteArray &line : buf.left(headerEnd).split('\n')) {
        if (line.toLower().startsWith("content-length:"))
            length = line.mid(15).trimmed().toLongLong();
    }
    if (buf.size() < headerEnd + 4 + length)
        return false;
    const QByteArray body = buf.mid(headerEnd + 4, length);
    buf.remove(0, headerEnd + 4 + length);
    const QByteArray reply = admissionResponse(body);
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + QByteArray::number(reply.size()) + "\r\n\r\n" + reply);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 4) {
        std::fprintf(stderr, "usage: testbed-webhook PORT CERT KEY\n");
        return 2;
    }
    QFile certFile(args[2]), keyFile(args[3]);
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "testbed-webhook: cannot read %s or %s\n", qPrintable(args[2]), qPrintable(args[3]));
        return 1;
    }
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificate(QSslCertificate(certFile.readAll()));
    tls.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Ec));
    tls.setPeerVerifyMode(QSslSocket::VerifyNone);

    QSslServer server;
    server.setSslConfiguration(tls);
    QObject::connect(&server, &QTcpServer::pendingConnectionAvailable, [&server] {
        while (auto *socket = qobject_cast<QSslSocket *>(server.nextPendingConnection())) {
            auto *buf = new QByteArray;
            QObject::connect(socket, &QSslSocket::readyRead, socket, [socket, buf] {
                buf->append(socket->readAll());
                while (tryAnswer(socket, *buf)) {
                }
            });
            QObject::connect(socket, &QSslSocket::disconnected, socket, [socket, buf] {
                delete buf;
                socket->deleteLater();
            });
        }
    });
    if (!server.listen(QHostAddress::LocalHost, args[1].toUShort())) {
        std::fprintf(stderr, "testbed-webhook: cannot listen on 127.0.0.1:%s: %s\n", qPrintable(args[1]),
                     qPrintable(server.errorString()));
        return 1;
    }
    std::printf("listening on 127.0.0.1:%s\n", qPrintable(args[1]));
    std::fflush(stdout);
    return app.exec();
}
