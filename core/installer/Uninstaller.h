#pragma once

#include "installer/Installer.h"

namespace spillway::installer {

struct UninstallOptions {
    QString ns = QStringLiteral("liqo");
    bool force = false;          // uninstall even while peerings exist
    QString stateDir;            // local runtime state, when not the recorded one
};

struct UninstallResult {
    QStringList removed;         // "namespace liqo", "customresourcedefinition foreignclusters.core.liqo.io", ...
    QStringList leftovers;       // what still exists when the wait ended, with why when known
    bool wasInstalled = false;
};

// `spillctl uninstall`: refuses while ForeignClusters exist (unless forced), stops the local
// runtime, clears finalizers no controller is left to handle, deletes every object the installer
// labelled (webhooks, RBAC, namespaces, CRDs and so every Liqo object), waits until they are gone
// and reports what could not be deleted.
class Uninstaller
{
public:
    Uninstaller(kube::KubeClient &client, UninstallOptions options, Installer::Hooks hooks);
    Result<UninstallResult> run();

private:
    Result<QStringList> peerings();
    void clearFinalizers(const QList<kube::ResourceRef> &liqoResources);

    kube::KubeClient &m_client;
    UninstallOptions m_options;
    Installer::Hooks m_hooks;
};

} // namespace spillway::installer
