// The console's history across restarts: FederationHistory over the SQLite archive. Samples and
// tunnel health changes written in one session are read back by the next (the last hour continues,
// a day or a week is read from disk, "when did this tunnel last drop?" is answered), the file stays
// within its bound as time passes (raw → minute → ten-minute means, nothing past thirty days), and a
// file the console cannot use is refused with the cause and the fix. Time is an injected clock.
#include "console/FederationHistory.h"
#include "console/HumanTime.h"
#include "history/SqliteUsageArchive.h"

#include <QDateTime>
#include <QFile>
#include <QLocale>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace spillway::console;
using spillway::history::SqliteUsageArchive;

namespace {

constexpr qint64 kStart = 1'780'000'000'000;   // a fixed day in 2026
constexpr qint64 kMinute = 60'000, kHour = 60 * kMinute, kDay = 24 * kHour;

PeerGraph graphWith(double cpu, PeerGraph::Health health, std::optional<double> latencyMs = 2.0)
{
    PeerGraph g;
    PeerGraph::Edge e;
    e.consumer = QStringLiteral("rome");
    e.provider = QStringLiteral("milan");
    e.health = health;
    e.healthText = health == PeerGraph::Health::Down ? QStringLiteral("Error") : QStringLiteral("Connected");
    e.latencyMs = latencyMs;
    e.virtualNode = QStringLiteral("liqo-milan");
    e.used = Capacity{cpu, 1024, 2};
    g.edges.push_back(e);
    return g;
}

std::unique_ptr<SqliteUsageArchive> openArchive(const QString &file, SqliteUsageArchive::Retention retention = {})
{
    auto opened = SqliteUsageArchive::open(file, retention);
    if (!opened)
        qFatal("%s", qPrintable(opened.error().toString()));
    return std::move(*opened);
}

} // namespace

class TestFederationHistory : public QObject
{
    Q_OBJECT
    QTemporaryDir dir;

private slots:
    // One session records; the next, on the same file, has its samples and its tunnel drop, and a
    // restart with the tunnel in the state last recorded is not a change.
    void aRestartContinuesTheHistory()
    {
        const QString file = dir.filePath(QStringLiteral("restart.sqlite"));
        qint64 now = kStart;
        const PeerGraph::Health up = PeerGraph::Health::Up, down = PeerGraph::Health::Down;
        {
            auto archive = openArchive(file);
            FederationHistory history([&] { return now; }, archive.get());
            QVERIFY(!history.lastDrop(QStringLiteral("rome"), QStringLiteral("milan")));
            for (int i = 0; i < 20; ++i, now += 1000)
                history.record(graphWith(1 + i % 2, up));
            history.record(graphWith(1, down, std::nullopt));
            now += 1000;
            history.record(graphWith(3, up));
            QCOMPARE(history.changes().size(), size_t(3));   // first seen Up, Down, Up again
            QCOMPARE(history.lastDrop(QStringLiteral("rome"), QStringLiteral("milan"))->atMs, now - 1000);
        }
        const qint64 droppedAt = now - 1000, lastSample = now;
        now += 5 * kMinute;
        auto archive = openArchive(file);
        FederationHistory again([&] { return now; }, archive.get());
        QVERIFY(again.persistent());
        const auto &restored = again.session().samples();
        QCOMPARE(restored.size(), size_t(22));
        QCOMPARE(restored.front().atMs, kStart);
        QCOMPARE(restored.front().requested.cpu, 1.0);
        QCOMPARE(restored.back().atMs, lastSample);
        QCOMPARE(restored.back().requested.cpu, 3.0);
        QCOMPARE(restored.back().latencyMs.at(UsageHistory::peeringName(QStringLiteral("rome"), QStringLiteral("milan"))), 2.0);
        QVERIFY(!restored[20].latencyMs.count(UsageHistory::peeringName(QStringLiteral("rome"), QStringLiteral("milan"))));
        const auto drop = again.lastDrop(QStringLiteral("rome"), QStringLiteral("milan"));
        QVERIFY(drop);
        QCOMPARE(drop->atMs, droppedAt);
        QCOMPARE(drop->text, QStringLiteral("Error"));
        QCOMPARE(HumanTime::ago(drop->atMs, now), QStringLiteral("5 min ago"));
        again.record(graphWith(3, up));
        QCOMPARE(again.changes().size(), size_t(1));   // the archive's latest; Up again is no change
        QCOMPARE(archive->counts().changes, qint64(3));
        // A day read back from the file holds both sessions.
        const auto day = again.samples(FederationHistory::Span::Day);
        QCOMPARE(day.size(), size_t(23));
        QCOMPARE(day.back().atMs, now);
        QVERIFY(!again.lastDrop(QStringLiteral("rome"), QStringLiteral("venice")));
    }

