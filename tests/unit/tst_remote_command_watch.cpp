// The virtual kubelet's watch over an exec session's SPDY frames: it finds the error stream (the
// first the apiserver opens), notices the provider's Status on it, and when the provider's side
// drops before that, ends the session with a Status of its own — after finishing a data frame the
// drop cut, never inside a frame header or a control frame. Bytes arrive in any pieces.
#include "virtualkubelet/RemoteCommandWatch.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace spillway;
using virtualkubelet::RemoteCommandWatch;

namespace {

QByteArray controlFrame(quint16 type, quint8 flags, const QByteArray &payload)
{
    QByteArray f;
    f.append(char(0x80));
    f.append(char(3));   // version 3
    f.append(char(type >> 8));
    f.append(char(type & 0xFF));
    f.append(char(flags));
    f.append(char(payload.size() >> 16));
    f.append(char(payload.size() >> 8));
    f.append(char(payload.size()));
    return f + payload;
}

QByteArray u32(quint32 v)
{
    const char bytes[4] = {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
    return QByteArray(bytes, 4);
}

// A SYN_STREAM opening STREAM (its header block is opaque here: compressed in real sessions).
QByteArray synStream(quint32 stream)
{
    return controlFrame(1, 0, u32(stream) + u32(0) + QByteArray("\x00\x00", 2) + QByteArray("compressed headers"));
}

QByteArray synReply(quint32 stream)
{
    return controlFrame(2, 0, u32(stream) + QByteArray("compressed"));
}

void feed(RemoteCommandWatch &w, bool fromApiserver, const QByteArray &bytes, int piece)
{
    for (qsizetype at = 0; at < bytes.size(); at += piece)
        fromApiserver ? w.aToB(bytes.mid(at, piece)) : w.bToA(bytes.mid(at, piece));
}

// The frames of LASTWORD after SKIP bytes: the DATA frame's stream, flags and Status.
nlohmann::json statusIn(const QByteArray &lastWord, qsizetype skip, quint32 *stream, quint8 *flags)
{
    const QByteArray f = lastWord.mid(skip);
    *stream = (quint32(quint8(f[0])) << 24 | quint32(quint8(f[1])) << 16 | quint32(quint8(f[2])) << 8 | quint8(f[3])) & 0x7FFFFFFF;
    *flags = quint8(f[4]);
    const int length = quint8(f[5]) << 16 | quint8(f[6]) << 8 | quint8(f[7]);
    if (length != f.size() - 8)
        return nullptr;
    return nlohmann::json::parse(f.mid(8).toStdString(), nullptr, false);
}

} // namespace

class TestRemoteCommandWatch : public QObject
{
    Q_OBJECT
private slots:
    void endsADroppedSessionWithAStatus_data()
    {
        QTest::addColumn<int>("piece");
        QTest::newRow("whole") << 100000;
        QTest::newRow("bytes") << 1;
        QTest::newRow("threes") << 3;
    }
    void endsADroppedSessionWithAStatus()
    {
        QFETCH(int, piece);
        RemoteCommandWatch watch(QStringLiteral("Spillway: dropped"));
        // The apiserver opens error (1), stdin (3), stdout (5), resize (7); the provider replies.
        feed(watch, true, synStream(1) + synStream(3) + synStream(5) + synStream(7) + RemoteCommandWatch::dataFrame(3, "ls\n", false), piece);
        feed(watch, false, synReply(1) + synReply(3) + synReply(5) + synReply(7) + RemoteCommandWatch::dataFrame(5, "output", false), piece);
        QCOMPARE(watch.errorStream(), std::optional<quint32>(1));
        QVERIFY(!watch.statusSeen());
        const QByteArray last = watch.lastWordForA(QStringLiteral("connection reset"));
        quint32 stream = 0;
        quint8 flags = 0;
        const auto status = statusIn(last, 0, &stream, &flags);
        QCOMPARE(stream, 1u);
        QCOMPARE(flags, quint8(1));   // FIN: the error stream ends with it
        QVERIFY(status.is_object());
        QCOMPARE(status.value("status", ""), std::string("Failure"));
        QCOMPARE(status.value("message", ""), std::string("Spillway: dropped: connection reset"));
        QCOMPARE(status.value("code", 0), 503);
    }

    void saysNothingAfterTheCommandsOwnStatus()
    {
        RemoteCommandWatch watch(QStringLiteral("dropped"));
        watch.aToB(synStream(1) + synStream(3));
        watch.bToA(synReply(1) + RemoteCommandWatch::dataFrame(3, "out", false) + RemoteCommandWatch::dataFrame(1, "{\"status\":\"Success\"}", false));
        QVERIFY(watch.statusSeen());
        QVERIFY(watch.lastWordForA(QString()).isEmpty());
    }

    void finishesADataFrameTheDropCut()
    {
        RemoteCommandWatch watch(QStringLiteral("dropped"));
        watch.aToB(synStream(1));
        const QByteArray data = RemoteCommandWatch::dataFrame(5, QByteArray(100, 'x'), false);
        watch.bToA(data.left(40));   // 32 of its 100 payload bytes
        const QByteArray last = watch.lastWordForA(QString());
        QCOMPARE(last.left(68), QByteArray(68, '\0'));
        quint32 stream = 0;
        quint8 flags = 0;
        QVERIFY(statusIn(last, 68, &stream, &flags).is_object());
        QCOMPARE(stream, 1u);
    }

    void cannotSpeakInsideAHeaderOrAControlFrame()
    {
        RemoteCommandWatch insideHeader(QStringLiteral("dropped"));
        insideHeader.aToB(synStream(1));
        insideHeader.bToA(synReply(1).left(5));
        QVERIFY(insideHeader.lastWordForA(QString()).isEmpty());
        RemoteCommandWatch insideControl(QStringLiteral("dropped"));
        insideControl.aToB(synStream(1));
        insideControl.bToA(synReply(1).left(12));
        QVERIFY(insideControl.lastWordForA(QString()).isEmpty());
    }

    void followsOnlySpdy3()
    {
        RemoteCommandWatch noStream(QStringLiteral("dropped"));
        noStream.bToA(RemoteCommandWatch::dataFrame(5, "out", false));
        QVERIFY(noStream.lastWordForA(QString()).isEmpty());   // no session was opened
        RemoteCommandWatch notSpdy(QStringLiteral("dropped"));
        notSpdy.aToB("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY(!notSpdy.errorStream());
        QVERIFY(notSpdy.lastWordForA(QString()).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestRemoteCommandWatch)
#include "tst_remote_command_watch.moc"
