#pragma once
// Access to the shared testbed pair (ci-consumer, ci-provider) from C++ integration tests.

#include "common/Yaml.h"
#include "kube/KubeClient.h"
#include "kube/Kubeconfig.h"
#include "kube/RestConfig.h"

#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <cstdio>
#include <cstdlib>

namespace testbed {

inline QString stateRoot()
{
    return QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_STATE_DIR")) + QStringLiteral("/clusters");
}

inline QString sourceDir()
{
    return QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_SOURCE_DIR"));
}

// A YAML file of the repository (relative to its root, or absolute), as JSON; fatal if unreadable.
inline nlohmann::json repoYaml(const QString &path)
{
    QFile f(path.startsWith(QLatin1Char('/')) ? path : sourceDir() + QLatin1Char('/') + path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    auto j = spillway::yamlToJson(f.readAll(), f.fileName());
    if (!j)
        qFatal("%s", qPrintable(j.error().toString()));
    return *j;
}

// Server-side applies one of installer/crds, as the installer will.
inline bool applyCrd(spillway::kube::KubeClient &client, const QString &file)
{
    return client.apply(spillway::kube::resources::customResourceDefinitions(), {}, repoYaml(QStringLiteral("installer/crds/") + file),
                        QStringLiteral("spillway-installer"), true).ok();
}

// Creates a namespace (labels optional).
inline spillway::Result<nlohmann::json> createNamespace(spillway::kube::KubeClient &client, const QString &name,
                            const nlohmann::json &labels = nlohmann::json::object())
{
    nlohmann::json ns = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", name.toStdString()}}}};
    if (!labels.empty())
        ns["metadata"]["labels"] = labels;
    return client.create(spillway::kube::resources::namespaces(), {}, ns);
}

inline QString kubeconfigPath(const QString &cluster)
{
    return stateRoot() + QLatin1Char('/') + cluster + QStringLiteral("/kubeconfig");
}

inline QString clusterEnv(const QString &cluster, const QString &key)
{
    QFile f(stateRoot() + QLatin1Char('/') + cluster + QStringLiteral("/cluster.env"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key.toLatin1() + '='))
            return QString::fromUtf8(line.mid(key.size() + 1)).trimmed();
    return {};
}

inline spillway::kube::RestConfig restConfig(const QString &cluster)
{
    auto kc = spillway::kube::Kubeconfig::loadFiles({kubeconfigPath(cluster)});
    if (!kc)
        qFatal("cannot load the testbed kubeconfig of %s: %s", qPrintable(cluster), qPrintable(kc.error().toString()));
    auto rc = kc->restConfig();
    if (!rc)
        qFatal("cannot resolve the testbed kubeconfig of %s: %s", qPrintable(cluster), qPrintable(rc.error().toString()));
    return *rc;
}

// `spillway --screenshot png ARGS...` as the user runs it: empty when it exited 0 within a
// minute, else what went wrong (its stderr).
inline QString consoleScreenshot(const QString &png, const QStringList &args)
{
    QProcess console;
    console.start(QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_BIN")) + QStringLiteral("/spillway"),
                  QStringList{QStringLiteral("--screenshot"), png} + args);
    if (!console.waitForFinished(60000))
        return QStringLiteral("spillway --screenshot did not finish within 60 s");
    return console.exitStatus() == QProcess::NormalExit && console.exitCode() == 0
               ? QString()
               : QStringLiteral("exit %1: %2").arg(console.exitCode()).arg(QString::fromLocal8Bit(console.readAllStandardError()));
}

// ./run cluster ... through the testbed script (stop/start a component).
inline bool testbedCommand(const QStringList &args)
{
    const QString script = QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_SOURCE_DIR"))
        + QStringLiteral("/tests/testbed/testbed.sh");
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedChannels);
    p.start(QStringLiteral("bash"), QStringList{script} + args);
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

class TcpRelay;

// A TCP relay in front of an apiserver: cut() drops every connection and refuses new ones until
// heal(). TLS passes through untouched, so the client still verifies the real apiserver.
class TcpRelay : public QObject
{
public:
    // proxyMode: behave as an HTTP CONNECT proxy (kubeconfig proxy-url) instead of a plain relay.
    TcpRelay(quint16 targetPort, bool proxyMode = false) : m_target(targetPort), m_proxy(proxyMode)
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] { accept(); });
        if (!m_server.listen(QHostAddress::LocalHost, 0))
            qFatal("relay cannot listen");
        m_port = m_server.serverPort();
    }
    quint16 port() const { return m_port; }
    int connections() const { return m_accepted; }
    int connectRequests() const { return m_connects; }
    void cut()
    {
        m_server.close();
        for (auto &s : m_sockets)
            if (s)
                s->abort();
        m_sockets.clear();
    }
    void heal()
    {
        if (!m_server.listen(QHostAddress::LocalHost, m_port))
            qFatal("relay cannot listen again on %d", m_port);
    }

