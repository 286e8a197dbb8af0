// core's admission webhook server, called by the testbed's real apiserver: Liqo's
// NamespaceOffloading rules enforced, and malformed HTTP answered without harm.
#include "Testbed.h"
#include "common/Yaml.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "kube/KubeClient.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "tls/Pki.h"
#include "webhook/AdmissionServer.h"

#include <QDeadlineTimer>
#include <QSslSocket>

using namespace spillway;
using namespace spillway::kube;
using nlohmann::json;

namespace {

json offloadingObject(const QString &name, const QString &ns, const char *mapping, const char *pods = "LocalAndRemote")
{
    return {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceOffloading"},
            {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}}},
            {"spec", {{"namespaceMappingStrategy", mapping}, {"podOffloadingStrategy", pods}}}};
}

// Speaks raw HTTP to the server; the server runs on this thread, so wait by running the event loop.
QByteArray rawExchange(quint16 port, const QByteArray &caPem, const QByteArray &request)
{
    QSslSocket s;
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates(QSslCertificate::fromData(caPem));
    s.setSslConfiguration(tls);
    QByteArray out;
    QObject::connect(&s, &QSslSocket::encrypted, &s, [&] { s.write(request); });
    QObject::connect(&s, &QSslSocket::readyRead, &s, [&] { out += s.readAll(); });
    s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
    QDeadlineTimer deadline(10000);
    while (!out.contains("\r\n\r\n") && !deadline.hasExpired() && s.state() != QAbstractSocket::UnconnectedState)
        QTest::qWait(10);
    return out;
}

} // namespace

class TestAdmissionWebhook : public QObject
{
    Q_OBJECT
    std::unique_ptr<KubeClient> admin;
    std::unique_ptr<webhook::AdmissionServer> server;
    QByteArray caPem;
    QString ns, hook;
    std::atomic_bool cacheListed{true};   // the readiness gate of the validating path

private slots:
    void initTestCase()
    {
        admin = std::make_unique<KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        QVERIFY(testbed::applyCrd(*admin, QStringLiteral("offloading.liqo.io_namespaceoffloadings.yaml")));
        QTRY_VERIFY_WITH_TIMEOUT(admin->list(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), QStringLiteral("default")).ok(), 30000);

        auto caKey = tls::generateKey(tls::KeyType::EcP256);
        tls::CertificateSpec caSpec;
        caSpec.commonName = QStringLiteral("spillway-webhook-ca");
        caSpec.isCa = true;
        caPem = *tls::selfSignedCertificate(caKey->privatePem, caSpec);
        auto key = tls::generateKey(tls::KeyType::EcP256);
        tls::CertificateSpec serving;
        serving.commonName = QStringLiteral("spillway-webhook");
        serving.ipAddresses = {QStringLiteral("127.0.0.1")};
        serving.serverAuth = true;
        auto cert = tls::signCertificate(caPem, caKey->privatePem, key->publicPem, serving);
        QVERIFY(cert.ok());
        server = std::make_unique<webhook::AdmissionServer>(*cert, key->privatePem);
        server->handle(QStringLiteral("/validate/namespaceoffloading"), offloading::validateNamespaceOffloading,
                       [this] { return cacheListed.load(); });
        auto port = server->listen(QHostAddress::LocalHost);
        QVERIFY2(port.ok(), qPrintable(port ? QString() : port.error().toString()));