    // Days of samples, one a second: the file holds raw samples for two hours, minute means for two
    // days, ten-minute means to thirty days, and nothing older; a mean is the samples' mean.
    void staysWithinItsBound()
    {
        // The tiers' ages scaled down (minutes for hours) so that a month passes in a test.
        SqliteUsageArchive::Retention r;
        r.rawMs = 2 * kMinute;
        r.minuteMs = 30 * kMinute;
        r.totalMs = 3 * kHour;
        r.maxChanges = 50;
        const QString file = dir.filePath(QStringLiteral("bound.sqlite"));
        auto archive = openArchive(file, r);
        qint64 now = kStart;
        FederationHistory history([&] { return now; }, archive.get());
        // Five hours, a sample a second; the CPU alternates 1 and 3 (mean 2); the tunnel flaps.
        for (int i = 0; i < 5 * 3600; ++i, now += 1000)
            history.record(graphWith(1 + 2 * (i % 2), i % 120 < 60 ? PeerGraph::Health::Up : PeerGraph::Health::Down));
        archive->compact(now);
        const auto c = archive->counts();
        const qint64 series = 4;   // requested cpu, memory, pods; the latency
        QVERIFY2(c.raw > 0 && c.raw <= series * (r.rawMs + kMinute) / 1000, qPrintable(QString::number(c.raw)));
        QVERIFY2(c.minute > 0 && c.minute <= series * (r.minuteMs - r.rawMs + 2 * 10 * kMinute) / kMinute, qPrintable(QString::number(c.minute)));
        QVERIFY2(c.tenMinute > 0 && c.tenMinute <= series * (r.totalMs - r.minuteMs + 20 * kMinute) / (10 * kMinute), qPrintable(QString::number(c.tenMinute)));
        QVERIFY(c.oldestMs && *c.oldestMs >= now - r.totalMs);
        QCOMPARE(c.changes, qint64(50));
        // Means, in the minute and ten-minute tiers: the alternating CPU averages to 2.
        const auto all = archive->samples(now - r.totalMs, now, 0);
        QVERIFY(all.size() > 100);
        int folded = 0;
        for (const auto &s : all)
            if (s.atMs < now - r.rawMs - kMinute) {
                QCOMPARE(s.requested.cpu, 2.0);
                ++folded;
            }
        QVERIFY(folded > 20);
        // Asked for fewer points than there are, neighbours are averaged in equal slices of the span
        // (three hours in 50 slices: the ten-minute tier keeps its points, the rest is averaged).
        const auto drawn = archive->samples(now - r.totalMs, now, 50);
        QVERIFY(drawn.size() <= size_t(50) && drawn.size() > 10);
        for (const auto &s : drawn)
            QVERIFY2(s.requested.cpu >= 1.0 && s.requested.cpu <= 3.0, qPrintable(QString::number(s.requested.cpu)));
        QVERIFY(std::is_sorted(drawn.begin(), drawn.end(), [](const auto &a, const auto &b) { return a.atMs < b.atMs; }));
    }

