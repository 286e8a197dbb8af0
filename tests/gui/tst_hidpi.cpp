// The console on a HiDPI screen (Qt scales by the screen's factor; this test runs at 2×, as
// QT_SCALE_FACTOR=2 does): every page renders at twice the pixels, the icon is drawn for the
// screen rather than stretched, and the terminal's text stays on its cells — fonts are unhinted on
// HiDPI screens, so a glyph advances a fraction of a pixel more or less than a whole-pixel grid.
#include "MainWindow.h"
#include "TerminalView.h"
#include "console/ClusterListModel.h"

#include <QApplication>
#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QtTest>

using namespace spillway;

namespace {

constexpr qreal kScale = 2.0;

// The rightmost x (in device-independent pixels) in row ROW of the terminal's image where a glyph
// left ink, or -1 for none.
qreal rightmostInk(const QImage &image, int rowTop, int rowHeight)
{
    const QRgb background = image.pixel(0, image.height() - 1);   // the bottom row is blank
    const int top = int(rowTop * kScale), bottom = int((rowTop + rowHeight) * kScale);
    for (int x = image.width() - 1; x >= 0; --x)
        for (int y = top; y < bottom && y < image.height(); ++y)
            if (image.pixel(x, y) != background)
                return x / kScale;
    return -1;
}

} // namespace

class TestHiDpi : public QObject
{
    Q_OBJECT
private slots:
    void everyPageRendersAtTheScreensScale()
    {
        console::ClusterListModel clusters(nullptr, [](const console::ClusterEntry &) -> Result<console::ClusterFacts> {
            return Error::of(Error::Kind::Transport, QStringLiteral("not asked in this test"));
        });
        views::MainWindow window(&clusters);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.devicePixelRatio(), kScale);
        for (const QString &page : views::MainWindow::pageNames()) {
            QVERIFY(window.showPage(page));
            const QPixmap shot = window.grab();
            QCOMPARE(shot.devicePixelRatio(), kScale);
            QCOMPARE(shot.size(), window.size() * kScale);
        }
    }

    // The application's icon (the window's, the tray's) is drawn at the screen's pixels: an SVG,
    // not a small bitmap stretched.
    void theIconIsDrawnForTheScreen()
    {
        const QIcon icon(QStringLiteral(":/icons/spillway.svg"));
        QVERIFY(!icon.isNull());
        const QPixmap pixmap = icon.pixmap(QSize(32, 32), kScale);
        QCOMPARE(pixmap.size(), QSize(64, 64));
        QCOMPARE(pixmap.devicePixelRatio(), kScale);
    }

    // A row of text and one glyph alone in its last column end at the same place: the glyphs and
    // the cells (cursor, selection, colours) agree across the width.
    void terminalTextStaysOnItsCells()
    {
        views::TerminalView terminal;
        terminal.resize(760, 240);
        terminal.show();
        QVERIFY(QTest::qWaitForWindowExposed(&terminal));
        const int columns = terminal.columns() * 3 / 4;   // well inside the viewport, however the grid is drawn
        QVERIFY2(columns > 60, qPrintable(QString::number(columns)));
        // Row 1: COLUMNS glyphs; row 2: the last of them only, in red, so that it is drawn from its
        // own cell rather than after the row's blanks; the cursor out of the way, below.
        terminal.feed("\x1b[2J\x1b[H" + QByteArray(columns, 'M') + "\x1b[2;" + QByteArray::number(columns) + "H\x1b[31mM\x1b[0m\x1b[6;1H");
        QCOMPARE(terminal.screenText().section(QLatin1Char('\n'), 1, 1).trimmed(), QStringLiteral("M"));
        const QImage image = terminal.viewport()->grab().toImage();
        QCOMPARE(image.devicePixelRatio(), kScale);
        const int rowHeight = terminal.fontMetrics().height();
        const qreal full = rightmostInk(image, 0, rowHeight), alone = rightmostInk(image, rowHeight + 1, rowHeight - 1);
        QVERIFY2(full > 0 && alone > 0, qPrintable(QStringLiteral("%1 %2").arg(full).arg(alone)));
        QVERIFY2(qAbs(full - alone) <= 1.0, qPrintable(QStringLiteral("the full row ends at %1 px, the last column's glyph at %2 px").arg(full).arg(alone)));
    }
};

int main(int argc, char **argv)
{
    qputenv("QT_SCALE_FACTOR", QByteArray::number(kScale));
    QApplication app(argc, argv);
    TestHiDpi test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_hidpi.moc"
