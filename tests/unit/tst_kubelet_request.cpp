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
        QTest::newRow("exec") << QByteArray("/exec/ns/pod/c?command=sh");
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

    void healthNeedsNoAuthorization()
    {
        const auto r = parseKubeletRequest("GET", "/healthz");
        QCOMPARE(r.kind, KubeletRequest::Kind::Healthz);
        QVERIFY(accessFor(r) && accessFor(r)->verb.isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestKubeletRequest)
#include "tst_kubelet_request.moc"
