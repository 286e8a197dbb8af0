// The terminal model behind the console's exec shells: bytes a program writes, fed in as they come
// off the stream, turned into the grid the widget paints — text, wrap, cursor addressing, erase,
// colours, scroll regions, the alternate screen, resize and the answers to status requests.
#include "console/TerminalEmulator.h"

#include <QTest>

using spillway::console::TerminalCell;
using spillway::console::TerminalColor;
using spillway::console::TerminalEmulator;

namespace spillway::console {

// Readable QCOMPARE failures.
char *toString(const TerminalColor &c)
{
    const QByteArray s = c.kind == TerminalColor::Default   ? QByteArray("default")
                         : c.kind == TerminalColor::Indexed ? "indexed " + QByteArray::number(c.index)
                                                            : "rgb #" + QByteArray::number(c.rgb, 16);
    return qstrdup(s.constData());
}

} // namespace spillway::console

namespace {

TerminalColor indexed(int i)
{
    return {TerminalColor::Indexed, quint8(i), 0};
}

TerminalColor rgb(quint32 value)
{
    return {TerminalColor::Rgb, 0, value};
}

QPair<int, int> cursor(const TerminalEmulator &t)
{
    return {t.screen().cursorRow(), t.screen().cursorColumn()};
}

} // namespace

