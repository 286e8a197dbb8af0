#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QCommandLineParser>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>

// What every spillctl command shares: cluster flags, output formats, error printing, Ctrl-C.
namespace spillctl {

struct ClusterFlags {
    QCommandLineOption kubeconfig{QStringLiteral("kubeconfig"), QStringLiteral("Kubeconfig file (default: KUBECONFIG, then ~/.kube/config)."), QStringLiteral("file")};
    QCommandLineOption context{QStringLiteral("context"), QStringLiteral("Kubeconfig context (default: the current one)."), QStringLiteral("name")};
    QCommandLineOption ns{{QStringLiteral("n"), QStringLiteral("namespace")}, QStringLiteral("Namespace Spillway is installed in."), QStringLiteral("ns"), QStringLiteral("liqo")};
    void addTo(QCommandLineParser &p) const { p.addOptions({kubeconfig, context, ns}); }
};

// Parses argv for one command; on --help prints it and exits 0, on a bad flag prints why and exits 2.
void parseOrExit(QCommandLineParser &parser, const QStringList &args, const QString &command);

spillway::Result<std::unique_ptr<spillway::kube::KubeClient>> connect(const QCommandLineParser &parser, const ClusterFlags &flags);
// A client for `context` of kubeconfig `file` (empty: the usual search).
spillway::Result<std::unique_ptr<spillway::kube::KubeClient>> connectTo(const QString &file, const QString &context);

// "error: <message>\n  hint: <fix>" on stderr; returns 1.
int fail(const spillway::Error &error);
int usage(const QString &message);   // returns 2

// -o json|yaml for structured output; anything else is a usage error (exit 2).
bool validOutput(const QString &format);
void printStructured(const nlohmann::json &value, const QString &format);

// Set by SIGINT/SIGTERM once installCancelHandler() ran; long operations poll it.
std::shared_ptr<std::atomic_bool> installCancelHandler();

int install(const QStringList &args);
int uninstall(const QStringList &args);
int info(const QStringList &args);
int version(const QStringList &args);
int supervise(const QStringList &args);
int peer(const QStringList &args);
int unpeer(const QStringList &args);
int generate(const QStringList &args);
int offload(const QStringList &args);
int unoffload(const QStringList &args);
int network(const QStringList &args);
int test(const QStringList &args);

} // namespace spillctl
