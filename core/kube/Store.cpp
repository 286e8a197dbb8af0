#include "kube/Store.h"

#include <mutex>

namespace spillway::kube {

using nlohmann::json;

QString Store::keyOf(const json &obj)
{
    const auto &m = obj.value("metadata", json::object());
    const std::string ns = m.value("namespace", "");
    const std::string name = m.value("name", "");
    return QString::fromStdString(ns.empty() ? name : ns + "/" + name);
}

QString Store::resourceVersionOf(const json &obj)
{
    return QString::fromStdString(obj.value("metadata", json::object()).value("resourceVersion", ""));
}

void Store::addIndexer(const QString &name, Indexer indexer)
{
    std::unique_lock lock(m_mutex);
    m_indexers.emplace_back(name, std::move(indexer));
    m_indexes.emplace_back();
}

std::optional<json> Store::upsert(const json &obj)
{
    const std::string key = keyOf(obj).toStdString();
    Entry e;
    e.json = obj.dump();
    // dump() grows its string by doubling; a cache of thousands keeps only what it holds.
    e.json.shrink_to_fit();
    e.resourceVersion = resourceVersionOf(obj).toStdString();
    for (size_t i = 0; i < m_indexers.size(); ++i)
        for (const QString &v : m_indexers[i].second(obj))
            e.indexValues.emplace_back(int(i), v.toStdString());
    std::unique_lock lock(m_mutex);
    std::optional<json> previous;
    auto it = m_items.find(key);
    if (it != m_items.end()) {
        previous = json::parse(it->second.json);
        m_bytes -= it->second.json.size();
        unindex(key, it->second);
        it->second = std::move(e);
    } else {
        it = m_items.emplace(key, std::move(e)).first;
    }
    m_bytes += it->second.json.size();
    for (const auto &[idx, value] : it->second.indexValues)
        m_indexes[size_t(idx)][value].insert(key);
    return previous;
}

void Store::unindex(const std::string &key, const Entry &e)
{
    for (const auto &[idx, value] : e.indexValues) {
        auto &index = m_indexes[size_t(idx)];
        auto vit = index.find(value);
        if (vit != index.end()) {
            vit->second.erase(key);
            if (vit->second.empty())
                index.erase(vit);
        }
    }
}

std::optional<json> Store::erase(const QString &qkey)
{
    const std::string key = qkey.toStdString();
    std::unique_lock lock(m_mutex);
    auto it = m_items.find(key);
    if (it == m_items.end())
        return std::nullopt;
    json previous = json::parse(it->second.json);
    m_bytes -= it->second.json.size();
    unindex(key, it->second);
    m_items.erase(it);
    return previous;
}

std::optional<json> Store::get(const QString &key) const
{
    std::shared_lock lock(m_mutex);
    auto it = m_items.find(key.toStdString());
    if (it == m_items.end())
        return std::nullopt;
    return json::parse(it->second.json);
}

std::optional<std::string> Store::resourceVersion(const QString &key) const
{
    std::shared_lock lock(m_mutex);
    auto it = m_items.find(key.toStdString());
    if (it == m_items.end())
        return std::nullopt;
    return it->second.resourceVersion;
}

QStringList Store::keys() const
{
    std::shared_lock lock(m_mutex);
    QStringList out;
    out.reserve(qsizetype(m_items.size()));
    for (const auto &[k, _] : m_items)
        out << QString::fromStdString(k);
    return out;
}

std::vector<json> Store::list() const
{
    std::shared_lock lock(m_mutex);
    std::vector<json> out;
    out.reserve(m_items.size());
    for (const auto &[_, e] : m_items)
        out.push_back(json::parse(e.json));
    return out;
}

QStringList Store::byIndex(const QString &indexName, const QString &value) const
{
    std::shared_lock lock(m_mutex);
    for (size_t i = 0; i < m_indexers.size(); ++i) {
        if (m_indexers[i].first != indexName)
            continue;
        QStringList out;
        auto it = m_indexes[i].find(value.toStdString());
        if (it != m_indexes[i].end())
            for (const auto &k : it->second)
                out << QString::fromStdString(k);
        return out;
    }
    return {};
}

size_t Store::size() const
{
    std::shared_lock lock(m_mutex);
    return m_items.size();
}

size_t Store::jsonBytes() const
{
    std::shared_lock lock(m_mutex);
    return m_bytes;
}

void Store::clear()
{
    std::unique_lock lock(m_mutex);
    m_items.clear();
    for (auto &i : m_indexes)
        i.clear();
    m_bytes = 0;
}

} // namespace spillway::kube
