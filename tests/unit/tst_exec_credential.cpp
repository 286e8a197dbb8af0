#include "kube/ExecCredentialProvider.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using spillway::Error;
using spillway::kube::ExecConfig;
using spillway::kube::ExecCredentialProvider;
using spillway::kube::RestConfig;

namespace {

const QString kV1 = QStringLiteral("client.authentication.k8s.io/v1");
const QString kV1beta1 = QStringLiteral("client.authentication.k8s.io/v1beta1");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int countLines(const QString &path)
{
    return int(readFile(path).count('\n'));
}

} // namespace

#define VERIFY_CONTAINS(haystack, needle) \
    QVERIFY2((haystack).contains(needle), qPrintable(QStringLiteral("\"%1\" does not contain \"%2\"").arg(haystack, needle)))

class TestExecCredential : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    QString path(const QString &name) const { return m_dir->filePath(name); }

    // Writes an executable /bin/sh plugin; every run appends a line to <dir>/count first.
    QString plugin(const QString &name, const QByteArray &body)
    {
        const QString file = path(name);
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(file));
        f.write("#!/bin/sh\necho run >> '" + path(QStringLiteral("count")).toUtf8() + "'\n" + body);
        f.close();
        f.setPermissions(f.permissions() | QFile::ExeOwner | QFile::ReadOwner);
        return file;
    }

    // A plugin that prints a token numbered by run ("tok-1", "tok-2", ...) and the given status extras.
    QString tokenPlugin(const QString &apiVersion, const QByteArray &statusExtra = {})
    {
        return plugin(QStringLiteral("token.sh"),
                      "n=$(wc -l < '" + path(QStringLiteral("count")).toUtf8() + "' | tr -d ' ')\n"
                      "printf '{\"apiVersion\":\"" + apiVersion.toUtf8() + "\",\"kind\":\"ExecCredential\","
                      "\"status\":{\"token\":\"tok-%s\"" + statusExtra + "}}\\n' \"$n\"\n");
    }

    static ExecConfig exec(const QString &command, const QString &apiVersion = kV1)
    {
        ExecConfig e;
        e.apiVersion = apiVersion;
        e.command = command;
        e.interactiveMode = QStringLiteral("Never");
        return e;
    }

    static RestConfig cluster()
    {
        RestConfig rc;
        rc.contextName = QStringLiteral("kind-test");
        rc.userName = QStringLiteral("kind-user");
        rc.server = QStringLiteral("https://127.0.0.1:6443");
        return rc;
    }

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void cachesUntilExpiry()
    {
        QDateTime now = QDateTime::fromString(QStringLiteral("2029-12-31T23:00:00Z"), Qt::ISODate);
        ExecCredentialProvider p(exec(tokenPlugin(kV1, ",\"expirationTimestamp\":\"2030-01-01T00:00:00Z\"")), cluster(),
                                 [&now] { return now; });
        auto c = p.get();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QCOMPARE(c->token, QStringLiteral("tok-1"));
        QVERIFY(c->expiry);
        QCOMPARE(*c->expiry, QDateTime::fromString(QStringLiteral("2030-01-01T00:00:00Z"), Qt::ISODate));
        QCOMPARE(p.runs(), 1);

        QCOMPARE(p.get()->token, QStringLiteral("tok-1"));
        now = QDateTime::fromString(QStringLiteral("2029-12-31T23:59:49Z"), Qt::ISODate);
        QCOMPARE(p.get()->token, QStringLiteral("tok-1"));
        QCOMPARE(p.runs(), 1);

        // Within the 10 s refresh window: run again.
        now = QDateTime::fromString(QStringLiteral("2029-12-31T23:59:51Z"), Qt::ISODate);
        QCOMPARE(p.get()->token, QStringLiteral("tok-2"));
        QCOMPARE(p.runs(), 2);
        QCOMPARE(countLines(path(QStringLiteral("count"))), 2);
    }

    void withoutExpiryCachedUntilInvalidate()
    {
        ExecCredentialProvider p(exec(tokenPlugin(kV1)), cluster());
        QCOMPARE(p.get()->token, QStringLiteral("tok-1"));
        QCOMPARE(p.get()->token, QStringLiteral("tok-1"));
        QVERIFY(!p.get()->expiry);
        QCOMPARE(p.runs(), 1);
        p.invalidate();
        QCOMPARE(p.get()->token, QStringLiteral("tok-2"));
        QCOMPARE(p.runs(), 2);
        QCOMPARE(p.get()->token, QStringLiteral("tok-2"));
        QCOMPARE(countLines(path(QStringLiteral("count"))), 2);
    }

    void bothApiVersions_data()
    {
        QTest::addColumn<QString>("apiVersion");
        QTest::newRow("v1") << kV1;
        QTest::newRow("v1beta1") << kV1beta1;
    }
    void bothApiVersions()
    {
        QFETCH(QString, apiVersion);
        ExecCredentialProvider p(exec(tokenPlugin(apiVersion), apiVersion), cluster());
        auto c = p.get();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QCOMPARE(c->token, QStringLiteral("tok-1"));
    }

    void envAndClusterInfoReachThePlugin()
    {
        const QString info = path(QStringLiteral("info.json"));
        const QString var = path(QStringLiteral("var.txt"));
        ExecConfig e = exec(plugin(QStringLiteral("env.sh"),
                                   "printenv KUBERNETES_EXEC_INFO > '" + info.toUtf8() + "'\n"
                                   "printenv SPILLWAY_TEST_VAR > '" + var.toUtf8() + "'\n"
                                   "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"x\"}}'\n"));
        e.env = {{QStringLiteral("SPILLWAY_TEST_VAR"), QStringLiteral("value with spaces & $dollar")}};
        e.provideClusterInfo = true;
        RestConfig rc = cluster();
        rc.caPem = "-----BEGIN CERTIFICATE-----\nCA\n-----END CERTIFICATE-----\n";
        rc.tlsServerName = QStringLiteral("kubernetes.default");
        rc.proxyUrl = QStringLiteral("http://proxy:3128");
        ExecCredentialProvider p(e, rc);
        auto c = p.get();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QCOMPARE(readFile(var), QByteArray("value with spaces & $dollar\n"));

        const QJsonObject obj = QJsonDocument::fromJson(readFile(info)).object();
        QCOMPARE(obj.value(QStringLiteral("apiVersion")).toString(), kV1);
        QCOMPARE(obj.value(QStringLiteral("kind")).toString(), QStringLiteral("ExecCredential"));
        const QJsonObject spec = obj.value(QStringLiteral("spec")).toObject();
        QCOMPARE(spec.value(QStringLiteral("interactive")), QJsonValue(false));
        const QJsonObject cl = spec.value(QStringLiteral("cluster")).toObject();
        QCOMPARE(cl.value(QStringLiteral("server")).toString(), QStringLiteral("https://127.0.0.1:6443"));
        QCOMPARE(cl.value(QStringLiteral("tls-server-name")).toString(), QStringLiteral("kubernetes.default"));
        QCOMPARE(cl.value(QStringLiteral("proxy-url")).toString(), QStringLiteral("http://proxy:3128"));
        QCOMPARE(QByteArray::fromBase64(cl.value(QStringLiteral("certificate-authority-data")).toString().toLatin1()), rc.caPem);
        QVERIFY(!cl.contains(QStringLiteral("insecure-skip-tls-verify")));
    }

    void execInfoWithoutClusterInfo()
    {
        const QString info = path(QStringLiteral("info.json"));
        ExecConfig e = exec(plugin(QStringLiteral("env.sh"),
                                   "printenv KUBERNETES_EXEC_INFO > '" + info.toUtf8() + "'\n"
                                   "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"x\"}}'\n"),
                            kV1beta1);
        ExecCredentialProvider p(e, cluster());
        QVERIFY(p.get());
        const QJsonObject obj = QJsonDocument::fromJson(readFile(info)).object();
        QCOMPARE(obj.value(QStringLiteral("apiVersion")).toString(), kV1beta1);
        const QJsonObject spec = obj.value(QStringLiteral("spec")).toObject();
        QCOMPARE(spec.value(QStringLiteral("interactive")), QJsonValue(false));
        QVERIFY(!spec.contains(QStringLiteral("cluster")));
    }

    void argsArriveVerbatim()
    {
        const QString out = path(QStringLiteral("args.txt"));
        ExecConfig e = exec(plugin(QStringLiteral("args.sh"),
                                   "echo $# > '" + out.toUtf8() + "'\n"
                                   "for a in \"$@\"; do printf '[%s]\\n' \"$a\" >> '" + out.toUtf8() + "'; done\n"
                                   "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"x\"}}'\n"));
        const QString pwned = path(QStringLiteral("PWNED"));
        e.args = {QStringLiteral("two words"), QStringLiteral("$(touch %1)").arg(pwned), QStringLiteral("; touch %1").arg(pwned),
                  QStringLiteral("`touch %1`").arg(pwned), QStringLiteral("'single' \"double\""), QStringLiteral("*"),
                  QString(), QStringLiteral("$HOME")};
        ExecCredentialProvider p(e, cluster());
        auto c = p.get();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QByteArray expected = QByteArray::number(e.args.size()) + '\n';
        for (const QString &a : e.args)
            expected += '[' + a.toUtf8() + "]\n";
        QCOMPARE(readFile(out), expected);
        QVERIFY(!QFile::exists(pwned));
    }

    void clientCertificateCredential()
    {
        const QByteArray cert = "-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----\\n";
        const QByteArray key = "-----BEGIN EC PRIVATE KEY-----\\nMHcC\\n-----END EC PRIVATE KEY-----\\n";
        ExecConfig e = exec(plugin(QStringLiteral("cert.sh"),
                                   "cat <<'EOF'\n{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                                   "\"status\":{\"clientCertificateData\":\"" + cert + "\",\"clientKeyData\":\"" + key + "\","
                                   "\"expirationTimestamp\":\"2030-01-01T01:00:00.123456789+01:00\"}}\nEOF\n"));
        ExecCredentialProvider p(e, cluster());
        auto c = p.get();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QVERIFY(c->token.isEmpty());
        QCOMPARE(c->clientCertPem, QByteArray(cert).replace("\\n", "\n"));
        QCOMPARE(c->clientKeyPem, QByteArray(key).replace("\\n", "\n"));
        QVERIFY(c->expiry);
        QCOMPARE(*c->expiry, QDateTime::fromString(QStringLiteral("2030-01-01T00:00:00.123Z"), Qt::ISODateWithMs));
    }

    void missingCommandShowsInstallHint()
    {
        ExecConfig e = exec(path(QStringLiteral("no-such-plugin")));
        e.installHint = QStringLiteral("brew install no-such-plugin");
        ExecCredentialProvider p(e, cluster());
        auto c = p.get();
        QVERIFY(!c);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, path(QStringLiteral("no-such-plugin")));
        VERIFY_CONTAINS(c.error().message, QStringLiteral("user \"kind-user\""));
        QCOMPARE(c.error().hint, QStringLiteral("brew install no-such-plugin"));
        VERIFY_CONTAINS(c.error().toString(), QStringLiteral("brew install no-such-plugin"));
        QCOMPARE(c.error().cluster, QStringLiteral("kind-test"));
        QCOMPARE(p.runs(), 0);

        ExecCredentialProvider bare(exec(QStringLiteral("spillway-no-such-plugin-on-path")), cluster());
        auto b = bare.get();
        QVERIFY(!b);
        VERIFY_CONTAINS(b.error().message, QStringLiteral("spillway-no-such-plugin-on-path"));
        QVERIFY(!b.error().hint.isEmpty());
    }

    void nonZeroExitIncludesStderr()
    {
        ExecConfig e = exec(plugin(QStringLiteral("fail.sh"), "echo 'some noise' >&2\necho 'error: token expired, run login' >&2\nexit 3\n"));
        ExecCredentialProvider p(e, cluster());
        auto c = p.get();
        QVERIFY(!c);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, e.command);
        VERIFY_CONTAINS(c.error().message, QStringLiteral("exited with code 3"));
        VERIFY_CONTAINS(c.error().message, QStringLiteral("error: token expired, run login"));
        // Failures are not cached: the next call tries again.
        QVERIFY(!p.get());
        QCOMPARE(p.runs(), 2);
    }

    void wrongApiVersionRejected()
    {
        ExecCredentialProvider p(exec(tokenPlugin(kV1beta1), kV1), cluster());
        auto c = p.get();
        QVERIFY(!c);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, QStringLiteral("token.sh"));
        VERIFY_CONTAINS(c.error().message, QStringLiteral("returned apiVersion \"client.authentication.k8s.io/v1beta1\""));
    }

    void malformedOutputRejected_data()
    {
        QTest::addColumn<QByteArray>("output");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("hello") << "printed invalid JSON";
        QTest::newRow("empty") << QByteArray("") << "printed invalid JSON";
        QTest::newRow("array") << QByteArray("[1]") << "not an ExecCredential object";
        QTest::newRow("wrong kind") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"Secret","status":{"token":"x"}})") << "kind \"Secret\"";
        QTest::newRow("no status") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential"})") << "did not return a status";
        QTest::newRow("empty status") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{}})") << "neither a token nor";
        QTest::newRow("token number") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":5}})") << "status.token that is not a string";
        QTest::newRow("cert only") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"clientCertificateData":"c"}})") << "only a client certificate";
        QTest::newRow("bad expiry") << QByteArray(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"x","expirationTimestamp":"tomorrow"}})") << "not RFC 3339: \"tomorrow\"";
    }
    void malformedOutputRejected()
    {
        QFETCH(QByteArray, output);
        QFETCH(QString, expected);
        ExecCredentialProvider p(exec(plugin(QStringLiteral("bad.sh"), "cat <<'EOF'\n" + output + "\nEOF\n")), cluster());
        auto c = p.get();
        QVERIFY(!c);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, QStringLiteral("bad.sh"));
        VERIFY_CONTAINS(c.error().message, expected);
    }

    void interactiveAlwaysRefused()
    {
        ExecConfig e = exec(tokenPlugin(kV1));
        e.interactiveMode = QStringLiteral("Always");
        ExecCredentialProvider p(e, cluster());
        auto c = p.get();
        QVERIFY(!c);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, QStringLiteral("needs a terminal"));
        QCOMPARE(p.runs(), 0);
    }

    void hangingPluginTimesOut()
    {
        ExecCredentialProvider p(exec(plugin(QStringLiteral("hang.sh"), "exec sleep 30\n")), cluster());
        p.setTimeout(std::chrono::milliseconds(300));
        QElapsedTimer t;
        t.start();
        auto c = p.get();
        QVERIFY(!c);
        QVERIFY(t.elapsed() < 10000);
        QCOMPARE(c.error().kind, Error::Kind::Auth);
        VERIFY_CONTAINS(c.error().message, QStringLiteral("did not finish within 0.3 s"));
    }
};

QTEST_GUILESS_MAIN(TestExecCredential)
#include "tst_exec_credential.moc"
