// The REST client against the testbed's real apiserver: auth, TLS errors, verbs, errors,
// pagination, discovery and the client-side rate limiter.
#include "Testbed.h"
#include "kube/KubeClient.h"
#include "tls/Pki.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

using namespace spillway::kube;
using spillway::Error;
using nlohmann::json;

namespace {

json configMap(const QString &name, const QString &ns, const std::string &value = "v")
{
    return {{"apiVersion", "v1"},
            {"kind", "ConfigMap"},
            {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}}},
            {"data", {{"key", value}}}};
}

QString whoAmI(KubeClient &c)
{
    KubeRequest req;
    req.verb = "POST";
    req.path = QStringLiteral("/apis/authentication.k8s.io/v1/selfsubjectreviews");
    req.body = R"({"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"})";
    auto r = c.call(req);
    if (!r)
        return QStringLiteral("error: ") + r.error().toString();
    auto j = json::parse(r->body.toStdString());
    return QString::fromStdString(j["status"]["userInfo"].value("username", ""));
}

void writeFile(const QString &path, const QByteArray &content, bool exec = false)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    if (exec)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

bool notFound(const spillway::Result<json> &r)
{
    return !r.ok() && r.error().isNotFound();
}

int countLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return int(f.readAll().count('\n'));
}

// Submits a CSR for client auth, approves it through the approval subresource (as a provider's
// controller will) and returns the certificate the cluster's signer issued.
QByteArray signedByCluster(KubeClient &admin, const QString &name, const QByteArray &csrPem)
{
    json req = {{"apiVersion", "certificates.k8s.io/v1"}, {"kind", "CertificateSigningRequest"},
                {"metadata", {{"name", name.toStdString()}}},
                {"spec", {{"request", csrPem.toBase64().toStdString()},
                          {"signerName", "kubernetes.io/kube-apiserver-client"},
                          {"usages", json::array({"client auth"})}}}};
    auto created = admin.create(resources::certificateSigningRequests(), {}, req);
    if (!created) {
        qWarning("%s", qPrintable(created.error().toString()));
        return {};
    }
    json approved = *created;
    approved["status"]["conditions"] = json::array({{{"type", "Approved"}, {"status", "True"}, {"reason", "SpillwayTest"}, {"message", "approved by test"}}});
    KubeRequest approve;
    approve.verb = "PUT";
    approve.path = resources::certificateSigningRequests().path({}, name, QStringLiteral("approval"));
    approve.body = QByteArray::fromStdString(approved.dump());
    if (!admin.call(approve).ok())
        return {};
    for (int i = 0; i < 300; ++i) {
        auto got = admin.get(resources::certificateSigningRequests(), {}, name);
        const QByteArray cert = got ? QByteArray::fromBase64(QByteArray::fromStdString((*got)["status"].value("certificate", ""))) : QByteArray();
        if (!cert.isEmpty()) {
            admin.remove(resources::certificateSigningRequests(), {}, name);
            return cert;
        }
        QTest::qWait(100);
    }
    return {};
}

} // namespace

class TestKubeRest : public QObject
{
    Q_OBJECT
    QString ns;
    std::unique_ptr<KubeClient> admin;

private slots:
    void initTestCase()
    {
        admin = std::make_unique<KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        ns = QStringLiteral("kube-rest-%1").arg(QCoreApplication::applicationPid());
        auto created = testbed::createNamespace(*admin, ns);
        QVERIFY2(created.ok(), qPrintable(created ? QString() : created.error().toString()));
        // ServiceAccount admission needs the namespace's default account before pods/tokens.
        QTRY_VERIFY_WITH_TIMEOUT(admin->get(resources::serviceAccounts(), ns, QStringLiteral("default")).ok(), 20000);
    }
    void cleanupTestCase()
    {
        if (admin)
            admin->remove(resources::namespaces(), {}, ns);
    }

    void clientCertificateAuth()
    {
        auto v = admin->serverVersion();
        QVERIFY2(v.ok(), qPrintable(v ? QString() : v.error().toString()));
        QCOMPARE(QString::fromStdString((*v).value("gitVersion", "")), QStringLiteral("v1.37.2"));
        QCOMPARE(whoAmI(*admin), QStringLiteral("spillway-testbed-admin"));
    }

