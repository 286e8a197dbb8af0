#include "TerminalView.h"

#include "console/TerminalKeys.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QtMath>

namespace spillway::views {

using console::TerminalCell;
using console::TerminalColor;

namespace {

const QColor kDefaultForeground(0xd0, 0xd0, 0xd0);
const QColor kDefaultBackground(0x1d, 0x1f, 0x21);

// The 16 ANSI colours (xterm's), then the 6×6×6 cube and the 24 greys of the 256-colour palette.
QColor indexedColour(int index)
{
    static const QRgb ansi[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x3b78ff, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                                  0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};
    if (index < 16)
        return QColor(ansi[index]);
    if (index < 232) {
        static const int level[6] = {0, 95, 135, 175, 215, 255};
        const int i = index - 16;
        return QColor(level[i / 36], level[(i / 6) % 6], level[i % 6]);
    }
    const int grey = 8 + 10 * (index - 232);
    return QColor(grey, grey, grey);
}

QColor colourOf(const TerminalColor &c, bool foreground, bool bold)
{
    switch (c.kind) {
    case TerminalColor::Indexed:
        // Bold text in one of the eight base colours shows in its bright twin, as xterm does.
        return indexedColour(bold && foreground && c.index < 8 ? c.index + 8 : c.index);
    case TerminalColor::Rgb:
        return QColor(QRgb(c.rgb));
    case TerminalColor::Default:
        break;
    }
    return foreground ? kDefaultForeground : kDefaultBackground;
}

const console::TerminalLine kBlankLine;

} // namespace

TerminalView::TerminalView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("terminal"));
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::TypeWriter);
    setFont(font);
    // The advance as it is, fractional: unhinted fonts (Qt's default on HiDPI screens) advance
    // 7.22 px, say, and a grid of whole pixels would drift from the text drawn on it by a cell
    // every few dozen columns.
    const QFontMetricsF metrics(font);
    m_cellWidth = qMax<qreal>(1, metrics.horizontalAdvance(QLatin1Char('M')));
    m_cellHeight = qMax(1, qCeil(metrics.height()));
    m_ascent = qRound(metrics.ascent());
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_InputMethodEnabled, false);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setAutoFillBackground(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
    updateScrollBar(true);
}

void TerminalView::feed(const QByteArray &bytes)
{
    const bool atBottom = verticalScrollBar()->value() == verticalScrollBar()->maximum();
    const QByteArray answer = m_emulator.feed(bytes);
    if (!answer.isEmpty())
        emit input(answer);
    updateScrollBar(atBottom);
    viewport()->update();
}

void TerminalView::reset()
{
    const console::TerminalScreen &screen = m_emulator.screen();
    m_emulator = console::TerminalEmulator(screen.columns(), screen.rows());
    m_selectionStart = m_selectionEnd = {-1, -1};
    updateScrollBar(true);
    viewport()->update();
}

void TerminalView::updateScrollBar(bool stickToBottom)
{
    QScrollBar *bar = verticalScrollBar();
    const int scrollback = m_emulator.screen().scrollbackSize();
    bar->setRange(0, scrollback);
    bar->setPageStep(rows());
    bar->setSingleStep(1);
    if (stickToBottom)
        bar->setValue(scrollback);
}

const console::TerminalLine &TerminalView::displayLine(int absolute) const
{
    const console::TerminalScreen &screen = m_emulator.screen();
    const int scrollback = screen.scrollbackSize();
    if (absolute < 0)
        return kBlankLine;
    if (absolute < scrollback)
        return screen.scrollbackLine(absolute);
    if (absolute - scrollback < screen.rows())
        return screen.line(absolute - scrollback);
    return kBlankLine;
}