    // Without an archive the history is the session's: a day is what was seen since it began.
    void withoutAnArchiveTheSessionIsTheHistory()
    {
        qint64 now = kStart;
        FederationHistory history([&] { return now; });
        QVERIFY(!history.persistent());
        history.record(graphWith(1, PeerGraph::Health::Up));
        now += 2 * kHour;
        history.record(graphWith(2, PeerGraph::Health::Down));
        QCOMPARE(history.samples(FederationHistory::Span::Hour).size(), size_t(1));
        QCOMPARE(history.samples(FederationHistory::Span::Day).size(), size_t(2));
        QCOMPARE(history.lastDrop(QStringLiteral("rome"), QStringLiteral("milan"))->atMs, now);
    }

    // A file that is not a database, or one a newer Spillway wrote, is refused with the cause and
    // the fix, and left as it was.
    void anUnusableFileIsRefusedClearly()
    {
        const QString garbage = dir.filePath(QStringLiteral("garbage.sqlite"));
        QFile f(garbage);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        auto opened = SqliteUsageArchive::open(garbage);
        QVERIFY(!opened);
        QVERIFY2(opened.error().toString().contains(QStringLiteral("not a SQLite database")), qPrintable(opened.error().toString()));
        QVERIFY2(opened.error().toString().contains(QStringLiteral("--history")), qPrintable(opened.error().toString()));
        QCOMPARE(QFileInfo(garbage).size(), qint64(4096));

        const QString newer = dir.filePath(QStringLiteral("newer.sqlite"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
            db.setDatabaseName(newer);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version=99")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer"));
        opened = SqliteUsageArchive::open(newer);
        QVERIFY(!opened);
        QVERIFY2(opened.error().toString().contains(QStringLiteral("newer Spillway")), qPrintable(opened.error().toString()));

        opened = SqliteUsageArchive::open(QStringLiteral("/proc/version/history.sqlite"));
        QVERIFY(!opened);
    }

    void timesAsAPersonReadsThem()
    {
        QCOMPARE(HumanTime::ago(kStart, kStart + 3000), QStringLiteral("just now"));
        QCOMPARE(HumanTime::ago(kStart, kStart + 42'000), QStringLiteral("42 s ago"));
        QCOMPARE(HumanTime::ago(kStart, kStart + 2 * kHour + 5 * kMinute), QStringLiteral("2 h ago"));
        QCOMPARE(HumanTime::ago(kStart, kStart + 3 * kDay), QStringLiteral("3 days ago"));
        QCOMPARE(HumanTime::ago(kStart + 5000, kStart), QStringLiteral("just now"));   // a clock a little ahead

        // An event's RFC 3339 time: how long ago, and the local time of day when it is today.
        const QDateTime event = QDateTime::fromString(QStringLiteral("2026-11-30T10:00:00Z"), Qt::ISODate);
        const qint64 at = event.toMSecsSinceEpoch();
        const QString local = QLocale().toString(event.toLocalTime().time(), QLocale::ShortFormat);
        QCOMPARE(HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00Z"), at + 3 * kMinute), QStringLiteral("3 min ago (%1)").arg(local));
        QCOMPARE(HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00.250Z"), at + 3 * kMinute + 250), QStringLiteral("3 min ago (%1)").arg(local));
        QCOMPARE(HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00.250Z"), at + 3 * kMinute), QStringLiteral("2 min ago (%1)").arg(local));   // not yet 3
        QVERIFY(HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00Z"), at + 3 * kDay).startsWith(QStringLiteral("3 days ago (")));
        QVERIFY(HumanTime::agoAndLocal(QStringLiteral("2026-11-30T10:00:00Z"), at + 3 * kDay) != QStringLiteral("3 days ago (%1)").arg(local));   // with the date
        QCOMPARE(HumanTime::agoAndLocal(QStringLiteral("yesterday-ish"), at), QStringLiteral("yesterday-ish"));
    }
};

QTEST_GUILESS_MAIN(TestFederationHistory)
#include "tst_federation_history.moc"
