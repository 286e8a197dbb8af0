// The virtual node's /metrics/resource: the provider's PodMetrics (rates over a window) become
// the kubelet's counters and gauges under the local namespace, and the node adds them up.
#include "virtualkubelet/ResourceMetrics.h"

#include <QDateTime>
#include <QTest>

using namespace spillway::virtualkubelet;
using nlohmann::json;

namespace {

json podMetrics(const char *ns, const char *pod, const char *timestamp, const char *window, json containers)
{
    return {{"metadata", {{"name", pod}, {"namespace", ns}}}, {"timestamp", timestamp}, {"window", window}, {"containers", containers}};
}

json container(const char *name, const char *cpu, const char *memory)
{
    return {{"name", name}, {"usage", {{"cpu", cpu}, {"memory", memory}}}};
}

// The value of the sample line that starts with prefix, or -1.
double sample(const QByteArray &text, const QByteArray &prefix, qint64 *atMs = nullptr)
{
    for (const QByteArray &line : text.split('\n'))
        if (line.startsWith(prefix + ' ')) {
            const QList<QByteArray> f = line.split(' ');
            if (atMs)
                *atMs = f.value(2).toLongLong();
            return f.value(1).toDouble();
        }
    return -1;
}

// Twins in "apps-x" are the local "apps"'s, except "stranger", which is nobody's here.
QString localOf(const QString &remoteNs, const QString &pod)
{
    return remoteNs == QLatin1String("apps-x") && pod != QLatin1String("stranger") ? QStringLiteral("apps") : QString();
}

} // namespace

class TestResourceMetrics : public QObject
{
    Q_OBJECT
private slots:
    void goDurations()
    {
        QCOMPARE(parseGoDurationMs(QStringLiteral("10s")), 10000);
        QCOMPARE(parseGoDurationMs(QStringLiteral("10.5s")), 10500);
        QCOMPARE(parseGoDurationMs(QStringLiteral("1m0s")), 60000);
        QCOMPARE(parseGoDurationMs(QStringLiteral("1h2m3s")), 3723000);
        QCOMPARE(parseGoDurationMs(QStringLiteral("150ms")), 150);
        QCOMPARE(parseGoDurationMs(QStringLiteral("")), -1);
        QCOMPARE(parseGoDurationMs(QStringLiteral("10")), -1);
        QCOMPARE(parseGoDurationMs(QStringLiteral("s10s")), -1);
        QCOMPARE(parseGoDurationMs(QStringLiteral("10s junk")), -1);
    }

    // CPU: the first sample counts its window, each later one the time since the one before; so
    // the rate metrics-server computes between two scrapes is the provider's rate again.
    void ratesBecomeCountersUnderTheLocalNamespace()
    {
        ResourceMetrics m;
        const json first = {{"items", json::array({podMetrics("apps-x", "web", "2026-12-01T10:00:00Z", "10s",
                                                              json::array({container("a", "250m", "100Mi"), container("b", "500000000n", "1Gi")})),
                                                   podMetrics("apps-x", "stranger", "2026-12-01T10:00:00Z", "10s", json::array({container("a", "4", "8Gi")}))})}};
        m.observe({first}, localOf);
        QByteArray text = m.render();
        qint64 at = 0;
        QCOMPARE(sample(text, R"(container_cpu_usage_seconds_total{container="a",namespace="apps",pod="web"})", &at), 2.5);
        QCOMPARE(at, QDateTime::fromString(QStringLiteral("2026-12-01T10:00:00Z"), Qt::ISODate).toMSecsSinceEpoch());
        QCOMPARE(sample(text, R"(container_cpu_usage_seconds_total{container="b",namespace="apps",pod="web"})"), 5.0);
        QCOMPARE(sample(text, R"(container_memory_working_set_bytes{container="a",namespace="apps",pod="web"})"), 100.0 * 1024 * 1024);
        QVERIFY(!text.contains("stranger"));
        QVERIFY(!text.contains("apps-x"));
        QCOMPARE(sample(text, "node_cpu_usage_seconds_total"), 7.5);
        QCOMPARE(sample(text, "node_memory_working_set_bytes"), 100.0 * 1024 * 1024 + 1024.0 * 1024 * 1024);

        // 20 s later at another rate; the same timestamp again adds nothing.
        const json second = {{"items", json::array({podMetrics("apps-x", "web", "2026-12-01T10:00:20Z", "10s",
                                                               json::array({container("a", "1", "200Mi"), container("b", "0", "1Gi")}))})}};
        m.observe({second}, localOf);
        m.observe({second}, localOf);
        text = m.render();
        QCOMPARE(sample(text, R"(container_cpu_usage_seconds_total{container="a",namespace="apps",pod="web"})"), 22.5);
        QCOMPARE(sample(text, R"(container_cpu_usage_seconds_total{container="b",namespace="apps",pod="web"})"), 5.0);
        QCOMPARE(sample(text, R"(container_memory_working_set_bytes{container="a",namespace="apps",pod="web"})"), 200.0 * 1024 * 1024);
        QCOMPARE(sample(text, "node_cpu_usage_seconds_total"), 27.5);
    }