void TerminalView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    p.fillRect(viewport()->rect(), kDefaultBackground);
    const console::TerminalScreen &screen = m_emulator.screen();
    const int first = verticalScrollBar()->value();
    const QFont base = font();
    for (int row = 0; row < screen.rows(); ++row) {
        const int absolute = first + row;
        const console::TerminalLine &line = displayLine(absolute);
        const int y = row * m_cellHeight;
        // Runs of cells that look the same are drawn with one call.
        for (int start = 0; start < line.size();) {
            const TerminalCell &head = line.at(start);
            const bool headSelected = selected(start, absolute);
            int end = start + 1;
            while (end < line.size() && line.at(end).fg == head.fg && line.at(end).bg == head.bg && line.at(end).attrs == head.attrs &&
                   selected(end, absolute) == headSelected)
                ++end;
            const bool bold = head.attrs & TerminalCell::Bold;
            QColor fg = colourOf(head.fg, true, bold), bg = colourOf(head.bg, false, false);
            if (bool(head.attrs & TerminalCell::Inverse) != headSelected)
                std::swap(fg, bg);
            if (head.attrs & TerminalCell::Faint)
                fg = fg.darker(150);
            const QRectF cells(start * m_cellWidth, y, (end - start) * m_cellWidth, m_cellHeight);
            if (bg != kDefaultBackground)
                p.fillRect(cells, bg);
            QString text;
            bool ascii = true;   // the monospace font's own glyphs, each one cell wide
            for (int i = start; i < end; ++i) {
                text += QString::fromUcs4(&line.at(i).ch, 1);
                ascii = ascii && line.at(i).ch < 0x7f;
            }
            if (!text.trimmed().isEmpty() || (head.attrs & TerminalCell::Underline)) {
                QFont f = base;
                f.setBold(bold);
                f.setItalic(head.attrs & TerminalCell::Italic);
                f.setUnderline(head.attrs & TerminalCell::Underline);
                p.setFont(f);
                p.setPen(fg);
                if (ascii) {
                    p.drawText(QPointF(start * m_cellWidth, y + m_ascent), text);
                } else {
                    // Glyphs from fallback fonts advance as they like: each is put on its cell.
                    for (int i = start; i < end; ++i)
                        p.drawText(QPointF(i * m_cellWidth, y + m_ascent), QString::fromUcs4(&line.at(i).ch, 1));
                }
            }
            start = end;
        }
    }
    // The cursor shows only on the live screen, not while reading back.
    if (screen.cursorVisible() && first == screen.scrollbackSize()) {
        const QRectF cell(screen.cursorColumn() * m_cellWidth, screen.cursorRow() * m_cellHeight, m_cellWidth, m_cellHeight);
        if (hasFocus()) {
            p.fillRect(cell, kDefaultForeground);
            const console::TerminalLine &line = screen.line(screen.cursorRow());
            if (screen.cursorColumn() < line.size()) {
                p.setFont(base);
                p.setPen(kDefaultBackground);
                p.drawText(QPointF(cell.x(), cell.y() + m_ascent), QString::fromUcs4(&line.at(screen.cursorColumn()).ch, 1));
            }
        } else {
            p.setPen(kDefaultForeground);
            p.drawRect(cell.adjusted(0, 0, -1, -1));
        }
    }
}

void TerminalView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    fitToViewport();
}

void TerminalView::fitToViewport()
{
    const int columns = qMax(2, int(viewport()->width() / m_cellWidth)), rowCount = qMax(1, viewport()->height() / m_cellHeight);
    if (columns == this->columns() && rowCount == rows())
        return;
    m_emulator.resize(columns, rowCount);
    updateScrollBar(true);
    viewport()->update();
    emit sizeChanged(columns, rowCount);
}

bool TerminalView::event(QEvent *event)
{
    // Keys are the program's: Ctrl+letter must not trigger the window's shortcuts.
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept();
        return true;
    }
    return QAbstractScrollArea::event(event);
}

bool TerminalView::focusNextPrevChild(bool)
{
    return false;   // Tab completes in the shell; it does not move the focus
}

