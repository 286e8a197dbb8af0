#include "observe/AgentConnection.h"

#include "kube/Kubeconfig.h"
#include "observe/Log.h"

namespace spillway::observe {

Result<kube::RestConfig> agentConnection(const QString &component, const QString &kubeconfigFile, const QString &context)
{
    Result<kube::RestConfig> config = kube::agentRestConfig(kubeconfigFile, context);
    if (config)
        if (const QString warning = kube::insecureTlsWarning(*config); !warning.isEmpty())
            log("warning", component, warning);
    return config;
}

} // namespace spillway::observe
