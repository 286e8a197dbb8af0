#pragma once

#include "common/Error.h"
#include "common/Names.h"
#include "kube/Clock.h"

#include <QMap>
#include <nlohmann/json.hpp>
#include <QString>
#include <QStringList>

namespace spillway::installer {

// How the agents run: as Deployments in the cluster, or as supervised processes on this machine
// talking to the cluster (KWOK clusters run no containers, so the testbed and the demo use local).
enum class Runtime { Local, Kubernetes };

// Everything `spillctl install` (and the console's first-use install) can be told.
struct InstallOptions {
    QString distro = QStringLiteral("generic");   // generic | kind | k3s | kubeadm | eks | aks | gke | openshift
    QString clusterId;                            // empty = keep the installed one, else generate
    QMap<QString, QString> clusterLabels;
    QStringList podCidrs;
    QString serviceCidr;
    QStringList reservedSubnets;
    QString ns = QStringLiteral("liqo");
    Runtime runtime = Runtime::Local;
    QMap<QString, QString> values;                // --set key=value
    bool upgrade = false;                         // allow installing over another major.minor
    QString stateDir;                             // local runtime: pid files, logs, kubeconfigs
    QString binDir;                               // local runtime: where the agent binaries are
};

inline const QStringList kDistros = {QStringLiteral("generic"), QStringLiteral("kind"), QStringLiteral("k3s"),
                                     QStringLiteral("kubeadm"), QStringLiteral("eks"), QStringLiteral("aks"),
                                     QStringLiteral("gke"), QStringLiteral("openshift")};

// The values --set understands, with their defaults (what `--set` may name, for a clear error).
QMap<QString, QString> defaultValues();

// Every problem with the options, each naming the flag and the fix; empty when all is well.
QStringList validate(const InstallOptions &options);

// Parsing helpers shared by the CLI and the console.
Result<QMap<QString, QString>> parseKeyValues(const QString &text, const QString &flag);   // "k=v,k2=v2"

// The "default" class's resource policy from --set resources.* (see resources/ResourcePolicy.h).
Result<nlohmann::json> resourcePolicyJson(const InstallOptions &options);

// A readable, random cluster ID ("brave-otter-4f2c"); the randomness is injected for tests.
QString generateClusterId(const kube::RandomSource &random);

QString runtimeName(Runtime runtime);
std::optional<Runtime> parseRuntime(const QString &text);

} // namespace spillway::installer
