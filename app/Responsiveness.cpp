#include "Responsiveness.h"

#include "MainWindow.h"
#include "console/OffloadedPods.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

// VmHWM: the peak resident set, in MiB.
double peakRssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

// This thread's time on a CPU and waiting for one, in ns, from the scheduler's own accounting:
// a late tick is either the GUI's work or the machine's other threads taking the cores.
struct ThreadTimes {
    qint64 onCpu = 0, waiting = 0;
};
ThreadTimes threadTimes()
{
    QFile f(QStringLiteral("/proc/thread-self/schedstat"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> fields = f.readAll().trimmed().split(' ');
    return {fields.value(0).toLongLong(), fields.value(1).toLongLong()};
}

} // namespace

void measureResponsiveness(spillway::views::MainWindow &window, QApplication &app, int seconds)
{
    (void)window.grab();   // the first paint of the settled page
    std::printf("painted\n");
    std::fflush(stdout);
    struct State {
        QElapsedTimer clock, total;
        qint64 last = 0;
        ThreadTimes lastTimes;
        struct Tick {
            double lateMs, onCpuMs, waitingMs;
        };
        std::vector<Tick> ticks;
    };
    auto state = std::make_shared<State>();
    state->clock.start();
    state->total.start();
    auto *tick = new QTimer(&app);
    tick->setTimerType(Qt::PreciseTimer);
    tick->setInterval(10);
    QObject::connect(tick, &QTimer::timeout, &app, [state, tick, seconds, &app, &window] {
        const qint64 now = state->clock.nsecsElapsed();
        const ThreadTimes times = threadTimes();
        if (state->last)
            state->ticks.push_back({std::max(0.0, double(now - state->last) / 1e6 - 10.0), double(times.onCpu - state->lastTimes.onCpu) / 1e6,
                                    double(times.waiting - state->lastTimes.waiting) / 1e6});
        state->last = now;
        state->lastTimes = times;
        if (state->total.elapsed() < qint64(seconds) * 1000)
            return;
        tick->stop();
        auto &v = state->ticks;
        std::sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.lateMs < b.lateMs; });
        auto rank = [&v](double q) { return std::min(v.size() - 1, size_t(q * double(v.size()))); };
        auto at = [&](double q) { return v.empty() ? 0.0 : v[rank(q)].lateMs; };
        std::printf("metric console_stall_p50 %.2f ms\nmetric console_stall_p99 %.2f ms\nmetric console_stall_max %.2f ms\n", at(0.5), at(0.99),
                    v.empty() ? 0.0 : v.back().lateMs);
        // The slowest 1 % of ticks, split: the GUI thread's own work against its wait for a core.
        if (!v.empty()) {
            double onCpu = 0, waiting = 0;
            for (size_t i = rank(0.99); i < v.size(); ++i)
                onCpu += v[i].onCpuMs, waiting += v[i].waitingMs;
            const double n = double(v.size() - rank(0.99));
            std::printf("metric console_stall_top1pct_gui_cpu %.2f ms\nmetric console_stall_top1pct_cpu_wait %.2f ms\n", onCpu / n, waiting / n);
        }
        std::printf("metric console_peak_rss %.1f MiB\n", peakRssMiB());
        // What the console held at the end: the scale the figures are at.
        std::printf("metric console_offloaded_pods_shown %d pods\n", window.podsModel()->table()->rowCount());
        std::fflush(stdout);
        app.quit();
    });
    tick->start();
}
