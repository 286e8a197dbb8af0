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

} // namespace

void measureResponsiveness(spillway::views::MainWindow &window, QApplication &app, int seconds)
{
    (void)window.grab();   // the first paint of the settled page
    std::printf("painted\n");
    std::fflush(stdout);
    struct State {
        QElapsedTimer clock, total;
        qint64 last = 0;
        std::vector<double> lateMs;
    };
    auto state = std::make_shared<State>();
    state->clock.start();
    state->total.start();
    auto *tick = new QTimer(&app);
    tick->setTimerType(Qt::PreciseTimer);
    tick->setInterval(10);
    QObject::connect(tick, &QTimer::timeout, &app, [state, tick, seconds, &app, &window] {
        const qint64 now = state->clock.nsecsElapsed();
        if (state->last)
            state->lateMs.push_back(std::max(0.0, double(now - state->last) / 1e6 - 10.0));
        state->last = now;
        if (state->total.elapsed() < qint64(seconds) * 1000)
            return;
        tick->stop();
        auto &v = state->lateMs;
        std::sort(v.begin(), v.end());
        auto at = [&v](double q) { return v.empty() ? 0.0 : v[std::min(v.size() - 1, size_t(q * double(v.size())))]; };
        std::printf("metric console_stall_p50 %.2f ms\nmetric console_stall_p99 %.2f ms\nmetric console_stall_max %.2f ms\n", at(0.5), at(0.99),
                    v.empty() ? 0.0 : v.back());
        std::printf("metric console_peak_rss %.1f MiB\n", peakRssMiB());
        // What the console held at the end: the scale the figures are at.
        std::printf("metric console_offloaded_pods_shown %d pods\n", window.podsModel()->table()->rowCount());
        std::fflush(stdout);
        app.quit();
    });
    tick->start();
}
