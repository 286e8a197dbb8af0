// spillway-controller-manager as a process against the testbed: health, metrics, leader
// election between two replicas with hand-over on SIGTERM, its admission webhook registered
// and enforced by the real apiserver, and bad flags / unreachable clusters reported clearly.
#include "Testbed.h"
#include "common/Yaml.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "kube/KubeClient.h"
#include "manager/WebhookConfiguration.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>

using namespace spillway::kube;
using nlohmann::json;

namespace {

QString binary()
{
    return QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_BIN")) + QStringLiteral("/spillway-controller-manager");
}

quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

struct Replica {
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    quint16 health = freePort();
    quint16 webhook = freePort();
};

void launch(Replica &r, const QString &identity)
{
    r.process->setProcessChannelMode(QProcess::MergedChannels);
    r.process->start(binary(), {QStringLiteral("--kubeconfig"), testbed::kubeconfigPath(QStringLiteral("ci-provider")),
                                QStringLiteral("--namespace"), QStringLiteral("liqo"), QStringLiteral("--identity"), identity,
                                QStringLiteral("--health-port"), QString::number(r.health),
                                QStringLiteral("--webhook-port"), QString::number(r.webhook),
                                QStringLiteral("--auth-port"), QStringLiteral("0")});
}

// GET on the health server; "" when it does not answer.
QByteArray scrape(quint16 port, const char *path, int *status = nullptr)
{
    QNetworkAccessManager nam;
    QNetworkReply *reply = nam.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(QLatin1String(path)))));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    return reply->error() == QNetworkReply::NoError ? reply->readAll() : QByteArray();
}

// The port a replica's out-of-band peering endpoint serves on, from its "serving" log line.
quint16 authPort(Replica &r, QByteArray &output)
{
    output += r.process->readAll();
    const auto m = QRegularExpression(QStringLiteral("\"authentication\":\"https://[^\"]*:(\\d+)\"")).match(QString::fromUtf8(output));
    return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
}

// sha256:<hex> of the certificate the endpoint on PORT serves.
QString servedFingerprint(quint16 port)
{
    QSslSocket socket;
    socket.setPeerVerifyMode(QSslSocket::VerifyNone);
    socket.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
    if (!socket.waitForEncrypted(10000))
        return socket.errorString();
    return QStringLiteral("sha256:") + QString::fromLatin1(socket.peerCertificate().digest(QCryptographicHash::Sha256).toHex());
}

bool isLeader(const Replica &r)
{
    return scrape(r.health, "/metrics").contains("\nspillway_leader 1\n");
}

} // namespace

class TestControllerManager : public QObject
{
    Q_OBJECT
    std::unique_ptr<KubeClient> admin;

private slots:
    void initTestCase()
    {
        admin = std::make_unique<KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        testbed::createNamespace(*admin, QStringLiteral("liqo"));
        QVERIFY(testbed::applyCrd(*admin, QStringLiteral("offloading.liqo.io_namespaceoffloadings.yaml")));
    }

    void healthLeaderElectionAndWebhook()
    {
        Replica a, b;
        launch(a, QStringLiteral("replica-a"));
        QTRY_COMPARE_WITH_TIMEOUT(scrape(a.health, "/healthz"), QByteArray("ok\n"), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(isLeader(a), 20000);
        launch(b, QStringLiteral("replica-b"));
        QTRY_COMPARE_WITH_TIMEOUT(scrape(b.health, "/readyz"), QByteArray("ok\n"), 20000);
        QVERIFY(!isLeader(b));
        QVERIFY(scrape(a.health, "/metrics").contains("# TYPE spillway_webhook_reviews_total counter"));

        // The leader's webhook is registered: the real apiserver calls it.
        const QString ns = QStringLiteral("cm-test-%1").arg(QCoreApplication::applicationPid());
        QVERIFY(testbed::createNamespace(*admin, ns).ok());
        json wrong = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"},
                      {"metadata", {{"name", "not-offloading"}, {"namespace", ns.toStdString()}}}, {"spec", json::object()}};
        spillway::Result<json> r = json();
        QTRY_VERIFY_WITH_TIMEOUT(!(r = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, wrong)).ok(), 20000);
        QVERIFY2(r.error().message.contains(QStringLiteral("must be named \"offloading\"")), qPrintable(r.error().toString()));
        QVERIFY(scrape(a.health, "/metrics").contains("spillway_webhook_denied_total"));