void TerminalView::keyPressEvent(QKeyEvent *event)
{
    const auto modifiers = event->modifiers();
    const bool ctrlShift = (modifiers & Qt::ControlModifier) && (modifiers & Qt::ShiftModifier);
    if (ctrlShift && event->key() == Qt::Key_C) {
        copy();
        return;
    }
    if (ctrlShift && event->key() == Qt::Key_V) {
        paste();
        return;
    }
    if ((modifiers & Qt::ShiftModifier) && (event->key() == Qt::Key_PageUp || event->key() == Qt::Key_PageDown)) {
        QScrollBar *bar = verticalScrollBar();
        bar->setValue(bar->value() + (event->key() == Qt::Key_PageUp ? -bar->pageStep() : bar->pageStep()));
        return;
    }
    const QByteArray bytes = console::bytesForKey(event->key(), int(modifiers), event->text(), m_emulator.screen().applicationCursorKeys());
    if (bytes.isEmpty()) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    m_selectionStart = m_selectionEnd = {-1, -1};
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    emit input(bytes);
}

QPoint TerminalView::cellAt(const QPoint &pos) const
{
    const int column = qBound(0, int(pos.x() / m_cellWidth), columns() - 1);
    const int row = qBound(0, pos.y() / m_cellHeight, rows() - 1);
    return {column, verticalScrollBar()->value() + row};
}

bool TerminalView::selected(int column, int line) const
{
    if (m_selectionStart.x() < 0 || m_selectionStart == m_selectionEnd)
        return false;
    auto before = [](QPoint a, QPoint b) { return a.y() < b.y() || (a.y() == b.y() && a.x() < b.x()); };
    const QPoint from = before(m_selectionEnd, m_selectionStart) ? m_selectionEnd : m_selectionStart;
    const QPoint to = from == m_selectionStart ? m_selectionEnd : m_selectionStart;
    const QPoint at(column, line);
    return !before(at, from) && before(at, to + QPoint(1, 0));
}

QString TerminalView::selectedText() const
{
    if (m_selectionStart.x() < 0 || m_selectionStart == m_selectionEnd)
        return {};
    const int firstLine = qMin(m_selectionStart.y(), m_selectionEnd.y()), lastLine = qMax(m_selectionStart.y(), m_selectionEnd.y());
    QStringList lines;
    for (int l = firstLine; l <= lastLine; ++l) {
        const console::TerminalLine &line = displayLine(l);
        QString text;
        for (int c = 0; c < line.size(); ++c)
            if (selected(c, l))
                text += QString::fromUcs4(&line.at(c).ch, 1);
        while (text.endsWith(QLatin1Char(' ')))
            text.chop(1);
        lines << text;
    }
    return lines.join(QLatin1Char('\n'));
}

void TerminalView::copy() const
{
    if (const QString text = selectedText(); !text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void TerminalView::paste()
{
    const QString text = QApplication::clipboard()->text();
    if (!text.isEmpty())
        emit input(console::bytesForPaste(text, m_emulator.screen().bracketedPaste()));
}

void TerminalView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_selectionStart = m_selectionEnd = cellAt(event->position().toPoint());
        m_selecting = true;
        viewport()->update();
    } else if (event->button() == Qt::MiddleButton && QApplication::clipboard()->supportsSelection()) {
        const QString text = QApplication::clipboard()->text(QClipboard::Selection);
        if (!text.isEmpty())
            emit input(console::bytesForPaste(text, m_emulator.screen().bracketedPaste()));
    }
    setFocus(Qt::MouseFocusReason);
}

void TerminalView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_selecting)
        return;
    m_selectionEnd = cellAt(event->position().toPoint());
    viewport()->update();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_selecting || event->button() != Qt::LeftButton)
        return;
    m_selecting = false;
    m_selectionEnd = cellAt(event->position().toPoint());
    // As in any X terminal, a selection is ready for a middle-click paste.
    if (const QString text = selectedText(); !text.isEmpty() && QApplication::clipboard()->supportsSelection())
        QApplication::clipboard()->setText(text, QClipboard::Selection);
    viewport()->update();
}

void TerminalView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *copyAction = menu.addAction(tr("Copy"), this, [this] { copy(); });
    copyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyAction->setEnabled(!selectedText().isEmpty());
    QAction *pasteAction = menu.addAction(tr("Paste"), this, [this] { paste(); });
    pasteAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    pasteAction->setEnabled(!QApplication::clipboard()->text().isEmpty());
    menu.exec(event->globalPos());
}

} // namespace spillway::views
