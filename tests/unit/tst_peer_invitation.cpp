// Out-of-band peering's untrusted text and rules: the invitation line a consumer pastes, the
// token format, and when a stored token admits a consumer (expiry, binding, single use).
#include "peering/OutOfBandChannel.h"
#include "peering/PeerInvitation.h"
#include "peering/PeerTokens.h"
#include "peering/ProviderChannel.h"

#include <QCryptographicHash>
#include <QTest>

using namespace spillway::peering;
using nlohmann::json;

namespace {

const QString kToken = QStringLiteral("0a1b2c3d.") + QString(43, QLatin1Char('x'));
const QString kFingerprint = QStringLiteral("sha256:") + QString(64, QLatin1Char('f'));

json storedToken(const QString &secret, qint64 expires, const QString &bound = {}, const QByteArray &redeemedKey = {})
{
    json s = {{"metadata", {{"name", "spillway-peer-token-0a1b2c3d"}, {"annotations", {{"spillway.dev/expires-at", std::to_string(expires)}}}}},
              {"data", {{"sha256", QCryptographicHash::hash(secret.toLatin1(), QCryptographicHash::Sha256).toHex().toBase64().toStdString()}}}};
    if (!bound.isEmpty())
        s["metadata"]["annotations"]["spillway.dev/bound-cluster-id"] = bound.toStdString();
    if (!redeemedKey.isEmpty())
        s["metadata"]["annotations"]["spillway.dev/redeemed-key-sha256"] = QCryptographicHash::hash(redeemedKey, QCryptographicHash::Sha256).toHex().toStdString();
    return s;
}

} // namespace

class TestPeerInvitation : public QObject
{
    Q_OBJECT
private slots:
    void commandRoundTrips()
    {
        const PeerInvitation inv{QStringLiteral("north"), QStringLiteral("https://10.0.0.5:9444"), QStringLiteral("turin"), kToken, kFingerprint};
        const QString line = inv.toCommand();
        QCOMPARE(line, QStringLiteral("spillctl peer out-of-band north --auth-url https://10.0.0.5:9444 --cluster-id turin --auth-token %1 "
                                      "--auth-fingerprint %2").arg(kToken, kFingerprint));
        auto parsed = PeerInvitation::parse(line);
        QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
        QCOMPARE(parsed->name, inv.name);
        QCOMPARE(parsed->authUrl, inv.authUrl);
        QCOMPARE(parsed->clusterId, inv.clusterId);
        QCOMPARE(parsed->token, inv.token);
        QCOMPARE(parsed->fingerprint, inv.fingerprint);
    }

    void pastedVariantsParse()
    {
        // = form, quotes, a line continuation, no leading command, no name.
        auto p = PeerInvitation::parse(QStringLiteral("  --auth-url='https://auth.example.com' \\\n --cluster-id \"turin\" --auth-token=%1\n").arg(kToken));
        QVERIFY(p.ok());
        QCOMPARE(p->authUrl, QStringLiteral("https://auth.example.com"));
        QCOMPARE(p->clusterId, QStringLiteral("turin"));
        QVERIFY(p->name.isEmpty());
        QVERIFY(p->fingerprint.isEmpty());
        QVERIFY(p->toCommand().startsWith(QStringLiteral("spillctl peer out-of-band turin ")));   // named by its cluster ID
    }

