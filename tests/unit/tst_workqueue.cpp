#include "kube/Controller.h"
#include "kube/WorkQueue.h"

#include <QTest>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace spillway::kube;

class TestWorkQueue : public QObject
{
    Q_OBJECT
private slots:
    void deduplicatesQueuedKeys()
    {
        qint64 now = 0;
        WorkQueue q([&] { return now; });
        q.add(QStringLiteral("a"));
        q.add(QStringLiteral("b"));
        q.add(QStringLiteral("a"));
        QCOMPARE(q.length(), size_t(2));
        QCOMPARE(*q.tryGet(), QStringLiteral("a"));
        QCOMPARE(*q.tryGet(), QStringLiteral("b"));
        QVERIFY(!q.tryGet());
    }
    void keyAddedWhileProcessingRunsAgainAfterDone()
    {
        qint64 now = 0;
        WorkQueue q([&] { return now; });
        q.add(QStringLiteral("a"));
        const auto k = q.tryGet();
        QCOMPARE(*k, QStringLiteral("a"));
        q.add(QStringLiteral("a"));          // changed while a worker has it
        QVERIFY(!q.tryGet());                // never handed to a second worker meanwhile
        q.done(*k);
        QCOMPARE(*q.tryGet(), QStringLiteral("a"));
    }
    void delayedKeysWaitForTheClock()
    {
        qint64 now = 0;
        WorkQueue q([&] { return now; });
        q.addAfter(QStringLiteral("x"), 500);
        QVERIFY(!q.tryGet());
        QCOMPARE(q.pendingDelayed(), size_t(1));
        now = 499;
        QVERIFY(!q.tryGet());
        now = 500;
        QCOMPARE(*q.tryGet(), QStringLiteral("x"));
    }
    void aKeyWaitsOnceAtItsEarliestTime()
    {
        qint64 now = 0;
        WorkQueue q([&] { return now; });
        q.addAfter(QStringLiteral("x"), 500);
        q.addAfter(QStringLiteral("x"), 900);   // later: the earlier time stands
        q.addAfter(QStringLiteral("x"), 300);   // earlier: it replaces the wait
        q.addAfter(QStringLiteral("y"), 400);
        QCOMPARE(q.pendingDelayed(), size_t(2));
        now = 300;
        QCOMPARE(*q.tryGet(), QStringLiteral("x"));
        q.done(QStringLiteral("x"));
        now = 1000;
        QCOMPARE(*q.tryGet(), QStringLiteral("y"));
        q.done(QStringLiteral("y"));
        QVERIFY(!q.tryGet());   // x came once, not three times
        q.addAfter(QStringLiteral("x"), 100);   // and may wait again once promoted
        QCOMPARE(q.pendingDelayed(), size_t(1));
    }
    void rateLimitedRequeuesBackOff()
    {
        qint64 now = 0;
        ItemRateLimiter limiter([&] { return now; }, 10, 10000, 1000, 1000);
        WorkQueue q([&] { return now; }, &limiter);
        q.addRateLimited(QStringLiteral("k"));   // 10 ms
        now = 9;
        QVERIFY(!q.tryGet());
        now = 10;
        QCOMPARE(*q.tryGet(), QStringLiteral("k"));
        q.done(QStringLiteral("k"));
        q.addRateLimited(QStringLiteral("k"));   // 20 ms
        now = 29;
        QVERIFY(!q.tryGet());
        now = 30;
        QVERIFY(q.tryGet());
        QCOMPARE(q.numRequeues(QStringLiteral("k")), 2);
        q.forget(QStringLiteral("k"));
        QCOMPARE(q.numRequeues(QStringLiteral("k")), 0);
    }
    void shutDownWakesWorkers()
    {
        WorkQueue q;
        std::atomic<bool> returned{false};
        std::thread t([&] {
            QVERIFY(!q.get());
            returned = true;
        });
        q.shutDown();
        t.join();
        QVERIFY(returned);
    }
    void controllerProcessesEachKeyWithNoTwoWorkersOnOneKey()
    {
        WorkQueue q;
        std::mutex m;
        std::set<QString> inFlight, seen;
        bool overlap = false;
        std::atomic<int> calls{0};
        Controller c(QStringLiteral("test"), &q, [&](const QString &key) -> spillway::Result<void> {
            {
                std::lock_guard l(m);
                if (!inFlight.insert(key).second)
                    overlap = true;
                seen.insert(key);
            }
            ++calls;
            std::this_thread::yield();
            std::lock_guard l(m);
            inFlight.erase(key);
            return {};
        }, 4);
        c.start();
        for (int round = 0; round < 50; ++round)
            for (int i = 0; i < 20; ++i)
                q.add(QStringLiteral("key-%1").arg(i));
        QTRY_VERIFY_WITH_TIMEOUT(seen.size() == 20 && q.length() == 0, 10000);
        c.stop();
        QVERIFY(!overlap);
        QVERIFY(calls >= 20);
        QVERIFY(calls <= 1000);
    }
    void controllerRetriesFailuresThenGivesUp()
    {
        qint64 now = 0;
        std::atomic<qint64> clock{0};
        ItemRateLimiter limiter([&] { return clock.load(); }, 1, 1, 1000, 1000);
        WorkQueue q([&] { return clock.load(); }, &limiter);
        std::atomic<int> attempts{0};
        std::atomic<int> gaveUp{0};
        Controller c(QStringLiteral("failing"), &q, [&](const QString &) -> spillway::Result<void> {
            ++attempts;
            spillway::Error e;
            e.message = QStringLiteral("boom");
            return e;
        }, 1, 3);
        c.setErrorSink([&](const QString &, const spillway::Error &, bool givingUp) { if (givingUp) ++gaveUp; });
        c.start();
        q.add(QStringLiteral("k"));
        // Each retry is due 1 ms later on the injected clock; advance it until the controller gives up.
        for (int i = 0; i < 2000 && gaveUp == 0; ++i) {
            clock += 1;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        c.stop();
        Q_UNUSED(now);
        QCOMPARE(gaveUp.load(), 1);
        QCOMPARE(attempts.load(), 4);   // the first try + 3 retries
    }
};

QTEST_GUILESS_MAIN(TestWorkQueue)
#include "tst_workqueue.moc"
