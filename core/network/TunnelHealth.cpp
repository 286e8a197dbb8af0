#include "network/TunnelHealth.h"

#include "network/NetnsSocket.h"

#include <QNetworkDatagram>

#include <chrono>
#include <nlohmann/json.hpp>

namespace spillway::network {

using nlohmann::json;

namespace {
// Latency wants finer grain than the injected millisecond clock; it is only ever a difference of
// two readings on this process's own steady clock.
qint64 microsNow()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
} // namespace

TunnelHealth::TunnelHealth(Options options, QObject *parent) : QObject(parent), m_o(std::move(options))
{
    connect(&m_timer, &QTimer::timeout, this, &TunnelHealth::tick);
    connect(&m_socket, &QUdpSocket::readyRead, this, &TunnelHealth::onDatagrams);
}

QString TunnelHealth::stateName(State s)
{
    switch (s) {
    case State::Connected: return QStringLiteral("Connected");
    case State::Error: return QStringLiteral("Error");
    case State::Connecting: break;
    }
    return QStringLiteral("Connecting");
}

Result<void> TunnelHealth::start()
{
    auto fd = boundUdpSocket(m_o.netns, m_o.localAddress, m_o.port);
    if (!fd)
        return fd.error();
    if (!m_socket.setSocketDescriptor(*fd, QAbstractSocket::BoundState))
        return Error::of(Error::Kind::Internal, QStringLiteral("the health socket: %1").arg(m_socket.errorString()));
    m_startedMs = m_o.clock();
    m_timer.start(m_o.intervalMs);
    tick();
    return {};
}

void TunnelHealth::stop()
{
    m_timer.stop();
    m_socket.close();
}

void TunnelHealth::setState(State s)
{
    if (s == m_state)
        return;
    m_state = s;
    emit stateChanged(s);
}

void TunnelHealth::tick()
{
    const qint64 now = m_o.clock();
    const json ping = {{"clusterID", m_o.clusterId.toStdString()}, {"msgType", "PING"}, {"timeStamp", microsNow()}};
    m_socket.writeDatagram(QByteArray::fromStdString(ping.dump()), m_o.peerAddress, m_o.port);
    const qint64 allowed = qint64(m_o.intervalMs) * m_o.lossThreshold;
    // Lost after a pong: Error once the threshold passes. Never answered: a tunnel that is still
    // being set up gets three times as long before it is called broken.
    if (m_lastPongMs >= 0 ? now - m_lastPongMs > allowed : now - m_startedMs > 3 * allowed)
        setState(State::Error);
}

void TunnelHealth::onDatagrams()
{
    while (m_socket.hasPendingDatagrams()) {
        const QNetworkDatagram d = m_socket.receiveDatagram(2048);
        const json msg = json::parse(d.data().toStdString(), nullptr, false);
        if (!msg.is_object() || !msg.contains("msgType") || !msg.value("timeStamp", json()).is_number_integer()) {
            ++m_dropped;
            continue;
        }
        const std::string type = msg.value("msgType", "");
        if (type == "PING") {
            json pong = msg;
            pong["msgType"] = "PONG";
            m_socket.writeDatagram(QByteArray::fromStdString(pong.dump()), d.senderAddress(), quint16(d.senderPort()));
        } else if (type == "PONG") {
            const qint64 now = m_o.clock();
            m_lastPongMs = now;
            m_latencyUs = std::max<qint64>(0, microsNow() - msg.value("timeStamp", qint64(0)));
            emit latencyMeasured(m_latencyUs);
            setState(State::Connected);
        } else {
            ++m_dropped;
        }
    }
}

} // namespace spillway::network
