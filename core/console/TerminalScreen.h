#pragma once

#include <QList>
#include <QString>

#include <array>
#include <deque>
#include <vector>

namespace spillway::console {

// A cell's colour: the terminal's default, one of the 256 indexed colours (0–15 are the palette
// the widget's theme picks), or 24-bit RGB.
struct TerminalColor {
    enum Kind : quint8 { Default, Indexed, Rgb };
    Kind kind = Default;
    quint8 index = 0;
    quint32 rgb = 0;   // 0xRRGGBB
    bool operator==(const TerminalColor &) const = default;
};

struct TerminalCell {
    enum Attr : quint8 { Bold = 1, Faint = 2, Italic = 4, Underline = 8, Inverse = 16, Blink = 32 };
    char32_t ch = U' ';
    TerminalColor fg, bg;
    quint8 attrs = 0;
    bool operator==(const TerminalCell &) const = default;
};

using TerminalLine = QList<TerminalCell>;

// The grid a terminal program draws on, as xterm keeps it: the main screen with its scrollback,
// the alternate screen full-screen programs (vi, less, top) switch to, the cursor with xterm's
// pending-wrap rule, the scroll region, tab stops, modes and the pen new text is written with.
// Pure state: TerminalEmulator turns bytes into calls here, the widget reads it to paint.
// Every visible line always has exactly columns() cells; a scrollback line keeps the width the
// screen had when it scrolled off.
class TerminalScreen
{
public:
    enum class Charset : quint8 { Ascii, DecGraphics };
    static constexpr int MaxColumns = 1000;
    static constexpr int MaxRows = 1000;

    explicit TerminalScreen(int columns = 80, int rows = 24, int scrollbackLimit = 5000);

    int columns() const { return m_columns; }
    int rows() const { return m_rows; }
    const TerminalLine &line(int row) const;               // visible row 0..rows()-1
    int scrollbackSize() const { return int(m_scrollback.size()); }
    const TerminalLine &scrollbackLine(int index) const;   // 0 = oldest
    QString text(int row) const;                           // trailing blanks trimmed
    QString visibleText() const;                           // rows joined by '\n', trailing empty rows dropped
    int cursorRow() const { return m_row; }
    int cursorColumn() const { return m_column; }
    bool cursorVisible() const { return m_cursorVisible; }
    bool alternateScreen() const { return m_altActive; }
    bool applicationCursorKeys() const { return m_applicationCursorKeys; }
    bool bracketedPaste() const { return m_bracketedPaste; }
    bool originMode() const { return m_originMode; }
    int scrollTop() const { return m_top; }
    int scrollBottom() const { return m_bottom; }
    QString title() const { return m_title; }

    // What new text is written with (ch is unused).
    TerminalCell &pen() { return m_pen; }
    const TerminalCell &pen() const { return m_pen; }

    // Text and C0 controls.
    void put(char32_t ch);
    void carriageReturn();
    void backspace();
    void tab(int count = 1);
    void backTab(int count = 1);
    void lineFeed();   // index, plus carriage return in newline mode (LNM)
    void index();
    void reverseIndex();
    void nextLine()
    {
        carriageReturn();
        index();
    }

    // Cursor movement; all clamp to the screen, absolute ones honour origin mode.
    void moveCursor(int row, int column)   // 0-based
    {
        setCursorRow(row);
        setCursorColumn(column);
    }
    void setCursorRow(int row);
    void setCursorColumn(int column);
    void moveCursorBy(int rows, int columns);

    // Editing, at the cursor; what is uncovered takes the pen's background.
    void eraseInLine(int mode);      // 0: to the end, 1: from the start, 2: all
    void eraseInDisplay(int mode);   // 0, 1, 2 as above; 3: the scrollback
    void insertLines(int count);
    void deleteLines(int count);
    void insertChars(int count);
    void deleteChars(int count);
    void eraseChars(int count);
    void scrollUp(int count);
    void scrollDown(int count);
    void setScrollRegion(int top, int bottom);   // 0-based, inclusive; an invalid one is ignored
    void clearScrollback() { m_scrollback.clear(); }
    void fillWithE();   // DECALN

    void setTabStop() { m_tabStops[size_t(m_column)] = true; }
    void clearTabStop(int mode);   // 0: at the cursor, 3: all

    void saveCursor();
    void restoreCursor();
    void setAlternateScreen(bool on);
    void designateCharset(int slot, Charset charset);   // G0..G3
    void shiftCharset(int slot);                         // SI: 0, SO: 1

    void setAutowrap(bool on) { m_autowrap = on; }
    void setOriginMode(bool on);
    void setInsertMode(bool on) { m_insertMode = on; }
    void setNewlineMode(bool on) { m_newlineMode = on; }
    void setCursorVisible(bool on) { m_cursorVisible = on; }
    void setApplicationCursorKeys(bool on) { m_applicationCursorKeys = on; }
    void setBracketedPaste(bool on) { m_bracketedPaste = on; }
    void setTitle(const QString &title) { m_title = title; }

    void resize(int columns, int rows);
    void reset();       // RIS: everything but the size and the scrollback
    void softReset();   // DECSTR: modes, pen, region and saved cursor; the text stays

private:
    // What DECSC keeps, one per screen so that a program's own save on the alternate screen does
    // not overwrite what 1049 saved on the main one.
    struct SavedCursor {
        int row = 0, column = 0;
        bool pendingWrap = false;
        bool originMode = false;
        TerminalCell pen;
        std::array<Charset, 4> charsets{};
        int shift = 0;
    };
    struct Buffer {
        QList<TerminalLine> lines;
        SavedCursor saved;
    };

    Buffer &active() { return m_altActive ? m_alt : m_main; }
    const Buffer &active() const { return m_altActive ? m_alt : m_main; }
    TerminalLine &currentLine() { return active().lines[m_row]; }
    TerminalCell blank() const;
    TerminalLine blankLine() const;
    void fill(TerminalLine &line, int from, int to);   // [from, to)
    void pushScrollback(TerminalLine line);
    void resetTabStops(int from);
    void shrinkRows(Buffer &buffer, int &cursorRow, int rows, bool keepScrolled);

    int m_columns;
    int m_rows;
    int m_scrollbackLimit;
    Buffer m_main, m_alt;
    bool m_altActive = false;
    std::deque<TerminalLine> m_scrollback;

    int m_row = 0, m_column = 0;
    bool m_pendingWrap = false;   // a character went into the last column; the next one wraps first
    int m_top = 0, m_bottom = 0;  // scroll region, inclusive
    TerminalCell m_pen;
    std::array<Charset, 4> m_charsets{};
    int m_shift = 0;
    std::vector<bool> m_tabStops;

    bool m_autowrap = true;
    bool m_originMode = false;
    bool m_insertMode = false;
    bool m_newlineMode = false;
    bool m_cursorVisible = true;
    bool m_applicationCursorKeys = false;
    bool m_bracketedPaste = false;
    QString m_title;
};

} // namespace spillway::console
