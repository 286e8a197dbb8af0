// The pieces of the console's terminal that need no cluster: RFC 6455 framing (client frames
// masked, server frames decoded from a stream cut anywhere, violations refused), the
// v5.channel.k8s.io messages and exit statuses, and the bytes keys and pastes send.
#include "console/TerminalKeys.h"
#include "kube/Query.h"
#include "kube/RemoteCommand.h"
#include "kube/WebSocketFrames.h"

#include <QtTest>

using namespace spillway;
namespace ws = kube::websocket;
namespace rc = kube::remotecommand;

namespace {

// A frame as a server sends it: unmasked.
QByteArray serverFrame(quint8 firstByte, const QByteArray &payload)
{
    QByteArray f(1, char(firstByte));
    if (payload.size() < 126) {
        f.append(char(payload.size()));
    } else if (payload.size() <= 0xFFFF) {
        f.append(char(126));
        f.append(char(payload.size() >> 8));
        f.append(char(payload.size() & 0xFF));
    } else {
        f.append(char(127));
        for (int shift = 56; shift >= 0; shift -= 8)
            f.append(char((quint64(payload.size()) >> shift) & 0xFF));
    }
    return f + payload;
}

// Unmasks a client frame the way a server does; returns the payload.
QByteArray unmaskClientFrame(const QByteArray &frame, quint8 *opcode)
{
    *opcode = quint8(frame.at(0)) & 0x0F;
    if (!(quint8(frame.at(1)) & 0x80))
        return "NOT MASKED";
    quint64 length = quint8(frame.at(1)) & 0x7F;
    int at = 2;
    if (length == 126) {
        length = (quint64(quint8(frame.at(2))) << 8) | quint8(frame.at(3));
        at = 4;
    } else if (length == 127) {
        length = 0;
        for (int i = 0; i < 8; ++i)
            length = (length << 8) | quint8(frame.at(2 + i));
        at = 10;
    }
    const QByteArray mask = frame.mid(at, 4);
    QByteArray payload = frame.mid(at + 4);
    if (quint64(payload.size()) != length)
        return "WRONG LENGTH";
    for (qsizetype i = 0; i < payload.size(); ++i)
        payload[i] = char(payload[i] ^ mask[i & 3]);
    return payload;
}

} // namespace

class TestExecProtocol : public QObject
{
    Q_OBJECT
private slots:
    void clientFramesAreMaskedAndSized_data()
    {
        QTest::addColumn<int>("size");
        QTest::newRow("empty") << 0;
        QTest::newRow("short") << 125;
        QTest::newRow("16-bit length") << 126;
        QTest::newRow("16-bit max") << 65535;
        QTest::newRow("64-bit length") << 70000;
    }
    void clientFramesAreMaskedAndSized()
    {
        QFETCH(int, size);
        QByteArray payload(size, Qt::Uninitialized);
        for (int i = 0; i < size; ++i)
            payload[i] = char(i * 7);
        const QByteArray frame = ws::encodeClientFrame(ws::Opcode::Binary, payload, 0xA1B2C3D4);
        QCOMPARE(quint8(frame.at(0)), quint8(0x82));   // FIN, binary
        QCOMPARE(frame.mid(size < 126 ? 2 : size <= 0xFFFF ? 4 : 10, 4), QByteArray("\xA1\xB2\xC3\xD4"));
        if (size > 4)
            QVERIFY(!frame.contains(payload));   // masked on the wire
        quint8 opcode = 0;
        QCOMPARE(unmaskClientFrame(frame, &opcode), payload);
        QCOMPARE(opcode, quint8(0x2));
    }

    void acceptKeyIsTheRfcExample()
    {
        // RFC 6455, section 1.3.
        QCOMPARE(ws::acceptFor("dGhlIHNhbXBsZSBub25jZQ=="), QByteArray("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="));
    }

