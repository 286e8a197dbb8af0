#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace spillway::network {

// The gateway changes the host's network through the standard tools (ip, nft), optionally inside
// a network namespace (the testbed's gateways each live in one). A failure carries the command
// and what it printed.
class HostCommands
{
public:
    explicit HostCommands(QString netns = {}, int timeoutMs = 10000) : m_netns(std::move(netns)), m_timeoutMs(timeoutMs) {}

    // ENVIRONMENT: NAME=VALUE entries added to this process's own (no env(1): images lack it).
    Result<QByteArray> run(const QString &program, const QStringList &args, const QByteArray &input = {},
                           const QStringList &environment = {}) const;
    Result<QByteArray> ip(const QStringList &args) const { return run(QStringLiteral("ip"), args); }
    Result<void> nft(const QString &ruleset) const;
    const QString &netns() const { return m_netns; }

private:
    QString m_netns;
    int m_timeoutMs;
};

} // namespace spillway::network
