// libFuzzer: an apiserver's error response (HTTP status + body, usually a Kubernetes Status) turned
// into the error the user reads. The first two bytes choose the HTTP status.
#include "kube/KubeClient.h"

#include <QCoreApplication>

namespace {
QCoreApplication *app = nullptr;
spillway::kube::KubeClient *client = nullptr;
} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    app = new QCoreApplication(*argc, *argv);
    spillway::kube::RestConfig config;
    config.server = QStringLiteral("https://127.0.0.1:6443");
    client = new spillway::kube::KubeClient(config);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const int status = 100 + (data[0] << 8 | data[1]) % 500;
    spillway::kube::KubeRequest request;
    request.path = QStringLiteral("/api/v1/namespaces/default/configmaps/x");
    request.describe = QStringLiteral("configmaps default/x");
    const spillway::Error e = client->errorFromResponse(request, status, QByteArray(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2)));
    (void)e.toString();
    return 0;
}
