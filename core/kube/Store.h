#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace spillway::kube {

// An informer's cache: objects by "namespace/name" (or "name" when cluster-scoped), kept as
// compact JSON so the cache costs about what the objects weigh on the wire, plus indexes.
// Readers may be on any thread.
class Store
{
public:
    using Indexer = std::function<QStringList(const nlohmann::json &)>;

    static QString keyOf(const nlohmann::json &obj);
    static QString resourceVersionOf(const nlohmann::json &obj);

    void addIndexer(const QString &name, Indexer indexer);   // before the first object
    // Returns the previous object, if any.
    std::optional<nlohmann::json> upsert(const nlohmann::json &obj);
    std::optional<nlohmann::json> erase(const QString &key);
    std::optional<nlohmann::json> get(const QString &key) const;
    std::optional<std::string> resourceVersion(const QString &key) const;
    QStringList keys() const;
    std::vector<nlohmann::json> list() const;
    QStringList byIndex(const QString &indexName, const QString &value) const;
    size_t size() const;
    size_t jsonBytes() const;   // sum of the cached objects' compact JSON
    void clear();

private:
    struct Entry {
        std::string json;
        std::string resourceVersion;
        std::vector<std::pair<int, std::string>> indexValues;   // (indexer, value)
    };
    void unindex(const std::string &key, const Entry &e);

    mutable std::shared_mutex m_mutex;
    std::unordered_map<std::string, Entry> m_items;
    std::vector<std::pair<QString, Indexer>> m_indexers;
    std::vector<std::unordered_map<std::string, std::unordered_set<std::string>>> m_indexes;
    size_t m_bytes = 0;
};

} // namespace spillway::kube
