#include "virtualkubelet/ResourceMetrics.h"

#include "common/Quantity.h"

#include <QDateTime>
#include <QRegularExpression>

namespace spillway::virtualkubelet {

using nlohmann::json;

qint64 parseGoDurationMs(const QString &text)
{
    static const QRegularExpression part(QStringLiteral("(\\d+(?:\\.\\d+)?)(h|ms|m|s)"));
    if (text.isEmpty())
        return -1;
    double ms = 0;
    qsizetype at = 0;
    for (auto it = part.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (m.capturedStart() != at)
            return -1;
        at = m.capturedEnd();
        const double v = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        ms += unit == QLatin1String("h") ? v * 3600000 : unit == QLatin1String("m") ? v * 60000 : unit == QLatin1String("s") ? v * 1000 : v;
    }
    return at == text.size() ? qint64(ms + 0.5) : -1;
}

void ResourceMetrics::observe(const std::vector<json> &podMetricsLists, const LocalNamespaceOf &localOf)
{
    std::map<Key, Container> next;
    for (const json &list : podMetricsLists) {
        if (!list.is_object() || !list.contains("items") || !list["items"].is_array()) {
            ++m_malformed;
            continue;
        }
        for (const json &item : list["items"]) {
            const json meta = item.value("metadata", json::object());
            const QString remoteNs = QString::fromStdString(meta.value("namespace", ""));
            const QString pod = QString::fromStdString(meta.value("name", ""));
            const QDateTime at = QDateTime::fromString(QString::fromStdString(item.value("timestamp", "")), Qt::ISODateWithMs);
            const qint64 windowMs = parseGoDurationMs(QString::fromStdString(item.value("window", "")));
            if (pod.isEmpty() || remoteNs.isEmpty() || !at.isValid() || windowMs < 0 || !item.value("containers", json()).is_array()) {
                ++m_malformed;
                continue;
            }
            const QString localNs = localOf(remoteNs, pod);
            if (localNs.isEmpty())
                continue;
            const qint64 atMs = at.toMSecsSinceEpoch();
            for (const json &c : item["containers"]) {
                const json usage = c.value("usage", json::object());
                const auto cpu = Quantity::parse(QString::fromStdString(usage.value("cpu", "")));
                const auto memory = Quantity::parse(QString::fromStdString(usage.value("memory", "")));
                const QString name = QString::fromStdString(c.value("name", ""));
                if (name.isEmpty() || !cpu || !memory) {
                    ++m_malformed;
                    continue;
                }
                const Key key{localNs, pod, name};
                Container now;
                now.memoryBytes = memory->value();
                now.atMs = atMs;
                double added = 0;
                if (auto before = m_containers.find(key); before == m_containers.end()) {
                    added = cpu->value() * double(windowMs) / 1000.0;
                    now.cpuSeconds = added;
                } else if (atMs > before->second.atMs) {
                    added = cpu->value() * double(atMs - before->second.atMs) / 1000.0;
                    now.cpuSeconds = before->second.cpuSeconds + added;
                } else {   // the provider has not sampled again since
                    now = before->second;
                    now.memoryBytes = memory->value();
                }
                m_nodeCpuSeconds += added;
                m_nodeAtMs = std::max(m_nodeAtMs, atMs);
                next[key] = now;
            }
        }
    }
    m_containers = std::move(next);
}

QByteArray ResourceMetrics::render() const
{
    QByteArray out;
    auto number = [](double v) { return QByteArray::number(v, 'f', 6); };
    auto labels = [](const Key &k) {
        // Names are DNS labels, so nothing in them needs escaping.
        return QStringLiteral("{container=\"%3\",namespace=\"%1\",pod=\"%2\"}").arg(std::get<0>(k), std::get<1>(k), std::get<2>(k)).toUtf8();
    };
    out += "# HELP container_cpu_usage_seconds_total Cumulative cpu time consumed by the container in core-seconds\n"
           "# TYPE container_cpu_usage_seconds_total counter\n";
    for (const auto &[k, c] : m_containers)
        out += "container_cpu_usage_seconds_total" + labels(k) + ' ' + number(c.cpuSeconds) + ' ' + QByteArray::number(c.atMs) + '\n';
    out += "# HELP container_memory_working_set_bytes Current working set of the container in bytes\n"
           "# TYPE container_memory_working_set_bytes gauge\n";
    double nodeMemory = 0;
    for (const auto &[k, c] : m_containers) {
        out += "container_memory_working_set_bytes" + labels(k) + ' ' + number(c.memoryBytes) + ' ' + QByteArray::number(c.atMs) + '\n';
        nodeMemory += c.memoryBytes;
    }
    if (m_nodeAtMs > 0) {
        out += "# HELP node_cpu_usage_seconds_total Cumulative cpu time consumed by the node in core-seconds\n"
               "# TYPE node_cpu_usage_seconds_total counter\n"
               "node_cpu_usage_seconds_total " + number(m_nodeCpuSeconds) + ' ' + QByteArray::number(m_nodeAtMs) + '\n';
        out += "# HELP node_memory_working_set_bytes Current working set of the node in bytes\n"
               "# TYPE node_memory_working_set_bytes gauge\n"
               "node_memory_working_set_bytes " + number(nodeMemory) + ' ' + QByteArray::number(m_nodeAtMs) + '\n';
    }
    return out;
}

} // namespace spillway::virtualkubelet
