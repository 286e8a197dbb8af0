#include "storage/StorageEvents.h"

#include "observe/Log.h"

#include <QDateTime>

namespace spillway::storage {

using nlohmann::json;

void recordEvent(kube::KubeClient &client, const json &object, const char *type, const char *reason, const QString &message,
                      const QString &component)
{
    const json meta = object.value("metadata", json::object());
    const QString ns = QString::fromStdString(meta.value("namespace", ""));
    const QString name = QStringLiteral("%1.%2.%3").arg(QString::fromStdString(meta.value("name", "")), QString::fromLatin1(reason).toLower(),
                                                       QString::fromStdString(meta.value("uid", "")).left(8));
    const std::string now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    const json event = {{"apiVersion", "v1"}, {"kind", "Event"},
                        {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}}},
                        {"involvedObject", {{"apiVersion", object.value("apiVersion", "v1")}, {"kind", object.value("kind", "")}, {"name", meta.value("name", "")},
                                            {"namespace", ns.toStdString()}, {"uid", meta.value("uid", "")}}},
                        {"reason", reason}, {"message", message.toStdString()}, {"type", type},
                        {"source", {{"component", component.toStdString()}}},
                        {"firstTimestamp", now}, {"lastTimestamp", now}, {"count", 1}};
    // Create, else refresh: the components may write Events but not read them.
    Result<json> written = client.create(kube::resources::events(), ns, event);
    if (!written && written.error().isAlreadyExists()) {
        const json patch = {{"message", message.toStdString()}, {"type", type}, {"lastTimestamp", now}};
        written = client.patch(kube::resources::events(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    }
    if (!written)
        observe::log("warning", component, QStringLiteral("cannot record the %1 event on %2/%3: %4")
                                               .arg(QString::fromLatin1(reason), ns, QString::fromStdString(meta.value("name", "")), written.error().toString()));
}

} // namespace spillway::storage
