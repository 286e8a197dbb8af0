#include "kube/Kubeconfig.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using spillway::Error;
using spillway::kube::inClusterConfig;
using spillway::kube::Kubeconfig;

namespace {

const QByteArray kCaPem = "-----BEGIN CERTIFICATE-----\nCA\n-----END CERTIFICATE-----\n";
const QByteArray kCertPem = "-----BEGIN CERTIFICATE-----\nCLIENT\n-----END CERTIFICATE-----\n";
const QByteArray kKeyPem = "-----BEGIN PRIVATE KEY-----\nKEY\n-----END PRIVATE KEY-----\n";

QString write(const QTemporaryDir &dir, const QString &rel, const QByteArray &content)
{
    const QString path = dir.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(content);
    return path;
}

// A minimal valid file around one cluster / user / context, so each test only spells out what it checks.
QByteArray config(const QByteArray &clusterBody, const QByteArray &userBody = "token: t", const QByteArray &extra = {})
{
    return "apiVersion: v1\nkind: Config\n"
           "clusters:\n- name: c1\n  cluster:\n    " + QByteArray(clusterBody).replace("\n", "\n    ") + "\n"
           "users:\n- name: u1\n  user:\n    " + QByteArray(userBody).replace("\n", "\n    ") + "\n"
           "contexts:\n- name: ctx1\n  context: {cluster: c1, user: u1, namespace: team-a}\n"
           "current-context: ctx1\n" + extra;
}

// A sentinel so a test that expected a failure prints what happened instead.
Error notAnError(const QString &what)
{
    Error e;
    e.kind = Error::Kind::Internal;
    e.message = what;
    return e;
}

Error parseError(const QByteArray &yaml)
{
    auto kc = Kubeconfig::fromYaml(yaml, QStringLiteral("/base"), QStringLiteral("/x/config"));
    if (kc)
        return notAnError(QStringLiteral("<parsed fine>"));
    return kc.error();
}

Error resolveError(const QByteArray &yaml, const QString &context = {})
{
    auto kc = Kubeconfig::fromYaml(yaml, QStringLiteral("/base"), QStringLiteral("/x/config"));
    if (!kc)
        return notAnError(QStringLiteral("<did not parse> ") + kc.error().message);
    auto rc = kc->restConfig(context);
    if (rc)
        return notAnError(QStringLiteral("<resolved fine>"));
    return rc.error();
}

} // namespace

#define VERIFY_CONTAINS(haystack, needle) \
    QVERIFY2((haystack).contains(needle), qPrintable(QStringLiteral("\"%1\" does not contain \"%2\"").arg(haystack, needle)))

