#include "console/Workspace.h"

#include "common/Yaml.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace spillway::console {

using nlohmann::json;

Result<Workspace> Workspace::load(const QString &path)
{
    QFile f(path);
    if (!f.exists())
        return Workspace{};
    if (!f.open(QIODevice::ReadOnly))
        return Error::of(Error::Kind::Config, QStringLiteral("cannot read workspace %1: %2").arg(path, f.errorString()));
    auto doc = yamlToJson(f.readAll(), path);
    if (!doc)
        return doc.error();
    Workspace w;
    if (doc->is_null())
        return w;
    if (!doc->is_object())
        return Error::of(Error::Kind::Config, QStringLiteral("workspace %1 is not a mapping with name and clusters").arg(path),
                         QStringLiteral("fix or delete the file; the console starts from your kubeconfig without it"));
    auto text = [](const json &o, const char *key) { return o.contains(key) && o[key].is_string() ? QString::fromStdString(o[key].get<std::string>()) : QString(); };
    if (const QString name = text(*doc, "name"); !name.isEmpty())
        w.name = name;
    const json clusters = doc->value("clusters", json::array());
    if (!clusters.is_array())
        return Error::of(Error::Kind::Config, QStringLiteral("workspace %1: clusters is not a list").arg(path));
    for (const json &c : clusters) {
        ClusterEntry e{text(c, "kubeconfig"), text(c, "context"), text(c, "displayName"), text(c, "colour")};
        if (e.kubeconfig.isEmpty())
            return Error::of(Error::Kind::Config, QStringLiteral("workspace %1: a cluster names no kubeconfig").arg(path));
        if (std::find(w.clusters.begin(), w.clusters.end(), e) == w.clusters.end())
            w.clusters.push_back(e);
    }
    return w;
}

Result<void> Workspace::save(const QString &path) const
{
    json clusters = json::array();
    for (const ClusterEntry &e : this->clusters) {
        json c = {{"kubeconfig", e.kubeconfig.toStdString()}, {"context", e.context.toStdString()}};
        if (!e.displayName.isEmpty())
            c["displayName"] = e.displayName.toStdString();
        if (!e.colour.isEmpty())
            c["colour"] = e.colour.toStdString();
        clusters.push_back(c);
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::of(Error::Kind::Config, QStringLiteral("cannot write workspace %1: %2").arg(path, f.errorString()));
    f.write(jsonToYaml(json{{"name", name.toStdString()}, {"clusters", clusters}}));
    if (!f.commit())
        return Error::of(Error::Kind::Config, QStringLiteral("cannot write workspace %1: %2").arg(path, f.errorString()));
    return {};
}

} // namespace spillway::console
