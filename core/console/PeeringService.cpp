#include "console/PeeringService.h"

#include "console/ClientThread.h"
#include "kube/KubeClient.h"
#include "peering/InvitationIssuer.h"
#include "peering/OutOfBandChannel.h"
#include "peering/Unpeering.h"

#include <QThread>

namespace spillway::console {

PeeringService::PeeringService(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<Stage>();
}

PeeringService::~PeeringService()
{
    cancel();
    if (m_worker)
        m_worker->wait();
    delete m_worker;
}

void PeeringService::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

bool PeeringService::start(const ClusterEntry &consumer, const ClusterEntry *provider, int timeoutSeconds,
                           std::function<void(kube::KubeClient &, kube::KubeClient *)> work, const std::function<void(const Error &)> &failed)
{
    if (m_worker) {
        failed(Error::of(Error::Kind::Config, tr("Another peering operation is still running."), tr("Wait for it to finish or cancel it.")));
        return false;
    }
    // Each request waits at most this long for an answer; the workflow's own deadline is longer.
    const int requestMs = std::min(30000, std::max(5000, timeoutSeconds * 1000));
    m_consumer = std::make_unique<ClientThread>(consumer, QStringLiteral("peering-consumer"), requestMs, 2);
    if (provider)
        m_provider = std::make_unique<ClientThread>(*provider, QStringLiteral("peering-provider"), requestMs, 2);
    for (const ClientThread *c : {m_consumer.get(), m_provider.get()})
        if (c && !c->client()) {
            const Error e = *c->error();
            m_consumer.reset();
            m_provider.reset();
            failed(e);
            return false;
        }
    m_cancelled = std::make_shared<std::atomic_bool>(false);
    kube::KubeClient *c = m_consumer->client(), *p = m_provider ? m_provider->client() : nullptr;
    m_worker = QThread::create([c, p, work = std::move(work)] { work(*c, p); });
    m_worker->setObjectName(QStringLiteral("peering"));
    m_worker->start();
    return true;
}

void PeeringService::deliver(std::function<void()> f)
{
    QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection);
}

// Runs on the GUI thread after the worker's last signal was queued.
void PeeringService::finish()
{
    if (m_worker) {
        m_worker->wait();
        delete m_worker;
        m_worker = nullptr;
    }
    m_consumer.reset();
    m_provider.reset();
}

void PeeringService::peer(const PeeringRequest &request)
{
    const peering::PeerWorkflow::Options options = request.options();
    std::optional<peering::PeerInvitation> invitation;
    if (request.outOfBand()) {
        auto parsed = peering::PeerInvitation::parse(request.invitation.trimmed());
        if (!parsed) {
            emit peered(parsed.error(), Stage::Authentication, QString());
            return;
        }
        invitation = *parsed;
    }
    start(request.consumer, invitation ? nullptr : &request.provider, request.timeoutSeconds,
          [this, options, invitation](kube::KubeClient &consumer, kube::KubeClient *provider) {
        auto post = [this](std::function<void()> f) { deliver(std::move(f)); };
        peering::PeerWorkflow::Hooks hooks;
        hooks.cancelled = m_cancelled;
        hooks.stageStarted = [this, post](Stage s) { post([this, s] { emit stageStarted(s); }); };
        hooks.stageDone = [this, post](Stage s, qint64 ms) { post([this, s, ms] { emit stageDone(s, ms); }); };
        hooks.stageSkipped = [this, post](Stage s) { post([this, s] { emit stageSkipped(s); }); };
        hooks.progress = [this, post](const QString &line) { post([this, line] { emit progress(line); }); };
        std::variant<peering::PeerWorkflow::Outcome, peering::PeerWorkflow::Failure> outcome;
        if (provider) {
            outcome = peering::PeerWorkflow(consumer, *provider, options, hooks).run();
        } else {
            peering::OutOfBandChannel channel(*invitation, 10000, hooks.progress);
            outcome = peering::PeerWorkflow(consumer, channel, options, hooks).run();
        }
        if (auto *failure = std::get_if<peering::PeerWorkflow::Failure>(&outcome)) {
            post([this, f = *failure] {
                finish();
                emit peered(f.error, f.stage, QString());
            });
        } else {
            post([this, node = std::get<peering::PeerWorkflow::Outcome>(outcome).virtualNode] {
                finish();
                emit peered(std::nullopt, Stage::Network, node);
            });
        }
    }, [this](const Error &e) { emit peered(e, Stage::Network, QString()); });
}

void PeeringService::unpeer(const ClusterEntry &consumer, const ClusterEntry &provider, int timeoutSeconds)
{
    start(consumer, &provider, timeoutSeconds, [this, timeoutSeconds](kube::KubeClient &c, kube::KubeClient *p) {
        auto post = [this](std::function<void()> f) { deliver(std::move(f)); };
        peering::Unpeering::Options o;
        o.timeoutMs = timeoutSeconds * 1000;
        auto outcome = peering::Unpeering(c, p, o, [this, post](const QString &line) { post([this, line] { emit progress(line); }); }, m_cancelled).run();
        post([this, outcome] {
            finish();
            if (outcome)
                emit unpeered(std::nullopt, outcome->removed);
            else
                emit unpeered(outcome.error(), {});
        });
    }, [this](const Error &e) { emit unpeered(e, {}); });
}

void PeeringService::generateInvitation(const ClusterEntry &provider, qint64 ttlSeconds, const QString &name)
{
    m_inviter = std::make_unique<ClientThread>(provider, QStringLiteral("invitation"));
    m_inviter->run(this, [this, ttlSeconds, name](kube::KubeClient &client) -> std::function<void()> {
        auto invitation = peering::issueInvitation(client, QStringLiteral("liqo"), ttlSeconds, name);
        if (!invitation)
            return [this, e = invitation.error()] { emit invitationReady(e, QString()); };
        return [this, command = invitation->toCommand()] { emit invitationReady(std::nullopt, command); };
    }, [this](const Error &e) { emit invitationReady(e, QString()); });
}

} // namespace spillway::console
