#include "history/SqliteUsageArchive.h"

#include "console/FederationHistory.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace spillway::history {

using console::HealthChange;
using console::UsageHistory;

namespace {

constexpr qint64 kMinuteMs = 60 * 1000, kTenMinutesMs = 10 * kMinuteMs;
constexpr qint64 kBatchMs = 5000;   // samples pending at most this long before a write

const QString kRequested = QStringLiteral("requested."), kMeasured = QStringLiteral("measured."), kLatency = QStringLiteral("latency/");

// One sample as the rows it is stored as: a series name and a value each.
std::vector<std::pair<QString, double>> rowsOf(const UsageHistory::Sample &s)
{
    std::vector<std::pair<QString, double>> rows{
        {kRequested + QStringLiteral("cpu"), s.requested.cpu},
        {kRequested + QStringLiteral("memory"), s.requested.memory},
        {kRequested + QStringLiteral("pods"), s.requested.pods},
    };
    if (s.measured) {
        rows.push_back({kMeasured + QStringLiteral("cpu"), s.measured->cpu});
        rows.push_back({kMeasured + QStringLiteral("memory"), s.measured->memory});
        rows.push_back({kMeasured + QStringLiteral("pods"), s.measured->pods});
    }
    for (const auto &[peering, ms] : s.latencyMs)
        rows.push_back({kLatency + peering, ms});
    return rows;
}

void setField(console::Capacity &c, QStringView field, double value)
{
    if (field == u"cpu")
        c.cpu = value;
    else if (field == u"memory")
        c.memory = value;
    else if (field == u"pods")
        c.pods = value;
}

// Neighbouring samples averaged into one: each figure over the samples that have it.
UsageHistory::Sample meanOf(const std::vector<const UsageHistory::Sample *> &group)
{
    UsageHistory::Sample out;
    double at = 0;
    int measured = 0;
    std::map<QString, std::pair<double, int>> latency;
    for (const auto *s : group) {
        at += double(s->atMs);
        out.requested += s->requested;
        if (s->measured) {
            if (!out.measured)
                out.measured = console::Capacity{};
            *out.measured += *s->measured;
            ++measured;
        }
        for (const auto &[peering, ms] : s->latencyMs) {
            latency[peering].first += ms;
            ++latency[peering].second;
        }
    }
    const double n = double(group.size());
    out.atMs = qint64(at / n);
    out.requested = {out.requested.cpu / n, out.requested.memory / n, out.requested.pods / n};
    if (out.measured)
        out.measured = console::Capacity{out.measured->cpu / measured, out.measured->memory / measured, out.measured->pods / measured};
    for (const auto &[peering, sum] : latency)
        out.latencyMs[peering] = sum.first / sum.second;
    return out;
}

HealthChange changeFrom(const QSqlQuery &q)
{
    return {q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), console::healthNamed(q.value(3).toString()), q.value(4).toString()};
}

} // namespace

SqliteUsageArchive::SqliteUsageArchive(QString file, Retention retention)
    : m_file(std::move(file)), m_connection(QStringLiteral("spillway-history-%1").arg(quintptr(this))), m_retention(retention)
{
}

Result<std::unique_ptr<SqliteUsageArchive>> SqliteUsageArchive::open(const QString &file, Retention retention)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return Error::of(Error::Kind::Config, tr("the console's history needs Qt's SQLite driver, which is not installed"),
                         tr("install it (Debian: apt-get install libqt6sql6-sqlite)"));
    if (!QDir().mkpath(QFileInfo(file).absolutePath()))
        return Error::of(Error::Kind::Config, tr("cannot create the folder of the history file %1").arg(file),
                         tr("check the folder's permissions, or give another file with --history"));
    std::unique_ptr<SqliteUsageArchive> archive(new SqliteUsageArchive(file, retention));
    if (auto ready = archive->initialise(); !ready)
        return ready.error();
    return archive;
}

