#include "virtualkubelet/ResourceMetrics.h"

#include "common/JsonText.h"
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

// CPU as metrics-server writes it: nanocores ("250006234n"), micro, milli or whole cores. Not
// Quantity, which keeps whole millicores (rounding 50000n up to 1m, twenty times too much).
std::optional<double> parseCpuCores(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+(?:\\.\\d+)?)(n|u|m)?$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const double v = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    return unit == QLatin1String("n") ? v * 1e-9 : unit == QLatin1String("u") ? v * 1e-6 : unit == QLatin1String("m") ? v * 1e-3 : v;
}

void ResourceMetrics::observe(const std::vector<json> &podMetricsLists, const LocalNamespaceOf &localOf)
{
    std::map<Key, Container> next;
    for (const json &list : podMetricsLists) {
        const json &items = memberOf(list, "items");
        if (!items.is_array()) {
            ++m_malformed;
            continue;
        }
        for (const json &item : items) {
            const json &meta = memberOf(item, "metadata");
            const QString remoteNs = textOf(meta, "namespace"), pod = textOf(meta, "name");
            const QDateTime at = QDateTime::fromString(textOf(item, "timestamp"), Qt::ISODateWithMs);
            const qint64 windowMs = parseGoDurationMs(textOf(item, "window"));
            const json &containers = memberOf(item, "containers");
            if (pod.isEmpty() || remoteNs.isEmpty() || !at.isValid() || windowMs < 0 || !containers.is_array()) {
                ++m_malformed;
                continue;
            }
            const QString localNs = localOf(remoteNs, pod);
            if (localNs.isEmpty())
                continue;
            const qint64 atMs = at.toMSecsSinceEpoch();
            for (const json &c : containers) {
                const json &usage = memberOf(c, "usage");
                const auto cpu = parseCpuCores(textOf(usage, "cpu"));
                const auto memory = Quantity::parse(textOf(usage, "memory"));
                const QString name = textOf(c, "name");
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
                    added = *cpu * double(windowMs) / 1000.0;
                    now.cpuSeconds = added;
                } else if (atMs > before->second.atMs) {
                    added = *cpu * double(atMs - before->second.atMs) / 1000.0;
                    now.cpuSeconds = before->second.cpuSeconds + added;
                } else {   // the provider has not sampled again since
                    now = before->second;
                    now.memoryBytes = memory->value();
                }
                m_nodeCpuSeconds += added;
                m_nodeAtMs = std::max(m_nodeAtMs, atMs);
                now.present = true;
                next[key] = now;
            }
        }
    }
    constexpr qint64 kKeepAbsentMs = 5 * 60 * 1000;
    for (auto &[key, c] : m_containers)
        if (!next.count(key) && m_nodeAtMs - c.atMs < kKeepAbsentMs) {
            c.present = false;
            next.emplace(key, c);
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
        if (c.present)
            out += "container_cpu_usage_seconds_total" + labels(k) + ' ' + number(c.cpuSeconds) + ' ' + QByteArray::number(c.atMs) + '\n';
    out += "# HELP container_memory_working_set_bytes Current working set of the container in bytes\n"
           "# TYPE container_memory_working_set_bytes gauge\n";
    double nodeMemory = 0;
    for (const auto &[k, c] : m_containers) {
        if (!c.present)
            continue;
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
