#pragma once

#include "common/Error.h"
#include "console/Workspace.h"
#include "kube/RestConfig.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <vector>

namespace spillway::console {

// The kubeconfig files kubectl would read: $KUBECONFIG's list, else ~/.kube/config (only those
// that exist).
QStringList defaultKubeconfigFiles(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

// The contexts of one kubeconfig file, each an entry. Each file is read on its own, so a broken
// one is reported (as the error) without hiding the others.
Result<std::vector<ClusterEntry>> contextsOf(const QString &kubeconfig);

// The entry's kubeconfig context resolved to what a client needs, or why it cannot be.
Result<kube::RestConfig> restConfigOf(const ClusterEntry &entry);

// What the console shows about a cluster once it has asked.
struct ClusterFacts {
    QString server;                  // from the kubeconfig, also when unreachable
    QString kubernetesVersion;       // "v1.31.1"
    bool spillwayInstalled = false;
    QString spillwayVersion, clusterId;
    bool tlsUnverified = false;      // the context sets insecure-skip-tls-verify: the user must be told
};

// Reads the entry's context and asks its apiserver for its version and for Spillway's install
// record (namespace `ns`), once, within timeoutMs per request. Blocking: run it off the GUI thread.
// A broken kubeconfig, an unreachable server, a certificate problem or a refused identity come
// back as the error (with its hint); a reachable cluster without Spillway is not an error.
Result<ClusterFacts> probeCluster(const ClusterEntry &entry, int timeoutMs = 5000, const QString &ns = QStringLiteral("liqo"));

// GUI programs started from a desktop do not get the PATH of the user's login shell, where
// kubeconfig exec plugins (aws, gcloud, kubelogin...) usually are: ask $SHELL -l for it and put
// its entries first in this process's PATH. Returns the PATH in effect.
QString adoptLoginShellPath(int timeoutMs = 3000);

} // namespace spillway::console
