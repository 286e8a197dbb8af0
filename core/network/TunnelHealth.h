#pragma once

#include "common/Error.h"
#include "kube/Clock.h"

#include <QHostAddress>
#include <QObject>
#include <QTimer>
#include <QUdpSocket>

namespace spillway::network {

// Is the tunnel carrying traffic? Each gateway sends a UDP ping through the tunnel to the peer's
// tunnel address every interval and answers the peer's pings; a pong gives the round-trip
// latency (measured on the sender's own clock). Connecting until the first pong, Connected on
// every pong, Error once no pong came for lossThreshold intervals — and Connected again with the
// next pong, with no restart. Messages are small JSON; anything else is dropped and counted.
class TunnelHealth : public QObject
{
    Q_OBJECT
public:
    enum class State { Connecting, Connected, Error };
    struct Options {
        QString clusterId;
        QString netns;                    // where the tunnel lives (empty: here)
        QHostAddress localAddress, peerAddress;
        quint16 port = 12345;
        int intervalMs = 1000;
        int lossThreshold = 3;            // Error after 3 missed intervals: within 4 s of a cut
        kube::MonotonicClock clock = kube::steadyClock();
    };
    explicit TunnelHealth(Options options, QObject *parent = nullptr);

    Result<void> start();
    void stop();
    State state() const { return m_state; }
    qint64 latencyUs() const { return m_latencyUs; }
    quint64 dropped() const { return m_dropped; }
    static QString stateName(State s);   // Connected / Connecting / Error, as Connection.status.value

signals:
    void stateChanged(State state);
    void latencyMeasured(qint64 latencyUs);

private:
    void tick();
    void onDatagrams();
    void setState(State s);

    Options m_o;
    QUdpSocket m_socket;
    QTimer m_timer;
    State m_state = State::Connecting;
    qint64 m_latencyUs = 0;
    qint64 m_lastPongMs = -1, m_startedMs = 0;
    quint64 m_dropped = 0;
};

} // namespace spillway::network
