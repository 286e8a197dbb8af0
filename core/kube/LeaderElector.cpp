#include "kube/LeaderElector.h"

namespace spillway::kube {

using nlohmann::json;

namespace {
std::string microTime(const QDateTime &t)
{
    return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz000Z")).toStdString();
}
} // namespace

LeaderElector::LeaderElector(KubeClient *client, Options options, QObject *parent)
    : QObject(parent), m_client(client), m_options(std::move(options))
{
    if (!m_options.clock)
        m_options.clock = steadyClock();
    if (!m_options.wallClock)
        m_options.wallClock = [] { return QDateTime::currentDateTimeUtc(); };
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &LeaderElector::tick);
}

LeaderElector::~LeaderElector()
{
    blockSignals(true);
    stop();
}

void LeaderElector::start()
{
    if (m_running)
        return;
    m_running = true;
    tick();
}

void LeaderElector::stop()
{
    if (!m_running)
        return;
    m_running = false;
    m_timer.stop();
    if (m_leader && m_options.releaseOnStop) {
        auto lease = m_client->get(resources::leases(), m_options.ns, m_options.name);
        if (lease && (*lease)["spec"].value("holderIdentity", "") == m_options.identity.toStdString()) {
            json l = *lease;
            l["spec"]["holderIdentity"] = nullptr;
            l["spec"]["leaseDurationSeconds"] = 1;
            l["spec"]["renewTime"] = microTime(m_options.wallClock());
            m_client->update(resources::leases(), m_options.ns, l);
        }
    }
    setLeader(false);
}

void LeaderElector::setLeader(bool leader)
{
    if (m_leader == leader)
        return;
    m_leader = leader;
    if (leader)
        emit startedLeading();
    else
        emit stoppedLeading();
}

void LeaderElector::tick()
{
    if (!m_running)
        return;
    const bool held = tryAcquireOrRenew();
    const qint64 now = m_options.clock();
    if (held) {
        m_lastRenew = now;
        setLeader(true);
    } else if (m_leader && now - m_lastRenew >= m_options.renewDeadlineMs) {
        setLeader(false);
    }
    if (m_running)
        m_timer.start(int(m_options.retryPeriodMs));
}

bool LeaderElector::tryAcquireOrRenew()
{
    const QDateTime wallNow = m_options.wallClock();
    const qint64 now = m_options.clock();
    const std::string me = m_options.identity.toStdString();
    const int durationSeconds = int((m_options.leaseDurationMs + 999) / 1000);

    auto lease = m_client->get(resources::leases(), m_options.ns, m_options.name);
    if (!lease) {
        if (!lease.error().isNotFound())
            return false;
        json l = {{"apiVersion", "coordination.k8s.io/v1"},
                  {"kind", "Lease"},
                  {"metadata", {{"name", m_options.name.toStdString()}, {"namespace", m_options.ns.toStdString()}}},
                  {"spec",
                   {{"holderIdentity", me},
                    {"leaseDurationSeconds", durationSeconds},
                    {"acquireTime", microTime(wallNow)},
                    {"renewTime", microTime(wallNow)},
                    {"leaseTransitions", 0}}}};
        auto created = m_client->create(resources::leases(), m_options.ns, l);
        if (!created)
            return false;
        m_observedRecord = (*created)["spec"].dump();
        m_observedAt = now;
        if (m_holder != m_options.identity) {
            m_holder = m_options.identity;
            emit newLeader(m_holder);
        }
        return true;
    }
    json &l = *lease;
    json &spec = l["spec"];
    const std::string holder = spec.value("holderIdentity", std::string());
    const std::string record = spec.dump();
    if (record != m_observedRecord) {
        m_observedRecord = record;
        m_observedAt = now;
    }
    const qint64 leaseMs = qint64(spec.value("leaseDurationSeconds", durationSeconds)) * 1000;
    if (!holder.empty() && holder != me && m_observedAt + leaseMs > now) {
        if (QString::fromStdString(holder) != m_holder) {
            m_holder = QString::fromStdString(holder);
            emit newLeader(m_holder);
        }
        return false; // someone else holds a lease that has not expired as we see it
    }
    if (holder != me) {
        spec["acquireTime"] = microTime(wallNow);
        spec["leaseTransitions"] = spec.value("leaseTransitions", 0) + 1;
    }
    spec["holderIdentity"] = me;
    spec["leaseDurationSeconds"] = durationSeconds;
    spec["renewTime"] = microTime(wallNow);
    auto updated = m_client->update(resources::leases(), m_options.ns, l);
    if (!updated)
        return false; // a conflict means someone else got there first
    m_observedRecord = (*updated)["spec"].dump();
    m_observedAt = now;
    if (m_holder != m_options.identity) {
        m_holder = m_options.identity;
        emit newLeader(m_holder);
    }
    return true;
}

} // namespace spillway::kube
