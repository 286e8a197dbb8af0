#pragma once

#include "common/Error.h"

#include <QString>
#include <QStringList>

namespace spillway::installer {

// The agents as supervised processes on this machine (the local runtime). Each component has a
// folder under the state dir:
//   supervisor.pid  the `spillctl supervise` process that restarts the component when it exits
//   child.pid       the component's current process
//   command         program and arguments, one per line (a change means a restart)
//   log             the component's output and the supervisor's notes, appended
//   kubeconfig      the component's ServiceAccount credentials (0600)
class LocalRuntime
{
public:
    struct Component {
        QString name;          // e.g. spillway-controller-manager
        QString program;       // absolute path
        QStringList args;
    };
    struct Status {
        QString name;
        bool supervisorAlive = false, childAlive = false;
        qint64 supervisorPid = 0, childPid = 0;
        int restarts = 0;
        QString logPath;
    };

    // supervisorProgram is spillctl itself (`spillctl supervise --dir D -- program args...`).
    LocalRuntime(QString stateDir, QString supervisorProgram);

    QString dirOf(const QString &component) const;
    // Starts the component unless it already runs with exactly this command; returns whether it
    // (re)started it.
    Result<bool> ensureRunning(const Component &component);
    // SIGTERM to the supervisor (which stops the child), waiting up to timeoutMs; then SIGKILL.
    Result<void> stop(const QString &component, int timeoutMs = 15000);
    Result<void> stopAll(int timeoutMs = 15000);
    Status status(const QString &component) const;
    QStringList components() const;    // folders present in the state dir

private:
    QString m_stateDir;
    QString m_supervisor;
};

// True when pid is alive and its command line mentions `marker` (so a recycled pid is not
// mistaken for ours).
bool processAlive(qint64 pid, const QString &marker);
qint64 readPidFile(const QString &path);

} // namespace spillway::installer
