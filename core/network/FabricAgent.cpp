#include "network/FabricAgent.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "kube/Controller.h"
#include "kube/PokingInformer.h"
#include "kube/Resource.h"
#include "network/GatewayDeployment.h"
#include "observe/Log.h"

namespace spillway::network {

using nlohmann::json;

namespace {
const QString kComponent = QStringLiteral("fabric");

QString describe(const std::vector<FabricRoute> &routes)
{
    QStringList out;
    for (const FabricRoute &r : routes)
        out << r.destination + QStringLiteral(" via ") + r.via;
    return out.isEmpty() ? QStringLiteral("none") : out.join(QStringLiteral(", "));
}
} // namespace

FabricAgent::FabricAgent(kube::KubeClient *client, Options options, QObject *parent)
    : QObject(parent), m_client(client), m_o(std::move(options)), m_backoff(m_o.retryBaseMs, m_o.retryCapMs, 2.0, 0.5, m_o.random)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &FabricAgent::runScheduled);
    connect(&m_resync, &QTimer::timeout, this, [this] { schedule(); });
}

FabricAgent::~FabricAgent()
{
    stop();
}

void FabricAgent::start()
{
    auto watch = [this](kube::ResourceRef resource, kube::Informer::Options o) {
        return kube::startPokingInformer(m_client, std::move(resource), std::move(o), this, [this] { schedule(); });
    };
    m_configurations = watch(apis::networking::v1beta1::configurationResource(), {});
    kube::Informer::Options gateways;
    gateways.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(kGatewayComponentLabel), QLatin1String(kGatewayComponentValue));
    m_pods = watch(kube::resources::pods(), gateways);
    // Only the addresses matter: a node's heartbeat changes the rest every few seconds.
    kube::Informer::Options nodes;
    nodes.transform = [](json &node) {
        json addresses = node.value("status", json::object()).value("addresses", json::array());
        node["status"] = {{"addresses", std::move(addresses)}};
        node.erase("spec");
    };
    m_nodes = watch(kube::resources::nodes(), nodes);
    if (m_o.resyncMs > 0)
        m_resync.start(int(m_o.resyncMs));
}

void FabricAgent::stop()
{
    m_timer.stop();
    m_resync.stop();
    for (auto *informer : {m_configurations.get(), m_pods.get(), m_nodes.get()})
        if (informer)
            informer->stop();
}

bool FabricAgent::synced() const
{
    for (auto *informer : {m_configurations.get(), m_pods.get(), m_nodes.get()})
        if (!informer || !informer->hasSynced())
            return false;
    return true;
}

void FabricAgent::schedule(qint64 delayMs)
{
    if (m_timer.isActive() && m_timer.remainingTime() <= delayMs)
        return;
    m_timer.start(int(delayMs));
}

void FabricAgent::runScheduled()
{
    auto r = kube::guarded(QStringLiteral("fabric on node %1").arg(m_o.nodeName), [this] { return reconcile(); });
    if (r) {
        m_backoff.reset();
    } else {
        const qint64 delay = m_backoff.next();
        observe::log("warning", kComponent, r.error().toString(), {{"node", m_o.nodeName}, {"retryMs", QString::number(delay)}});
        schedule(delay);
    }
    emit reconciled(r.ok());
}

Result<void> FabricAgent::reconcile()
{
    // Until all are listed a missing gateway means "not known yet": routes stay as they are.
    if (!synced())
        return {};
    const std::vector<FabricRoute> desired = fabricRoutes(m_o.nodeName, m_configurations->store().list(), m_pods->store().list(), m_nodes->store().list());
    auto shown = m_o.host.ip({QStringLiteral("-j"), QStringLiteral("route"), QStringLiteral("show"), QStringLiteral("proto"),
                              QString::number(kFabricRouteProtocol)});
    if (!shown)
        return shown.error();
    auto actual = parseFabricRoutes(*shown);
    if (!actual)
        return actual.error();
    const auto commands = fabricRouteCommands(desired, *actual);
    for (const QStringList &args : commands)
        if (auto r = m_o.host.ip(args); !r)
            return r.error();
    if (!commands.empty() || desired != m_applied)
        observe::log("info", kComponent, QStringLiteral("routes to the peers' networks: ") + describe(desired), {{"node", m_o.nodeName}});
    m_applied = desired;
    return {};
}

} // namespace spillway::network
