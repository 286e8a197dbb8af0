#include "kube/ApplyObject.h"

namespace spillway::kube {

using nlohmann::json;

Result<ObjectTarget> targetOf(KubeClient &client, const json &object)
{
    auto ref = client.resolve(QString::fromStdString(object.value("apiVersion", "")), QString::fromStdString(object.value("kind", "")));
    if (!ref)
        return ref.error();
    const json meta = object.value("metadata", json::object());
    return ObjectTarget{*ref, ref->namespaced ? QString::fromStdString(meta.value("namespace", "")) : QString(),
                        QString::fromStdString(meta.value("name", ""))};
}

Result<json> applyObject(KubeClient &client, const json &object, const QString &fieldManager)
{
    auto target = targetOf(client, object);
    if (!target)
        return target.error();
    return client.apply(target->resource, target->ns, object, fieldManager, /*force=*/true);
}

} // namespace spillway::kube
