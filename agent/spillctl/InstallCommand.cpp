// spillctl install <distribution> — put Spillway into a cluster, or upgrade it in place.
#include "Cli.h"

#include "common/Yaml.h"
#include "installer/Installer.h"
#include "installer/ResolveRuntime.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;
using namespace spillway::installer;

int install(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Install Spillway (Liqo-compatible) into a cluster; re-running upgrades it in place."));
    p.addPositionalArgument(QStringLiteral("distribution"), QStringLiteral("generic (default), kind, k3s, kubeadm, eks, aks, gke or openshift."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption clusterId(QStringLiteral("cluster-id"), QStringLiteral("Cluster ID (default: keep the installed one, else generate one)."), QStringLiteral("id"));
    const QCommandLineOption clusterLabels(QStringLiteral("cluster-labels"), QStringLiteral("Labels peers see, k=v[,k=v...]."), QStringLiteral("labels"));
    const QCommandLineOption podCidr(QStringLiteral("pod-cidr"), QStringLiteral("Pod CIDR (repeatable, or comma-separated)."), QStringLiteral("cidr"));
    const QCommandLineOption serviceCidr(QStringLiteral("service-cidr"), QStringLiteral("Service CIDR."), QStringLiteral("cidr"));
    const QCommandLineOption reserved(QStringLiteral("reserved-subnets"), QStringLiteral("CIDRs already in use that peers' networks must not be mapped onto."), QStringLiteral("cidrs"));
    const QCommandLineOption runtime(QStringLiteral("runtime"), QStringLiteral("kubernetes (the agents as pods; the default when a node can run pods) or local (supervised processes on this machine; the default on KWOK-only clusters)."), QStringLiteral("runtime"));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("Override a value, key=value (repeatable); 'spillctl install --set help' lists them."), QStringLiteral("key=value"));
    const QCommandLineOption apiServerUrl(QStringLiteral("api-server-url"), QStringLiteral("This cluster's API server address as peers reach it (default: the distribution's preset)."), QStringLiteral("url"));
    const QCommandLineOption gatewayServiceType(QStringLiteral("gateway-service-type"), QStringLiteral("Service type of the gateway servers: NodePort, LoadBalancer or ClusterIP (default: the distribution's preset)."), QStringLiteral("type"));
    const QCommandLineOption registry(QStringLiteral("registry"), QStringLiteral("Kubernetes runtime: the registry with the agent images (default localhost/spillway)."), QStringLiteral("registry"));
    const QCommandLineOption imageVersion(QStringLiteral("version"), QStringLiteral("Kubernetes runtime: the agent images' version (default this spillctl's)."), QStringLiteral("version"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), QStringLiteral("Print what would be applied; change nothing."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("With --dry-run: yaml or json."), QStringLiteral("format"), QStringLiteral("yaml"));
    const QCommandLineOption upgrade(QStringLiteral("upgrade"), QStringLiteral("Allow installing over a different Spillway release."));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"), QStringLiteral("Local runtime: folder for pid files, logs and credentials (default ~/.local/state/spillway/<cluster-id>)."), QStringLiteral("dir"));
    const QCommandLineOption binDir(QStringLiteral("bin-dir"), QStringLiteral("Local runtime: folder with the Spillway binaries (default: spillctl's own)."), QStringLiteral("dir"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), QStringLiteral("Seconds to wait for the CRDs and the agents."), QStringLiteral("s"), QStringLiteral("90"));
    const QCommandLineOption noWait(QStringLiteral("no-wait"), QStringLiteral("Kubernetes runtime: apply and return without waiting for the agents' pods to be Ready."));
    const QCommandLineOption verbose({QStringLiteral("v"), QStringLiteral("verbose")}, QStringLiteral("List every object and what happened to it."));
    p.addOptions({clusterId, clusterLabels, podCidr, serviceCidr, reserved, runtime, set, apiServerUrl, gatewayServiceType, registry, imageVersion, dryRun, output, upgrade, stateDir, binDir, timeout, noWait, verbose});
    parseOrExit(p, args, QStringLiteral("install"));

    if (p.values(set).contains(QLatin1String("help"))) {
        const auto defaults = defaultValues();
        for (auto it = defaults.begin(); it != defaults.end(); ++it)
            std::printf("%s=%s\n", qPrintable(it.key()), qPrintable(it.value()));
        return 0;
    }
    if (p.positionalArguments().size() > 1)
        return usage(QStringLiteral("install takes one distribution, got: %1").arg(p.positionalArguments().join(QLatin1Char(' '))));

    InstallOptions o;
    o.distro = p.positionalArguments().value(0, QStringLiteral("generic"));
    o.clusterId = p.value(clusterId);
    if (auto labels = parseKeyValues(p.value(clusterLabels), QStringLiteral("--cluster-labels")); labels)
        o.clusterLabels = *labels;
    else
        return usage(labels.error().message);
    for (const QString &v : p.values(podCidr))
        o.podCidrs += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
    o.serviceCidr = p.value(serviceCidr);
    o.reservedSubnets = p.value(reserved).split(QLatin1Char(','), Qt::SkipEmptyParts);
    o.ns = p.value(cluster.ns);
    std::optional<Runtime> askedRuntime;
    if (p.isSet(runtime)) {
        askedRuntime = parseRuntime(p.value(runtime));
        if (!askedRuntime)
            return usage(QStringLiteral("--runtime must be local or kubernetes (got \"%1\")").arg(p.value(runtime)));
        o.runtime = *askedRuntime;
    }
    for (const QString &kv : p.values(set)) {
        auto parsed = parseKeyValues(kv, QStringLiteral("--set"));
        if (!parsed)
            return usage(parsed.error().message);
        for (auto it = parsed->begin(); it != parsed->end(); ++it)
            o.values[it.key()] = it.value();
    }
    // The flags are the readable spelling of these values, and win over --set.
    if (p.isSet(apiServerUrl))
        o.values[QStringLiteral("apiServer.address")] = p.value(apiServerUrl);
    if (p.isSet(gatewayServiceType))
        o.values[QStringLiteral("networking.gatewayServiceType")] = p.value(gatewayServiceType);
    if (p.isSet(registry))
        o.values[QStringLiteral("image.registry")] = p.value(registry);
    if (p.isSet(imageVersion)) {
        const QString v = p.value(imageVersion);
        o.values[QStringLiteral("image.tag")] = v.startsWith(QLatin1Char('v')) ? v : QStringLiteral("v") + v;
    }
    o.upgrade = p.isSet(upgrade);
    o.stateDir = p.value(stateDir);
    o.binDir = p.value(binDir);
    if (!validOutput(p.value(output)))
        return usage(QStringLiteral("-o must be yaml or json (got \"%1\")").arg(p.value(output)));
    bool timeoutOk = false;
    const int timeoutSeconds = p.value(timeout).toInt(&timeoutOk);
    if (!timeoutOk || timeoutSeconds < 1)
        return usage(QStringLiteral("--timeout must be a positive number of seconds"));
    if (const QStringList problems = validate(o); !problems.isEmpty()) {
        for (const QString &problem : problems)
            std::fprintf(stderr, "spillctl: %s\n", qPrintable(problem));
        return 2;
    }

    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    // Where the agents run follows from the cluster's nodes unless --runtime says.
    if (askedRuntime != Runtime::Local) {
        auto resolved = resolveRuntime(**client, askedRuntime, o.values);
        if (!resolved && (!p.isSet(dryRun) || resolved.error().kind != Error::Kind::Config))
            return fail(resolved.error());
        if (!resolved) {
            // Rendering changes nothing, so it may be for a cluster that gets its nodes later.
            std::fprintf(stderr, "warning: %s\n", qPrintable(resolved.error().message));
        } else {
            o.runtime = resolved->choice.runtime;
            std::fprintf(stderr, "• %s\n", qPrintable(resolved->choice.reason));
            for (const QString &w : resolved->warnings)
                std::fprintf(stderr, "warning: %s\n", qPrintable(w));
        }
    }
    Installer::Hooks hooks;
    hooks.cancelled = installCancelHandler();
    hooks.waitTimeoutMs = timeoutSeconds * 1000;
    hooks.waitForAgents = !p.isSet(noWait);
    hooks.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
    Installer installer(**client, o, hooks);

    if (p.isSet(dryRun)) {
        auto plan = installer.plan();
        if (!plan)
            return fail(plan.error());
        auto objects = renderManifests(*plan);
        if (!objects)
            return fail(objects.error());
        if (p.value(output) == QLatin1String("json")) {
            printStructured({{"apiVersion", "v1"}, {"kind", "List"}, {"items", *objects}}, QStringLiteral("json"));
        } else {
            for (const auto &object : *objects)
                std::printf("---\n%s", jsonToYaml(object).constData());
        }
        std::fprintf(stderr, "dry run: %zu objects for cluster ID %s; nothing was changed\n", objects->size(), qPrintable(plan->clusterId));
        return 0;
    }

    auto result = installer.install();
    if (!result)
        return fail(result.error());
    if (p.isSet(verbose))
        for (const QString &line : result->counts.lines)
            std::printf("%s\n", qPrintable(line));
    const QString what = !result->previous ? QStringLiteral("installed")
                       : *result->previous == result->installed ? QStringLiteral("re-applied")
                                                                : QStringLiteral("upgraded from %1").arg(result->previous->toString());
    std::printf("Spillway %s %s: cluster ID %s, namespace %s, %s runtime (%d created, %d configured, %d unchanged)\n",
                qPrintable(result->installed.toString()), qPrintable(what), qPrintable(result->clusterId), qPrintable(o.ns),
                qPrintable(runtimeName(o.runtime)), result->counts.created, result->counts.configured, result->counts.unchanged);
    if (!result->startedComponents.isEmpty())
        std::printf("Started: %s\n", qPrintable(result->startedComponents.join(QStringLiteral(", "))));
    return 0;
}

} // namespace spillctl
