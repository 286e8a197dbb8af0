// SocketSplice on loopback: what one side sends reaches the other in order, a reader that stops
// holds the writer back instead of growing a queue in the splice, and an end on either side is
// delivered after its last byte. Plain TCP and TLS (whose queue is counted encrypted too).
#include "kube/SocketSplice.h"
#include "tls/Pki.h"

#include <QCryptographicHash>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QtTest>

using namespace spillway;

namespace {

QByteArray pattern(qint64 size)
{
    QByteArray out;
    out.reserve(size);
    for (qint64 i = 0; out.size() < size; ++i)
        out += QByteArray::number(i) + ' ';
    out.truncate(size);
    return out;
}

// Two clients, A and B, each connected to this server; the server's ends are spliced.
struct Rig {
    std::unique_ptr<QTcpServer> server;
    QAbstractSocket *a = nullptr, *b = nullptr;   // the clients
    QList<QAbstractSocket *> accepted;
    QByteArray caPem;
    bool tls = false;

    explicit Rig(bool useTls) : tls(useTls)
    {
        if (tls) {
            auto key = tls::generateKey(tls::KeyType::EcP256);
            tls::CertificateSpec spec;
            spec.commonName = QStringLiteral("splice-test");
            spec.ipAddresses = {QStringLiteral("127.0.0.1")};
            spec.serverAuth = true;
            caPem = *tls::selfSignedCertificate(key->privatePem, spec);
            auto *ssl = new QSslServer;
            QSslConfiguration config = QSslConfiguration::defaultConfiguration();
            config.setLocalCertificate(QSslCertificate(caPem));
            config.setPrivateKey(QSslKey(key->privatePem, QSsl::Ec));
            ssl->setSslConfiguration(config);
            server.reset(ssl);
        } else {
            server = std::make_unique<QTcpServer>();
        }
        QObject::connect(server.get(), &QTcpServer::pendingConnectionAvailable, server.get(), [this] {
            while (auto *s = server->nextPendingConnection())
                accepted << s;
        });
        server->listen(QHostAddress::LocalHost);
    }

    QAbstractSocket *connectClient()
    {
        QAbstractSocket *client;
        if (tls) {
            auto *ssl = new QSslSocket(server.get());
            QSslConfiguration config = QSslConfiguration::defaultConfiguration();
            config.setCaCertificates({QSslCertificate(caPem)});
            ssl->setSslConfiguration(config);
            ssl->connectToHostEncrypted(QStringLiteral("127.0.0.1"), server->serverPort());
            client = ssl;
        } else {
            client = new QTcpSocket(server.get());
            client->connectToHost(QHostAddress::LocalHost, server->serverPort());
        }
        return client;
    }

    // Connects A and B and splices their server ends, once both are encrypted when TLS.
    kube::SocketSplice *splice(qint64 highWater)
    {
        a = connectClient();
        b = connectClient();
        auto ready = [this](QAbstractSocket *s) {
            auto *ssl = qobject_cast<QSslSocket *>(s);
            return ssl ? ssl->isEncrypted() : s->state() == QAbstractSocket::ConnectedState;
        };
        if (!QTest::qWaitFor([&] { return accepted.size() == 2 && ready(a) && ready(b) && ready(accepted[0]) && ready(accepted[1]); }, 10000))
            return nullptr;
        return new kube::SocketSplice(accepted[0], accepted[1], highWater);
    }
};

} // namespace

class TestSocketSplice : public QObject
{
    Q_OBJECT
private slots:
    void slowReaderHoldsTheWriterBack_data()
    {
        QTest::addColumn<bool>("useTls");
        QTest::newRow("tcp") << false;
        QTest::newRow("tls") << true;
    }
    void slowReaderHoldsTheWriterBack()
    {
        QFETCH(bool, useTls);
        Rig rig(useTls);
        constexpr qint64 kHighWater = 512 * 1024, kTotal = 48 * 1024 * 1024;
        QPointer<kube::SocketSplice> splice = rig.splice(kHighWater);
        QVERIFY(splice);
        rig.b->setReadBufferSize(64 * 1024);   // B reads nothing yet: only its small buffer fills
        const QByteArray sent = pattern(kTotal);
        rig.a->write(sent);
        // Let the bytes flow until they stop: the splice forwarded what the kernel's buffers and
        // B's could take, and A keeps the rest.
        qint64 last = -1;
        while (splice->bytesAToB() != last) {
            last = splice->bytesAToB();
            QTest::qWait(300);
        }
        QVERIFY2(splice->bytesAToB() < kTotal / 2, qPrintable(QString::number(splice->bytesAToB())));
        QVERIFY2(splice->peakQueued() <= kHighWater + 256 * 1024, qPrintable(QString::number(splice->peakQueued())));
        // A still holds the rest (a QSslSocket holds it encrypted).
        auto *sslA = qobject_cast<QSslSocket *>(rig.a);
        QVERIFY(rig.a->bytesToWrite() + (sslA ? sslA->encryptedBytesToWrite() : 0) > kTotal / 4);

        // B reads again: every byte arrives, in order.
        rig.b->setReadBufferSize(0);
        QByteArray received;
        QObject::connect(rig.b, &QIODevice::readyRead, rig.b, [&] { received += rig.b->readAll(); });
        received += rig.b->readAll();
        QTRY_VERIFY_WITH_TIMEOUT(received.size() >= kTotal, 60000);
        QCOMPARE(QCryptographicHash::hash(received, QCryptographicHash::Sha256), QCryptographicHash::hash(sent, QCryptographicHash::Sha256));
        QVERIFY2(splice->peakQueued() <= kHighWater + 256 * 1024, qPrintable(QString::number(splice->peakQueued())));
        delete splice.data();
    }

    // B answers and hangs up: A gets the answer first, then the end; the splice goes away.
    void anEndIsDeliveredAfterTheLastByte_data() { slowReaderHoldsTheWriterBack_data(); }
    void anEndIsDeliveredAfterTheLastByte()
    {
        QFETCH(bool, useTls);
        Rig rig(useTls);
        QPointer<kube::SocketSplice> splice = rig.splice(kube::SocketSplice::kDefaultHighWater);
        QVERIFY(splice);
        QByteArray atA;
        bool aEnded = false;
        QObject::connect(rig.a, &QIODevice::readyRead, rig.a, [&] { atA += rig.a->readAll(); });
        QObject::connect(rig.a, &QAbstractSocket::disconnected, rig.a, [&] { atA += rig.a->readAll(); aEnded = true; });
        rig.a->write("ping");
        QByteArray atB;
        QObject::connect(rig.b, &QIODevice::readyRead, rig.b, [&] { atB += rig.b->readAll(); });
        QTRY_COMPARE_WITH_TIMEOUT(atB, QByteArray("ping"), 10000);
        const QByteArray answer = pattern(4 * 1024 * 1024);
        rig.b->write(answer);
        rig.b->disconnectFromHost();
        QTRY_VERIFY_WITH_TIMEOUT(aEnded, 30000);
        QCOMPARE(atA.size(), answer.size());
        QVERIFY(atA == answer);
        QTRY_VERIFY_WITH_TIMEOUT(!splice, 10000);
    }
};

QTEST_MAIN(TestSocketSplice)
#include "tst_socket_splice.moc"
