#include "virtualkubelet/KubeletRequest.h"

#include <QtTest>

using namespace spillway::virtualkubelet;

class TestKubeletRequest : public QObject
{
    Q_OBJECT
private slots:
    void containerLogsWithTheirOptions()
    {
        const auto r = parseKubeletRequest("GET", "/containerLogs/shop/web-7d9-abcde/nginx?follow=true&tailLines=10&timestamps=true");
        QCOMPARE(r.kind, KubeletRequest::Kind::ContainerLogs);
        QCOMPARE(r.ns, QStringLiteral("shop"));
        QCOMPARE(r.pod, QStringLiteral("web-7d9-abcde"));
        QCOMPARE(r.container, QStringLiteral("nginx"));
        QCOMPARE(r.query.queryItemValue(QStringLiteral("follow")), QStringLiteral("true"));
        QCOMPARE(r.query.queryItemValue(QStringLiteral("tailLines")), QStringLiteral("10"));
        const QUrlQuery remote = remoteLogQuery(r);
        QCOMPARE(remote.queryItemValue(QStringLiteral("container")), QStringLiteral("nginx"));
        QCOMPARE(remoteLogPath(QStringLiteral("shop-abc"), r.pod), QStringLiteral("/api/v1/namespaces/shop-abc/pods/web-7d9-abcde/log"));
        const auto access = accessFor(r);
        QVERIFY(access);
        QCOMPARE(access->verb, QStringLiteral("get"));
        QCOMPARE(access->subresource, QStringLiteral("proxy"));
    }

    void onlyKnownOptionsReachTheProvider()
    {
        // "tail" is the kubelet's old spelling; unknown keys (and a container smuggled in) are dropped.
        const auto r = parseKubeletRequest("GET", "/containerLogs/ns/pod/c?tail=5&container=other&insecureSkipTLSVerifyBackend=true");
        QCOMPARE(r.kind, KubeletRequest::Kind::ContainerLogs);
        QCOMPARE(r.query.queryItemValue(QStringLiteral("tailLines")), QStringLiteral("5"));
        QVERIFY(!r.query.hasQueryItem(QStringLiteral("container")));
        QVERIFY(!r.query.hasQueryItem(QStringLiteral("insecureSkipTLSVerifyBackend")));
        QCOMPARE(remoteLogQuery(r).allQueryItemValues(QStringLiteral("container")), QStringList{QStringLiteral("c")});
        QVERIFY(!parseKubeletRequest("GET", "/containerLogs/ns/pod/c?tail=all").query.hasQueryItem(QStringLiteral("tailLines")));
    }