        // SIGTERM releases the lease: the standby takes over and re-registers its own webhook.
        a.process->terminate();
        QVERIFY(a.process->waitForFinished(15000));
        const QByteArray output = a.process->readAll();
        const bool clean = a.process->exitStatus() == QProcess::NormalExit && a.process->exitCode() == 0;
        if (!clean)   // a sanitizer's report, say; QTest cuts long messages short
            fprintf(stderr, "replica-a's output:\n%s\n", output.constData());
        QVERIFY2(clean, qPrintable(QStringLiteral("replica-a exited with %1 %2").arg(a.process->exitStatus() == QProcess::NormalExit ? QStringLiteral("code") : QStringLiteral("signal")).arg(a.process->exitCode())));
        QVERIFY(output.contains("\"msg\":\"shutting down\""));
        QTRY_VERIFY_WITH_TIMEOUT(isLeader(b), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, wrong).ok(), 20000);
        auto ok = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, json{{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"},
                                                         {"metadata", {{"name", "offloading"}, {"namespace", ns.toStdString()}}},
                                                         {"spec", json::object()}});
        QVERIFY2(ok.ok(), qPrintable(ok ? QString() : ok.error().toString()));
        b.process->terminate();
        QVERIFY(b.process->waitForFinished(15000));
        admin->remove(resources::namespaces(), {}, ns);
    }

    // Two replicas starting at once, with no serving certificate yet, must not each make their
    // own: consumers pin the one fingerprint that is published, whichever replica answers.
    void replicasStartingTogetherServeOneCertificate()
    {
        for (const char *secret : {"spillway-authentication-tls", "spillway-webhook-tls"})
            admin->remove(resources::secrets(), QStringLiteral("liqo"), QString::fromLatin1(secret));
        Replica a, b;
        launch(a, QStringLiteral("together-a"));
        launch(b, QStringLiteral("together-b"));
        QByteArray outA, outB;
        QTRY_VERIFY_WITH_TIMEOUT(authPort(a, outA) && authPort(b, outB), 20000);
        const QString fa = servedFingerprint(authPort(a, outA)), fb = servedFingerprint(authPort(b, outB));
        QVERIFY2(fa.startsWith(QStringLiteral("sha256:")), qPrintable(fa));
        QCOMPARE(fb, fa);
        auto cm = admin->get(resources::configMaps(), QStringLiteral("liqo"), QStringLiteral("spillway-authentication"));
        QVERIFY2(cm.ok(), qPrintable(cm ? QString() : cm.error().toString()));
        QCOMPARE(QString::fromStdString((*cm)["data"].value("fingerprint", "")), fa);
        // And one webhook certificate, from the CA the webhook configurations name, whichever
        // replica the apiserver reaches behind the Service.
        const QString wa = servedFingerprint(a.webhook), wb = servedFingerprint(b.webhook);
        QVERIFY2(wa.startsWith(QStringLiteral("sha256:")), qPrintable(wa));
        QCOMPARE(wb, wa);
        for (Replica *r : {&a, &b}) {
            r->process->terminate();
            QVERIFY(r->process->waitForFinished(15000));
        }
    }

    void badInputIsReportedClearly()
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(binary(), {QStringLiteral("--qps"), QStringLiteral("lots")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAll().contains("--qps must be a number"));

        QTemporaryDir dir;
        QFile broken(dir.filePath(QStringLiteral("config")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("apiVersion: v1\nclusters: [\n");
        broken.close();
        p.start(binary(), {QStringLiteral("--kubeconfig"), broken.fileName()});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAll().contains("is not valid YAML"));

        // An unreachable cluster: the kubeconfig is fine but nothing listens there.
        QFile orig(testbed::kubeconfigPath(QStringLiteral("ci-provider")));
        QVERIFY(orig.open(QIODevice::ReadOnly));
        QByteArray cfg = orig.readAll();
        const QString server = testbed::clusterEnv(QStringLiteral("ci-provider"), QStringLiteral("SERVER"));
        cfg.replace(server.toUtf8(), QByteArray("https://127.0.0.1:1"));
        QFile unreachable(dir.filePath(QStringLiteral("unreachable")));
        QVERIFY(unreachable.open(QIODevice::WriteOnly));
        unreachable.write(cfg);
        unreachable.close();
        p.start(binary(), {QStringLiteral("--kubeconfig"), unreachable.fileName()});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAll().contains("refused"));
    }

    // The replicas are gone, their webhooks must go too: with failurePolicy Fail, a
    // registration left pointing at a dead port refuses every NamespaceOffloading the later
    // tests of this shared cluster create. Runs even when a test above failed half-way.
    void cleanupTestCase()
    {
        if (!admin)
            return;
        admin->remove(resources::validatingWebhookConfigurations(), {}, QString::fromLatin1(spillway::manager::kValidatingWebhookName));
        admin->remove(resources::mutatingWebhookConfigurations(), {}, QString::fromLatin1(spillway::manager::kMutatingWebhookName));
        QVERIFY(!admin->get(resources::validatingWebhookConfigurations(), {}, QString::fromLatin1(spillway::manager::kValidatingWebhookName)).ok());
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestControllerManager)
#include "tst_controller_manager.moc"
