#include "installer/ProcessSupervisor.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>

namespace spillway::installer {

ProcessSupervisor::ProcessSupervisor(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options)),
      m_backoff(m_options.backoffBaseMs, m_options.backoffCapMs, 2.0, 0.3, m_options.random)
{
    m_restartTimer.setSingleShot(true);
    connect(&m_restartTimer, &QTimer::timeout, this, &ProcessSupervisor::launch);
}

ProcessSupervisor::~ProcessSupervisor()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void ProcessSupervisor::writeFile(const QString &name, const QByteArray &content)
{
    QFile f(QDir(m_options.dir).filePath(name));
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(content);
}

void ProcessSupervisor::note(const QString &line)
{
    QFile f(QDir(m_options.dir).filePath(QStringLiteral("log")));
    if (f.open(QIODevice::WriteOnly | QIODevice::Append))
        f.write(QStringLiteral("[supervisor %1] %2\n").arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), line).toUtf8());
}

void ProcessSupervisor::start()
{
    writeFile(QStringLiteral("supervisor.pid"), QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    launch();
}

void ProcessSupervisor::launch()
{
    if (m_stopping)
        return;
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardOutputFile(QDir(m_options.dir).filePath(QStringLiteral("log")), QIODevice::Append);
    m_process->setWorkingDirectory(m_options.dir);
    connect(m_process, &QProcess::finished, this, &ProcessSupervisor::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            onFinished(-1, QProcess::CrashExit);
    });
    m_startedAt = m_options.clock();
    m_process->start(m_options.program, m_options.args);
    if (m_process->waitForStarted(5000)) {
        writeFile(QStringLiteral("child.pid"), QByteArray::number(m_process->processId()) + '\n');
        emit childStarted(m_process->processId());
    }
}

void ProcessSupervisor::onFinished(int code, QProcess::ExitStatus status)
{
    if (m_stopping)
        return;
    QFile::remove(QDir(m_options.dir).filePath(QStringLiteral("child.pid")));
    if (m_options.clock() - m_startedAt >= m_options.healthyAfterMs)
        m_backoff.reset();
    const qint64 delay = m_backoff.next();
    ++m_restarts;
    writeFile(QStringLiteral("restarts"), QByteArray::number(m_restarts) + '\n');
    note(QStringLiteral("%1 %2 (code %3); restarting in %4 ms")
             .arg(m_options.program, status == QProcess::CrashExit ? QStringLiteral("crashed") : QStringLiteral("exited"))
             .arg(code).arg(delay));
    m_restartTimer.start(int(delay));
}

void ProcessSupervisor::stop(int graceMs)
{
    m_stopping = true;
    m_restartTimer.stop();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        note(QStringLiteral("stopping %1").arg(m_options.program));
        m_process->terminate();
        if (!m_process->waitForFinished(graceMs)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
    QFile::remove(QDir(m_options.dir).filePath(QStringLiteral("child.pid")));
    QFile::remove(QDir(m_options.dir).filePath(QStringLiteral("supervisor.pid")));
    emit stopped();
}

} // namespace spillway::installer
