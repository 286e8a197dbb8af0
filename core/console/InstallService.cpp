#include "console/InstallService.h"

#include "console/ClientThread.h"
#include "installer/Installer.h"
#include "installer/ResolveRuntime.h"
#include "installer/Uninstaller.h"

namespace spillway::console {

InstallService::InstallService(QObject *parent) : QObject(parent)
{
}

InstallService::~InstallService()
{
    cancel();
    m_client.reset();   // waits for the operation in flight
}

void InstallService::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

bool InstallService::begin(const ClusterEntry &cluster, const std::function<void(const Error &)> &failed)
{
    if (m_running) {
        failed(Error::of(Error::Kind::Config, tr("An install or uninstall is still running."), tr("Wait for it to finish or cancel it.")));
        return false;
    }
    m_client = std::make_unique<ClientThread>(cluster, QStringLiteral("install"), 30000, 2);
    if (!m_client->client()) {
        const Error e = *m_client->error();
        m_client.reset();
        failed(e);
        return false;
    }
    m_cancelled = std::make_shared<std::atomic_bool>(false);
    m_running = true;
    return true;
}

void InstallService::install(const InstallRequest &request)
{
    auto failed = [this](const Error &e) { emit installed(e, QString(), QString()); };
    if (const QStringList problems = request.problems(); !problems.isEmpty()) {
        failed(Error::of(Error::Kind::Config, problems.join(QStringLiteral("; "))));
        return;
    }
    if (!begin(request.cluster, failed))
        return;
    const installer::InstallOptions asked = request.options();
    const std::optional<installer::Runtime> askedRuntime = request.askedRuntime();
    const int timeoutMs = request.timeoutSeconds * 1000;
    m_client->run(this, [this, asked, askedRuntime, timeoutMs](kube::KubeClient &client) -> std::function<void()> {
        installer::Installer::Hooks hooks;
        hooks.cancelled = m_cancelled;
        hooks.waitTimeoutMs = timeoutMs;
        hooks.progress = [this](const QString &line) { QMetaObject::invokeMethod(this, [this, line] { emit step(line); }, Qt::QueuedConnection); };
        // As spillctl install: the runtime from the nodes unless asked, said with its reason.
        installer::InstallOptions options = asked;
        auto resolved = installer::resolveRuntime(client, askedRuntime, options.values);
        if (!resolved)
            return [this, e = resolved.error()] {
                m_running = false;
                emit installed(e, QString(), QString());
            };
        options.runtime = resolved->choice.runtime;
        hooks.progress(resolved->choice.reason);
        for (const QString &w : resolved->warnings)
            hooks.progress(tr("Warning: %1").arg(w));
        auto result = installer::Installer(client, options, hooks).install();
        return [this, result] {
            m_running = false;
            if (!result) {
                emit installed(result.error(), QString(), QString());
                return;
            }
            const QString what = !result->previous ? tr("installed")
                               : *result->previous == result->installed ? tr("re-applied")
                                                                        : tr("upgraded from %1").arg(result->previous->toString());
            emit installed(std::nullopt, result->clusterId,
                           tr("Spillway %1 %2: cluster ID %3 (%4 created, %5 configured, %6 unchanged).")
                               .arg(result->installed.toString(), what, result->clusterId)
                               .arg(result->counts.created)
                               .arg(result->counts.configured)
                               .arg(result->counts.unchanged));
        };
    }, failed);
}

void InstallService::uninstall(const ClusterEntry &cluster, bool force, int timeoutSeconds)
{
    auto failed = [this](const Error &e) { emit uninstalled(e, {}); };
    if (!begin(cluster, failed))
        return;
    m_client->run(this, [this, force, timeoutSeconds](kube::KubeClient &client) -> std::function<void()> {
        installer::Installer::Hooks hooks;
        hooks.cancelled = m_cancelled;
        hooks.waitTimeoutMs = timeoutSeconds * 1000;
        hooks.progress = [this](const QString &line) { QMetaObject::invokeMethod(this, [this, line] { emit step(line); }, Qt::QueuedConnection); };
        installer::UninstallOptions o;
        o.force = force;
        auto result = installer::Uninstaller(client, o, hooks).run();
        return [this, result] {
            m_running = false;
            if (result)
                emit uninstalled(std::nullopt, result->removed);
            else
                emit uninstalled(result.error(), {});
        };
    }, failed);
}

} // namespace spillway::console
