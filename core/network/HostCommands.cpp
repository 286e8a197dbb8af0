#include "network/HostCommands.h"

#include <QProcess>

namespace spillway::network {

Result<QByteArray> HostCommands::run(const QString &program, const QStringList &args, const QByteArray &input) const
{
    QProcess p;
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
                         QStringLiteral("install iproute2 and nftables (./run deps)"));
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