    void decodesFramesCutAnywhere()
    {
        QByteArray big(70000, 'x');
        const QByteArray stream = serverFrame(0x82, "\x01hello") + serverFrame(0x89, "ping!") + serverFrame(0x02, "\x01" "frag") +
                                  serverFrame(0x80, "mented") + serverFrame(0x82, big) + serverFrame(0x88, ws::closePayload(1000));
        for (int cut : {1, 2, 3, 7, 100, 4096, int(stream.size())}) {
            ws::FrameDecoder decoder;
            QList<ws::Message> all;
            for (qsizetype at = 0; at < stream.size(); at += cut) {
                auto r = decoder.feed(stream.mid(at, cut));
                QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
                all += *r;
            }
            QCOMPARE(all.size(), 5);
            QCOMPARE(all[0].opcode, ws::Opcode::Binary);
            QCOMPARE(all[0].payload, QByteArray("\x01hello"));
            QCOMPARE(all[1].opcode, ws::Opcode::Ping);
            QCOMPARE(all[1].payload, QByteArray("ping!"));
            QCOMPARE(all[2].payload, QByteArray("\x01" "fragmented"));
            QCOMPARE(all[3].payload, big);
            QCOMPARE(all[4].opcode, ws::Opcode::Close);
            QCOMPARE(decoder.buffered(), 0);
        }
    }

