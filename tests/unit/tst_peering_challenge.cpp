// The provider's challenge, without a cluster: which nonces may be signed and verified (form,
// age, Liqo's shape), what a Tenant must prove against one, and how failed attempts are throttled.
#include "peering/AuthenticationGuard.h"
#include "peering/Nonce.h"
#include "peering/TenantProof.h"
#include "tls/Pki.h"
#include "tls/Signature.h"

#include <QTest>

using namespace spillway;
using namespace spillway::peering;
using nlohmann::json;

namespace {

NonceOptions fixed(qint64 now, char fill = 'n')
{
    NonceOptions o;
    o.now = [now] { return now; };
    o.randomBytes = [fill](int n) { return QByteArray(n, fill); };
    return o;
}

struct Consumer {
    tls::KeyPair keys;
    QByteArray csr;
};

Consumer makeConsumer(const QString &id, const QStringList &organizations = {QStringLiteral("liqo.io")})
{
    Consumer c;
    c.keys = *tls::generateKey(tls::KeyType::Ed25519);
    tls::CertificateSpec spec;
    spec.commonName = id;
    spec.organizations = organizations;
    spec.clientAuth = true;
    c.csr = *tls::certificateSigningRequest(c.keys.privatePem, spec);
    return c;
}

} // namespace

class TestPeeringChallenge : public QObject
{
    Q_OBJECT
private slots:
    void aFreshNonceHasLiqosShape()
    {
        const json secret = withFreshNonce(json(), QStringLiteral("rome"), fixed(1000));
        QVERIFY(secret["metadata"]["name"] == "liqo-nonce");
        QVERIFY(secret["metadata"]["namespace"] == "liqo-tenant-rome");
        QVERIFY(secret["metadata"]["labels"]["liqo.io/nonce"] == "true");
        QVERIFY(secret["metadata"]["labels"]["liqo.io/remote-cluster-id"] == "rome");
        QVERIFY(secret["metadata"]["annotations"]["spillway.dev/nonce-issued-at"] == "1000");
        // What is signed is the base64 text of 64 random bytes, as Liqo's nonce controller writes it.
        QCOMPARE(nonceValue(secret), QByteArray(64, 'n').toBase64());
        QCOMPARE(nonceProblem(secret, 1000, 600), QString());
        // Replacing keeps what else the Secret has (liqoctl's labels, its resourceVersion).
        json existing = secret;
        existing["metadata"]["resourceVersion"] = "42";
        existing["metadata"]["labels"]["liqo.io/managed"] = "true";
        const json replaced = withFreshNonce(existing, QStringLiteral("rome"), fixed(2000, 'm'));
        QVERIFY(replaced["metadata"]["resourceVersion"] == "42");
        QVERIFY(replaced["metadata"]["labels"]["liqo.io/managed"] == "true");
        QCOMPARE(nonceValue(replaced), QByteArray(64, 'm').toBase64());
    }

    void onlyWellFormedCurrentNoncesCount()
    {
        const json good = withFreshNonce(json(), QStringLiteral("rome"), fixed(1000));
        json empty = good;
        empty.erase("data");
        QCOMPARE(nonceProblem(empty, 1000, 600), QStringLiteral("the nonce is empty"));
        empty["data"] = {{"nonce", ""}};
        QCOMPARE(nonceProblem(empty, 1000, 600), QStringLiteral("the nonce is empty"));
        json shortNonce = good;
        shortNonce["data"]["nonce"] = QByteArray(31, 'x').toBase64().toBase64().toStdString();
        QVERIFY(nonceProblem(shortNonce, 1000, 600).contains(QStringLiteral("malformed")));
        json notBase64 = good;
        notBase64["data"]["nonce"] = QByteArray(QByteArray(64, '!')).toBase64().toStdString();
        QVERIFY(nonceFormProblem(notBase64).contains(QStringLiteral("malformed")));
        json wrongType = good;
        wrongType["data"]["nonce"] = 12;
        QCOMPARE(nonceProblem(wrongType, 1000, 600), QStringLiteral("the nonce is empty"));
        json noTime = good;
        noTime["metadata"]["annotations"].erase("spillway.dev/nonce-issued-at");
        QCOMPARE(nonceProblem(noTime, 1000, 600), QStringLiteral("the nonce has no issue time"));
        // Verifiable until its lifetime is over; handed out only in its first half.
        QCOMPARE(nonceProblem(good, 1599, 600), QString());
        QCOMPARE(nonceProblem(good, 1600, 600), QStringLiteral("the nonce expired at 1970-01-01T00:26:40Z"));
        QCOMPARE(nonceHandOutUntil(good, 600), qint64(1300));
        QCOMPARE(nonceRefreshAt(good, 600), qint64(1450));
        QCOMPARE(nonceRefreshAt(noTime, 600), qint64(0));
        QVERIFY(!nonceProblem(json::array(), 0, 600).isEmpty());
        QVERIFY(!nonceProblem(json("text"), 0, 600).isEmpty());
    }

