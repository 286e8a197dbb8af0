// libFuzzer: a request line the apiserver (or anyone reaching the virtual kubelet's port) sends,
// parsed into what the virtual kubelet serves, and, for streams, into the provider's request.
// The input is the method, a space, then the target. A parsed name must never carry a path
// separator onto the provider's path.
#include "kube/Query.h"
#include "virtualkubelet/KubeletRequest.h"

#include <cstdlib>

using namespace spillway;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype space = input.indexOf(' ');
    const QByteArray method = space < 0 ? QByteArray("GET") : input.left(space);
    const QByteArray target = space < 0 ? input : input.mid(space + 1);
    (void)kube::parseGoQuery(target);
    const virtualkubelet::KubeletRequest r = virtualkubelet::parseKubeletRequest(method, target);
    (void)virtualkubelet::accessFor(r);
    for (const QString &name : {r.ns, r.pod, r.container})
        if (name.contains(QLatin1Char('/')) || name == QLatin1String(".."))
            std::abort();
    if (r.isStreaming()) {
        const QByteArray remote = virtualkubelet::remoteStreamTarget(r, QStringLiteral("remote-ns"));
        if (!remote.startsWith("/api/v1/namespaces/remote-ns/pods/" + r.pod.toUtf8() + '/') || remote.contains("\r") || remote.contains("\n")
            || remote.contains(' '))
            std::abort();
    }
    return 0;
}