Result<void> SqliteUsageArchive::initialise()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(m_file);
    // Another console on the same file waits a little rather than failing at once.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=250"));
    const QString fix = tr("move the file away (the console starts a new history) or give another file with --history");
    if (!db.open())
        return Error::of(Error::Kind::Config, tr("cannot open the history file %1: %2").arg(m_file, db.lastError().text()), fix);
    QSqlQuery version(db);
    if (!version.exec(QStringLiteral("PRAGMA user_version")) || !version.next())
        return Error::of(Error::Kind::Config, tr("the history file %1 is not a SQLite database Spillway can read: %2").arg(m_file, version.lastError().text()), fix);
    const int found = version.value(0).toInt();
    // An unfinished SELECT holds a read transaction, inside which the journal mode cannot change.
    version.finish();
    if (found > kSchemaVersion)
        return Error::of(Error::Kind::Config, tr("the history file %1 was written by a newer Spillway (schema %2; this console reads %3)").arg(m_file).arg(found).arg(kSchemaVersion),
                         tr("use that Spillway, or give this one another file with --history"));
    const QStringList schema{
        QStringLiteral("PRAGMA journal_mode=WAL"),
        QStringLiteral("PRAGMA synchronous=NORMAL"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS samples(tier INTEGER NOT NULL, at_ms INTEGER NOT NULL, series TEXT NOT NULL, value REAL NOT NULL, "
                       "PRIMARY KEY(tier, series, at_ms)) WITHOUT ROWID"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS samples_by_time ON samples(at_ms)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS health_changes(at_ms INTEGER NOT NULL, consumer TEXT NOT NULL, provider TEXT NOT NULL, "
                       "health TEXT NOT NULL, detail TEXT NOT NULL)"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS health_changes_by_peering ON health_changes(consumer, provider, at_ms)"),
        QStringLiteral("PRAGMA user_version=%1").arg(kSchemaVersion),
    };
    for (const QString &sql : schema) {
        QSqlQuery q(db);
        if (!q.exec(sql))
            return Error::of(Error::Kind::Config, tr("cannot prepare the history file %1: %2").arg(m_file, q.lastError().text()), fix);
    }
    return {};
}

SqliteUsageArchive::~SqliteUsageArchive()
{
    flush();
    // The database handle must be gone before its connection is removed.
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

void SqliteUsageArchive::fail(const QString &what, const QString &sqlError)
{
    if (!m_problem)
        m_problem = Error::of(Error::Kind::Config, tr("the history file %1: %2: %3").arg(m_file, what, sqlError),
                              tr("check the disk has room and the file is writable; the charts keep this session meanwhile"));
}

bool SqliteUsageArchive::exec(const QString &sql, const QVariantList &values)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(sql);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (q.exec())
        return true;
    fail(sql.section(QLatin1Char(' '), 0, 2), q.lastError().text());
    return false;
}

void SqliteUsageArchive::append(const UsageHistory::Sample &sample)
{
    // One sample a second: a later one of the same second replaces it.
    if (!m_pendingSamples.empty() && m_pendingSamples.back().atMs / 1000 == sample.atMs / 1000)
        m_pendingSamples.back() = sample;
    else
        m_pendingSamples.push_back(sample);
    if (sample.atMs - m_pendingSamples.front().atMs >= kBatchMs)
        flush();
}

void SqliteUsageArchive::append(const HealthChange &change)
{
    m_pendingChanges.push_back(change);
    flush();
}

void SqliteUsageArchive::flush()
{
    if (m_pendingSamples.empty() && m_pendingChanges.empty())
        return;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        fail(tr("begin"), db.lastError().text());
        return;
    }
    QSqlQuery insertSample(db), insertChange(db);
    insertSample.prepare(QStringLiteral("INSERT OR REPLACE INTO samples(tier, at_ms, series, value) VALUES (0, ?, ?, ?)"));
    insertChange.prepare(QStringLiteral("INSERT INTO health_changes(at_ms, consumer, provider, health, detail) VALUES (?, ?, ?, ?, ?)"));
    bool ok = true;
    qint64 newest = 0;
    for (const auto &s : m_pendingSamples) {
        newest = std::max(newest, s.atMs);
        for (const auto &[series, value] : rowsOf(s)) {
            insertSample.addBindValue(s.atMs - s.atMs % 1000);
            insertSample.addBindValue(series);
            insertSample.addBindValue(value);
            ok = ok && insertSample.exec();
        }
    }
    for (const auto &c : m_pendingChanges) {
        for (const QVariant &v : {QVariant(c.atMs), QVariant(c.consumer), QVariant(c.provider), QVariant(console::healthName(c.health)), QVariant(c.text)})
            insertChange.addBindValue(v);
        ok = ok && insertChange.exec();
    }
    if (!ok) {
        fail(tr("write"), insertSample.lastError().isValid() ? insertSample.lastError().text() : insertChange.lastError().text());
        db.rollback();
        return;
    }
    if (!db.commit()) {
        fail(tr("commit"), db.lastError().text());
        return;
    }
    m_pendingSamples.clear();
    m_pendingChanges.clear();
    if (newest - m_compactedAtMs >= kTenMinutesMs)
        compact(newest);
}

void SqliteUsageArchive::compact(qint64 nowMs)
{
    m_compactedAtMs = nowMs;
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    db.transaction();
    // Cuts on bucket boundaries, so that a bucket is folded whole, once.
    const qint64 rawCut = (nowMs - m_retention.rawMs) / kMinuteMs * kMinuteMs;
    const qint64 minuteCut = (nowMs - m_retention.minuteMs) / kTenMinutesMs * kTenMinutesMs;
    const QString fold = QStringLiteral("INSERT OR REPLACE INTO samples(tier, at_ms, series, value) "
                                        "SELECT %1, (at_ms / %2) * %2, series, avg(value) FROM samples WHERE tier = %3 AND at_ms < ? "
                                        "GROUP BY series, at_ms / %2");
    const bool ok = exec(fold.arg(1).arg(kMinuteMs).arg(0), {rawCut}) &&
                    exec(QStringLiteral("DELETE FROM samples WHERE tier = 0 AND at_ms < ?"), {rawCut}) &&
                    exec(fold.arg(2).arg(kTenMinutesMs).arg(1), {minuteCut}) &&
                    exec(QStringLiteral("DELETE FROM samples WHERE tier = 1 AND at_ms < ?"), {minuteCut}) &&
                    exec(QStringLiteral("DELETE FROM samples WHERE at_ms < ?"), {nowMs - m_retention.totalMs}) &&
                    exec(QStringLiteral("DELETE FROM health_changes WHERE at_ms < ?"), {nowMs - m_retention.totalMs}) &&
                    exec(QStringLiteral("DELETE FROM health_changes WHERE rowid NOT IN (SELECT rowid FROM health_changes ORDER BY at_ms DESC, rowid DESC LIMIT ?)"),
                         {m_retention.maxChanges});
    if (ok)
        db.commit();
    else
        db.rollback();
}

std::vector<UsageHistory::Sample> SqliteUsageArchive::samples(qint64 fromMs, qint64 toMs, int maxPoints)
{
    flush();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT at_ms, series, value FROM samples WHERE at_ms >= ? AND at_ms <= ? ORDER BY at_ms"));
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        fail(tr("read"), q.lastError().text());
        return {};
    }
    std::vector<UsageHistory::Sample> all;
    while (q.next()) {
        const qint64 at = q.value(0).toLongLong();
        const QString series = q.value(1).toString();
        const double value = q.value(2).toDouble();
        if (all.empty() || all.back().atMs != at)
            all.push_back(UsageHistory::Sample{at, {}, {}, {}});
        UsageHistory::Sample &s = all.back();
        if (series.startsWith(kRequested)) {
            setField(s.requested, QStringView(series).mid(kRequested.size()), value);
        } else if (series.startsWith(kMeasured)) {
            if (!s.measured)
                s.measured = console::Capacity{};
            setField(*s.measured, QStringView(series).mid(kMeasured.size()), value);
        } else if (series.startsWith(kLatency)) {
            s.latencyMs[series.mid(kLatency.size())] = value;
        }
    }
    if (maxPoints <= 0 || all.size() <= size_t(maxPoints))
        return all;
    // Too many to draw: averaged in equal slices of time.
    const qint64 width = (toMs - fromMs) / maxPoints + 1;
    std::vector<UsageHistory::Sample> out;
    std::vector<const UsageHistory::Sample *> group;
    for (size_t i = 0; i < all.size(); ++i) {
        group.push_back(&all[i]);
        if (i + 1 == all.size() || (all[i + 1].atMs - fromMs) / width != (all[i].atMs - fromMs) / width) {
            out.push_back(meanOf(group));
            group.clear();
        }
    }
    return out;
}