    // A pod that went is no longer reported, but the node's counter does not go back.
    void goneContainersLeaveTheNodeCounterAlone()
    {
        ResourceMetrics m;
        m.observe({{{"items", json::array({podMetrics("apps-x", "web", "2026-12-01T10:00:00Z", "10s", json::array({container("a", "1", "1Mi")}))})}}}, localOf);
        m.observe({{{"items", json::array()}}}, localOf);
        const QByteArray text = m.render();
        QVERIFY(!text.contains("pod=\"web\""));
        QCOMPARE(sample(text, "node_cpu_usage_seconds_total"), 10.0);
        QCOMPARE(sample(text, "node_memory_working_set_bytes"), 0.0);
        // Back after missing a scrape: its counter goes on from where it was, never lower.
        m.observe({{{"items", json::array({podMetrics("apps-x", "web", "2026-12-01T10:00:30Z", "10s", json::array({container("a", "1", "1Mi")}))})}}}, localOf);
        QCOMPARE(sample(m.render(), R"(container_cpu_usage_seconds_total{container="a",namespace="apps",pod="web"})"), 40.0);
    }

    // Untrusted input: what does not parse is skipped and counted, the rest still counts.
    void malformedItemsAreSkippedAndCounted()
    {
        ResourceMetrics m;
        const json list = {{"items", json::array({podMetrics("apps-x", "web", "not a time", "10s", json::array({container("a", "1", "1Mi")})),
                                                  podMetrics("apps-x", "web2", "2026-12-01T10:00:00Z", "ten", json::array()),
                                                  podMetrics("apps-x", "web3", "2026-12-01T10:00:00Z", "10s", json::array({container("a", "lots", "1Mi")})),
                                                  podMetrics("apps-x", "web4", "2026-12-01T10:00:00Z", "10s", json::array({container("a", "1", "1Mi")}))})}};
        m.observe({list, json("not a list")}, localOf);
        QCOMPARE(m.malformed(), quint64(4));
        // Shapes that are not objects, or numbers where strings belong, are counted, never thrown.
        const json odd = {{"items", json::array({nullptr, 7, {{"metadata", "x"}},
                                                 podMetrics("apps-x", "web5", "2026-12-01T10:00:00Z", "10s", json::array({{{"name", "a"}, {"usage", {{"cpu", 1}, {"memory", "1Mi"}}}}, nullptr}))})}};
        ResourceMetrics n;
        n.observe({odd, {{"items", 5}}}, localOf);
        QCOMPARE(n.malformed(), quint64(6));
        QCOMPARE(sample(m.render(), R"(container_cpu_usage_seconds_total{container="a",namespace="apps",pod="web4"})"), 10.0);
    }

    // metrics-server writes nanocores; a container far below a millicore is not rounded up to one.
    void cpuKeepsNanocores()
    {
        QCOMPARE(parseCpuCores(QStringLiteral("250006234n")).value_or(-1), 0.250006234);
        QCOMPARE(parseCpuCores(QStringLiteral("50000n")).value_or(-1), 0.00005);
        QCOMPARE(parseCpuCores(QStringLiteral("300m")).value_or(-1), 0.3);
        QCOMPARE(parseCpuCores(QStringLiteral("2")).value_or(-1), 2.0);
        QVERIFY(!parseCpuCores(QStringLiteral("2Gi")));
        QVERIFY(!parseCpuCores(QStringLiteral("")));
        ResourceMetrics m;
        m.observe({{{"items", json::array({podMetrics("apps-x", "idle", "2026-12-01T10:00:00Z", "10s", json::array({container("a", "50000n", "1Mi")}))})}}}, localOf);
        QCOMPARE(sample(m.render(), R"(container_cpu_usage_seconds_total{container="a",namespace="apps",pod="idle"})"), 0.0005);
    }

    void nothingObservedRendersNoNode()
    {
        ResourceMetrics m;
        QVERIFY(!m.render().contains("node_"));
    }
};

QTEST_APPLESS_MAIN(TestResourceMetrics)
#include "tst_resource_metrics.moc"
