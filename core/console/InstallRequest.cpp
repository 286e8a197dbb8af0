#include "console/InstallRequest.h"

namespace spillway::console {

Result<installer::InstallOptions> InstallRequest::parse() const
{
    installer::InstallOptions o;
    o.distro = distro;
    o.clusterId = clusterId.trimmed();
    if (!clusterLabels.trimmed().isEmpty()) {
        auto labels = installer::parseKeyValues(clusterLabels.trimmed(), QStringLiteral("--cluster-labels"));
        if (!labels)
            return labels.error();
        o.clusterLabels = *labels;
    }
    for (const QString &c : podCidrs.split(QLatin1Char(','), Qt::SkipEmptyParts))
        o.podCidrs << c.trimmed();
    o.serviceCidr = serviceCidr.trimmed();
    if (const auto asked = askedRuntime())
        o.runtime = *asked;
    else if (runtime != QLatin1String("auto"))
        return Error::of(Error::Kind::Config, tr("Runtime must be auto, local or kubernetes (got \"%1\").").arg(runtime));
    for (const QString &line : values.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.trimmed().isEmpty())
            continue;
        auto kv = installer::parseKeyValues(line.trimmed(), QStringLiteral("--set"));
        if (!kv)
            return kv.error();
        for (auto it = kv->begin(); it != kv->end(); ++it)
            o.values[it.key()] = it.value();
    }
    o.stateDir = stateDir.trimmed();
    o.binDir = binDir.trimmed();
    return o;
}

std::optional<installer::Runtime> InstallRequest::askedRuntime() const
{
    return runtime == QLatin1String("auto") ? std::nullopt : installer::parseRuntime(runtime);
}

QStringList InstallRequest::problems() const
{
    QStringList out;
    if (cluster.kubeconfig.isEmpty())
        out << tr("Choose the cluster to install into.");
    auto o = parse();
    if (!o)
        return out << o.error().message;
    if (timeoutSeconds <= 0)
        out << tr("Timeout: give a number of seconds above zero.");
    return out + installer::validate(*o);
}

installer::InstallOptions InstallRequest::options() const
{
    auto o = parse();
    return o ? *o : installer::InstallOptions{};
}

} // namespace spillway::console
