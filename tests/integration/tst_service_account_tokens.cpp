// ServiceAccountTokens against the testbed pair: the consumer's token for an offloaded pod's
// service account lands in the provider's twin namespace, authenticates at the consumer, and is
// renewed when two thirds of its life have passed (time injected, nothing sleeps for it).
#include "Testbed.h"

#include "kube/Resource.h"
#include "virtualkubelet/ServiceAccountTokens.h"

#include <QRandomGenerator>

using namespace spillway;
using nlohmann::json;

class TestServiceAccountTokens : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> consumer, provider;
    QString localNs, remoteNs;
    QDateTime now = QDateTime::currentDateTimeUtc();

    QByteArray remoteData(const QString &name, const char *key)
    {
        auto s = provider->get(kube::resources::secrets(), remoteNs, name);
        return s ? QByteArray::fromBase64(QByteArray::fromStdString((*s)["data"].value(key, ""))) : QByteArray();
    }
    QString whoIs(const QByteArray &token)
    {
        const json review = {{"apiVersion", "authentication.k8s.io/v1"}, {"kind", "TokenReview"}, {"spec", {{"token", token.toStdString()}}}};
        auto r = consumer->create(kube::ResourceRef{QStringLiteral("authentication.k8s.io"), QStringLiteral("v1"), QStringLiteral("tokenreviews"),
                                                    QStringLiteral("TokenReview"), false},
                                  {}, review);
        if (!r || !(*r)["status"].value("authenticated", false))
            return {};
        return QString::fromStdString((*r)["status"]["user"].value("username", ""));
    }

private slots:
    void initTestCase()
    {
        consumer = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        provider = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        const QString suffix = QString::number(QRandomGenerator::global()->generate() % 100000);
        localNs = QStringLiteral("sat-") + suffix;
        remoteNs = localNs + QStringLiteral("-rome");
        QVERIFY(testbed::createNamespace(*consumer, localNs).ok());
        QVERIFY(testbed::createNamespace(*provider, remoteNs).ok());
        const json sa = {{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "builder"}}}};
        QVERIFY(consumer->create(kube::resources::serviceAccounts(), localNs, sa).ok());
        // The root-CA publisher writes kube-root-ca.crt into every new namespace.
        QTRY_VERIFY_WITH_TIMEOUT(consumer->get(kube::resources::configMaps(), localNs, QStringLiteral("kube-root-ca.crt")).ok(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(consumer->get(kube::resources::serviceAccounts(), localNs, QStringLiteral("default")).ok(), 30000);
    }

    void cleanupTestCase()
    {
        consumer->remove(kube::resources::namespaces(), {}, localNs);
        provider->remove(kube::resources::namespaces(), {}, remoteNs);
    }

    void tokenSecretAuthenticatesAtTheConsumerAndIsRenewed()
    {
        virtualkubelet::ServiceAccountTokens::Options o;
        o.originClusterId = QStringLiteral("rome");
        o.destinationClusterId = QStringLiteral("milan");
        o.lifetimeSeconds = 3600;
        o.now = [this] { return now; };
        virtualkubelet::ServiceAccountTokens tokens(consumer.get(), provider.get(), o);

        auto name = tokens.ensure(localNs, QStringLiteral("builder"), remoteNs);
        QVERIFY2(name, name ? "" : qPrintable(name.error().toString()));
        QCOMPARE(*name, QStringLiteral("spillway-sa-token-builder"));
        const QByteArray first = remoteData(*name, "token");
        QCOMPARE(whoIs(first), QStringLiteral("system:serviceaccount:%1:builder").arg(localNs));
        QCOMPARE(remoteData(*name, "namespace"), localNs.toUtf8());
        auto ca = consumer->get(kube::resources::configMaps(), localNs, QStringLiteral("kube-root-ca.crt"));
        QVERIFY(ca && remoteData(*name, "ca.crt") == QByteArray::fromStdString((*ca)["data"].value("ca.crt", "")));
        auto secret = provider->get(kube::resources::secrets(), remoteNs, *name);
        QVERIFY(secret && (*secret)["metadata"]["labels"].value("offloading.liqo.io/origin", "") == "rome");

        // A burst of pods of that account: still one TokenRequest.
        for (int i = 0; i < 5; ++i)
            QVERIFY(tokens.ensure(localNs, QStringLiteral("builder"), remoteNs));
        QCOMPARE(tokens.requested(), quint64(1));
        now = now.addSecs(30 * 60);
        tokens.refreshDue();
        QCOMPARE(tokens.requested(), quint64(1));   // half its life left: kept
        now = now.addSecs(11 * 60);
        tokens.refreshDue();
        QCOMPARE(tokens.requested(), quint64(2));   // past two thirds: renewed in place
        const QByteArray second = remoteData(*name, "token");
        QVERIFY(!second.isEmpty() && second != first);
        QCOMPARE(whoIs(second), QStringLiteral("system:serviceaccount:%1:builder").arg(localNs));
    }

    void someoneElsesSecretIsNeverOverwritten()
    {
        const json foreign = {{"apiVersion", "v1"}, {"kind", "Secret"}, {"metadata", {{"name", "spillway-sa-token-default"}}}, {"stringData", {{"token", "theirs"}}}};
        QVERIFY(provider->create(kube::resources::secrets(), remoteNs, foreign).ok());
        virtualkubelet::ServiceAccountTokens tokens(consumer.get(), provider.get(), {});
        auto name = tokens.ensure(localNs, QStringLiteral("default"), remoteNs);
        QVERIFY(!name);
        QVERIFY2(name.error().message.contains(QStringLiteral("is not Spillway's")), qPrintable(name.error().toString()));
        QCOMPARE(remoteData(QStringLiteral("spillway-sa-token-default"), "token"), QByteArray("theirs"));
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestServiceAccountTokens)
#include "tst_service_account_tokens.moc"