std::vector<HealthChange> SqliteUsageArchive::latestChanges()
{
    flush();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    std::vector<HealthChange> out;
    if (!q.exec(QStringLiteral("SELECT at_ms, consumer, provider, health, detail FROM health_changes "
                               "WHERE rowid IN (SELECT max(rowid) FROM health_changes GROUP BY consumer, provider) ORDER BY at_ms"))) {
        fail(tr("read"), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back(changeFrom(q));
    return out;
}

std::optional<HealthChange> SqliteUsageArchive::lastChangeTo(const QString &consumer, const QString &provider, console::PeerGraph::Health health)
{
    flush();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT at_ms, consumer, provider, health, detail FROM health_changes WHERE consumer = ? AND provider = ? AND health = ? "
                             "ORDER BY at_ms DESC, rowid DESC LIMIT 1"));
    q.addBindValue(consumer);
    q.addBindValue(provider);
    q.addBindValue(console::healthName(health));
    if (!q.exec()) {
        fail(tr("read"), q.lastError().text());
        return std::nullopt;
    }
    if (q.next())
        return changeFrom(q);
    return std::nullopt;
}

SqliteUsageArchive::Counts SqliteUsageArchive::counts()
{
    flush();
    Counts out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (q.exec(QStringLiteral("SELECT tier, count(*) FROM samples GROUP BY tier")))
        while (q.next())
            (q.value(0).toInt() == 0 ? out.raw : q.value(0).toInt() == 1 ? out.minute : out.tenMinute) = q.value(1).toLongLong();
    if (q.exec(QStringLiteral("SELECT count(*) FROM health_changes")) && q.next())
        out.changes = q.value(0).toLongLong();
    if (q.exec(QStringLiteral("SELECT min(m) FROM (SELECT min(at_ms) m FROM samples UNION ALL SELECT min(at_ms) FROM health_changes)")) && q.next() &&
        !q.value(0).isNull())
        out.oldestMs = q.value(0).toLongLong();
    return out;
}

} // namespace spillway::history