    void hostileTargetsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("target");
        QTest::newRow("traversal") << QByteArray("/containerLogs/ns/../../secrets/x");
        QTest::newRow("encoded traversal") << QByteArray("/containerLogs/ns/%2e%2e/pod/c");
        QTest::newRow("encoded slash") << QByteArray("/containerLogs/ns/a%2Fb/pod");
        QTest::newRow("upper case") << QByteArray("/containerLogs/NS/pod/c");
        QTest::newRow("too short") << QByteArray("/containerLogs/ns/pod");
        QTest::newRow("too long") << QByteArray("/containerLogs/ns/pod/c/extra");
        QTest::newRow("exec without a command") << QByteArray("/exec/ns/pod/c?input=1");
        QTest::newRow("exec without a container") << QByteArray("/exec/ns/pod?command=sh");
        QTest::newRow("exec by uid") << QByteArray("/exec/ns/pod/0f4c-uid/c?command=sh");
        QTest::newRow("exec traversal") << QByteArray("/exec/ns/%2e%2e/c?command=sh");
        QTest::newRow("attach below") << QByteArray("/attach/ns/pod/c/extra");
        QTest::newRow("port-forward with a container") << QByteArray("/portForward/ns/pod/c");
        QTest::newRow("port-forward to port 0") << QByteArray("/portForward/ns/pod?port=0");
        QTest::newRow("port-forward to a name") << QByteArray("/portForward/ns/pod?port=http");
        QTest::newRow("port-forward past 65535") << QByteArray("/portForward/ns/pod?port=70000");
        QTest::newRow("absolute") << QByteArray("http://evil/containerLogs/ns/pod/c");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("other metrics") << QByteArray("/metrics/cadvisor");
        QTest::newRow("metrics with a query") << QByteArray("/metrics/resource?x=1");
        QTest::newRow("metrics below") << QByteArray("/metrics/resource/extra");
    }
    void hostileTargetsAreRefused()
    {
        QFETCH(QByteArray, target);
        const auto r = parseKubeletRequest("GET", target);
        QCOMPARE(r.kind, KubeletRequest::Kind::None);
        QVERIFY(!accessFor(r));
    }

    // metrics-server's scrape is authorized as a kubelet authorizes it: get nodes/metrics.
    void resourceMetricsNeedNodesMetrics()
    {
        const auto r = parseKubeletRequest("GET", "/metrics/resource");
        QCOMPARE(r.kind, KubeletRequest::Kind::ResourceMetrics);
        const auto access = accessFor(r);
        QVERIFY(access);
        QCOMPARE(access->verb, QStringLiteral("get"));
        QCOMPARE(access->subresource, QStringLiteral("metrics"));
    }

    // What the apiserver's streamParams send a kubelet (Go's url.Values: '+' is a space), and the
    // provider's pods/exec request it becomes: flags spelled as the apiserver reads them, every
    // argument percent-encoded so a '+' stays a '+'.
    void execBecomesThePodsExecOfTheTwin()
    {
        const auto r = parseKubeletRequest("POST", "/exec/shop/web-1/app?command=sh&command=-c&command=echo+a%2Bb+%26%26+exit+3&input=1&output=1&error=1&tty=1");
        QCOMPARE(r.kind, KubeletRequest::Kind::Exec);
        QVERIFY(r.isStreaming());
        QCOMPARE(r.ns, QStringLiteral("shop"));
        QCOMPARE(r.pod, QStringLiteral("web-1"));
        QCOMPARE(r.container, QStringLiteral("app"));
        QCOMPARE(r.command, (QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo a+b && exit 3")}));
        QVERIFY(r.stdinOn && r.stdoutOn && r.stderrOn && r.tty);
        QCOMPARE(remoteStreamTarget(r, QStringLiteral("shop-x1")),
                 QByteArray("/api/v1/namespaces/shop-x1/pods/web-1/exec?container=app&command=sh&command=-c"
                            "&command=echo%20a%2Bb%20%26%26%20exit%203&stdin=true&stdout=true&stderr=true&tty=true"));
        const auto access = accessFor(r);
        QVERIFY(access);
        QCOMPARE(access->verb, QStringLiteral("create"));
        QCOMPARE(access->subresource, QStringLiteral("proxy"));
    }

    void attachCarriesOnlyItsStreams()
    {
        const auto r = parseKubeletRequest("POST", "/attach/shop/web-1/app?output=1&error=1&command=ignored");
        QCOMPARE(r.kind, KubeletRequest::Kind::Attach);
        QVERIFY(!r.stdinOn && r.stdoutOn && r.stderrOn && !r.tty);
        QVERIFY(r.command.isEmpty());
        QCOMPARE(remoteStreamTarget(r, QStringLiteral("shop-x1")),
                 QByteArray("/api/v1/namespaces/shop-x1/pods/web-1/attach?container=app&stdout=true&stderr=true"));
    }

    void portForwardKeepsItsPorts()
    {
        const auto spdy = parseKubeletRequest("POST", "/portForward/shop/web-1");
        QCOMPARE(spdy.kind, KubeletRequest::Kind::PortForward);
        QVERIFY(spdy.ports.isEmpty());   // SPDY names the port in each stream's headers
        QCOMPARE(remoteStreamTarget(spdy, QStringLiteral("shop-x1")), QByteArray("/api/v1/namespaces/shop-x1/pods/web-1/portforward"));
        const auto ws = parseKubeletRequest("GET", "/portForward/shop/web-1?port=8080,9090");
        QCOMPARE(ws.ports, (QStringList{QStringLiteral("8080"), QStringLiteral("9090")}));
        QCOMPARE(remoteStreamTarget(ws, QStringLiteral("shop-x1")),
                 QByteArray("/api/v1/namespaces/shop-x1/pods/web-1/portforward?ports=8080&ports=9090"));
        QCOMPARE(accessFor(ws)->verb, QStringLiteral("get"));
    }

    void healthNeedsNoAuthorization()
    {
        const auto r = parseKubeletRequest("GET", "/healthz");
        QCOMPARE(r.kind, KubeletRequest::Kind::Healthz);
        QVERIFY(accessFor(r) && accessFor(r)->verb.isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestKubeletRequest)
#include "tst_kubelet_request.moc"
