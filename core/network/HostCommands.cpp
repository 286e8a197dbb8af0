#include "network/HostCommands.h"

#include <QProcess>

namespace spillway::network {

Result<QByteArray> HostCommands::run(const QString &program, const QStringList &args, const QByteArray &input,
                                     const QStringList &environment) const
{
    QProcess p;
    if (!environment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString &entry : environment)
            env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
        p.setProcessEnvironment(env);
    }
    QString exe = program;
    QStringList argv = args;
    if (!m_netns.isEmpty()) {
        exe = QStringLiteral("ip");
        argv = QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_netns, program} + args;
    }
    const QString shown = (QStringList{exe} + argv).join(QLatin1Char(' '));
    p.start(exe, argv);
    if (!p.waitForStarted(m_timeoutMs))
        return Error::of(Error::Kind::Config, QStringLiteral("cannot run %1: %2").arg(shown, p.errorString()),
                         QStringLiteral("is %1 installed and on PATH? (./run deps installs iproute2, nftables and wireguard-go)").arg(program));
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(m_timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return Error::of(Error::Kind::Timeout, QStringLiteral("%1 did not finish within %2 ms").arg(shown).arg(m_timeoutMs));
    }
    const QByteArray out = p.readAllStandardOutput();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return Error::of(Error::Kind::Config, QStringLiteral("%1 failed (exit %2): %3").arg(shown).arg(p.exitCode())
                                                  .arg(QString::fromUtf8(p.readAllStandardError()).trimmed()));
    return out;
}

Result<void> HostCommands::nft(const QString &ruleset) const
{
    auto r = run(QStringLiteral("nft"), {QStringLiteral("-f"), QStringLiteral("-")}, ruleset.toUtf8());
    return r ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::network
