// The provider's nonce and the consumer's signature over it, against a real apiserver (the
// testbed's ci-provider): a nonce is made once and handed out while it has half its life left,
// replaced when spent, empty, malformed or old; the nonce controller fills what liqoctl leaves
// empty; the signer signs only well-formed nonces in its tenant namespaces and retires them once
// used or expired. Time is injected.
#include "Testbed.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "peering/LocalCluster.h"
#include "peering/Nonce.h"
#include "peering/NonceReconciler.h"
#include "peering/NonceSignerReconciler.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

#include <QRandomGenerator>

using namespace spillway;
using namespace spillway::peering;
using nlohmann::json;
namespace auth = spillway::apis::authentication::v1beta1;

class TestPeeringNonce : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> client;
    QString consumerId, liqoNs;
    qint64 now = 1'900'000'000;

    NonceOptions clock()
    {
        NonceOptions o;
        o.now = [this] { return now; };
        return o;
    }
    json secret(const QString &ns, const QString &name)
    {
        auto s = client->get(kube::resources::secrets(), ns, name);
        return s ? *s : json();
    }
    void put(const QString &ns, const json &labels, const json &data, const QString &name)
    {
        json s = {{"apiVersion", "v1"}, {"kind", "Secret"}, {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}, {"labels", labels}}}};
        if (!data.empty())
            s["data"] = data;
        (void)client->remove(kube::resources::secrets(), ns, name);
        QVERIFY(client->create(kube::resources::secrets(), ns, s).ok());
    }

