#pragma once

#include "kube/Clock.h"
#include "kube/RateLimiter.h"

#include <QObject>
#include <QProcess>
#include <QTimer>

namespace spillway::installer {

// Keeps one program running (the body of `spillctl supervise`): output appended to <dir>/log,
// its pid in <dir>/child.pid, restarted with backoff when it exits. The backoff resets only after
// the program stayed up for `healthyAfterMs`, so a crash loop keeps slowing down.
class ProcessSupervisor : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString dir;
        QString program;
        QStringList args;
        qint64 backoffBaseMs = 500, backoffCapMs = 30000, healthyAfterMs = 60000;
        kube::MonotonicClock clock = kube::steadyClock();
        kube::RandomSource random = kube::defaultRandom();
    };

    explicit ProcessSupervisor(Options options, QObject *parent = nullptr);
    ~ProcessSupervisor() override;

    void start();
    // Terminates the program (SIGTERM, then SIGKILL after graceMs), removes the pid files, emits stopped().
    void stop(int graceMs = 10000);
    int restarts() const { return m_restarts; }
    qint64 childPid() const { return m_process ? m_process->processId() : 0; }

signals:
    void stopped();
    void childStarted(qint64 pid);

private:
    void launch();
    void onFinished(int code, QProcess::ExitStatus status);
    void note(const QString &line);
    void writeFile(const QString &name, const QByteArray &content);

    Options m_options;
    QProcess *m_process = nullptr;
    QTimer m_restartTimer;
    kube::Backoff m_backoff;
    qint64 m_startedAt = 0;
    int m_restarts = 0;
    bool m_stopping = false;
};

} // namespace spillway::installer
