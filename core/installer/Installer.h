#pragma once

#include "common/Error.h"
#include "installer/Manifests.h"
#include "kube/KubeClient.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace spillway::installer {

// Shared by the CLI (Ctrl-C) and the console (Cancel button): checked between steps.
using CancelFlag = std::shared_ptr<std::atomic_bool>;

// What one install did to the cluster, object by object ("configmaps liqo/x created").
struct ApplyCounts {
    int created = 0, configured = 0, unchanged = 0;
    QStringList lines;
};

struct InstallResult {
    QString clusterId;
    Version installed;
    std::optional<Version> previous;   // set when this was an upgrade or a re-install
    ApplyCounts counts;
    QStringList startedComponents;     // local runtime: processes (re)started by this install
};

// `spillctl install` and the console's first-use install. Steps, each reported through
// progress(): check the cluster, read what is installed (refusing another major.minor unless
// upgrade is set, and a different cluster ID always), render, server-side apply every object,
// wait for the CRDs, then start the local runtime or wait for the cluster to run the agents'
// pods, reporting each component until Ready (and why a pod cannot start, with the fix).
class Installer
{
public:
    struct Hooks {
        std::function<void(const QString &)> progress = [](const QString &) {};
        CancelFlag cancelled = std::make_shared<std::atomic_bool>(false);
        kube::RandomSource random = kube::defaultRandom();
        int waitTimeoutMs = 90000;
        // Kubernetes runtime: wait until the agents' pods are Ready, reporting each component
        // (false: apply and return, as `spillctl install --no-wait`).
        bool waitForAgents = true;
        int pollMs = 500;
    };

    Installer(kube::KubeClient &client, InstallOptions options, Hooks hooks);

    // Decide the cluster ID, ports and what would be applied, without changing anything.
    Result<RenderInput> plan();
    Result<InstallResult> install();

private:
    Result<void> checkCancelled() const;
    Result<void> apply(const std::vector<nlohmann::json> &objects, ApplyCounts &counts);
    Result<void> waitForCrds(const std::vector<nlohmann::json> &objects);
    Result<QStringList> startLocalRuntime(const RenderInput &input);
    Result<void> waitForAgents(const QString &ns);

    kube::KubeClient &m_client;
    InstallOptions m_options;
    Hooks m_hooks;
    std::optional<InstallRecord> m_previous;
};

// The Kubernetes version this release supports at the oldest.
inline constexpr int kMinKubernetesMinor = 28;

// A port nothing listens on, picked below the ephemeral range so other programs' outgoing
// connections do not take it between now and the process binding it.
quint16 pickFreePort(const kube::RandomSource &random);

} // namespace spillway::installer