private slots:
    void initTestCase()
    {
        client = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        const QString suffix = QString::number(QRandomGenerator::global()->generate() % 100000);
        consumerId = QStringLiteral("nonce-") + suffix;
        liqoNs = QStringLiteral("nonce-liqo-") + suffix;
        QVERIFY(testbed::createNamespace(*client, tenantNamespace(consumerId)).ok());
        QVERIFY(testbed::createNamespace(*client, liqoNs).ok());
        QVERIFY(testbed::applyCrd(*client, QStringLiteral("authentication.liqo.io_identities.yaml")));
        QTRY_VERIFY_WITH_TIMEOUT(client->list(auth::identityResource(), liqoNs).ok(), 20000);   // until the CRD is served
    }

    void cleanupTestCase()
    {
        (void)client->remove(kube::resources::namespaces(), {}, tenantNamespace(consumerId));
        (void)client->remove(kube::resources::namespaces(), {}, liqoNs);
    }

    void aNonceIsHandedOutWhileFreshAndReplacedOnceSpent()
    {
        auto first = ensureNonce(*client, consumerId, clock());
        QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().toString()));
        QVERIFY(QByteArray::fromBase64(*first).size() >= 32);
        const json stored = secret(tenantNamespace(consumerId), QString::fromLatin1(kNonceSecret));
        QCOMPARE(nonceValue(stored), *first);
        QVERIFY(stored["metadata"]["labels"]["liqo.io/nonce"] == "true");
        // Within the first half of its life, every challenger gets the same one.
        now += 299;
        QCOMPARE(*ensureNonce(*client, consumerId, clock()), *first);
        // Past it, a new one replaces it.
        now += 1;
        auto second = ensureNonce(*client, consumerId, clock());
        QVERIFY(second.ok() && *second != *first);
        // Spending an older value changes nothing; spending the current one replaces it.
        QVERIFY(spendNonce(*client, consumerId, *first, clock()).ok());
        QCOMPARE(nonceValue(secret(tenantNamespace(consumerId), QString::fromLatin1(kNonceSecret))), *second);
        QVERIFY(spendNonce(*client, consumerId, *second, clock()).ok());
        const QByteArray third = nonceValue(secret(tenantNamespace(consumerId), QString::fromLatin1(kNonceSecret)));
        QVERIFY(third != *second && nonceProblem(secret(tenantNamespace(consumerId), QString::fromLatin1(kNonceSecret)), now, 600).isEmpty());
    }

    void theNonceControllerFillsWhatLiqoctlLeavesEmpty()
    {
        const QString ns = tenantNamespace(consumerId);
        const json labels = {{"liqo.io/nonce", "true"}, {"liqo.io/remote-cluster-id", consumerId.toStdString()}};
        qint64 requeuedMs = -1;
        NonceReconciler::Options o;
        o.nonce = clock();
        o.requeueAfter = [&requeuedMs](const QString &, qint64 ms) { requeuedMs = ms; };
        NonceReconciler nonces(*client, o);
        const QString key = ns + QStringLiteral("/liqo-nonce");

        put(ns, labels, json::object(), QStringLiteral("liqo-nonce"));
        QVERIFY(nonces.reconcile(key).ok());
        const json filled = secret(ns, QStringLiteral("liqo-nonce"));
        QCOMPARE(nonceProblem(filled, now, 600), QString());
        QCOMPARE(requeuedMs, qint64(450 * 1000 + 500));   // looked at again at three quarters of its life
        // Nothing to do before then (also past the half, when challengers get a new one); replaced then.
        now += 449;
        QVERIFY(nonces.reconcile(key).ok());
        QCOMPARE(nonceValue(secret(ns, QStringLiteral("liqo-nonce"))), nonceValue(filled));
        now += 1;
        QVERIFY(nonces.reconcile(key).ok());
        QVERIFY(nonceValue(secret(ns, QStringLiteral("liqo-nonce"))) != nonceValue(filled));
        // Malformed (raw bytes, not the base64 text Liqo writes): replaced.
        put(ns, labels, {{"nonce", QByteArray("\x01\x02raw").toBase64().toStdString()}}, QStringLiteral("liqo-nonce"));
        QVERIFY(nonces.reconcile(key).ok());
        QCOMPARE(nonceFormProblem(secret(ns, QStringLiteral("liqo-nonce"))), QString());
        // A labelled Secret by another name, or for another cluster's namespace, is not a nonce.
        put(ns, labels, json::object(), QStringLiteral("not-the-nonce"));
        QVERIFY(nonces.reconcile(ns + QStringLiteral("/not-the-nonce")).ok());
        QVERIFY(!secret(ns, QStringLiteral("not-the-nonce")).contains("data"));
        put(liqoNs, labels, json::object(), QStringLiteral("liqo-nonce"));
        QVERIFY(nonces.reconcile(liqoNs + QStringLiteral("/liqo-nonce")).ok());
        QVERIFY(!secret(liqoNs, QStringLiteral("liqo-nonce")).contains("data"));
    }

    void theSignerSignsOnlyWellFormedNonces()
    {
        // Here the test cluster plays the consumer: its tenant namespace for provider consumerId.
        const QString ns = tenantNamespace(consumerId);
        const json labels = {{"liqo.io/signed-nonce", "true"}, {"liqo.io/remote-cluster-id", consumerId.toStdString()}};
        NonceSignerReconciler::Options o;
        o.liqoNamespace = liqoNs;
        NonceSignerReconciler signer(*client, o);
        const QString key = ns + QStringLiteral("/liqo-signed-nonce");

        put(ns, labels, json::object(), QStringLiteral("liqo-signed-nonce"));
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(!secret(ns, QStringLiteral("liqo-signed-nonce")).contains("data"));   // an empty nonce is never signed
        put(ns, labels, {{"nonce", QByteArray("short").toBase64().toStdString()}}, QStringLiteral("liqo-signed-nonce"));
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(!secret(ns, QStringLiteral("liqo-signed-nonce"))["data"].contains("signedNonce"));

        const QByteArray nonce = QByteArray(64, 'q').toBase64();
        put(ns, labels, {{"nonce", nonce.toBase64().toStdString()}}, QStringLiteral("liqo-signed-nonce"));
        QVERIFY(signer.reconcile(key).ok());
        const QByteArray signature = QByteArray::fromBase64(
            QByteArray::fromStdString(secret(ns, QStringLiteral("liqo-signed-nonce"))["data"].value("signedNonce", "")));
        auto keys = ensureClusterKeys(*client, liqoNs);
        QVERIFY(keys.ok());
        QVERIFY(tls::verifyMessage(keys->publicPem, nonce, signature));
        // Signed once: reconciling again writes nothing.
        const std::string version = secret(ns, QStringLiteral("liqo-signed-nonce"))["metadata"].value("resourceVersion", "");
        QVERIFY(signer.reconcile(key).ok());
        QCOMPARE(secret(ns, QStringLiteral("liqo-signed-nonce"))["metadata"].value("resourceVersion", ""), version);
    }

    // A later liqoctl peer must find no liqo-signed-nonce holding an earlier run's nonce: the
    // signer retires it once a new certificate for the provider came after it, or a minute after
    // signing. A Secret holding a new nonce not yet signed is signed, not deleted.
    void aSignedNonceIsRetiredOnceUsedOrExpired()
    {
        const QString ns = tenantNamespace(consumerId);
        const json labels = {{"liqo.io/signed-nonce", "true"}, {"liqo.io/remote-cluster-id", consumerId.toStdString()}};
        qint64 requeuedMs = -1;
        NonceSignerReconciler::Options o;
        o.liqoNamespace = liqoNs;
        o.now = [this] { return now; };
        o.requeueAfter = [&requeuedMs](const QString &, qint64 ms) { requeuedMs = ms; };
        NonceSignerReconciler signer(*client, o);
        const QString key = ns + QStringLiteral("/liqo-signed-nonce");
        auto identity = [&](const char *certificate) {
            const json obj = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "Identity"},
                              {"metadata", {{"name", "controlplane-" + consumerId.toStdString()}, {"namespace", ns.toStdString()}}},
                              {"spec", {{"clusterID", consumerId.toStdString()}, {"type", "ControlPlane"}, {"namespace", "liqo-tenant-x"},
                                        {"authParams", {{"ca", "Y2E="}, {"signedCRT", certificate}}}}}};
            auto current = client->get(auth::identityResource(), ns, QStringLiteral("controlplane-") + consumerId);
            if (!current) {
                QVERIFY2(client->create(auth::identityResource(), ns, obj).ok(), "create the Identity");
                return;
            }
            json updated = *current;
            updated["spec"] = obj["spec"];
            QVERIFY2(client->update(auth::identityResource(), ns, updated).ok(), "update the Identity");
        };
        auto exists = [&] { return client->get(kube::resources::secrets(), ns, QStringLiteral("liqo-signed-nonce")).ok(); };

        // Signed before any certificate: kept for a minute (liqoctl reads it within a second), looked at again then.
        put(ns, labels, {{"nonce", QByteArray(64, 'a').toBase64().toBase64().toStdString()}}, QStringLiteral("liqo-signed-nonce"));
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(secret(ns, QStringLiteral("liqo-signed-nonce"))["data"].contains("signedNonce"));
        QCOMPARE(requeuedMs, qint64(60 * 1000 + 500));
        now += 59;
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(exists());
        QCOMPARE(requeuedMs, qint64(1000 + 500));
        // The provider's certificate arrives: the signature did its work.
        identity("Y2VydC0x");
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(!exists());

        // The next peering signs over the first certificate; the same certificate keeps it, the minute retires it.
        put(ns, labels, {{"nonce", QByteArray(64, 'b').toBase64().toBase64().toStdString()}}, QStringLiteral("liqo-signed-nonce"));
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(exists());
        now += 60;
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(!exists());

        // A new certificate, but the Secret holds a nonce not yet signed: that one is signed, not deleted.
        put(ns, labels, {{"nonce", QByteArray(64, 'c').toBase64().toBase64().toStdString()}}, QStringLiteral("liqo-signed-nonce"));
        identity("Y2VydC0y");
        QVERIFY(signer.reconcile(key).ok());
        QVERIFY(exists() && secret(ns, QStringLiteral("liqo-signed-nonce"))["data"].contains("signedNonce"));
        QVERIFY(client->remove(auth::identityResource(), ns, QStringLiteral("controlplane-") + consumerId).ok());
    }
};

QTEST_GUILESS_MAIN(TestPeeringNonce)
#include "tst_peering_nonce.moc"
