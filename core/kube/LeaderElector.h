#pragma once

#include "kube/Clock.h"
#include "kube/KubeClient.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <functional>

namespace spillway::kube {

// Leader election on a coordination.k8s.io/v1 Lease, with client-go's rules: a lease held by
// someone else is taken only after it went unrenewed for leaseDuration *as observed locally*
// (no trust in other machines' clocks); the leader renews every retryPeriod and steps down
// when it could not renew for renewDeadline. Updates use optimistic concurrency.
class LeaderElector : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString ns, name, identity;
        qint64 leaseDurationMs = 15000, renewDeadlineMs = 10000, retryPeriodMs = 2000;
        bool releaseOnStop = true;
        MonotonicClock clock;                       // observation times
        std::function<QDateTime()> wallClock;       // written into the Lease
    };

    LeaderElector(KubeClient *client, Options options, QObject *parent = nullptr);
    ~LeaderElector() override;

    void start();
    void stop();
    bool isLeader() const { return m_leader; }
    QString currentHolder() const { return m_holder; }
    // One acquire-or-renew attempt; exposed for tests. Returns whether we hold the lease.
    bool tryAcquireOrRenew();

signals:
    void startedLeading();
    void stoppedLeading();
    void newLeader(const QString &identity);

private:
    void tick();
    void setLeader(bool leader);

    KubeClient *m_client;
    Options m_options;
    QTimer m_timer;
    bool m_running = false;
    bool m_leader = false;
    QString m_holder;
    std::string m_observedRecord;
    qint64 m_observedAt = 0;
    qint64 m_lastRenew = 0;
};

} // namespace spillway::kube