    void aTenantProvesItHoldsTheKeyOverTheCurrentNonce()
    {
        const Consumer rome = makeConsumer(QStringLiteral("rome"));
        const json nonce = withFreshNonce(json(), QStringLiteral("rome"), fixed(1000));
        const QByteArray signature = *tls::signMessage(rome.keys.privatePem, nonceValue(nonce));
        const TenantProof proof{QStringLiteral("rome"), rome.keys.publicPem, rome.csr, signature};
        QVERIFY(!proofRefusal(proof, nonce, 1000, 600).refused());

        // No nonce, an empty one, an expired one.
        QCOMPARE(proofRefusal(proof, json(), 1000, 600).cause, QStringLiteral("nonce"));
        json empty = nonce;
        empty["data"]["nonce"] = "";
        QCOMPARE(proofRefusal(proof, empty, 1000, 600).cause, QStringLiteral("nonce"));
        QVERIFY(proofRefusal(proof, nonce, 1600, 600).message.contains(QStringLiteral("expired")));
        // The same signature after the nonce was replaced (spent): a replay.
        const json replaced = withFreshNonce(nonce, QStringLiteral("rome"), fixed(1100, 'm'));
        const ProofRefusal replay = proofRefusal(proof, replaced, 1100, 600);
        QCOMPARE(replay.cause, QStringLiteral("signature"));
        QVERIFY(replay.message.contains(QStringLiteral("does not verify")));
        // A signature over the empty value of a nonce nobody filled proves nothing either.
        TenantProof overEmpty = proof;
        overEmpty.signature = *tls::signMessage(rome.keys.privatePem, QByteArray());
        QCOMPARE(proofRefusal(overEmpty, nonce, 1000, 600).cause, QStringLiteral("signature"));
    }

    void theCsrAsksForExactlyTheConsumersIdentity()
    {
        const json nonce = withFreshNonce(json(), QStringLiteral("rome"), fixed(1000));
        auto proofFor = [&](const Consumer &c, const QString &id) {
            return TenantProof{id, c.keys.publicPem, c.csr, *tls::signMessage(c.keys.privatePem, nonceValue(nonce))};
        };
        const Consumer masters = makeConsumer(QStringLiteral("rome"), {QStringLiteral("liqo.io"), QStringLiteral("system:masters")});
        const ProofRefusal groups = proofRefusal(proofFor(masters, QStringLiteral("rome")), nonce, 1000, 600);
        QCOMPARE(groups.cause, QStringLiteral("csr"));
        QVERIFY(groups.message.contains(QStringLiteral("O=liqo.io,system:masters")));
        const Consumer impostor = makeConsumer(QStringLiteral("milan"));
        QVERIFY(proofRefusal(proofFor(impostor, QStringLiteral("rome")), nonce, 1000, 600).message.contains(QStringLiteral("CN=rome")));
        // A CSR for another key than the one that signed.
        const Consumer rome = makeConsumer(QStringLiteral("rome")), other = makeConsumer(QStringLiteral("rome"));
        TenantProof mixed = proofFor(rome, QStringLiteral("rome"));
        mixed.csrPem = other.csr;
        QVERIFY(csrRefusal(mixed).message.contains(QStringLiteral("different key")));
        mixed.csrPem = "garbage";
        QCOMPARE(csrRefusal(mixed).cause, QStringLiteral("csr"));
    }

