#include "installer/ResolveRuntime.h"

#include "kube/Resource.h"

#include <QCoreApplication>

namespace spillway::installer {

Result<ResolvedRuntime> resolveRuntime(kube::KubeClient &client, std::optional<Runtime> asked, const QMap<QString, QString> &values)
{
    ResolvedRuntime out;
    if (asked == Runtime::Local) {
        out.choice = *chooseRuntime(asked, nlohmann::json::object());
        return out;
    }
    auto nodes = client.list(kube::resources::nodes(), {});
    if (!nodes)
        return nodes.error();
    auto choice = chooseRuntime(asked, *nodes);
    if (!choice)
        return choice.error();
    out.choice = *choice;
    if (out.choice.runtime == Runtime::Kubernetes)
        for (const QString &ref : imagesMissingFromNodes(agentImageRefs(values), *nodes, out.choice.capableNodes))
            out.warnings << QCoreApplication::translate("RuntimeChoice", "no node that can run the agents has the image %1: unless %2 serves it, its pods will wait "
                                           "(ErrImagePull or ErrImageNeverPull). Load it into the nodes' runtime (e.g. ctr -n k8s.io images import "
                                           "ARCHIVE from ./run images; on the testbed ./run cluster import NAME build/images/*.tar) or push it there")
                                .arg(ref, ref.section(QLatin1Char('/'), 0, -2));
    return out;
}

} // namespace spillway::installer
