#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QDateTime>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>
#include <map>
#include <mutex>

namespace spillway::virtualkubelet {

// Offloaded pods keep talking to their own (the consumer's) API, as in Liqo: for each service
// account with pods on this node, a token is requested in the consumer (TokenRequest) and kept,
// with the consumer's CA and the pod's namespace, in a Secret of the twin namespace that the
// remote pods' token volume reads. One Secret per service account, not per pod, so a burst of
// pods costs one TokenRequest. Tokens are short-lived and renewed once two thirds of their
// lifetime has passed; an unknown secret (after a restart) is renewed on first use.
class ServiceAccountTokens : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString originClusterId, destinationClusterId;
        int lifetimeSeconds = 3600;
        int refreshCheckMs = 60000;
        std::function<QDateTime()> now = [] { return QDateTime::currentDateTimeUtc(); };
    };
    static constexpr const char *kManagedByValue = "spillway-service-account-token";

    ServiceAccountTokens(kube::KubeClient *consumer, kube::KubeClient *provider, Options options, QObject *parent = nullptr);
    ~ServiceAccountTokens() override;

    static QString secretName(const QString &serviceAccount);
    // The Secret's name once it holds a fresh token; blocking, safe from any thread.
    Result<QString> ensure(const QString &localNs, const QString &serviceAccount, const QString &remoteNs);
    // Renews every token past two thirds of its life (the timer calls it off the event loop).
    void refreshDue();
    void start();

    quint64 requested() const { return m_requested; }

private:
    struct Held {
        QString localNs, serviceAccount, remoteNs;
        QDateTime issued, expires;
    };
    Result<void> renew(Held &held);
    bool fresh(const Held &held) const;

    kube::KubeClient *m_consumer, *m_provider;
    Options m_options;
    std::map<QString, Held> m_held;   // by remoteNs/serviceAccount
    std::mutex m_mutex;               // held across a renewal: one TokenRequest per account at a time
    QTimer m_timer;
    QThreadPool m_pool;
    std::atomic<quint64> m_requested{0};
};

} // namespace spillway::virtualkubelet