    void badInvitationsSayWhy_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("why");
        const QString ok = QStringLiteral(" --cluster-id turin --auth-token ") + kToken;
        QTest::newRow("http") << QStringLiteral("--auth-url http://x:1") + ok << QStringLiteral("not an https:// address");
        QTest::newRow("no url") << ok << QStringLiteral("--auth-url is missing");
        QTest::newRow("bad id") << QStringLiteral("--auth-url https://x --cluster-id Turin_1 --auth-token ") + kToken << QStringLiteral("not a cluster ID");
        QTest::newRow("bad token") << QStringLiteral("--auth-url https://x --cluster-id turin --auth-token abc") << QStringLiteral("not a Spillway peering token");
        QTest::newRow("bad fingerprint") << QStringLiteral("--auth-url https://x") + ok + QStringLiteral(" --auth-fingerprint md5:00") << QStringLiteral("--auth-fingerprint must be");
        QTest::newRow("unknown flag") << QStringLiteral("--auth-url https://x --evil 1") + ok << QStringLiteral("unknown flag --evil");
        QTest::newRow("dangling flag") << QStringLiteral("--auth-url https://x") + ok + QStringLiteral(" --auth-fingerprint") << QStringLiteral("has no value");
        QTest::newRow("two names") << QStringLiteral("a b --auth-url https://x") + ok << QStringLiteral("unexpected word \"b\"");
        QTest::newRow("open quote") << QStringLiteral("--auth-url 'https://x") + ok << QStringLiteral("unterminated");
        QTest::newRow("huge") << QString(5000, QLatin1Char('a')) << QStringLiteral("characters long");
    }
    void badInvitationsSayWhy()
    {
        QFETCH(QString, line);
        QFETCH(QString, why);
        auto p = PeerInvitation::parse(line);
        QVERIFY(!p.ok());
        QVERIFY2(p.error().message.contains(why), qPrintable(p.error().message));
    }

    void tokenFormat()
    {
        QVERIFY(PeerToken::parse(kToken));
        QCOMPARE(PeerToken::parse(kToken)->id, QStringLiteral("0a1b2c3d"));
        QVERIFY(!PeerToken::parse(QStringLiteral("0A1B2C3D.") + QString(43, QLatin1Char('x'))));   // ids are lower-case hex
        QVERIFY(!PeerToken::parse(QStringLiteral("0a1b2c3d.") + QString(42, QLatin1Char('x'))));
        QVERIFY(!PeerToken::parse(QStringLiteral("0a1b2c3d.") + QString(42, QLatin1Char('x')) + QLatin1Char('/')));
        QVERIFY(!PeerToken::parse(QString()));
    }

    void tokenRules()
    {
        const PeerToken t = *PeerToken::parse(kToken);
        const QString secret = t.secret;
        const QByteArray key = "-----BEGIN PUBLIC KEY-----\nrome\n-----END PUBLIC KEY-----";
        const qint64 now = 1'000'000;
        auto refusal = [&](const json &stored, const QString &who, const QByteArray &k, qint64 at, bool mustBeBound, bool stands = false) {
            return PeerTokens::refusal(stored, t, who, k, at, mustBeBound, stands);
        };
        // Valid, unbound: a challenge may bind it; the tenant step needs it bound.
        QCOMPARE(refusal(storedToken(secret, now + 60), QStringLiteral("rome"), {}, now, false), QString());
        QVERIFY(refusal(storedToken(secret, now + 60), QStringLiteral("rome"), key, now, true).contains(QStringLiteral("not been used for a challenge")));
        // A different secret with the same id.
        QVERIFY(refusal(storedToken(QStringLiteral("other"), now + 60), QStringLiteral("rome"), {}, now, false).contains(QStringLiteral("not valid")));
        // Expiry is exact.
        QVERIFY(refusal(storedToken(secret, now), QStringLiteral("rome"), {}, now, false).contains(QStringLiteral("expired at 1970-01-12T13:46:40Z")));
        QVERIFY(refusal(storedToken(secret, now + 1), QStringLiteral("rome"), {}, now, false).isEmpty());
        // Bound to rome: rome may go on, milan may not.
        QCOMPARE(refusal(storedToken(secret, now + 60, QStringLiteral("rome")), QStringLiteral("rome"), key, now, true), QString());
        QVERIFY(refusal(storedToken(secret, now + 60, QStringLiteral("rome")), QStringLiteral("milan"), key, now, false).contains(QStringLiteral("another cluster")));
        // Redeemed by rome with its key: only that pair may repeat, even after expiry, and only
        // while the peering it made stands (a lost answer, the same command run twice).
        json redeemed = storedToken(secret, now + 60, QStringLiteral("rome"), key);
        QCOMPARE(refusal(redeemed, QStringLiteral("rome"), key, now + 3600, true, true), QString());
        QVERIFY(refusal(redeemed, QStringLiteral("rome"), "another key", now, true, true).contains(QStringLiteral("already used")));
        QVERIFY(refusal(redeemed, QStringLiteral("milan"), key, now, false, true).contains(QStringLiteral("already used")));
        QVERIFY(refusal(redeemed, QStringLiteral("rome"), {}, now, false, true).contains(QStringLiteral("already used")));
        // Once that peering is gone (unpeered), the token stays spent, even for rome and its key.
        redeemed["metadata"]["annotations"]["spillway.dev/redeemed-at"] = std::to_string(now - 10);
        QCOMPARE(refusal(redeemed, QStringLiteral("rome"), key, now, false, false),
                 QStringLiteral("the invitation was already used (by cluster rome at 1970-01-12T13:46:30Z); an invitation's token works once"));
        QVERIFY(refusal(redeemed, QStringLiteral("rome"), key, now, true, false).contains(QStringLiteral("already used")));
        // A stored token without an expiry never admits anyone.
        json broken = storedToken(secret, now + 60);
        broken["metadata"]["annotations"].erase("spillway.dev/expires-at");
        QVERIFY(!refusal(broken, QStringLiteral("rome"), {}, now, false).isEmpty());
    }

    void tenantRequestsAreCheckedOnTheWire()
    {
        const TenantRequest r{QStringLiteral("rome"), "pub", "csr", "sig"};
        auto back = TenantRequest::fromJson(r.toJson());
        QVERIFY(back.ok());
        QCOMPARE(back->publicPem, QByteArray("pub"));
        QVERIFY(r.toTenant()["metadata"]["namespace"] == "liqo-tenant-rome");
        json bad = r.toJson();
        bad["clusterID"] = "../etc";
        QVERIFY(!TenantRequest::fromJson(bad).ok());
        bad = r.toJson();
        bad["csr"] = 42;
        QVERIFY(!TenantRequest::fromJson(bad).ok());
        QVERIFY(!TenantRequest::fromJson(json::array()).ok());
        bad = r.toJson();
        bad["signature"] = std::string(20000, 'A');
        QVERIFY(!TenantRequest::fromJson(bad).ok());
    }

    void challengeAnswersAreChecked()
    {
        const json good = {{"clusterID", "turin"}, {"version", "0.1.0"}, {"nonce", QByteArray("text-of-the-nonce").toBase64().toStdString()}};
        auto c = decodeChallenge(good);
        QVERIFY(c.ok());
        QCOMPARE(c->provider.clusterId, QStringLiteral("turin"));
        QCOMPARE(c->nonce, QByteArray("text-of-the-nonce"));
        for (const char *field : {"version", "nonce"}) {
            json bad = good;
            bad.erase(field);
            QVERIFY(!decodeChallenge(bad).ok());
        }
        json bad = good;
        bad["nonce"] = "not base64 !";
        QVERIFY(!decodeChallenge(bad).ok());
        bad["nonce"] = 7;
        QVERIFY(!decodeChallenge(bad).ok());
        QVERIFY(!decodeChallenge(json::array()).ok());
    }

    void retryAfterIsReadFromTheHeaderThenTheBody()
    {
        QCOMPARE(retryAfterSeconds("7", json::object()), qint64(7));
        QCOMPARE(retryAfterSeconds(" 3 ", {{"retryAfterSeconds", 9}}), qint64(3));
        QCOMPARE(retryAfterSeconds({}, {{"retryAfterSeconds", 9}}), qint64(9));
        QCOMPARE(retryAfterSeconds("soon", {{"retryAfterSeconds", "9"}}), qint64(-1));
        QCOMPARE(retryAfterSeconds("-4", {{"retryAfterSeconds", -2}}), qint64(-1));
        QCOMPARE(retryAfterSeconds({}, json()), qint64(-1));
    }
};

QTEST_GUILESS_MAIN(TestPeerInvitation)
#include "tst_peer_invitation.moc"
