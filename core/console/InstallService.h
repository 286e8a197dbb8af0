#pragma once

#include "common/Error.h"
#include "console/InstallRequest.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

namespace spillway::console {

class ClientThread;

// The console's first-use install and its uninstall, off the GUI thread: the same core Installer
// and Uninstaller as `spillctl install` / `uninstall`, each step reported as it starts, one
// operation at a time, cancellable between steps.
class InstallService : public QObject
{
    Q_OBJECT
public:
    explicit InstallService(QObject *parent = nullptr);
    // Cancels what runs and waits for it to stop.
    ~InstallService() override;

    bool running() const { return m_running; }
    void install(const InstallRequest &request);                               // → step…, installed
    void uninstall(const ClusterEntry &cluster, bool force, int timeoutSeconds = 90);   // → step…, uninstalled
    void cancel();

signals:
    void step(const QString &line);
    // summary: what was done ("Spillway 0.1.0 installed: cluster ID milan, …").
    void installed(const std::optional<spillway::Error> &error, const QString &clusterId, const QString &summary);
    void uninstalled(const std::optional<spillway::Error> &error, const QStringList &removed);

private:
    bool begin(const ClusterEntry &cluster, const std::function<void(const Error &)> &failed);

    std::unique_ptr<ClientThread> m_client;
    std::shared_ptr<std::atomic_bool> m_cancelled;
    bool m_running = false;
};

} // namespace spillway::console
