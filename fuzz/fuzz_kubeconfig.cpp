// libFuzzer: the kubeconfig loader (a user's file, or one pasted into the console), through to
// resolving every context into a RestConfig. Errors are fine; crashes, hangs and leaks are not.
#include "kube/Kubeconfig.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using spillway::kube::Kubeconfig;
    auto config = Kubeconfig::fromYaml(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), {}, QStringLiteral("fuzz"));
    if (!config)
        return 0;
    (void)config->currentContext();
    for (const QString &context : config->contextNames())
        (void)config->restConfig(context);   // reads no file: the input names none that exist... or does, and it is read
    return 0;
}