private:
    void accept()
    {
        while (QTcpSocket *in = m_server.nextPendingConnection()) {
            ++m_accepted;
            auto *out = new QTcpSocket(in);
            m_sockets << in << out;
            auto *handshake = new QByteArray;
            QObject::connect(in, &QObject::destroyed, [handshake] { delete handshake; });
            if (!m_proxy)
                out->connectToHost(QHostAddress::LocalHost, m_target);
            QObject::connect(in, &QTcpSocket::readyRead, out, [this, in, out, handshake] {
                if (m_proxy && out->state() == QAbstractSocket::UnconnectedState) {
                    // Read "CONNECT host:port HTTP/1.1" and its headers, then open the tunnel.
                    handshake->append(in->readAll());
                    const int end = int(handshake->indexOf("\r\n\r\n"));
                    if (end < 0)
                        return;
                    const QList<QByteArray> words = handshake->left(handshake->indexOf("\r\n")).split(' ');
                    if (words.value(0) != "CONNECT") {
                        in->write("HTTP/1.1 405 Method Not Allowed\r\n\r\n");
                        in->disconnectFromHost();
                        return;
                    }
                    ++m_connects;
                    const QByteArray target = words.value(1);
                    out->connectToHost(QString::fromLatin1(target.left(target.lastIndexOf(':'))),
                                       quint16(target.mid(target.lastIndexOf(':') + 1).toUInt()));
                    QObject::connect(out, &QTcpSocket::connected, in,
                                     [in] { in->write("HTTP/1.1 200 Connection established\r\n\r\n"); });
                    return;
                }
                if (out->state() == QAbstractSocket::ConnectedState) out->write(in->readAll());
            });
            if (!m_proxy)
                QObject::connect(out, &QTcpSocket::connected, in, [in, out] { out->write(in->readAll()); });
            QObject::connect(out, &QTcpSocket::readyRead, in, [in, out] { in->write(out->readAll()); });
            QObject::connect(in, &QTcpSocket::disconnected, out, [out] { out->disconnectFromHost(); });
            QObject::connect(out, &QTcpSocket::disconnected, in, [in] { in->disconnectFromHost(); });
            QObject::connect(in, &QTcpSocket::disconnected, in, &QObject::deleteLater);
        }
    }
    QTcpServer m_server;
    quint16 m_target;
    quint16 m_port = 0;
    int m_accepted = 0;
    bool m_proxy = false;
    int m_connects = 0;
    QList<QPointer<QTcpSocket>> m_sockets;
};

// A relay in front of CLUSTER's apiserver, and a client whose connections go through it.
inline spillway::kube::RestConfig restConfigVia(const TcpRelay &relay, const QString &cluster)
{
    spillway::kube::RestConfig rc = restConfig(cluster);
    rc.server = QStringLiteral("https://127.0.0.1:%1").arg(relay.port());
    return rc;
}

inline quint16 apiserverPort(const QString &cluster)
{
    return quint16(clusterEnv(cluster, QStringLiteral("APISERVER_PORT")).toUInt());
}

} // namespace testbed

// QTEST_GUILESS_MAIN / QTEST_MAIN for tests that talk to the apiserver, but leaving with _Exit once
// the results are written: Qt 6.4's network threads may still be closing HTTP/2 connections when
// the application is torn down, which aborted a run whose every test had passed ("double free or
// corruption" after "Finished testing"; spillctl's main leaves the same way for the same reason).
#define SPILLWAY_TESTBED_MAIN(AppType, TestObject)                                                   \
    int main(int argc, char *argv[])                                                                  \
    {                                                                                                 \
        AppType app(argc, argv);                                                                      \
        int rc = 0;                                                                                   \
        {                                                                                             \
            TestObject tc;                                                                            \
            QTEST_SET_MAIN_SOURCE_PATH                                                                \
            rc = QTest::qExec(&tc, argc, argv);                                                       \
        }                                                                                             \
        std::fflush(nullptr);                                                                         \
        std::_Exit(rc != 0 ? 1 : 0);                                                                  \
    }