class TestKubeconfig : public QObject
{
    Q_OBJECT
private slots:
    void singleFile()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("config"),
                                   config("server: https://10.0.0.1:6443\ncertificate-authority-data: " + kCaPem.toBase64(),
                                          "token: secret-token"));
        auto kc = Kubeconfig::loadFiles({path});
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        QCOMPARE(kc->sources(), QStringList{path});
        QCOMPARE(kc->contextNames(), QStringList{QStringLiteral("ctx1")});
        QCOMPARE(kc->currentContext(), QStringLiteral("ctx1"));
        QCOMPARE(kc->cluster(QStringLiteral("c1"))->certificateAuthorityData, kCaPem);
        QVERIFY(!kc->cluster(QStringLiteral("nope")));

        auto rc = kc->restConfig();
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QCOMPARE(rc->contextName, QStringLiteral("ctx1"));
        QCOMPARE(rc->clusterName, QStringLiteral("c1"));
        QCOMPARE(rc->userName, QStringLiteral("u1"));
        QCOMPARE(rc->server, QStringLiteral("https://10.0.0.1:6443"));
        QCOMPARE(rc->caPem, kCaPem);
        QCOMPARE(rc->caSource, QStringLiteral("certificate-authority-data of cluster \"c1\""));
        QCOMPARE(rc->bearerToken, QStringLiteral("secret-token"));
        QCOMPARE(rc->defaultNamespace, QStringLiteral("team-a"));
        QVERIFY(!rc->exec);
    }

    void namespaceDefaultsAndSchemelessServer()
    {
        auto kc = Kubeconfig::fromYaml("clusters: [{name: c, cluster: {server: 'api.example.com:6443/'}}]\n"
                                       "contexts: [{name: x, context: {cluster: c}}]\n",
                                       {}, QStringLiteral("mem"));
        QVERIFY(kc);
        auto rc = kc->restConfig(QStringLiteral("x"));
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QCOMPARE(rc->server, QStringLiteral("https://api.example.com:6443"));
        QCOMPARE(rc->defaultNamespace, QStringLiteral("default"));
        QVERIFY(rc->userName.isEmpty());
        QVERIFY(rc->bearerToken.isEmpty());
    }

    void mergeFirstDefinitionWins()
    {
        QTemporaryDir dir;
        const QString a = write(dir, QStringLiteral("a/config"),
                                "clusters:\n- name: shared\n  cluster: {server: 'https://a:6443'}\n"
                                "users:\n- name: u\n  user: {token: from-a}\n"
                                "contexts:\n- name: ctx-a\n  context: {cluster: shared, user: u}\n"
                                "current-context: ''\n");
        const QString b = write(dir, QStringLiteral("b/config"),
                                "clusters:\n- name: shared\n  cluster: {server: 'https://b:6443'}\n"
                                "- name: only-b\n  cluster: {server: 'https://only-b:6443'}\n"
                                "users:\n- name: u\n  user: {token: from-b}\n"
                                "contexts:\n- name: ctx-b\n  context: {cluster: only-b, user: u}\n"
                                "- name: ctx-a\n  context: {cluster: only-b, user: u}\n"
                                "current-context: ctx-b\n");
        const QString c = write(dir, QStringLiteral("c/config"), "current-context: ctx-a\n");

        auto kc = Kubeconfig::loadFiles({a, b, c});
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        QCOMPARE(kc->sources(), (QStringList{a, b, c}));
        QCOMPARE(kc->currentContext(), QStringLiteral("ctx-b"));
        QCOMPARE(kc->contextNames(), (QStringList{QStringLiteral("ctx-a"), QStringLiteral("ctx-b")}));
        QCOMPARE(kc->cluster(QStringLiteral("shared"))->server, QStringLiteral("https://a:6443"));
        QCOMPARE(kc->context(QStringLiteral("ctx-a"))->cluster, QStringLiteral("shared"));

        auto rc = kc->restConfig();
        QVERIFY(rc);
        QCOMPARE(rc->contextName, QStringLiteral("ctx-b"));
        QCOMPARE(rc->server, QStringLiteral("https://only-b:6443"));
        QCOMPARE(rc->bearerToken, QStringLiteral("from-a"));

        // Reversed order: the other file now wins every conflict.
        auto rev = Kubeconfig::loadFiles({c, b, a});
        QVERIFY(rev);
        QCOMPARE(rev->currentContext(), QStringLiteral("ctx-a"));
        QCOMPARE(rev->cluster(QStringLiteral("shared"))->server, QStringLiteral("https://b:6443"));
    }

    void relativePathsResolvePerFile()
    {
        QTemporaryDir dir;
        write(dir, QStringLiteral("one/pki/ca.pem"), kCaPem);
        write(dir, QStringLiteral("one/pki/client.crt"), kCertPem);
        write(dir, QStringLiteral("one/pki/client.key"), kKeyPem);
        write(dir, QStringLiteral("two/token"), "file-token\n");
        const QString one = write(dir, QStringLiteral("one/config"),
                                  "clusters:\n- name: c1\n  cluster: {server: 'https://one', certificate-authority: pki/ca.pem}\n"
                                  "users:\n- name: u1\n  user: {client-certificate: pki/client.crt, client-key: ./pki/../pki/client.key}\n"
                                  "- name: plug\n  user:\n    exec: {apiVersion: client.authentication.k8s.io/v1, command: ./bin/plugin}\n"
                                  "- name: bare\n  user:\n    exec: {apiVersion: client.authentication.k8s.io/v1, command: kubelogin}\n"
                                  "contexts:\n- name: one\n  context: {cluster: c1, user: u1}\n");
        const QString two = write(dir, QStringLiteral("two/config"),
                                  "users:\n- name: u2\n  user: {tokenFile: token}\n"
                                  "contexts:\n- name: two\n  context: {cluster: c1, user: u2}\n");
        auto kc = Kubeconfig::loadFiles({one, two});
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        const QString base = QFileInfo(dir.path()).canonicalFilePath();
        QCOMPARE(QFileInfo(kc->cluster(QStringLiteral("c1"))->certificateAuthority).canonicalFilePath(), base + QStringLiteral("/one/pki/ca.pem"));
        QVERIFY(QDir::isAbsolutePath(kc->user(QStringLiteral("u1"))->clientKey));
        QCOMPARE(kc->user(QStringLiteral("u1"))->clientKey, QFileInfo(one).absolutePath() + QStringLiteral("/pki/client.key"));
        QCOMPARE(kc->user(QStringLiteral("u2"))->tokenFile, QFileInfo(two).absolutePath() + QStringLiteral("/token"));
        QCOMPARE(kc->user(QStringLiteral("plug"))->exec->command, QFileInfo(one).absolutePath() + QStringLiteral("/bin/plugin"));
        QCOMPARE(kc->user(QStringLiteral("bare"))->exec->command, QStringLiteral("kubelogin"));

        auto rc1 = kc->restConfig(QStringLiteral("one"));
        QVERIFY2(rc1, qPrintable(rc1 ? QString() : rc1.error().toString()));
        QCOMPARE(rc1->caPem, kCaPem);
        QCOMPARE(rc1->caSource, kc->cluster(QStringLiteral("c1"))->certificateAuthority);
        QCOMPARE(rc1->clientCertPem, kCertPem);
        QCOMPARE(rc1->clientKeyPem, kKeyPem);

        auto rc2 = kc->restConfig(QStringLiteral("two"));
        QVERIFY2(rc2, qPrintable(rc2 ? QString() : rc2.error().toString()));
        QCOMPARE(rc2->bearerToken, QStringLiteral("file-token"));
        QCOMPARE(rc2->tokenFile, kc->user(QStringLiteral("u2"))->tokenFile);
    }

    void dataFieldsWinOverFiles()
    {
        QTemporaryDir dir;
        const QString caFile = write(dir, QStringLiteral("ca.pem"), "FILE CA");
        const QString certFile = write(dir, QStringLiteral("c.crt"), "FILE CERT");
        // Folded base64 across lines, as long -data values often are.
        QByteArray folded = kCaPem.toBase64();
        folded.insert(20, "\n  ");
        auto kc = Kubeconfig::fromYaml(config("server: https://s\ncertificate-authority: " + caFile.toUtf8()
                                                  + "\ncertificate-authority-data: |\n  " + folded,
                                              "client-certificate: " + certFile.toUtf8() + "\nclient-certificate-data: " + kCertPem.toBase64()
                                                  + "\nclient-key-data: " + kKeyPem.toBase64()),
                                       dir.path(), QStringLiteral("mem"));
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        auto rc = kc->restConfig();
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QCOMPARE(rc->caPem, kCaPem);
        QVERIFY(rc->caSource.contains(QStringLiteral("certificate-authority-data")));
        QCOMPARE(rc->clientCertPem, kCertPem);
        QCOMPARE(rc->clientKeyPem, kKeyPem);
        QCOMPARE(kc->user(QStringLiteral("u1"))->clientCertificate, certFile);
    }

    void tokenAndTokenFile()
    {
        QTemporaryDir dir;
        const QString tokenPath = write(dir, QStringLiteral("tok"), "  from-file \n");
        auto both = Kubeconfig::fromYaml(config("server: https://s", "token: inline\ntokenFile: " + tokenPath.toUtf8()), {}, QStringLiteral("mem"));
        QVERIFY(both);
        auto rc = both->restConfig();
        QVERIFY(rc);
        QCOMPARE(rc->bearerToken, QStringLiteral("inline"));
        QCOMPARE(rc->tokenFile, tokenPath);

        auto fileOnly = Kubeconfig::fromYaml(config("server: https://s", "tokenFile: " + tokenPath.toUtf8()), {}, QStringLiteral("mem"));
        QVERIFY(fileOnly);
        rc = fileOnly->restConfig();
        QVERIFY(rc);
        QCOMPARE(rc->bearerToken, QStringLiteral("from-file"));
        QCOMPARE(rc->tokenFile, tokenPath);

        auto basic = Kubeconfig::fromYaml(config("server: https://s", "username: admin\npassword: pw"), {}, QStringLiteral("mem"));
        QVERIFY(basic);
        rc = basic->restConfig();
        QVERIFY(rc);
        QCOMPARE(rc->username, QStringLiteral("admin"));
        QCOMPARE(rc->password, QStringLiteral("pw"));

        const Error e = resolveError(config("server: https://s", "token: t\nusername: admin"));
        VERIFY_CONTAINS(e.message, QStringLiteral("both a token and username/password"));
    }

    void tlsAndProxyOptions()
    {
        auto kc = Kubeconfig::fromYaml(config("server: https://10.1.2.3:6443\ninsecure-skip-tls-verify: true\n"
                                              "tls-server-name: kubernetes.default\nproxy-url: socks5://127.0.0.1:1080"),
                                       {}, QStringLiteral("mem"));
        QVERIFY(kc);
        auto rc = kc->restConfig();
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QVERIFY(rc->insecureSkipTlsVerify);
        QCOMPARE(rc->tlsServerName, QStringLiteral("kubernetes.default"));
        QCOMPARE(rc->proxyUrl, QStringLiteral("socks5://127.0.0.1:1080"));
        QVERIFY(rc->caPem.isEmpty());

        const Error e = resolveError(config("server: https://s\ninsecure-skip-tls-verify: true\ncertificate-authority-data: " + kCaPem.toBase64()));
        QCOMPARE(e.kind, Error::Kind::Config);
        VERIFY_CONTAINS(e.message, QStringLiteral("insecure-skip-tls-verify"));
    }

    void execSectionParsed()
    {
        const QByteArray user = "exec:\n"
                                "  apiVersion: client.authentication.k8s.io/v1beta1\n"
                                "  command: aws\n"
                                "  args: [eks, get-token, --cluster-name, 'my cluster']\n"
                                "  env:\n  - {name: AWS_PROFILE, value: prod}\n  - {name: EMPTY}\n"
                                "  interactiveMode: Never\n"
                                "  provideClusterInfo: true\n"
                                "  installHint: 'brew install awscli'\n";
        auto kc = Kubeconfig::fromYaml(config("server: https://s", user), {}, QStringLiteral("mem"));
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        auto rc = kc->restConfig();
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QVERIFY(rc->exec);
        QCOMPARE(rc->exec->apiVersion, QStringLiteral("client.authentication.k8s.io/v1beta1"));
        QCOMPARE(rc->exec->command, QStringLiteral("aws"));
        QCOMPARE(rc->exec->args, (QStringList{"eks", "get-token", "--cluster-name", "my cluster"}));
        QCOMPARE(rc->exec->env.size(), 2);
        QCOMPARE(rc->exec->env.at(0), qMakePair(QStringLiteral("AWS_PROFILE"), QStringLiteral("prod")));
        QCOMPARE(rc->exec->env.at(1), qMakePair(QStringLiteral("EMPTY"), QString()));
        QCOMPARE(rc->exec->interactiveMode, QStringLiteral("Never"));
        QVERIFY(rc->exec->provideClusterInfo);
        QCOMPARE(rc->exec->installHint, QStringLiteral("brew install awscli"));
        QVERIFY(rc->bearerToken.isEmpty());

        Error e = resolveError(config("server: https://s", "exec: {apiVersion: client.authentication.k8s.io/v1alpha1, command: x}"));
        VERIFY_CONTAINS(e.message, QStringLiteral("v1alpha1"));
        e = resolveError(config("server: https://s", "exec: {apiVersion: client.authentication.k8s.io/v1}"));
        VERIFY_CONTAINS(e.message, QStringLiteral("no command"));
        e = resolveError(config("server: https://s", "exec: {apiVersion: client.authentication.k8s.io/v1, command: x, interactiveMode: Sometimes}"));
        VERIFY_CONTAINS(e.message, QStringLiteral("Sometimes"));
    }

    void invalidYaml()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("config"), "clusters:\n- name: a\n  cluster: {server: x\nusers: [\n");
        auto kc = Kubeconfig::loadFiles({path});
        QVERIFY(!kc);
        QCOMPARE(kc.error().kind, Error::Kind::Config);
        VERIFY_CONTAINS(kc.error().message, QStringLiteral("kubeconfig %1 is not valid YAML: ").arg(path));
        VERIFY_CONTAINS(kc.error().message, QStringLiteral("line"));
        VERIFY_CONTAINS(kc.error().hint, QStringLiteral("KUBECONFIG"));
    }

    void wrongNodeTypes_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("top-level list") << QByteArray("- a\n- b\n") << "must be a mapping at the top level";
        QTest::newRow("top-level scalar") << QByteArray("hello\n") << "must be a mapping at the top level";
        QTest::newRow("clusters scalar") << QByteArray("clusters: nope\n") << "clusters (line 1, column 11) must be a list, not a scalar";
        QTest::newRow("clusters map") << QByteArray("clusters: {a: b}\n") << "clusters (line 1, column 11) must be a list, not a mapping";
        QTest::newRow("cluster entry scalar") << QByteArray("clusters: [x]\n") << "clusters[0] (line 1, column 12) must be a mapping with name and cluster";
        QTest::newRow("cluster body scalar") << QByteArray("clusters: [{name: a, cluster: str}]\n") << "clusters[0].cluster (line 1, column 31) must be a mapping";
        QTest::newRow("server map") << QByteArray("clusters:\n- name: a\n  cluster:\n    server: {x: 1}\n") << "clusters[0].cluster.server (line 4, column 13) must be a string, not a mapping";
        QTest::newRow("insecure not bool") << QByteArray("clusters: [{name: a, cluster: {insecure-skip-tls-verify: maybe}}]\n") << "clusters[0].cluster.insecure-skip-tls-verify";
        QTest::newRow("missing name") << QByteArray("users: [{user: {token: t}}]\n") << "users[0].name (line 1, column 9) is required";
        QTest::newRow("duplicate name") << QByteArray("contexts: [{name: a}, {name: a}]\n") << "contexts[1].name (line 1, column 23) \"a\" is defined twice";
        QTest::newRow("exec args scalar") << QByteArray("users: [{name: u, user: {exec: {command: x, args: '-v'}}}]\n") << "users[0].user.exec.args (line 1, column 51) must be a list";
        QTest::newRow("exec args nested") << QByteArray("users: [{name: u, user: {exec: {command: x, args: [[a]]}}}]\n") << "users[0].user.exec.args[0]";
        QTest::newRow("exec env scalar item") << QByteArray("users: [{name: u, user: {exec: {command: x, env: [FOO=bar]}}}]\n") << "users[0].user.exec.env[0] (line 1, column 51) must be a mapping with name and value";
        QTest::newRow("exec env no name") << QByteArray("users: [{name: u, user: {exec: {command: x, env: [{value: v}]}}}]\n") << "users[0].user.exec.env[0].name";
        QTest::newRow("exec scalar") << QByteArray("users: [{name: u, user: {exec: kubelogin}}]\n") << "users[0].user.exec (line 1, column 32) must be a mapping, not a scalar";
        QTest::newRow("provideClusterInfo") << QByteArray("users: [{name: u, user: {exec: {command: x, provideClusterInfo: [1]}}}]\n") << "provideClusterInfo";
        QTest::newRow("current-context map") << QByteArray("current-context: {a: b}\n") << "current-context (line 1, column 18) must be a string, not a mapping";
        QTest::newRow("context list") << QByteArray("contexts: [{name: a, context: [1, 2]}]\n") << "contexts[0].context (line 1, column 31) must be a mapping, not a list";
        QTest::newRow("bad base64") << QByteArray("clusters: [{name: a, cluster: {certificate-authority-data: '!!not*base64'}}]\n")
                                    << "clusters[0].cluster.certificate-authority-data (line 1, column 60) is not valid base64";
        QTest::newRow("bad base64 key") << QByteArray("users: [{name: u, user: {client-key-data: 'QUJD$$'}}]\n")
                                        << "users[0].user.client-key-data (line 1, column 43) is not valid base64";
    }
    void wrongNodeTypes()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        const Error e = parseError(yaml);
        QCOMPARE(e.kind, Error::Kind::Config);
        VERIFY_CONTAINS(e.message, QStringLiteral("kubeconfig /x/config"));
        VERIFY_CONTAINS(e.message, expected);
        QVERIFY(!e.hint.isEmpty());
    }

    void emptyFileIsAnEmptyConfig()
    {
        auto kc = Kubeconfig::fromYaml("", {}, QStringLiteral("empty"));
        QVERIFY(kc);
        QVERIFY(kc->contextNames().isEmpty());
        auto rc = kc->restConfig();
        QVERIFY(!rc);
        VERIFY_CONTAINS(rc.error().message, QStringLiteral("no current-context"));
        VERIFY_CONTAINS(rc.error().message, QStringLiteral("available contexts: none"));
    }

    void truncatedInputNeverCrashes()
    {
        const QByteArray full = config("server: https://s\ncertificate-authority-data: " + kCaPem.toBase64(),
                                       "exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: x\n  args: [a]\n  env: [{name: A, value: b}]");
        for (int i = 0; i <= full.size(); ++i) {
            auto kc = Kubeconfig::fromYaml(full.left(i), {}, QStringLiteral("mem"));
            if (kc)
                (void)kc->restConfig();
            else
                QVERIFY(!kc.error().message.isEmpty());
        }
    }

    void missingReferences()
    {
        const QByteArray yaml = "clusters: [{name: c1, cluster: {server: 'https://s'}}, {name: empty, cluster: {}}]\n"
                                "users: [{name: u1, user: {token: t}}]\n"
                                "contexts:\n"
                                "- {name: good, context: {cluster: c1, user: u1}}\n"
                                "- {name: no-cluster, context: {cluster: ghost, user: u1}}\n"
                                "- {name: no-user, context: {cluster: c1, user: phantom}}\n"
                                "- {name: no-server, context: {cluster: empty}}\n"
                                "- {name: unnamed-cluster, context: {user: u1}}\n"
                                "current-context: missing-current\n";
        Error e = resolveError(yaml);
        QCOMPARE(e.kind, Error::Kind::Config);
        VERIFY_CONTAINS(e.message, QStringLiteral("context \"missing-current\" not found in kubeconfig /x/config"));
        VERIFY_CONTAINS(e.message, QStringLiteral("available contexts: good, no-cluster, no-user, no-server, unnamed-cluster"));

        e = resolveError(yaml, QStringLiteral("no-cluster"));
        VERIFY_CONTAINS(e.message, QStringLiteral("context \"no-cluster\" refers to cluster \"ghost\", which is not defined"));
        QCOMPARE(e.cluster, QStringLiteral("no-cluster"));
        e = resolveError(yaml, QStringLiteral("no-user"));
        VERIFY_CONTAINS(e.message, QStringLiteral("refers to user \"phantom\""));
        e = resolveError(yaml, QStringLiteral("no-server"));
        VERIFY_CONTAINS(e.message, QStringLiteral("cluster \"empty\" (context \"no-server\") has no server"));
        VERIFY_CONTAINS(e.hint, QStringLiteral("server"));
        e = resolveError(yaml, QStringLiteral("unnamed-cluster"));
        VERIFY_CONTAINS(e.message, QStringLiteral("does not name a cluster"));
        QVERIFY(Kubeconfig::fromYaml(yaml, {}, {})->restConfig(QStringLiteral("good")));

        e = resolveError("clusters: [{name: c, cluster: {server: 'ftp://host'}}]\ncontexts: [{name: x, context: {cluster: c}}]\n",
                         QStringLiteral("x"));
        VERIFY_CONTAINS(e.message, QStringLiteral("server \"ftp://host\" of cluster \"c\" is not a valid https:// URL"));
    }

    void unreadableFiles()
    {
        QTemporaryDir dir;
        Error e = resolveError(config("server: https://s\ncertificate-authority: /nonexistent/ca.pem"));
        QCOMPARE(e.kind, Error::Kind::Config);
        VERIFY_CONTAINS(e.message, QStringLiteral("cannot read certificate-authority file /nonexistent/ca.pem"));
        VERIFY_CONTAINS(e.message, QStringLiteral("cluster \"c1\""));
        QVERIFY(!e.hint.isEmpty());

        const QString cert = write(dir, QStringLiteral("c.crt"), kCertPem);
        e = resolveError(config("server: https://s", "client-certificate: " + cert.toUtf8() + "\nclient-key: missing.key"));
        VERIFY_CONTAINS(e.message, QStringLiteral("cannot read client-key file /base/missing.key of user \"u1\""));

        e = resolveError(config("server: https://s", "client-certificate: " + cert.toUtf8()));
        VERIFY_CONTAINS(e.message, QStringLiteral("has a client certificate but no client key"));

        e = resolveError(config("server: https://s", "tokenFile: /nonexistent/token"));
        VERIFY_CONTAINS(e.message, QStringLiteral("cannot read tokenFile file /nonexistent/token of user \"u1\""));

        e = resolveError(config("server: https://s", "auth-provider: {name: oidc, config: {}}"));
        VERIFY_CONTAINS(e.message, QStringLiteral("auth-provider \"oidc\""));
    }

    void loadDefault()
    {
        QTemporaryDir dir;
        const QString a = write(dir, QStringLiteral("a.yaml"), config("server: https://a"));
        const QString b = write(dir, QStringLiteral("b.yaml"),
                                "clusters: [{name: cb, cluster: {server: 'https://b'}}]\ncontexts: [{name: ctx-b, context: {cluster: cb}}]\n");
        const QString missing = dir.filePath(QStringLiteral("missing.yaml"));

        QProcessEnvironment env;
        env.insert(QStringLiteral("HOME"), dir.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("KUBECONFIG"), missing + QStringLiteral("::") + a + QLatin1Char(':') + b + QLatin1Char(':') + a);
        auto kc = Kubeconfig::loadDefault(env);
        QVERIFY2(kc, qPrintable(kc ? QString() : kc.error().toString()));
        QCOMPARE(kc->sources(), (QStringList{a, b}));
        QCOMPARE(kc->contextNames(), (QStringList{QStringLiteral("ctx1"), QStringLiteral("ctx-b")}));
        QCOMPARE(kc->restConfig(QStringLiteral("ctx-b"))->server, QStringLiteral("https://b"));

        // No KUBECONFIG: $HOME/.kube/config.
        env.remove(QStringLiteral("KUBECONFIG"));
        auto none = Kubeconfig::loadDefault(env);
        QVERIFY(!none);
        QCOMPARE(none.error().kind, Error::Kind::Config);
        VERIFY_CONTAINS(none.error().message, dir.filePath(QStringLiteral("home/.kube/config")));
        VERIFY_CONTAINS(none.error().message, QStringLiteral("does not exist"));
        const QString home = write(dir, QStringLiteral("home/.kube/config"), config("server: https://home"));
        auto fromHome = Kubeconfig::loadDefault(env);
        QVERIFY(fromHome);
        QCOMPARE(fromHome->sources(), QStringList{home});

        // An empty KUBECONFIG counts as unset.
        env.insert(QStringLiteral("KUBECONFIG"), QString());
        QVERIFY(Kubeconfig::loadDefault(env));

        auto allMissing = Kubeconfig::loadFiles({missing, dir.filePath(QStringLiteral("other.yaml"))});
        QVERIFY(!allMissing);
        VERIFY_CONTAINS(allMissing.error().message, missing);
        VERIFY_CONTAINS(allMissing.error().message, dir.filePath(QStringLiteral("other.yaml")));
        VERIFY_CONTAINS(allMissing.error().hint, QStringLiteral("KUBECONFIG"));

        auto isDir = Kubeconfig::loadFiles({dir.path()});
        QVERIFY(!isDir);
        VERIFY_CONTAINS(isDir.error().message, QStringLiteral("is a directory"));
    }

    void inCluster()
    {
        QTemporaryDir sa;
        write(sa, QStringLiteral("token"), "sa-token\n");
        write(sa, QStringLiteral("ca.crt"), kCaPem);
        write(sa, QStringLiteral("namespace"), "liqo\n");
        QProcessEnvironment env;
        env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("10.96.0.1"));
        env.insert(QStringLiteral("KUBERNETES_SERVICE_PORT"), QStringLiteral("443"));

        auto rc = inClusterConfig(env, sa.path());
        QVERIFY2(rc, qPrintable(rc ? QString() : rc.error().toString()));
        QCOMPARE(rc->server, QStringLiteral("https://10.96.0.1:443"));
        QCOMPARE(rc->bearerToken, QStringLiteral("sa-token"));
        QCOMPARE(rc->tokenFile, sa.filePath(QStringLiteral("token")));
        QCOMPARE(rc->caPem, kCaPem);
        QCOMPARE(rc->caSource, sa.filePath(QStringLiteral("ca.crt")));
        QCOMPARE(rc->defaultNamespace, QStringLiteral("liqo"));

        env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("fd00:10:96::1"));
        env.insert(QStringLiteral("POD_NAMESPACE"), QStringLiteral("from-env"));
        rc = inClusterConfig(env, sa.path());
        QVERIFY(rc);
        QCOMPARE(rc->server, QStringLiteral("https://[fd00:10:96::1]:443"));
        QCOMPARE(rc->defaultNamespace, QStringLiteral("from-env"));

        QFile::remove(sa.filePath(QStringLiteral("namespace")));
        env.remove(QStringLiteral("POD_NAMESPACE"));
        rc = inClusterConfig(env, sa.path());
        QVERIFY(rc);
        QCOMPARE(rc->defaultNamespace, QStringLiteral("default"));

        QFile::remove(sa.filePath(QStringLiteral("token")));
        rc = inClusterConfig(env, sa.path());
        QVERIFY(!rc);
        QCOMPARE(rc.error().kind, Error::Kind::Config);
        VERIFY_CONTAINS(rc.error().message, sa.filePath(QStringLiteral("token")));
        VERIFY_CONTAINS(rc.error().hint, QStringLiteral("automountServiceAccountToken"));

        rc = inClusterConfig(QProcessEnvironment(), sa.path());
        QVERIFY(!rc);
        VERIFY_CONTAINS(rc.error().message, QStringLiteral("KUBERNETES_SERVICE_HOST"));
    }
};

QTEST_GUILESS_MAIN(TestKubeconfig)
#include "tst_kubeconfig.moc"
