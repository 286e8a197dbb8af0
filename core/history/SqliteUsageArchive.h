#pragma once

#include "common/Error.h"
#include "console/UsageArchive.h"

#include <QCoreApplication>
#include <QVariant>

#include <memory>

namespace spillway::history {

// The console's history on disk: one SQLite file through Qt SQL, bounded by age. Samples are kept
// as they came (one a second at most) for two hours, then as minute means for two days, then as
// ten-minute means up to thirty days; tunnel health changes for thirty days. Writes are batched
// into one transaction per few seconds of samples (a health change is written at once), and what
// is pending is written before every read and at close. Lives in its own library so that the
// agents never link Qt SQL.
class SqliteUsageArchive final : public console::UsageArchive
{
    Q_DECLARE_TR_FUNCTIONS(SqliteUsageArchive)
public:
    struct Retention {
        qint64 rawMs = 2LL * 3600 * 1000;
        qint64 minuteMs = 2LL * 24 * 3600 * 1000;
        qint64 totalMs = 30LL * 24 * 3600 * 1000;
        qint64 maxChanges = 100000;   // a flapping tunnel does not grow the file without bound
    };
    static constexpr int kSchemaVersion = 1;

    // Opens (creating) FILE. Fails with the cause and what to do when the file is not a SQLite
    // database, was written by a newer Spillway, or cannot be written.
    static Result<std::unique_ptr<SqliteUsageArchive>> open(const QString &file, Retention retention);
    static Result<std::unique_ptr<SqliteUsageArchive>> open(const QString &file) { return open(file, Retention{}); }
    ~SqliteUsageArchive() override;

    void append(const console::UsageHistory::Sample &sample) override;
    void append(const console::HealthChange &change) override;
    std::vector<console::UsageHistory::Sample> samples(qint64 fromMs, qint64 toMs, int maxPoints) override;
    std::vector<console::HealthChange> latestChanges() override;
    std::optional<console::HealthChange> lastChangeTo(const QString &consumer, const QString &provider, console::PeerGraph::Health health) override;

    // Writes what is pending.
    void flush();
    // Folds what is past its tier's age into the next tier and deletes what is past the total;
    // runs by itself every ten minutes of samples.
    void compact(qint64 nowMs);

    struct Counts {
        qint64 raw = 0, minute = 0, tenMinute = 0, changes = 0;
        std::optional<qint64> oldestMs;
    };
    Counts counts();
    QString file() const { return m_file; }
    // The first error writing or reading, if any: the console says so and goes on with the
    // session's history.
    const std::optional<Error> &problem() const { return m_problem; }

private:
    SqliteUsageArchive(QString file, Retention retention);
    Result<void> initialise();
    bool exec(const QString &sql, const QVariantList &values = {});
    void fail(const QString &what, const QString &sqlError);

    QString m_file, m_connection;
    Retention m_retention;
    std::vector<console::UsageHistory::Sample> m_pendingSamples;
    std::vector<console::HealthChange> m_pendingChanges;
    qint64 m_compactedAtMs = 0;
    std::optional<Error> m_problem;
};

} // namespace spillway::history
