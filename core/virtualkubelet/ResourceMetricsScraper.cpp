#include "virtualkubelet/ResourceMetricsScraper.h"

#include <memory>
#include <optional>

namespace spillway::virtualkubelet {

using nlohmann::json;

ResourceMetricsScraper::ResourceMetricsScraper(kube::KubeClient *provider, MappedNamespaces mapped, IsOurs isOurs)
    : m_provider(provider), m_mapped(std::move(mapped)), m_isOurs(std::move(isOurs))
{
}

void ResourceMetricsScraper::scrape(std::function<void(Result<QByteArray>)> done)
{
    const QHash<QString, QString> mapped = m_mapped();
    struct Pending {
        int left = 0;
        std::vector<json> lists;
        std::optional<Error> failed;
        QHash<QString, QString> localOf;   // remote → local
        std::function<void(Result<QByteArray>)> done;
    };
    auto pending = std::make_shared<Pending>();
    pending->left = int(mapped.size());
    pending->done = std::move(done);
    for (auto it = mapped.begin(); it != mapped.end(); ++it)
        pending->localOf.insert(it.value(), it.key());
    auto finish = [this, pending] {
        if (pending->failed) {
            pending->done(*pending->failed);
            return;
        }
        m_metrics.observe(pending->lists, [this, pending](const QString &remoteNs, const QString &pod) {
            const QString local = pending->localOf.value(remoteNs);
            return !local.isEmpty() && m_isOurs(local, pod) ? local : QString();
        });
        pending->done(m_metrics.render());
    };
    if (mapped.isEmpty()) {
        finish();
        return;
    }
    for (const QString &remote : mapped) {
        kube::KubeRequest req;
        req.path = kube::resources::podMetrics().path(remote);
        req.describe = kube::resources::podMetrics().describe(remote);
        m_provider->send(req, [pending, finish](Result<kube::KubeResponse> r) {
            if (!r) {
                Error e = r.error();
                if (e.httpStatus == 404 || e.httpStatus == 503)
                    e.hint = QStringLiteral("the provider serves no metrics.k8s.io: install metrics-server there");
                if (!pending->failed)
                    pending->failed = e;
            } else {
                json list = json::parse(r->body.toStdString(), nullptr, false);
                if (list.is_discarded() && !pending->failed)
                    pending->failed = Error::of(Error::Kind::Decode, QStringLiteral("the provider's PodMetrics list is not JSON"));
                else
                    pending->lists.push_back(std::move(list));
            }
            if (--pending->left == 0)
                finish();
        });
    }
}

} // namespace spillway::virtualkubelet
