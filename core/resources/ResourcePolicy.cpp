#include "resources/ResourcePolicy.h"

#include <cmath>

namespace spillway::resources {

using nlohmann::json;

Result<ResourcePolicy> parsePolicy(const json &j)
{
    if (!j.is_object())
        return Error::of(Error::Kind::Config, QStringLiteral("a resource policy is a JSON object"));
    ResourcePolicy p;
    const std::string kind = j.value("policy", "percentage");
    if (kind == "percentage")
        p.kind = ResourcePolicy::Kind::Percentage;
    else if (kind == "fixed-resources")
        p.kind = ResourcePolicy::Kind::FixedResources;
    else if (kind == "node-labels-resources")
        p.kind = ResourcePolicy::Kind::NodeLabelsResources;
    else
        return Error::of(Error::Kind::Config, QStringLiteral("unknown resource policy \"%1\"").arg(QString::fromStdString(kind)),
                         QStringLiteral("use percentage, fixed-resources or node-labels-resources"));
    if (j.contains("percentage")) {
        if (!j["percentage"].is_number_integer() || j["percentage"].get<int>() < 0 || j["percentage"].get<int>() > 100)
            return Error::of(Error::Kind::Config, QStringLiteral("percentage must be a whole number from 0 to 100"));
        p.percentage = j["percentage"].get<int>();
    }
    if (j.contains("resources")) {
        for (auto it = j["resources"].begin(); it != j["resources"].end(); ++it) {
            const auto q = it->is_string() ? Quantity::parse(QString::fromStdString(it->get<std::string>())) : std::nullopt;
            if (!q || q->milli < 0)
                return Error::of(Error::Kind::Config, QStringLiteral("resources.%1 is not a quantity").arg(QString::fromStdString(it.key())));
            p.fixed.insert(QString::fromStdString(it.key()), *q);
        }
    }
    if (p.kind == ResourcePolicy::Kind::FixedResources && p.fixed.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("fixed-resources needs resources, e.g. {\"cpu\":\"2000m\",\"memory\":\"2G\",\"pods\":\"10\"}"));
    if (j.contains("nodeSelector"))
        for (auto it = j["nodeSelector"].begin(); it != j["nodeSelector"].end(); ++it)
            p.nodeSelector.insert(QString::fromStdString(it.key()), QString::fromStdString(it->is_string() ? it->get<std::string>() : it->dump()));
    if (j.contains("overcommit")) {
        if (!j["overcommit"].is_number() || !(j["overcommit"].get<double>() >= 1.0 && j["overcommit"].get<double>() <= 10.0))
            return Error::of(Error::Kind::Config, QStringLiteral("overcommit must be a number from 1 (none) to 10"));
        p.overcommit = j["overcommit"].get<double>();
    }
    if (p.kind == ResourcePolicy::Kind::NodeLabelsResources && p.nodeSelector.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("node-labels-resources needs a nodeSelector"));
    return p;
}

json toJson(const ResourcePolicy &p)
{
    json j = {{"policy", p.kind == ResourcePolicy::Kind::Percentage ? "percentage"
                         : p.kind == ResourcePolicy::Kind::FixedResources ? "fixed-resources" : "node-labels-resources"},
              {"percentage", p.percentage}};
    if (!p.fixed.isEmpty())
        j["resources"] = toJson(p.fixed);
    if (p.overcommit != 1.0)
        j["overcommit"] = p.overcommit;
    for (auto it = p.nodeSelector.begin(); it != p.nodeSelector.end(); ++it)
        j["nodeSelector"][it.key().toStdString()] = it.value().toStdString();
    return j;
}

ResourceList freeResources(const ClusterUsage &usage, const QMap<QString, QString> &selector, double overcommit)
{
    ResourceList free;
    for (const auto &node : usage.nodes) {
        bool matches = true;
        for (auto it = selector.begin(); it != selector.end(); ++it)
            matches &= node.labels.value(it.key()) == it.value();
        if (!matches)
            continue;
        for (auto it = node.allocatable.begin(); it != node.allocatable.end(); ++it)
            free[it.key()].milli += std::max<qint64>(0, qint64(double(it->milli) * (overcommittable(it.key()) ? overcommit : 1.0))
                                                            - node.requested.value(it.key()).milli);
    }
    for (auto it = usage.grantedToOthers.begin(); it != usage.grantedToOthers.end(); ++it)
        if (free.contains(it.key()))
            free[it.key()].milli = std::max<qint64>(0, free[it.key()].milli - it->milli);
    return free;
}

ResourceList grant(const ResourcePolicy &policy, const ClusterUsage &usage, const ResourceList &requested)
{
    ResourceList offer;
    if (policy.kind == ResourcePolicy::Kind::FixedResources) {
        offer = policy.fixed;
    } else {
        const ResourceList free = freeResources(usage, policy.kind == ResourcePolicy::Kind::NodeLabelsResources ? policy.nodeSelector
                                                                                                               : QMap<QString, QString>{},
                                                policy.overcommit);
        for (auto it = free.begin(); it != free.end(); ++it) {
            qint64 share = it->milli / 100 * policy.percentage;
            // Countable things are whole: a fraction of a pod slot is no slot.
            if (it.key() == QLatin1String("pods") || it.key() == QLatin1String("memory") || it.key().startsWith(QLatin1String("ephemeral")))
                share -= share % 1000;
            offer.insert(it.key(), Quantity{share});
        }
    }
    ResourceList out;
    if (requested.isEmpty())
        out = offer;
    else
        for (auto it = requested.begin(); it != requested.end(); ++it)
            out.insert(it.key(), Quantity{std::min(it->milli, offer.value(it.key()).milli)});
    // Running pods keep what they use: a grant never shrinks under them.
    for (auto it = usage.heldByOwnPods.begin(); it != usage.heldByOwnPods.end(); ++it)
        if (out.contains(it.key()) && out[it.key()].milli < it->milli)
            out[it.key()] = *it;
    return out;
}

bool worthUpdating(const ResourceList &current, const ResourceList &next, double threshold)
{
    if (current.keys() != next.keys())
        return true;
    for (auto it = next.begin(); it != next.end(); ++it) {
        const double before = double(current.value(it.key()).milli), after = double(it->milli);
        if (before == 0 ? after != 0 : std::fabs(after - before) / before > threshold)
            return true;
    }
    return false;
}

ResourceList parseResourceList(const json &object)
{
    ResourceList out;
    if (!object.is_object())
        return out;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString text = it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString::fromStdString(it->dump());
        if (const auto q = Quantity::parse(text))
            out.insert(QString::fromStdString(it.key()), *q);
    }
    return out;
}