    void typedErrorsCarryTheStatus()
    {
        auto r = admin->get(resources::configMaps(), ns, QStringLiteral("does-not-exist"));
        QVERIFY(!r.ok());
        const Error &e = r.error();
        QVERIFY(e.isNotFound());
        QCOMPARE(e.reason, QStringLiteral("NotFound"));
        QCOMPARE(e.kind, Error::Kind::Api);
        QVERIFY(e.message.contains(QStringLiteral("does-not-exist")));
        QCOMPARE(e.cluster, QStringLiteral("ci-consumer"));
        QVERIFY(e.toString().contains(QStringLiteral("configmaps %1/does-not-exist").arg(ns)));
        auto invalid = admin->create(resources::configMaps(), ns, configMap(QStringLiteral("Bad_Name"), ns));
        QVERIFY(!invalid.ok());
        QCOMPARE(invalid.error().httpStatus, 422);
        QCOMPARE(invalid.error().reason, QStringLiteral("Invalid"));
    }

    void conflictIsSurfaced()
    {
        auto created = admin->create(resources::configMaps(), ns, configMap(QStringLiteral("conflict"), ns));
        QVERIFY(created.ok());
        json first = *created, second = *created;
        first["data"]["key"] = "one";
        QVERIFY(admin->update(resources::configMaps(), ns, first).ok());
        second["data"]["key"] = "two"; // still carries the old resourceVersion
        auto stale = admin->update(resources::configMaps(), ns, second);
        QVERIFY(!stale.ok());
        QVERIFY(stale.error().isConflict());
        QCOMPARE(stale.error().reason, QStringLiteral("Conflict"));
        QVERIFY(!stale.error().isAlreadyExists());
        auto dup = admin->create(resources::configMaps(), ns, configMap(QStringLiteral("conflict"), ns));
        QVERIFY(!dup.ok() && dup.error().isAlreadyExists());
    }

