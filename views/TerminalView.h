#pragma once

#include "console/TerminalEmulator.h"

#include <QAbstractScrollArea>
#include <QPoint>

namespace spillway::views {

// A terminal for a shell in a pod: paints core's TerminalEmulator (colours, attributes, cursor,
// alternate screen, scrollback on the scroll bar), turns keys and pastes into the bytes a
// terminal sends, and reports its size in cells when the widget is resized. Selecting with the
// mouse copies; Ctrl+Shift+C / Ctrl+Shift+V (or the context menu) copy and paste, and every
// other key, Tab and Ctrl+C included, goes to the program.
class TerminalView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit TerminalView(QWidget *parent = nullptr);

    void feed(const QByteArray &bytes);   // what the program wrote
    void reset();                         // a blank screen, for a new session

    int columns() const { return m_emulator.screen().columns(); }
    int rows() const { return m_emulator.screen().rows(); }
    QString screenText() const { return m_emulator.screen().visibleText(); }
    QString selectedText() const;
    void copy() const;
    void paste();

signals:
    void input(const QByteArray &bytes);            // keys, pastes and the terminal's answers
    void sizeChanged(int columns, int rows);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    bool event(QEvent *event) override;

private:
    void fitToViewport();
    void updateScrollBar(bool stickToBottom);
    const console::TerminalLine &displayLine(int absolute) const;   // scrollback, then the screen
    QPoint cellAt(const QPoint &pos) const;                          // (column, absolute line)
    bool selected(int column, int line) const;

    console::TerminalEmulator m_emulator;
    qreal m_cellWidth = 8;   // fractional: see the constructor
    int m_cellHeight = 16, m_ascent = 12;
    QPoint m_selectionStart{-1, -1}, m_selectionEnd{-1, -1};         // (column, absolute line)
    bool m_selecting = false;
};

} // namespace spillway::views