class TestTerminalEmulator : public QObject
{
    Q_OBJECT
private slots:
    void plainTextAndLineControls()
    {
        TerminalEmulator t(20, 5);
        t.feed("hello\r\nworld");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("hello\nworld"));
        QCOMPARE(cursor(t), qMakePair(1, 5));
        // A bare LF goes down only; CR returns; BS steps back; HT goes to the next stop of 8.
        t.feed("\nX\rY\bZ\tT");
        QCOMPARE(t.screen().text(2), QStringLiteral("Z    X  T"));
        QCOMPARE(cursor(t), qMakePair(2, 9));
    }

    void autowrapKeepsThePendingWrap()
    {
        TerminalEmulator t(10, 4);
        t.feed("0123456789");
        // The cursor waits on the last column: CR LF after a full line makes no empty line.
        QCOMPARE(cursor(t), qMakePair(0, 9));
        t.feed("\r\nab");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("0123456789\nab"));
        t.feed("\r\n0123456789X");
        QCOMPARE(t.screen().text(2), QStringLiteral("0123456789"));
        QCOMPARE(t.screen().text(3), QStringLiteral("X"));
        QCOMPARE(cursor(t), qMakePair(3, 1));
        // Cursor addressing cancels the pending wrap.
        t.feed("\x1b[1;1H0123456789\x1b[1;5H!");
        QCOMPARE(t.screen().text(0), QStringLiteral("0123!56789"));
        // Without autowrap the last column is overwritten.
        t.feed("\x1b[?7l\x1b[4;1Habcdefghijklm");
        QCOMPARE(t.screen().text(3), QStringLiteral("abcdefghim"));
        QCOMPARE(cursor(t), qMakePair(3, 9));
    }

    void cursorMovementIsClamped()
    {
        TerminalEmulator t(20, 10);
        t.feed("\x1b[3;5H");
        QCOMPARE(cursor(t), qMakePair(2, 4));
        t.feed("\x1b[2A");
        QCOMPARE(cursor(t), qMakePair(0, 4));
        t.feed("\x1b[99A\x1b[B");   // up past the top stops there; B defaults to 1
        QCOMPARE(cursor(t), qMakePair(1, 4));
        t.feed("\x1b[99B\x1b[99C");
        QCOMPARE(cursor(t), qMakePair(9, 19));
        t.feed("\x1b[3D");
        QCOMPARE(cursor(t), qMakePair(9, 16));
        t.feed("\x1b[99D\x1b[0;0H");
        QCOMPARE(cursor(t), qMakePair(0, 0));
        t.feed("\x1b[999;999f");
        QCOMPARE(cursor(t), qMakePair(9, 19));
        t.feed("\x1b[7G\x1b[4d");
        QCOMPARE(cursor(t), qMakePair(3, 6));
        t.feed("\x1b[2E");
        QCOMPARE(cursor(t), qMakePair(5, 0));
        t.feed("\x1b[5`\x1b[F");
        QCOMPARE(cursor(t), qMakePair(4, 0));
    }

    void eraseUsesTheBackground()
    {
        TerminalEmulator t(10, 3);
        t.feed("abcdefghij\r\nklmnopqrst\r\nuvwxyz");
        t.feed("\x1b[2;4H\x1b[44m\x1b[K");
        QCOMPARE(t.screen().text(1), QStringLiteral("klm"));
        QCOMPARE(t.screen().line(1).at(2).bg, TerminalColor{});
        QCOMPARE(t.screen().line(1).at(3).bg, indexed(4));
        QCOMPARE(t.screen().line(1).at(9).bg, indexed(4));
        t.feed("\x1b[1K");
        QCOMPARE(t.screen().text(1), QString());
        QCOMPARE(t.screen().line(1).at(0).bg, indexed(4));
        t.feed("\x1b[0m\x1b[1;3H\x1b[1J");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("   defghij\n\nuvwxyz"));
        t.feed("\x1b[3;2H\x1b[41m\x1b[J");
        QCOMPARE(t.screen().text(2), QStringLiteral("u"));
        QCOMPARE(t.screen().line(2).at(1).bg, indexed(1));
        t.feed("\x1b[42m\x1b[2J");
        QCOMPARE(t.screen().visibleText(), QString());
        QCOMPARE(t.screen().line(0).at(0).bg, indexed(2));
        QCOMPARE(cursor(t), qMakePair(2, 1));   // ED does not move the cursor
    }

    void graphicRendition()
    {
        TerminalEmulator t(40, 2);
        t.feed("\x1b[1;31mA\x1b[38;5;208;48;2;10;20;30mB\x1b[22;39mC\x1b[0mD\x1b[7;94;103mE\x1b[27;49m"
               "F\x1b[38:2::1:2:3mG\x1b[4;3;2;5mH\x1b[24;23;25mI\x1b[mJ");
        const auto &l = t.screen().line(0);
        QCOMPARE(l.at(0).attrs, quint8(TerminalCell::Bold));
        QCOMPARE(l.at(0).fg, indexed(1));
        QCOMPARE(l.at(1).fg, indexed(208));
        QCOMPARE(l.at(1).bg, rgb(0x0a141e));
        QCOMPARE(l.at(1).attrs, quint8(TerminalCell::Bold));
        QCOMPARE(l.at(2).attrs, quint8(0));
        QCOMPARE(l.at(2).fg, TerminalColor{});
        QCOMPARE(l.at(2).bg, rgb(0x0a141e));
        QCOMPARE(l.at(3), (TerminalCell{U'D', {}, {}, 0}));
        QCOMPARE(l.at(4), (TerminalCell{U'E', indexed(12), indexed(11), TerminalCell::Inverse}));
        QCOMPARE(l.at(5), (TerminalCell{U'F', indexed(12), {}, 0}));
        QCOMPARE(l.at(6).fg, rgb(0x010203));
        QCOMPARE(l.at(7).attrs, quint8(TerminalCell::Underline | TerminalCell::Italic | TerminalCell::Faint | TerminalCell::Blink));
        QCOMPARE(l.at(8).attrs, quint8(TerminalCell::Faint));
        QCOMPARE(l.at(9), (TerminalCell{U'J', {}, {}, 0}));
    }

    void scrollRegion()
    {
        TerminalEmulator t(10, 6);
        t.feed("top\r\n1\r\n2\r\n3\r\n4\r\nstatus");
        t.feed("\x1b[2;5r");   // rows 2..5 scroll; moves the cursor home
        QCOMPARE(cursor(t), qMakePair(0, 0));
        t.feed("\x1b[5;1H\nnew");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("top\n2\n3\n4\nnew\nstatus"));
        QCOMPARE(t.screen().scrollbackSize(), 0);   // a partial region keeps no history
        t.feed("\x1b[2;1H\x1bMup");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("top\nup\n2\n3\n4\nstatus"));
        // Outside the region the cursor moves but nothing scrolls.
        t.feed("\x1b[6;1H\n\n\x1b[1;1H\x1bM");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("top\nup\n2\n3\n4\nstatus"));
        // S and T scroll the region itself.
        t.feed("\x1b[2S");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("top\n3\n4\n\n\nstatus"));
        t.feed("\x1b[T");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("top\n\n3\n4\n\nstatus"));
    }

    void insertAndDeleteLinesAndCharacters()
    {
        TerminalEmulator t(10, 5);
        t.feed("a\r\nb\r\nc\r\nd\r\ne");
        t.feed("\x1b[2;3H\x1b[2L");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("a\n\n\nb\nc"));
        QCOMPARE(cursor(t), qMakePair(1, 0));
        t.feed("\x1b[3M");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("a\nc"));
        // Within a region, lines below it stay put.
        t.feed("\x1b[H\x1b[2J1\r\n2\r\n3\r\n4\r\n5\x1b[1;3r\x1b[1;1H\x1b[L");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("\n1\n2\n4\n5"));
        t.feed("\x1b[r\x1b[1;1Habcdefgh\x1b[1;3H\x1b[2@");
        QCOMPARE(t.screen().text(0), QStringLiteral("ab  cdefgh"));
        t.feed("\x1b[3P");
        QCOMPARE(t.screen().text(0), QStringLiteral("abdefgh"));
        t.feed("\x1b[2X");
        QCOMPARE(t.screen().text(0), QStringLiteral("ab  fgh"));
        t.feed("\x1b[4hXY\x1b[4l");   // insert mode
        QCOMPARE(t.screen().text(0), QStringLiteral("abXY  fgh"));
    }

    void scrollbackGrowsToItsLimit()
    {
        TerminalEmulator t(10, 3, 4);
        t.feed("l0\r\nl1\r\nl2\r\nl3");
        QCOMPARE(t.screen().scrollbackSize(), 1);
        QCOMPARE(t.screen().scrollbackLine(0).size(), 10);
        QCOMPARE(t.screen().scrollbackLine(0).at(1).ch, U'0');
        for (int i = 4; i < 20; ++i)
            t.feed("\r\nl" + QByteArray::number(i));
        QCOMPARE(t.screen().scrollbackSize(), 4);
        QCOMPARE(t.screen().scrollbackLine(0).at(2).ch, U'3');   // l13, the oldest kept
        QCOMPARE(t.screen().scrollbackLine(3).at(2).ch, U'6');   // l16
        QCOMPARE(t.screen().visibleText(), QStringLiteral("l17\nl18\nl19"));
        t.feed("\x1b[3J");
        QCOMPARE(t.screen().scrollbackSize(), 0);
    }

    void alternateScreenRestoresTheMainOne()
    {
        TerminalEmulator t(20, 5);
        t.feed("$ vi file\r\n$ ");
        t.feed("\x1b[?1049h");
        QVERIFY(t.screen().alternateScreen());
        QCOMPARE(t.screen().visibleText(), QString());
        t.feed("\x1b[H~\r\n~\r\n~\r\n~\r\n~\r\n~\r\n~");   // scrolls, but keeps no history
        QCOMPARE(t.screen().scrollbackSize(), 0);
        t.feed("\x1b[1;1H\x1b[1mbold\x1b[2;3H");
        t.feed("\x1b[?1049l");
        QVERIFY(!t.screen().alternateScreen());
        QCOMPARE(t.screen().visibleText(), QStringLiteral("$ vi file\n$"));
        QCOMPARE(cursor(t), qMakePair(1, 2));
        QCOMPARE(t.screen().pen().attrs, quint8(0));   // the pen came back with the cursor
        // Entered again, it starts clear.
        t.feed("\x1b[?1049h");
        QCOMPARE(t.screen().visibleText(), QString());
        t.feed("\x1b[?1049l\x1b[?47h");
        QVERIFY(t.screen().alternateScreen());
        t.feed("\x1b[?47l");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("$ vi file\n$"));
    }

    void resizeKeepsTheCursorVisible()
    {
        TerminalEmulator t(10, 5);
        t.feed("l0\r\nl1\r\nl2\r\nl3\r\nl4-long");
        t.feed("\x1b[2;4r\x1b[5;8H");   // a region, which the resize resets
        t.resize(6, 3);
        QCOMPARE(t.screen().visibleText(), QStringLiteral("l2\nl3\nl4-lon"));
        QCOMPARE(cursor(t), qMakePair(2, 5));
        QCOMPARE(t.screen().scrollbackSize(), 2);
        QCOMPARE(t.screen().scrollbackLine(1).at(1).ch, U'1');
        QCOMPARE(t.screen().scrollTop(), 0);
        QCOMPARE(t.screen().scrollBottom(), 2);
        t.resize(12, 6);
        for (int r = 0; r < 6; ++r)
            QCOMPARE(t.screen().line(r).size(), 12);
        QCOMPARE(t.screen().visibleText(), QStringLiteral("l2\nl3\nl4-lon"));
        QCOMPARE(cursor(t), qMakePair(2, 5));
        // Lines below the cursor go before lines above it.
        t.feed("\x1b[1;1H");
        t.resize(12, 2);
        QCOMPARE(t.screen().visibleText(), QStringLiteral("l2\nl3"));
        QCOMPARE(t.screen().scrollbackSize(), 2);
        // In the alternate screen the main one follows the cursor saved for it.
        t.feed("\x1b[2;1H\x1b[?1049h\x1b[2;1Hvi");
        t.resize(12, 1);
        QCOMPARE(t.screen().visibleText(), QStringLiteral("vi"));
        t.feed("\x1b[?1049l");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("l3"));
        QCOMPARE(cursor(t), qMakePair(0, 0));
    }

    void statusReportsAreAnswered()
    {
        TerminalEmulator t(20, 10);
        t.feed("\x1b[3;5H");
        QCOMPARE(t.feed("\x1b[6n"), QByteArray("\x1b[3;5R"));
        QCOMPARE(t.feed("\x1b["), QByteArray());   // split: answered when it is whole
        QCOMPARE(t.feed("5n\x1b[c"), QByteArray("\x1b[0n\x1b[?1;2c"));
        QCOMPARE(t.feed("\x1b[>c\x1b[?6n"), QByteArray("\x1b[?3;5R"));
        // Origin mode reports relative to the region.
        QCOMPARE(t.feed("\x1b[4;8r\x1b[?6h\x1b[2;2H\x1b[6n"), QByteArray("\x1b[2;2R"));
        QCOMPARE(cursor(t), qMakePair(4, 1));
    }

    void decLineDrawing()
    {
        TerminalEmulator t(20, 3);
        t.feed("\x1b(0lqqk\r\nx  x\r\nmqvj\x1b(Bqx");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("┌──┐\n│  │\n└─┴┘qx"));
        // G1 through SO/SI, and the charset is part of the saved cursor.
        t.feed("\x1b[H\x1b)0\x0et\x0fn\x1b(0\x1b" "7\x1b(B\x1b" "8u");
        QCOMPARE(t.screen().text(0), QStringLiteral("├n┤┐"));
    }

    void utf8SplitAnywhereAndInvalidBytes()
    {
        TerminalEmulator t(20, 3);
        const QByteArray euro = "\xe2\x82\xac";
        t.feed(euro.left(1));
        t.feed(euro.mid(1, 1));
        QCOMPARE(t.screen().text(0), QString());
        t.feed(euro.mid(2) + "\xc3");
        t.feed("\xa9!");
        QCOMPARE(t.screen().text(0), QStringLiteral("€é!"));
        // A stray byte, a cut-short sequence, an overlong one and a surrogate each show as one
        // replacement, and what follows is intact.
        t.feed("\r\n\xff" "a\xe2\x82" "b\xc0\xaf" "c\xed\xa0\x80" "d\xf0\x9f\x98\x80");
        QCOMPARE(t.screen().text(1), QStringLiteral("\uFFFDa\uFFFDb\uFFFD\uFFFDc\uFFFDd😀"));
        // An escape sequence split byte by byte.
        for (const char c : QByteArray("\x1b[3;2H\x1b[1;32mok"))
            t.feed(QByteArray(1, c));
        QCOMPARE(t.screen().text(2), QStringLiteral(" ok"));
        QCOMPARE(t.screen().line(2).at(1).fg, indexed(2));
        // Combining marks take no cell of their own.
        t.feed("\r\ne\xcc\x81x");
        QCOMPARE(t.screen().text(2), QStringLiteral("ex"));
    }

    void titlesAndIgnoredSequences()
    {
        TerminalEmulator t(20, 3);
        t.feed("\x1b]0;root@pod: /\x07");
        QCOMPARE(t.screen().title(), QStringLiteral("root@pod: /"));
        t.feed("a\x1b]2;t\xc3\xa9tle\x1b\\b\x1b]52;c;Zm9v\x07"
               "c\x1bP1$r0m\x1b\\d\x1b[?1234h\x1b[5 qe\x1b[1;2;3;4zf\x1b=\x1b>\x1b[>4;1mg");
        QCOMPARE(t.screen().title(), QStringLiteral("tétle"));
        QCOMPARE(t.screen().text(0), QStringLiteral("abcdefg"));
        QCOMPARE(t.screen().line(0).at(6).attrs, quint8(0));   // CSI > 4;1 m is a key mode, not SGR
        // CAN aborts a sequence; its bytes are not shown and do not act.
        t.feed("\x1b[2\x18J\x1b]0;x\x1ay");
        QCOMPARE(t.screen().text(0), QStringLiteral("abcdefgJy"));
        QCOMPARE(t.screen().title(), QStringLiteral("tétle"));
        // Modes the widget reads.
        t.feed("\x1b[?1h\x1b[?2004h\x1b[?25l");
        QVERIFY(t.screen().applicationCursorKeys());
        QVERIFY(t.screen().bracketedPaste());
        QVERIFY(!t.screen().cursorVisible());
        t.feed("\x1b" "c");
        QVERIFY(!t.screen().applicationCursorKeys());
        QVERIFY(t.screen().cursorVisible());
        QCOMPARE(t.screen().visibleText(), QString());
    }

    void garbageIsSurvived()
    {
        TerminalEmulator t(8, 4);
        QByteArray many = "\x1b[";
        for (int i = 0; i < 200; ++i)
            many += "99999999;";
        many += "H\x1b]2;" + QByteArray(100000, 'x') + "\x07" "z";
        t.feed(many);
        QCOMPARE(t.screen().text(3), QStringLiteral("       z"));
        QVERIFY(t.screen().title().startsWith(QLatin1String("xxxx")));
        QVERIFY(t.screen().title().size() <= 4096);
        // A number too long for an int saturates rather than wrapping negative.
        t.feed("\x1b[H\x1b[3000000000C");
        QCOMPARE(cursor(t), qMakePair(0, 7));
        QByteArray noise;
        quint32 seed = 7;
        for (int i = 0; i < 20000; ++i) {
            seed = seed * 1103515245 + 12345;
            noise += char(seed >> 16);
        }
        t.feed(noise);
        for (int r = 0; r < 4; ++r)
            QCOMPARE(t.screen().line(r).size(), 8);
        QVERIFY(t.screen().cursorRow() >= 0 && t.screen().cursorRow() < 4);
        QVERIFY(t.screen().cursorColumn() >= 0 && t.screen().cursorColumn() < 8);
        // Whatever state the noise left (a string, a charset, a region), CAN and a reset end it.
        t.feed("\x18\x1b" "cok");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("ok"));
    }

    void busyboxTopFrame()
    {
        // What busybox top writes each refresh on an 40×6 terminal: home, clear, a header, the
        // column heading in reverse video, rows, and the next frame drawn over the first.
        TerminalEmulator t(40, 6);
        const QByteArray frame = "\x1b[H\x1b[J"
                                 "Mem: 1024K used, 2048K free\r\n"
                                 "Load average: 0.00 0.01 0.05 1/23 7\r\n"
                                 "\x1b[7m  PID USER     STAT COMMAND\x1b[m\r\n"
                                 "    1 root     S    /bin/sh\r\n"
                                 "    7 root     R    top";
        t.feed(frame);
        t.feed(QByteArray(frame).replace("1024K", "1100K").replace("    7 root     R    top", "    8 root     R    top -d1"));
        QCOMPARE(t.screen().visibleText(), QStringLiteral("Mem: 1100K used, 2048K free\n"
                                                          "Load average: 0.00 0.01 0.05 1/23 7\n"
                                                          "  PID USER     STAT COMMAND\n"
                                                          "    1 root     S    /bin/sh\n"
                                                          "    8 root     R    top -d1"));
        QCOMPARE(t.screen().line(2).at(0).attrs, quint8(TerminalCell::Inverse));
        QCOMPARE(t.screen().line(2).at(27).attrs, quint8(0));   // only the written text is reversed
        QCOMPARE(t.screen().line(3).at(0).attrs, quint8(0));
        QCOMPARE(t.screen().scrollbackSize(), 0);
    }

    void viSession()
    {
        // busybox vi on 30×5: alternate screen, the file, tildes, a status line in reverse video,
        // a scroll by reverse index at the top, then back to the shell.
        TerminalEmulator t(30, 5);
        t.feed("/ # vi /etc/hosts\r\n");
        t.feed("\x1b[?1049h\x1b[H\x1b[J127.0.0.1 localhost\r\n::1 localhost\r\n~\r\n~\r\n"
               "\x1b[5;1H\x1b[7m\"/etc/hosts\" 2L, 34C\x1b[0m\x1b[K\x1b[1;1H");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("127.0.0.1 localhost\n::1 localhost\n~\n~\n\"/etc/hosts\" 2L, 34C"));
        QCOMPARE(t.screen().line(4).at(0).attrs, quint8(TerminalCell::Inverse));
        QCOMPARE(t.screen().line(4).at(25).attrs, quint8(0));
        t.feed("\x1b[1;4r\x1b[1;1H\x1bM# hosts\x1b[r\x1b[1;3H");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("# hosts\n127.0.0.1 localhost\n::1 localhost\n~\n\"/etc/hosts\" 2L, 34C"));
        QCOMPARE(cursor(t), qMakePair(0, 2));
        t.feed("\x1b[5;1H\x1b[K\x1b[?1049l");
        QCOMPARE(t.screen().visibleText(), QStringLiteral("/ # vi /etc/hosts"));
        QCOMPARE(cursor(t), qMakePair(1, 0));
        t.feed("/ # ");
        QCOMPARE(t.screen().text(1), QStringLiteral("/ #"));
    }
};

QTEST_APPLESS_MAIN(TestTerminalEmulator)
#include "tst_terminal_emulator.moc"
