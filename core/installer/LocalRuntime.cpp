#include "installer/LocalRuntime.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <csignal>
#include <sys/types.h>

namespace spillway::installer {

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString tail(const QString &path, int lines)
{
    const QList<QByteArray> all = readAll(path).split('\n');
    QStringList out;
    for (qsizetype i = qMax<qsizetype>(0, all.size() - lines - 1); i < all.size(); ++i)
        if (!all[i].isEmpty())
            out << QString::fromUtf8(all[i]);
    return out.join(QLatin1Char('\n'));
}

} // namespace

qint64 readPidFile(const QString &path)
{
    return readAll(path).trimmed().toLongLong();
}

bool processAlive(qint64 pid, const QString &marker)
{
    if (pid <= 0 || ::kill(pid_t(pid), 0) != 0)
        return false;
    QByteArray cmdline = readAll(QStringLiteral("/proc/%1/cmdline").arg(pid));
    cmdline.replace('\0', ' ');
    // A zombie has an empty command line: it is gone for our purposes.
    return !cmdline.isEmpty() && (marker.isEmpty() || QString::fromUtf8(cmdline).contains(marker));
}

LocalRuntime::LocalRuntime(QString stateDir, QString supervisorProgram)
    : m_stateDir(std::move(stateDir)), m_supervisor(std::move(supervisorProgram))
{
}

QString LocalRuntime::dirOf(const QString &component) const
{
    return QDir(m_stateDir).filePath(component);
}

LocalRuntime::Status LocalRuntime::status(const QString &component) const
{
    Status s;
    s.name = component;
    const QString dir = dirOf(component);
    s.logPath = QDir(dir).filePath(QStringLiteral("log"));
    s.supervisorPid = readPidFile(QDir(dir).filePath(QStringLiteral("supervisor.pid")));
    s.childPid = readPidFile(QDir(dir).filePath(QStringLiteral("child.pid")));
    s.supervisorAlive = processAlive(s.supervisorPid, dir);
    s.childAlive = s.supervisorAlive && processAlive(s.childPid, {});
    s.restarts = readAll(QDir(dir).filePath(QStringLiteral("restarts"))).trimmed().toInt();
    return s;
}

QStringList LocalRuntime::components() const
{
    // A folder is a component once something was started from it (credentials alone are not).
    QStringList out;
    for (const QString &d : QDir(m_stateDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFile::exists(QDir(dirOf(d)).filePath(QStringLiteral("command"))))
            out << d;
    return out;
}

Result<bool> LocalRuntime::ensureRunning(const Component &c)
{
    const QString dir = dirOf(c.name);
    if (!QDir().mkpath(dir))
        return Error::of(Error::Kind::Config, QStringLiteral("cannot create the state folder %1").arg(dir), QStringLiteral("choose a writable folder with --state-dir"));
    const QByteArray command = (QStringList{c.program} + c.args).join(QLatin1Char('\n')).toUtf8();
    const QString commandFile = QDir(dir).filePath(QStringLiteral("command"));
    if (status(c.name).supervisorAlive) {
        if (readAll(commandFile) == command)
            return false;
        if (auto stopped = stop(c.name); !stopped)
            return stopped.error();
    }
    QFile f(commandFile);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(command) != command.size())
        return Error::of(Error::Kind::Config, QStringLiteral("cannot write %1").arg(commandFile));
    f.close();
    QFile::remove(QDir(dir).filePath(QStringLiteral("child.pid")));
    QFile::remove(QDir(dir).filePath(QStringLiteral("restarts")));

    qint64 pid = 0;
    const QStringList args = QStringList{QStringLiteral("supervise"), QStringLiteral("--dir"), dir, QStringLiteral("--")} + QStringList{c.program} + c.args;
    // Detached and with its own output: it must not hold the caller's terminal or pipes open.
    QProcess launcher;
    launcher.setProgram(m_supervisor);
    launcher.setArguments(args);
    launcher.setWorkingDirectory(dir);
    launcher.setStandardInputFile(QProcess::nullDevice());
    launcher.setStandardOutputFile(QDir(dir).filePath(QStringLiteral("log")), QIODevice::Append);
    launcher.setStandardErrorFile(QDir(dir).filePath(QStringLiteral("log")), QIODevice::Append);
    if (!launcher.startDetached(&pid))
        return Error::of(Error::Kind::Config, QStringLiteral("cannot start %1 (supervisor %2)").arg(c.name, m_supervisor));
    // The supervisor writes its pid file first; the component counts as started once it runs.
    for (int i = 0; i < 200; ++i) {
        const Status s = status(c.name);
        if (s.childAlive)
            return true;
        if (!processAlive(pid, dir) && i > 5)
            break;
        QThread::msleep(50);
    }
    return Error::of(Error::Kind::Internal, QStringLiteral("%1 did not start; last lines of %2:\n%3")
                                            .arg(c.name, QDir(dir).filePath(QStringLiteral("log")), tail(QDir(dir).filePath(QStringLiteral("log")), 15)));
}

Result<void> LocalRuntime::stop(const QString &component, int timeoutMs)
{
    const Status s = status(component);
    if (!s.supervisorAlive) {
        // A child left behind by a supervisor that was killed hard still holds its ports.
        if (processAlive(s.childPid, readAll(QDir(dirOf(component)).filePath(QStringLiteral("command"))).split('\n').value(0)))
            ::kill(pid_t(s.childPid), SIGTERM);
        return {};
    }
    ::kill(pid_t(s.supervisorPid), SIGTERM);
    for (int waited = 0; waited < timeoutMs; waited += 50) {
        if (!processAlive(s.supervisorPid, dirOf(component)))
            return {};
        QThread::msleep(50);
    }
    ::kill(pid_t(s.supervisorPid), SIGKILL);
    if (s.childPid > 0)
        ::kill(pid_t(s.childPid), SIGKILL);
    return Error::of(Error::Kind::Timeout, QStringLiteral("%1 did not stop within %2 s; killed it").arg(component).arg(timeoutMs / 1000));
}

Result<void> LocalRuntime::stopAll(int timeoutMs)
{
    QStringList failed;
    for (const QString &c : components())
        if (auto r = stop(c, timeoutMs); !r)
            failed << r.error().message;
    if (!failed.isEmpty())
        return Error::of(Error::Kind::Timeout, failed.join(QStringLiteral("; ")));
    return {};
}

} // namespace spillway::installer