    void failedAttemptsAreThrottledWithABackoff()
    {
        qint64 now = 0;
        QStringList logged;
        AuthenticationGuard::Options o;
        o.freeFailures = 3;
        o.baseBlockMs = 1000;
        o.maxBlockMs = 4000;
        o.forgetAfterMs = 60000;
        o.clock = [&now] { return now; };
        o.log = [&logged](const QString &cause, const QStringList &keys, qint64 blocked) {
            logged << QStringLiteral("%1 %2 %3").arg(cause, keys.join(QLatin1Char(','))).arg(blocked);
        };
        AuthenticationGuard guard(o);
        const QStringList mallory{AuthenticationGuard::addressKey(QStringLiteral("10.0.0.9")), AuthenticationGuard::consumerKey(QStringLiteral("mallory"))};
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(0));
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(0));
        QCOMPARE(guard.retryAfterMs(mallory), qint64(0));
        QCOMPARE(guard.failed(mallory, QStringLiteral("token")), qint64(1000));
        QCOMPARE(guard.retryAfterMs(mallory), qint64(1000));
        // Another consumer from the same address waits too; one elsewhere does not.
        QCOMPARE(guard.retryAfterMs({AuthenticationGuard::addressKey(QStringLiteral("10.0.0.9")), AuthenticationGuard::consumerKey(QStringLiteral("rome"))}), qint64(1000));
        QCOMPARE(guard.retryAfterMs({AuthenticationGuard::addressKey(QStringLiteral("10.0.0.7")), AuthenticationGuard::consumerKey(QStringLiteral("rome"))}), qint64(0));
        now = 400;
        QCOMPARE(guard.retryAfterMs(mallory), qint64(600));
        now = 1000;
        QCOMPARE(guard.retryAfterMs(mallory), qint64(0));
        // Each further failure doubles the wait, up to the cap.
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(2000));
        now = 3000;
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(4000));
        now = 7000;
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(4000));
        QCOMPARE(guard.failures(QStringLiteral("signature")), quint64(5));
        QCOMPARE(guard.failures(QStringLiteral("token")), quint64(1));
        QCOMPARE(guard.throttled(), quint64(3));   // the answers that were 'wait'
        QCOMPARE(logged.size(), 6);
        QCOMPARE(logged.last(), QStringLiteral("signature address:10.0.0.9,consumer:mallory 4000"));
        // A success clears the keys; a quiet spell longer than forgetAfter starts over.
        guard.succeeded(mallory);
        QCOMPARE(guard.retryAfterMs(mallory), qint64(0));
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(0));
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(0));
        now += 60000;
        QCOMPARE(guard.failed(mallory, QStringLiteral("signature")), qint64(0));
    }

    void manyClaimedIdentitiesStayBounded()
    {
        qint64 now = 0;
        AuthenticationGuard::Options o;
        o.freeFailures = 1;
        o.maxTrackedKeys = 100;
        o.clock = [&now] { return now; };
        AuthenticationGuard guard(o);
        for (int i = 0; i < 1000; ++i) {
            ++now;
            guard.failed({AuthenticationGuard::consumerKey(QString::number(i))}, QStringLiteral("token"));
        }
        // The newest are still remembered, the oldest were forgotten.
        QVERIFY(guard.retryAfterMs({AuthenticationGuard::consumerKey(QStringLiteral("999"))}) > 0);
        QCOMPARE(guard.retryAfterMs({AuthenticationGuard::consumerKey(QStringLiteral("0"))}), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestPeeringChallenge)
#include "tst_peering_challenge.moc"
