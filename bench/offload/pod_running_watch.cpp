// bench-pod-running-watch NS [ready]: watches the pods of NS in $KUBECONFIG's cluster and prints
// "<microseconds since the epoch> <pod name>" the moment each pod is first seen Running (with
// "ready": its Ready condition True — what the burst's end is timed by). Used by
// bench/offload/run on both sides of an offloaded namespace to time remote→local status. An
// informer, not `kubectl get --watch`: the apiserver drops a watcher that falls behind in a
// burst, and kubectl then quietly exits, while the informer resumes from where it was.
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/Kubeconfig.h"
#include "observe/TerminationSignal.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cstdio>
#include <string>
#include <unordered_set>

using namespace spillway::kube;
using nlohmann::json;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2 && !(argc == 3 && std::string(argv[2]) == "ready")) {
        std::fprintf(stderr, "usage: bench-pod-running-watch NAMESPACE [ready] (kubeconfig from $KUBECONFIG)\n");
        return 2;
    }
    const bool ready = argc == 3;
    auto rc = agentRestConfig({});   // $KUBECONFIG or ~/.kube/config, its current context
    if (!rc) {
        std::fprintf(stderr, "%s\n", qPrintable(rc.error().toString()));
        return 2;
    }
    rc->qps = 0;
    KubeClient client(*rc);
    Informer::Options o;
    o.ns = QString::fromLocal8Bit(argv[1]);
    Informer pods(&client, resources::pods(), o);
    std::unordered_set<std::string> seen;
    auto look = [&seen, ready](const json &pod) {
        const json status = pod.value("status", json::object());
        if (!ready && status.value("phase", "") != "Running")
            return;
        if (ready) {
            bool isReady = false;
            for (const json &c : status.value("conditions", json::array()))
                isReady |= c.value("type", "") == "Ready" && c.value("status", "") == "True";
            if (!isReady)
                return;
        }
        const std::string name = pod["metadata"].value("name", "");
        if (seen.insert(name).second) {
            std::printf("%lld %s\n", QDateTime::currentMSecsSinceEpoch() * 1000LL, name.c_str());
            std::fflush(stdout);
        }
    };
    pods.addHandlers({look, [look](const json &, const json &now) { look(now); }, {}});
    pods.start();
    spillway::observe::onTerminationSignal(&app, [] { QCoreApplication::quit(); });
    return app.exec();
}