    void refusesViolations_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("masked by the server") << QByteArray("\x82\x81\x00\x00\x00\x00x", 7);
        QTest::newRow("reserved bits") << serverFrame(0xC2, "x");
        QTest::newRow("unknown opcode") << serverFrame(0x83, "x");
        QTest::newRow("fragmented ping") << serverFrame(0x09, "x");
        QTest::newRow("long close") << serverFrame(0x88, QByteArray(126, 'x'));
        QTest::newRow("stray continuation") << serverFrame(0x80, "x");
        QTest::newRow("message inside a message") << serverFrame(0x02, "a") + serverFrame(0x82, "b");
        QTest::newRow("over the limit") << serverFrame(0x82, QByteArray(2049, 'x'));
        QTest::newRow("fragments over the limit") << serverFrame(0x02, QByteArray(1000, 'x')) + serverFrame(0x80, QByteArray(1049, 'x'));
    }
    void refusesViolations()
    {
        QFETCH(QByteArray, bytes);
        ws::FrameDecoder decoder(2048);
        auto r = decoder.feed(bytes);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("WebSocket")));
        QVERIFY(!decoder.feed(serverFrame(0x82, "fine")).ok());   // broken stays broken
    }

    void execTargetCarriesTheCommand()
    {
        rc::ExecOptions options;
        options.container = QStringLiteral("web");
        options.command = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo a+b & exit 3")};
        const QByteArray target = rc::target(QStringLiteral("shop"), QStringLiteral("api-0"), options);
        QVERIFY(target.startsWith("/api/v1/namespaces/shop/pods/api-0/exec?"));
        const kube::QueryItems query = kube::parseGoQuery(target.mid(target.indexOf('?') + 1));
        QCOMPARE(kube::queryValues(query, QStringLiteral("command")), options.command);
        QCOMPARE(kube::queryValues(query, QStringLiteral("container")), QStringList{QStringLiteral("web")});
        QCOMPARE(kube::queryValues(query, QStringLiteral("tty")), QStringList{QStringLiteral("true")});
        QCOMPARE(kube::queryValues(query, QStringLiteral("stderr")), QStringList{QStringLiteral("false")});   // a TTY merges it
        options.attach = true;
        options.tty = false;
        const QByteArray attach = rc::target(QStringLiteral("shop"), QStringLiteral("api-0"), options);
        QVERIFY(attach.contains("/attach?"));
        QVERIFY(!attach.contains("command="));
        QVERIFY(attach.contains("stderr=true"));
    }

    void messagesCarryTheirChannel()
    {
        QCOMPARE(rc::message(rc::Stdin, "ls\r"), QByteArray("\x00ls\r", 4));
        QCOMPARE(rc::resizeMessage(132, 43), QByteArray("\x04{\"Width\":132,\"Height\":43}"));
        QCOMPARE(rc::closeStdinMessage(), QByteArray("\xff\x00", 2));
    }

    void exitStatuses()
    {
        auto ok = rc::parseExitStatus("{\"metadata\":{},\"status\":\"Success\"}");
        QVERIFY(ok.parsed && ok.success);
        QCOMPARE(ok.exitCode, 0);
        auto three = rc::parseExitStatus("{\"metadata\":{},\"status\":\"Failure\",\"message\":\"command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3\",\"reason\":\"NonZeroExitCode\",\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\"3\"}]}}");
        QVERIFY(three.parsed && !three.success);
        QCOMPARE(three.exitCode, 3);
        auto missing = rc::parseExitStatus("{\"status\":\"Failure\",\"message\":\"container \\\"nope\\\" not found in pod\",\"reason\":\"InternalError\"}");
        QVERIFY(missing.parsed && !missing.success);
        QCOMPARE(missing.exitCode, -1);
        QVERIFY(missing.message.contains(QStringLiteral("not found")));
        QVERIFY(!rc::parseExitStatus("not json").parsed);
        QCOMPARE(rc::parseExitStatus("{\"reason\":\"NonZeroExitCode\",\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\"x\"}]}}").exitCode, -1);
    }

    void keysSendWhatXtermSends()
    {
        using console::bytesForKey;
        QCOMPARE(bytesForKey(Qt::Key_A, Qt::NoModifier, QStringLiteral("a"), false), QByteArray("a"));
        QCOMPARE(bytesForKey(Qt::Key_C, Qt::ControlModifier, QString(), false), QByteArray("\x03"));
        QCOMPARE(bytesForKey(Qt::Key_D, Qt::ControlModifier, QStringLiteral("\x04"), false), QByteArray("\x04"));
        QCOMPARE(bytesForKey(Qt::Key_Space, Qt::ControlModifier, QStringLiteral(" "), false), QByteArray(1, '\0'));
        QCOMPARE(bytesForKey(Qt::Key_Up, Qt::NoModifier, QString(), false), QByteArray("\x1b[A"));
        QCOMPARE(bytesForKey(Qt::Key_Up, Qt::NoModifier, QString(), true), QByteArray("\x1bOA"));   // vi, less: application mode
        QCOMPARE(bytesForKey(Qt::Key_Right, Qt::ControlModifier, QString(), true), QByteArray("\x1b[1;5C"));
        QCOMPARE(bytesForKey(Qt::Key_PageDown, Qt::NoModifier, QString(), false), QByteArray("\x1b[6~"));
        QCOMPARE(bytesForKey(Qt::Key_Delete, Qt::ShiftModifier, QString(), false), QByteArray("\x1b[3;2~"));
        QCOMPARE(bytesForKey(Qt::Key_F1, Qt::NoModifier, QString(), false), QByteArray("\x1bOP"));
        QCOMPARE(bytesForKey(Qt::Key_F12, Qt::NoModifier, QString(), false), QByteArray("\x1b[24~"));
        QCOMPARE(bytesForKey(Qt::Key_Return, Qt::NoModifier, QStringLiteral("\r"), false), QByteArray("\r"));
        QCOMPARE(bytesForKey(Qt::Key_Backspace, Qt::NoModifier, QStringLiteral("\x08"), false), QByteArray("\x7f"));
        QCOMPARE(bytesForKey(Qt::Key_Tab, Qt::NoModifier, QStringLiteral("\t"), false), QByteArray("\t"));
        QCOMPARE(bytesForKey(Qt::Key_B, Qt::AltModifier, QStringLiteral("b"), false), QByteArray("\x1b" "b"));
        QCOMPARE(bytesForKey(Qt::Key_Escape, Qt::NoModifier, QStringLiteral("\x1b"), false), QByteArray("\x1b"));
        QCOMPARE(bytesForKey(0x00e9, Qt::NoModifier, QStringLiteral("é"), false), QByteArray("\xc3\xa9"));
        QVERIFY(bytesForKey(Qt::Key_Shift, Qt::ShiftModifier, QString(), false).isEmpty());
    }

    void pastesEndLinesWithReturn()
    {
        QCOMPARE(console::bytesForPaste(QStringLiteral("a\nb\r\nc"), false), QByteArray("a\rb\rc"));
        QCOMPARE(console::bytesForPaste(QStringLiteral("ls\n"), true), QByteArray("\x1b[200~ls\r\x1b[201~"));
        // A paste cannot close the bracket itself and run what follows.
        QCOMPARE(console::bytesForPaste(QStringLiteral("x\x1b[201~rm"), true), QByteArray("\x1b[200~xrm\x1b[201~"));
    }
};

QTEST_APPLESS_MAIN(TestExecProtocol)
#include "tst_exec_protocol.moc"