        ns = QStringLiteral("admission-%1").arg(QCoreApplication::applicationPid());
        hook = ns;
        QVERIFY(testbed::createNamespace(*admin, ns, {{"spillway.dev/admission-test", ns.toStdString()}}).ok());
        json config = {
            {"apiVersion", "admissionregistration.k8s.io/v1"}, {"kind", "ValidatingWebhookConfiguration"},
            {"metadata", {{"name", hook.toStdString()}}},
            {"webhooks", json::array({{
                {"name", "namespaceoffloading.offloading.liqo.io"},
                {"admissionReviewVersions", json::array({"v1"})},
                {"sideEffects", "None"}, {"failurePolicy", "Fail"}, {"timeoutSeconds", 5},
                {"clientConfig", {{"url", QStringLiteral("https://127.0.0.1:%1/validate/namespaceoffloading").arg(*port).toStdString()},
                                  {"caBundle", caPem.toBase64().toStdString()}}},
                {"namespaceSelector", {{"matchLabels", {{"spillway.dev/admission-test", ns.toStdString()}}}}},
                {"rules", json::array({{{"apiGroups", json::array({"offloading.liqo.io"})}, {"apiVersions", json::array({"v1beta1"})},
                                        {"operations", json::array({"CREATE", "UPDATE"})},
                                        {"resources", json::array({"namespaceoffloadings"})}}})}}})}};
        QVERIFY(admin->create(resources::validatingWebhookConfigurations(), {}, config).ok());
    }

    void wrongNameIsDeniedWithOurMessage()
    {
        // Webhook registration reaches the apiserver's admission chain eventually: retry until it bites.
        spillway::Result<json> r = json();
        QTRY_VERIFY_WITH_TIMEOUT(!(r = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, offloadingObject(QStringLiteral("mine"), ns, "DefaultName"))).ok(), 20000);
        QVERIFY2(r.error().message.contains(QStringLiteral("must be named \"offloading\" (got \"mine\")")), qPrintable(r.error().toString()));
        QVERIFY(r.error().message.contains(QStringLiteral("namespaceoffloading.offloading.liqo.io")));
        QVERIFY(server->denied() >= 1);
    }

    void mappingStrategyCannotChange()
    {
        auto created = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, offloadingObject(QStringLiteral("offloading"), ns, "DefaultName"));
        QVERIFY2(created.ok(), qPrintable(created ? QString() : created.error().toString()));
        auto changed = admin->patch(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, QStringLiteral("offloading"), PatchType::Merge,
                                    R"({"spec":{"namespaceMappingStrategy":"EnforceSameName"}})");
        QVERIFY(!changed.ok());
        QVERIFY2(changed.error().message.contains(QStringLiteral("immutable (was DefaultName, requested EnforceSameName)")),
                 qPrintable(changed.error().toString()));
        auto podsChanged = admin->patch(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, QStringLiteral("offloading"), PatchType::Merge,
                                        R"({"spec":{"podOffloadingStrategy":"Remote"}})");
        QVERIFY2(podsChanged.ok(), qPrintable(podsChanged ? QString() : podsChanged.error().toString()));
    }

    void malformedRequestsAreRefusedAndCounted()
    {
        const quint64 before = server->malformed();
        const QByteArray notJson = "POST /validate/namespaceoffloading HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello";
        QVERIFY(rawExchange(server->port(), caPem, notJson).startsWith("HTTP/1.1 400"));
        const QByteArray huge = "POST /validate/namespaceoffloading HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n";
        QVERIFY(rawExchange(server->port(), caPem, huge).startsWith("HTTP/1.1 413"));
        const QByteArray unknown = "POST /nope HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";
        QVERIFY(rawExchange(server->port(), caPem, unknown).startsWith("HTTP/1.1 404"));
        QCOMPARE(server->malformed(), before + 2);
        // Still serving the apiserver afterwards.
        auto r = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns, offloadingObject(QStringLiteral("again"), ns, "DefaultName"));
        QVERIFY(!r.ok() && r.error().message.contains(QStringLiteral("must be named")));
    }

    // A webhook whose cache has not listed must not judge: it answers 503, the apiserver applies
    // failurePolicy (Fail here) and the handler is never called. Once listed it judges again.
    void unlistedCacheAnswers503()
    {
        cacheListed = false;
        const quint64 reviewsBefore = server->reviews(), unreadyBefore = server->unready();
        auto refused = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns,
                                     offloadingObject(QStringLiteral("gated"), ns, "DefaultName"));
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("failed calling webhook")), qPrintable(refused.error().toString()));
        QCOMPARE(server->reviews(), reviewsBefore);
        QVERIFY(server->unready() > unreadyBefore);
        cacheListed = true;
        auto judged = admin->create(spillway::apis::offloading::v1beta1::namespaceOffloadingResource(), ns,
                                    offloadingObject(QStringLiteral("judged"), ns, "DefaultName"));
        QVERIFY(!judged.ok());
        QVERIFY2(judged.error().message.contains(QStringLiteral("must be named")), qPrintable(judged.error().toString()));
        QVERIFY(server->reviews() > reviewsBefore);
    }

    void cleanupTestCase()
    {
        if (!admin)
            return;
        admin->remove(resources::validatingWebhookConfigurations(), {}, hook);
        admin->remove(resources::namespaces(), {}, ns);
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestAdmissionWebhook)
#include "tst_admission_webhook.moc"