json toJson(const ResourceList &list)
{
    json out = json::object();
    for (auto it = list.begin(); it != list.end(); ++it) {
        const qint64 milli = it->milli;
        std::string text = it->toString().toStdString();
        if (milli % 1000 == 0 && (it.key() == QLatin1String("memory") || it.key().contains(QLatin1String("storage")))) {
            const qint64 bytes = milli / 1000;
            // The shortest of the usual spellings: 2G rather than 1953125Ki, 16Gi rather than 17179869184.
            const std::pair<qint64, const char *> units[] = {{1LL << 30, "Gi"}, {1000000000LL, "G"}, {1LL << 20, "Mi"},
                                                              {1000000LL, "M"}, {1LL << 10, "Ki"}};
            for (const auto &[size, suffix] : units)
                if (bytes && bytes % size == 0) {
                    text = std::to_string(bytes / size) + suffix;
                    break;
                }
        }
        out[it.key().toStdString()] = text;
    }
    return out;
}

QString formatQuantity(const QString &key, Quantity q)
{
    const json j = toJson(ResourceList{{key, q}});
    const json &v = j[key.toStdString()];
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

bool overcommittable(const QString &key)
{
    return key == QLatin1String("cpu") || key == QLatin1String("memory");
}

} // namespace spillway::resources
