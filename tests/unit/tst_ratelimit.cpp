#include "kube/RateLimiter.h"
#include "kube/WorkQueue.h"

#include <QTest>

using namespace spillway::kube;

class TestRateLimit : public QObject
{
    Q_OBJECT
private slots:
    void bucketAllowsBurstThenQps()
    {
        qint64 now = 1000;
        TokenBucket b(10, 3, [&] { return now; });
        QCOMPARE(b.reserve(), 0);
        QCOMPARE(b.reserve(), 0);
        QCOMPARE(b.reserve(), 0);
        QCOMPARE(b.reserve(), 100);   // 4th token arrives after 1/10 s
        QCOMPARE(b.reserve(), 200);   // reservations queue up
        now += 300;                   // three tokens' worth passed: the queue is drained
        QCOMPARE(b.reserve(), 0);
        now += 10000;                 // a long pause refills only up to the burst
        for (int i = 0; i < 3; ++i)
            QCOMPARE(b.reserve(), 0);
        QVERIFY(b.reserve() > 0);
    }
    void bucketSustainedRateIsQps()
    {
        qint64 now = 0;
        TokenBucket b(50, 10, [&] { return now; });
        qint64 lastDelay = 0;
        for (int i = 0; i < 110; ++i)
            lastDelay = b.reserve();
        // 110 requests at once: 10 from the burst, 100 more at 50/s -> the last waits 2 s.
        QCOMPARE(lastDelay, 2000);
    }
    void backoffGrowsCapsAndResets()
    {
        Backoff b(100, 1000, 2.0, 0.5, [] { return 0.0; });   // no jitter drawn
        QCOMPARE(b.next(), 100);
        QCOMPARE(b.next(), 200);
        QCOMPARE(b.next(), 400);
        QCOMPARE(b.next(), 800);
        QCOMPARE(b.next(), 1000);
        QCOMPARE(b.next(), 1000);
        b.reset();
        QCOMPARE(b.next(), 100);
        Backoff j(100, 1000, 2.0, 0.5, [] { return 0.999; }); // full jitter: about half
        QVERIFY(j.next() >= 50 && j.next() <= 200);
    }
    void itemLimiterIsExponentialPerKey()
    {
        qint64 now = 0;
        ItemRateLimiter l([&] { return now; }, 5, 1000, 1000, 1000);
        QCOMPARE(l.when(QStringLiteral("a")), 5);
        QCOMPARE(l.when(QStringLiteral("a")), 10);
        QCOMPARE(l.when(QStringLiteral("a")), 20);
        QCOMPARE(l.when(QStringLiteral("b")), 5);
        QCOMPARE(l.numRequeues(QStringLiteral("a")), 3);
        l.forget(QStringLiteral("a"));
        QCOMPARE(l.when(QStringLiteral("a")), 5);
        for (int i = 0; i < 20; ++i)
            l.when(QStringLiteral("c"));
        QCOMPARE(l.when(QStringLiteral("c")), 1000);
    }
};

QTEST_GUILESS_MAIN(TestRateLimit)
#include "tst_ratelimit.moc"