    void patchesDryRunAndDeletePreconditions()
    {
        QVERIFY(admin->create(resources::configMaps(), ns, configMap(QStringLiteral("patched"), ns)).ok());
        auto merged = admin->patch(resources::configMaps(), ns, QStringLiteral("patched"), PatchType::Merge,
                                   R"({"data":{"merge":"1"}})");
        QVERIFY(merged.ok());
        QCOMPARE((*merged)["data"].value("merge", ""), std::string("1"));
        auto jsonPatched = admin->patch(resources::configMaps(), ns, QStringLiteral("patched"), PatchType::Json,
                                        R"([{"op":"replace","path":"/data/key","value":"json"}])");
        QVERIFY(jsonPatched.ok());
        QCOMPARE((*jsonPatched)["data"].value("key", ""), std::string("json"));
        auto smp = admin->patch(resources::configMaps(), ns, QStringLiteral("patched"), PatchType::StrategicMerge,
                                R"({"metadata":{"labels":{"smp":"yes"}}})");
        QVERIFY(smp.ok());
        QCOMPARE((*smp)["metadata"]["labels"].value("smp", ""), std::string("yes"));

        WriteOptions dry;
        dry.dryRun = true;
        auto d = admin->create(resources::configMaps(), ns, configMap(QStringLiteral("dry"), ns), dry);
        QVERIFY(d.ok());
        QVERIFY(notFound(admin->get(resources::configMaps(), ns, QStringLiteral("dry"))));

        DeleteOptions wrongUid;
        wrongUid.preconditionUid = QStringLiteral("00000000-0000-0000-0000-000000000000");
        auto refused = admin->remove(resources::configMaps(), ns, QStringLiteral("patched"), wrongUid);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().isConflict());
        DeleteOptions fg;
        fg.propagationPolicy = QStringLiteral("Foreground");
        QVERIFY(admin->remove(resources::configMaps(), ns, QStringLiteral("patched"), fg).ok());
        QTRY_VERIFY_WITH_TIMEOUT(notFound(admin->get(resources::configMaps(), ns, QStringLiteral("patched"))), 10000);
    }

    void serverSideApplyRoundTrip()
    {
        json obj = configMap(QStringLiteral("applied"), ns, "from-a");
        auto a = admin->apply(resources::configMaps(), ns, obj, QStringLiteral("spillway-a"));
        QVERIFY2(a.ok(), qPrintable(a ? QString() : a.error().toString()));
        bool managed = false;
        for (const auto &mf : (*a)["metadata"]["managedFields"])
            managed |= mf.value("manager", "") == "spillway-a" && mf.value("operation", "") == "Apply";
        QVERIFY(managed);
        auto again = admin->apply(resources::configMaps(), ns, obj, QStringLiteral("spillway-a"));
        QVERIFY(again.ok());
        QCOMPARE((*again)["metadata"].value("resourceVersion", ""), (*a)["metadata"].value("resourceVersion", ""));
        json other = configMap(QStringLiteral("applied"), ns, "from-b");
        auto conflict = admin->apply(resources::configMaps(), ns, other, QStringLiteral("spillway-b"));
        QVERIFY(!conflict.ok());
        QVERIFY(conflict.error().isConflict());
        QVERIFY(conflict.error().message.contains(QStringLiteral("spillway-a")));
        auto forced = admin->apply(resources::configMaps(), ns, other, QStringLiteral("spillway-b"), /*force=*/true);
        QVERIFY(forced.ok());
        QCOMPARE((*forced)["data"].value("key", ""), std::string("from-b"));
        auto dry = admin->apply(resources::configMaps(), ns, configMap(QStringLiteral("applied"), ns, "dry"),
                                QStringLiteral("spillway-b"), true, /*dryRun=*/true);
        QVERIFY(dry.ok());
        QCOMPARE((*admin->get(resources::configMaps(), ns, QStringLiteral("applied")))["data"].value("key", ""), std::string("from-b"));
    }

    void statusSubresource()
    {
        const QString node = QStringLiteral("kube-rest-status-%1").arg(QCoreApplication::applicationPid());
        json n = {{"apiVersion", "v1"}, {"kind", "Node"}, {"metadata", {{"name", node.toStdString()}}},
                  {"spec", {{"taints", json::array({{{"key", "spillway.dev/test"}, {"effect", "NoSchedule"}}})}}}};
        QVERIFY(admin->create(resources::nodes(), {}, n).ok());
        // The node controllers write to new nodes too: read-modify-write until our version wins.
        spillway::Result<json> updated = spillway::Error{};
        for (int attempt = 0; attempt < 10; ++attempt) {
            json withStatus = *admin->get(resources::nodes(), {}, node);
            withStatus["status"]["capacity"] = {{"cpu", "3"}, {"pods", "7"}};
            updated = admin->updateStatus(resources::nodes(), {}, withStatus);
            if (updated.ok() || !updated.error().isConflict())
                break;
        }
        QVERIFY2(updated.ok(), qPrintable(updated ? QString() : updated.error().toString()));
        QCOMPARE((*admin->get(resources::nodes(), {}, node))["status"]["capacity"].value("pods", ""), std::string("7"));
        PatchOptions status;
        status.subresource = QStringLiteral("status");
        QVERIFY(admin->patch(resources::nodes(), {}, node, PatchType::Merge, R"({"status":{"capacity":{"pods":"9"}}})", status).ok());
        QCOMPARE((*admin->get(resources::nodes(), {}, node))["status"]["capacity"].value("pods", ""), std::string("9"));
        // A plain update must not change status (it is a subresource).
        json plain = *admin->get(resources::nodes(), {}, node);
        plain["status"]["capacity"]["pods"] = "1";
        for (int attempt = 0; attempt < 10; ++attempt) {
            plain = *admin->get(resources::nodes(), {}, node);
            plain["status"]["capacity"]["pods"] = "1";
            auto u = admin->update(resources::nodes(), {}, plain);
            if (u.ok() || !u.error().isConflict())
                break;
        }
        QCOMPARE((*admin->get(resources::nodes(), {}, node))["status"]["capacity"].value("pods", ""), std::string("9"));
        QVERIFY(admin->remove(resources::nodes(), {}, node).ok());
    }

    void paginationOver2000ConfigMaps()
    {
        const QString pns = ns + QStringLiteral("-pages");
        QVERIFY(testbed::createNamespace(*admin, pns).ok());
        int pending = 2000, failures = 0;
        for (int i = 0; i < 2000; ++i) {
            KubeRequest req;
            req.verb = "POST";
            req.path = resources::configMaps().path(pns);
            req.body = QByteArray::fromStdString(configMap(QStringLiteral("cm-%1").arg(i), pns).dump());
            admin->send(req, [&](spillway::Result<KubeResponse> r) {
                --pending;
                if (!r) ++failures;
            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(pending, 0, 120000);
        QCOMPARE(failures, 0);
        int pages = 0;
        ListOptions o;
        o.limit = 500;
        auto all = admin->listAll(resources::configMaps(), pns, o, &pages);
        QVERIFY(all.ok());
        // kube-root-ca.crt is published into every namespace too.
        QCOMPARE(int((*all)["items"].size()), 2001);
        QCOMPARE(pages, 5);
        QVERIFY(!(*all)["metadata"].contains("continue"));
        auto first = admin->list(resources::configMaps(), pns, o);
        QVERIFY(first.ok());
        QCOMPARE(int((*first)["items"].size()), 500);
        QVERIFY(!(*first)["metadata"].value("continue", "").empty());
        admin->remove(resources::namespaces(), {}, pns);
    }

    void discovery()
    {
        auto dep = admin->resolve(QStringLiteral("apps/v1"), QStringLiteral("Deployment"));
        QVERIFY(dep.ok());
        QCOMPARE(dep->resource, QStringLiteral("deployments"));
        QVERIFY(dep->namespaced);
        auto node = admin->resolve(QStringLiteral("v1"), QStringLiteral("nodes"));
        QVERIFY(node.ok());
        QCOMPARE(node->kind, QStringLiteral("Node"));
        QVERIFY(!node->namespaced);
        auto gvs = admin->groupVersions();
        QVERIFY(gvs.ok());
        QVERIFY(gvs->contains(QStringLiteral("coordination.k8s.io/v1")));
        // A group no test installs (the shared testbed may hold Liqo's CRDs by now).
        auto missing = admin->resolve(QStringLiteral("widgets.example.com/v1"), QStringLiteral("Widget"));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().hint.contains(QStringLiteral("CRD")));
    }

    void wrongCaNamesTheCertificateProblem()
    {
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.caPem = testbed::restConfig(QStringLiteral("ci-provider")).caPem;   // another cluster's CA
        rc.caSource = QStringLiteral("certificate-authority-data of cluster \"ci-consumer\"");
        KubeClient c(rc);
        auto r = c.serverVersion();
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, Error::Kind::Tls);
        QVERIFY2(r.error().hint.contains(QStringLiteral("not signed by the CA in certificate-authority-data of cluster")),
                 qPrintable(r.error().toString()));
        QVERIFY(r.error().message.contains(QStringLiteral("TLS handshake")));
    }

    void tlsServerNameAndInsecure()
    {
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.tlsServerName = QStringLiteral("kubernetes.default.svc");   // a name the serving cert has
        KubeClient named(rc);
        QVERIFY(named.serverVersion().ok());
        rc.tlsServerName = QStringLiteral("not-this-server.example");
        KubeClient wrong(rc);
        auto r = wrong.serverVersion();
        QVERIFY(!r.ok());
        QVERIFY2(r.error().hint.contains(QStringLiteral("does not name this host")), qPrintable(r.error().toString()));
        RestConfig insecure = testbed::restConfig(QStringLiteral("ci-consumer"));
        insecure.caPem = testbed::restConfig(QStringLiteral("ci-provider")).caPem;
        insecure.insecureSkipTlsVerify = true;
        KubeClient skip(insecure);
        QVERIFY(skip.serverVersion().ok());
    }

    void proxyUrl()
    {
        testbed::TcpRelay proxy(0, /*proxyMode=*/true);
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.proxyUrl = QStringLiteral("http://127.0.0.1:%1").arg(proxy.port());
        KubeClient c(rc);
        auto v = c.serverVersion();
        QVERIFY2(v.ok(), qPrintable(v ? QString() : v.error().toString()));
        QCOMPARE(proxy.connectRequests(), 1);   // the request really went through the proxy
        rc.proxyUrl = QStringLiteral("ftp://127.0.0.1:1");
        KubeClient bad(rc);
        auto r = bad.serverVersion();
        QVERIFY(!r.ok());
        QVERIFY(r.error().toString().contains(QStringLiteral("unsupported scheme")));
    }

    void rsaClientCertificateFromTheClustersCsrApi()
    {
        QTemporaryDir dir;
        const QString key = dir.filePath(QStringLiteral("rsa.key")), csr = dir.filePath(QStringLiteral("rsa.csr"));
        const QString user = QStringLiteral("rsa-user-%1").arg(QCoreApplication::applicationPid());
        QProcess openssl;
        openssl.start(QStringLiteral("openssl"), {QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-newkey"),
                                                  QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"), key,
                                                  QStringLiteral("-subj"), QStringLiteral("/CN=") + user, QStringLiteral("-out"), csr});
        QVERIFY(openssl.waitForFinished(60000) && openssl.exitCode() == 0);
        QFile csrFile(csr), keyFile(key);
        QVERIFY(csrFile.open(QIODevice::ReadOnly) && keyFile.open(QIODevice::ReadOnly));
        const QByteArray cert = signedByCluster(*admin, user, csrFile.readAll());
        QVERIFY(!cert.isEmpty());
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.clientCertPem = cert;
        rc.clientKeyPem = keyFile.readAll();
        QVERIFY(rc.clientKeyPem.contains("BEGIN PRIVATE KEY")); // PKCS#8 RSA
        KubeClient c(rc);
        QCOMPARE(whoAmI(c), user);
    }

    void ourCsrsAreSignedByTheCluster_data()
    {
        QTest::addColumn<int>("keyType");
        QTest::newRow("EC P-256") << int(spillway::tls::KeyType::EcP256);
        QTest::newRow("Ed25519") << int(spillway::tls::KeyType::Ed25519);
    }
    void ourCsrsAreSignedByTheCluster()
    {
        QFETCH(int, keyType);
        auto key = spillway::tls::generateKey(spillway::tls::KeyType(keyType));
        QVERIFY(key.ok());
        const QString user = QStringLiteral("pki-user-%1-%2").arg(keyType).arg(QCoreApplication::applicationPid());
        spillway::tls::CertificateSpec spec;
        spec.commonName = user;
        spec.organizations = {QStringLiteral("spillway-peers")};
        spec.clientAuth = true;
        auto csr = spillway::tls::certificateSigningRequest(key->privatePem, spec);
        QVERIFY(csr.ok());
        const QByteArray cert = signedByCluster(*admin, user, *csr);
        QVERIFY(!cert.isEmpty());
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.clientCertPem = cert;
        rc.clientKeyPem = key->privatePem;
        KubeClient c(rc);
        QCOMPARE(whoAmI(c), user);
    }

    void throttledRequestsAreRetried()
    {
        // API Priority and Fairness, configured to give one identity a single seat and no queue,
        // makes the real apiserver answer 429 with Retry-After under concurrency.
        const QString sa = QStringLiteral("throttled");
        QVERIFY(admin->create(resources::serviceAccounts(), ns,
                              json{{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "throttled"}}}}).ok());
        const ResourceRef plc{QStringLiteral("flowcontrol.apiserver.k8s.io"), QStringLiteral("v1"), QStringLiteral("prioritylevelconfigurations"),
                              QStringLiteral("PriorityLevelConfiguration"), false};
        const ResourceRef fs{QStringLiteral("flowcontrol.apiserver.k8s.io"), QStringLiteral("v1"), QStringLiteral("flowschemas"),
                             QStringLiteral("FlowSchema"), false};
        const std::string name = ns.toStdString();
        QVERIFY(admin->create(plc, {}, json{{"apiVersion", "flowcontrol.apiserver.k8s.io/v1"}, {"kind", "PriorityLevelConfiguration"},
                                             {"metadata", {{"name", name}}},
                                             {"spec", {{"type", "Limited"}, {"limited", {{"nominalConcurrencyShares", 1},
                                                       {"lendablePercent", 0}, {"limitResponse", {{"type", "Reject"}}}}}}}}).ok());
        QVERIFY(admin->create(fs, {}, json{{"apiVersion", "flowcontrol.apiserver.k8s.io/v1"}, {"kind", "FlowSchema"},
                                            {"metadata", {{"name", name}}},
                                            {"spec", {{"priorityLevelConfiguration", {{"name", name}}}, {"matchingPrecedence", 100},
                                                      {"rules", json::array({{{"subjects", json::array({{{"kind", "ServiceAccount"},
                                                          {"serviceAccount", {{"name", "throttled"}, {"namespace", name}}}}})},
                                                          {"nonResourceRules", json::array({{{"verbs", json::array({"*"})},
                                                                                             {"nonResourceURLs", json::array({"*"})}}})}}})}}}}).ok());
        KubeRequest tr;
        tr.verb = "POST";
        tr.path = resources::serviceAccounts().path(ns, sa, QStringLiteral("token"));
        tr.body = R"({"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{"expirationSeconds":3600}})";
        auto token = admin->call(tr);
        QVERIFY(token.ok());
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.clientCertPem.clear();
        rc.clientKeyPem.clear();
        rc.bearerToken = QString::fromStdString(json::parse(token->body.toStdString())["status"].value("token", ""));
        rc.qps = 0; // no client-side limit: let the server push back
        KubeClient::Options o;
        o.maxRetries = 50;
        o.retryBaseMs = 20;
        o.retryCapMs = 200;
        KubeClient c(rc, o);
        // Wait until the apiserver's flow controller has picked the new schema up.
        int pending = 0, ok = 0, failed = 0;
        for (int round = 0; round < 20 && c.stats().retries == 0; ++round) {
            for (int i = 0; i < 40; ++i) {
                KubeRequest req;
                req.path = QStringLiteral("/openapi/v2");   // a big non-resource answer keeps the seat busy
                ++pending;
                c.send(req, [&](spillway::Result<KubeResponse> r) { --pending; r.ok() ? ++ok : ++failed; });
            }
            QTRY_COMPARE_WITH_TIMEOUT(pending, 0, 120000);
        }
        QVERIFY2(c.stats().retries > 0, "the apiserver never answered 429");
        QCOMPARE(failed, 0);   // every throttled request got through after backing off
        admin->remove(fs, {}, ns);
        admin->remove(plc, {}, ns);
    }

    void unreachableServerIsNamed()
    {
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.server = QStringLiteral("https://127.0.0.1:1");
        KubeClient::Options o;
        o.maxRetries = 0;
        KubeClient c(rc, o);
        auto r = c.serverVersion();
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("refused")));
        QVERIFY(!r.error().hint.isEmpty());
    }

    void bearerTokenAuth()
    {
        const QString sa = QStringLiteral("robot");
        QVERIFY(admin->create(resources::serviceAccounts(), ns,
                              json{{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "robot"}}}}).ok());
        KubeRequest tr;
        tr.verb = "POST";
        tr.path = resources::serviceAccounts().path(ns, sa, QStringLiteral("token"));
        tr.body = R"({"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{"expirationSeconds":3600}})";
        auto token = admin->call(tr);
        QVERIFY2(token.ok(), qPrintable(token ? QString() : token.error().toString()));
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.clientCertPem.clear();
        rc.clientKeyPem.clear();
        rc.bearerToken = QString::fromStdString(json::parse(token->body.toStdString())["status"].value("token", ""));
        KubeClient c(rc);
        QCOMPARE(whoAmI(c), QStringLiteral("system:serviceaccount:%1:robot").arg(ns));
        auto forbidden = c.list(resources::secrets(), QStringLiteral("kube-system"));
        QVERIFY(!forbidden.ok());
        QCOMPARE(forbidden.error().httpStatus, 403);
        QVERIFY(forbidden.error().hint.contains(QStringLiteral("RBAC")));

        // tokenFile: re-read when it changes.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("token")), "not-a-token\n");
        RestConfig rf = rc;
        rf.bearerToken.clear();
        rf.tokenFile = dir.filePath(QStringLiteral("token"));
        KubeClient cf(rf);
        const QString rejected = whoAmI(cf);
        QVERIFY2(rejected.contains(QStringLiteral("401 Unauthorized")), qPrintable(rejected));
        writeFile(dir.filePath(QStringLiteral("token")), rc.bearerToken.toUtf8());
        { // a rotated token gets a new mtime; set it explicitly rather than wait for the clock to tick
            QFile f(dir.filePath(QStringLiteral("token")));
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
        }
        QCOMPARE(whoAmI(cf), QStringLiteral("system:serviceaccount:%1:robot").arg(ns));
    }

    void execPluginExpiryRefreshAndClusterInfo()
    {
        // The plugin hands out a real ServiceAccount token; which one depends on how often it ran.
        KubeRequest tr;
        tr.verb = "POST";
        tr.path = resources::serviceAccounts().path(ns, QStringLiteral("default"), QStringLiteral("token"));
        tr.body = R"({"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{"expirationSeconds":3600}})";
        auto token = admin->call(tr);
        QVERIFY(token.ok());
        const QByteArray good = QByteArray::fromStdString(json::parse(token->body.toStdString())["status"].value("token", ""));
        QTemporaryDir dir;
        const QString d = dir.path();
        writeFile(d + QStringLiteral("/good"), good);
        // Run 1 returns a wrong token (the apiserver answers 401 -> we must re-run); later runs the good one.
        const QByteArray plugin =
            "#!/bin/sh\n"
            "echo run >> \"$COUNTER\"\n"
            "printf '%s' \"$KUBERNETES_EXEC_INFO\" > \"$INFO\"\n"
            "n=$(wc -l < \"$COUNTER\")\n"
            "if [ \"$n\" -eq 1 ]; then tok=wrong; else tok=$(cat \"$GOOD\"); fi\n"
            "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"%s\",\"expirationTimestamp\":\"%s\"}}' \"$tok\" \"$EXPIRY\"\n";
        writeFile(d + QStringLiteral("/plugin"), plugin, true);

        auto configFor = [&](const QString &expiry) {
            RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
            rc.clientCertPem.clear();
            rc.clientKeyPem.clear();
            ExecConfig ex;
            ex.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
            ex.command = d + QStringLiteral("/plugin");
            ex.interactiveMode = QStringLiteral("Never");
            ex.provideClusterInfo = true;
            ex.env = {{QStringLiteral("COUNTER"), d + QStringLiteral("/counter")},
                      {QStringLiteral("INFO"), d + QStringLiteral("/info")},
                      {QStringLiteral("GOOD"), d + QStringLiteral("/good")},
                      {QStringLiteral("EXPIRY"), expiry}};
            rc.exec = ex;
            return rc;
        };

        {   // Far-future expiry: one 401 triggers exactly one re-run, then the credential is cached.
            KubeClient c(configFor(QStringLiteral("2099-01-01T00:00:00Z")));
            QCOMPARE(whoAmI(c), QStringLiteral("system:serviceaccount:%1:default").arg(ns));
            QCOMPARE(countLines(d + QStringLiteral("/counter")), 2);
            QCOMPARE(whoAmI(c), QStringLiteral("system:serviceaccount:%1:default").arg(ns));
            QCOMPARE(whoAmI(c), QStringLiteral("system:serviceaccount:%1:default").arg(ns));
            QCOMPARE(countLines(d + QStringLiteral("/counter")), 2);
        }
        QFile info(d + QStringLiteral("/info"));
        QVERIFY(info.open(QIODevice::ReadOnly));
        const json execInfo = json::parse(info.readAll().toStdString());
        QCOMPARE(QString::fromStdString(execInfo["spec"]["cluster"].value("server", "")),
                 testbed::clusterEnv(QStringLiteral("ci-consumer"), QStringLiteral("SERVER")));
        QVERIFY(!execInfo["spec"]["cluster"].value("certificate-authority-data", "").empty());

        {   // Already-expired credentials are never reused: every request runs the plugin.
            KubeClient c(configFor(QStringLiteral("2000-01-01T00:00:00Z")));
            const int before = countLines(d + QStringLiteral("/counter"));
            for (int i = 0; i < 3; ++i)
                QCOMPARE(whoAmI(c), QStringLiteral("system:serviceaccount:%1:default").arg(ns));
            QCOMPARE(countLines(d + QStringLiteral("/counter")) - before, 3);
        }
    }

    void rateLimiterHoldsQps()
    {
        RestConfig rc = testbed::restConfig(QStringLiteral("ci-consumer"));
        rc.qps = 20;
        rc.burst = 5;
        KubeClient c(rc);
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < 45; ++i)
            QVERIFY(c.serverVersion().ok());
        // 5 at once, then 40 more at 20/s: at least 2 s however fast the server is.
        QVERIFY2(t.elapsed() >= 1950, qPrintable(QString::number(t.elapsed())));
        QVERIFY(c.stats().throttledMs > 0);
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestKubeRest)
#include "tst_kube_rest.moc"
