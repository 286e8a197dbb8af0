#include "console/TerminalScreen.h"

#include <QChar>
#include <QStringList>

#include <algorithm>

namespace spillway::console {

namespace {

// DEC special graphics for 0x5F..0x7E, as the VT100 drew them: what ncurses (and busybox top's
// and vi's borders, when TERM says so) select with ESC ( 0 to draw boxes and lines.
constexpr char32_t kDecGraphics[32] = {
    U'\u00A0', U'\u25C6', U'\u2592', U'\u2409', U'\u240C', U'\u240D', U'\u240A', U'\u00B0',   // _ ` a b c d e f
    U'\u00B1', U'\u2424', U'\u240B', U'\u2518', U'\u2510', U'\u250C', U'\u2514', U'\u253C',   // g h i j k l m n
    U'\u23BA', U'\u23BB', U'\u2500', U'\u23BC', U'\u23BD', U'\u251C', U'\u2524', U'\u2534',   // o p q r s t u v
    U'\u252C', U'\u2502', U'\u2264', U'\u2265', U'\u03C0', U'\u2260', U'\u00A3', U'\u00B7',   // w x y z { | } ~
};

// Marks and format characters take no cell of their own; given one they would push the rest of
// the line a column to the right of where the program believes it is. (Below U+0300 there are
// none that terminals treat so: the soft hyphen, a format character, still takes a cell.)
bool zeroWidth(char32_t ch)
{
    if (ch < 0x300)
        return false;
    switch (QChar::category(ch)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_Enclosing:
    case QChar::Other_Format:
        return true;
    default:
        return false;
    }
}

const TerminalLine &emptyLine()
{
    static const TerminalLine none;
    return none;
}

} // namespace

TerminalScreen::TerminalScreen(int columns, int rows, int scrollbackLimit)
    : m_columns(std::clamp(columns, 1, MaxColumns)), m_rows(std::clamp(rows, 1, MaxRows)), m_scrollbackLimit(std::max(0, scrollbackLimit))
{
    m_main.lines = QList<TerminalLine>(m_rows, TerminalLine(m_columns));
    m_alt.lines = m_main.lines;
    m_bottom = m_rows - 1;
    resetTabStops(0);
}

const TerminalLine &TerminalScreen::line(int row) const
{
    return row >= 0 && row < m_rows ? active().lines.at(row) : emptyLine();
}

const TerminalLine &TerminalScreen::scrollbackLine(int index) const
{
    return index >= 0 && index < scrollbackSize() ? m_scrollback[size_t(index)] : emptyLine();
}

QString TerminalScreen::text(int row) const
{
    QString out;
    for (const TerminalCell &cell : line(row)) {
        const auto ch = QChar::fromUcs4(cell.ch);
        out += QStringView(ch);
    }
    qsizetype end = out.size();
    while (end > 0 && out.at(end - 1) == QLatin1Char(' '))
        --end;
    out.truncate(end);
    return out;
}

QString TerminalScreen::visibleText() const
{
    QStringList lines;
    for (int row = 0; row < m_rows; ++row)
        lines << text(row);
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines.join(QLatin1Char('\n'));
}

TerminalCell TerminalScreen::blank() const
{
    // Erased cells take the background the program set (xterm's "bce"): a status bar drawn by
    // setting a colour and erasing to the end of the line depends on it.
    TerminalCell cell;
    cell.bg = m_pen.bg;
    return cell;
}

TerminalLine TerminalScreen::blankLine() const
{
    return TerminalLine(m_columns, blank());
}

void TerminalScreen::fill(TerminalLine &line, int from, int to)
{
    const TerminalCell cell = blank();
    for (int c = std::max(0, from); c < std::min(to, int(line.size())); ++c)
        line[c] = cell;
}

void TerminalScreen::pushScrollback(TerminalLine line)
{
    if (m_scrollbackLimit == 0)
        return;
    m_scrollback.push_back(std::move(line));
    while (int(m_scrollback.size()) > m_scrollbackLimit)
        m_scrollback.pop_front();
}

void TerminalScreen::resetTabStops(int from)
{
    m_tabStops.resize(size_t(m_columns));
    for (int c = from; c < m_columns; ++c)
        m_tabStops[size_t(c)] = c % 8 == 0 && c > 0;
}

void TerminalScreen::put(char32_t ch)
{
    const Charset charset = m_charsets[size_t(m_shift)];
    if (charset == Charset::DecGraphics && ch >= 0x5F && ch <= 0x7E)
        ch = kDecGraphics[ch - 0x5F];
    if (zeroWidth(ch))
        return;
    if (m_pendingWrap) {
        m_pendingWrap = false;
        if (m_autowrap) {
            m_column = 0;
            index();
        }
    }
    if (m_insertMode)
        insertChars(1);
    TerminalCell &cell = currentLine()[m_column];
    cell.ch = ch;
    cell.fg = m_pen.fg;
    cell.bg = m_pen.bg;
    cell.attrs = m_pen.attrs;
    // The cursor stays on the last column until the next character: a program that writes the
    // last column and then a CR LF (or positions the cursor) must not get an empty line between.
    if (m_column + 1 < m_columns)
        ++m_column;
    else
        m_pendingWrap = m_autowrap;
}

void TerminalScreen::carriageReturn()
{
    m_column = 0;
    m_pendingWrap = false;
}

void TerminalScreen::backspace()
{
    m_pendingWrap = false;
    if (m_column > 0)
        --m_column;
}

void TerminalScreen::tab(int count)
{
    m_pendingWrap = false;
    for (int n = std::min(count, m_columns); n > 0 && m_column < m_columns - 1; --n) {
        ++m_column;
        while (m_column < m_columns - 1 && !m_tabStops[size_t(m_column)])
            ++m_column;
    }
}

void TerminalScreen::backTab(int count)
{
    m_pendingWrap = false;
    for (int n = std::min(count, m_columns); n > 0 && m_column > 0; --n) {
        --m_column;
        while (m_column > 0 && !m_tabStops[size_t(m_column)])
            --m_column;
    }
}

void TerminalScreen::lineFeed()
{
    index();
    if (m_newlineMode)
        m_column = 0;
}

void TerminalScreen::index()
{
    m_pendingWrap = false;
    if (m_row == m_bottom)
        scrollUp(1);
    else if (m_row < m_rows - 1)
        ++m_row;
}

void TerminalScreen::reverseIndex()
{
    m_pendingWrap = false;
    if (m_row == m_top)
        scrollDown(1);
    else if (m_row > 0)
        --m_row;
}

void TerminalScreen::setCursorRow(int row)
{
    m_pendingWrap = false;
    m_row = m_originMode ? std::clamp(m_top + std::max(0, row), m_top, m_bottom) : std::clamp(row, 0, m_rows - 1);
}

void TerminalScreen::setCursorColumn(int column)
{
    m_pendingWrap = false;
    m_column = std::clamp(column, 0, m_columns - 1);
}

void TerminalScreen::moveCursorBy(int rows, int columns)
{
    m_pendingWrap = false;
    // Up and down stop at the scroll region's margins when the cursor starts inside them, so a
    // program moving within its region cannot stray into a status line it keeps outside.
    if (rows < 0)
        m_row = std::max(m_row >= m_top ? m_top : 0, m_row + rows);
    else if (rows > 0)
        m_row = std::min(m_row <= m_bottom ? m_bottom : m_rows - 1, m_row + rows);
    m_column = std::clamp(m_column + columns, 0, m_columns - 1);
}

void TerminalScreen::eraseInLine(int mode)
{
    m_pendingWrap = false;
    TerminalLine &line = currentLine();
    if (mode == 0)
        fill(line, m_column, m_columns);
    else if (mode == 1)
        fill(line, 0, m_column + 1);
    else if (mode == 2)
        fill(line, 0, m_columns);
}

void TerminalScreen::eraseInDisplay(int mode)
{
    QList<TerminalLine> &lines = active().lines;
    if (mode == 0) {
        eraseInLine(0);
        for (int r = m_row + 1; r < m_rows; ++r)
            lines[r] = blankLine();
    } else if (mode == 1) {
        eraseInLine(1);
        for (int r = 0; r < m_row; ++r)
            lines[r] = blankLine();
    } else if (mode == 2) {
        m_pendingWrap = false;
        for (TerminalLine &line : lines)
            line = blankLine();
    } else if (mode == 3) {
        clearScrollback();
    }
}

void TerminalScreen::insertLines(int count)
{
    if (m_row < m_top || m_row > m_bottom)
        return;
    QList<TerminalLine> &lines = active().lines;
    const int n = std::clamp(count, 0, m_bottom - m_row + 1);
    lines.remove(m_bottom - n + 1, n);
    lines.insert(m_row, n, blankLine());
    m_column = 0;
    m_pendingWrap = false;
}

void TerminalScreen::deleteLines(int count)
{
    if (m_row < m_top || m_row > m_bottom)
        return;
    QList<TerminalLine> &lines = active().lines;
    const int n = std::clamp(count, 0, m_bottom - m_row + 1);
    lines.remove(m_row, n);
    lines.insert(m_bottom - n + 1, n, blankLine());
    m_column = 0;
    m_pendingWrap = false;
}

void TerminalScreen::insertChars(int count)
{
    m_pendingWrap = false;
    TerminalLine &line = currentLine();
    const int n = std::clamp(count, 0, m_columns - m_column);
    for (int c = m_columns - 1; c >= m_column + n; --c)
        line[c] = line[c - n];
    fill(line, m_column, m_column + n);
}

void TerminalScreen::deleteChars(int count)
{
    m_pendingWrap = false;
    TerminalLine &line = currentLine();
    const int n = std::clamp(count, 0, m_columns - m_column);
    for (int c = m_column; c + n < m_columns; ++c)
        line[c] = line[c + n];
    fill(line, m_columns - n, m_columns);
}

void TerminalScreen::eraseChars(int count)
{
    m_pendingWrap = false;
    fill(currentLine(), m_column, m_column + std::clamp(count, 0, m_columns - m_column));
}

void TerminalScreen::scrollUp(int count)
{
    QList<TerminalLine> &lines = active().lines;
    const int n = std::clamp(count, 0, m_bottom - m_top + 1);
    // Only what leaves the whole main screen is history; a line leaving a partial region (vi's
    // text above its status line) or the alternate screen is not something to scroll back to.
    const bool keep = !m_altActive && m_top == 0 && m_bottom == m_rows - 1;
    for (int k = 0; k < n; ++k) {
        if (keep)
            pushScrollback(lines.at(m_top));
        lines.removeAt(m_top);
        lines.insert(m_bottom, blankLine());
    }
}

void TerminalScreen::scrollDown(int count)
{
    QList<TerminalLine> &lines = active().lines;
    const int n = std::clamp(count, 0, m_bottom - m_top + 1);
    for (int k = 0; k < n; ++k) {
        lines.removeAt(m_bottom);
        lines.insert(m_top, blankLine());
    }
}

void TerminalScreen::setScrollRegion(int top, int bottom)
{
    top = std::max(0, top);
    bottom = std::min(bottom, m_rows - 1);
    if (top >= bottom)
        return;
    m_top = top;
    m_bottom = bottom;
    moveCursor(0, 0);
}

void TerminalScreen::fillWithE()
{
    TerminalCell e;
    e.ch = U'E';
    for (TerminalLine &line : active().lines)
        line.fill(e);
    m_top = 0;
    m_bottom = m_rows - 1;
    m_originMode = false;
    moveCursor(0, 0);
}

void TerminalScreen::clearTabStop(int mode)
{
    if (mode == 0)
        m_tabStops[size_t(m_column)] = false;
    else if (mode == 3)
        std::fill(m_tabStops.begin(), m_tabStops.end(), false);
}

void TerminalScreen::saveCursor()
{
    active().saved = SavedCursor{m_row, m_column, m_pendingWrap, m_originMode, m_pen, m_charsets, m_shift};
}

void TerminalScreen::restoreCursor()
{
    const SavedCursor &s = active().saved;
    // The screen may have shrunk since the save.
    m_row = std::clamp(s.row, 0, m_rows - 1);
    m_column = std::clamp(s.column, 0, m_columns - 1);
    m_pendingWrap = s.pendingWrap && m_column == m_columns - 1;
    m_originMode = s.originMode;
    m_pen = s.pen;
    m_charsets = s.charsets;
    m_shift = s.shift;
}

void TerminalScreen::setAlternateScreen(bool on)
{
    if (on == m_altActive)
        return;
    m_altActive = on;
    if (on) {
        // Cleared with the default colours, not the pen's: the program has not drawn anything yet.
        m_alt.lines = QList<TerminalLine>(m_rows, TerminalLine(m_columns));
        m_alt.saved = SavedCursor{};
    }
    m_pendingWrap = false;
}

void TerminalScreen::designateCharset(int slot, Charset charset)
{
    if (slot >= 0 && slot < int(m_charsets.size()))
        m_charsets[size_t(slot)] = charset;
}

void TerminalScreen::shiftCharset(int slot)
{
    if (slot >= 0 && slot < int(m_charsets.size()))
        m_shift = slot;
}

void TerminalScreen::setOriginMode(bool on)
{
    m_originMode = on;
    moveCursor(0, 0);
}

void TerminalScreen::shrinkRows(Buffer &buffer, int &cursorRow, int rows, bool keepScrolled)
{
    // Lines below the cursor go first; if the cursor would still fall off, lines leave from the
    // top (into the scrollback for the main screen) so that the line being typed on stays.
    const int fromTop = std::max(0, cursorRow - (rows - 1));
    for (int k = 0; k < fromTop; ++k) {
        if (keepScrolled)
            pushScrollback(buffer.lines.at(0));
        buffer.lines.removeFirst();
    }
    cursorRow -= fromTop;
    buffer.lines.resize(rows);
    buffer.saved.row = std::clamp(buffer.saved.row - fromTop, 0, rows - 1);
}

void TerminalScreen::resize(int columns, int rows)
{
    columns = std::clamp(columns, 1, MaxColumns);
    rows = std::clamp(rows, 1, MaxRows);
    if (columns == m_columns && rows == m_rows)
        return;
    if (rows < m_rows) {
        // The inactive main screen follows the cursor 1049 saved for it.
        int mainRow = m_altActive ? m_main.saved.row : m_row;
        shrinkRows(m_main, mainRow, rows, true);
        int altRow = m_altActive ? m_row : 0;
        shrinkRows(m_alt, altRow, rows, false);
        m_row = m_altActive ? altRow : mainRow;
    } else {
        for (Buffer *b : {&m_main, &m_alt})
            b->lines.resize(rows, TerminalLine(m_columns));
    }
    for (Buffer *b : {&m_main, &m_alt}) {
        for (TerminalLine &line : b->lines)
            line.resize(columns);
    }
    const int oldColumns = m_columns;
    m_columns = columns;
    m_rows = rows;
    resetTabStops(std::min(oldColumns, columns));
    m_row = std::clamp(m_row, 0, m_rows - 1);
    m_column = std::clamp(m_column, 0, m_columns - 1);
    m_pendingWrap = false;
    m_top = 0;
    m_bottom = m_rows - 1;
}

void TerminalScreen::softReset()
{
    m_pen = TerminalCell{};
    m_top = 0;
    m_bottom = m_rows - 1;
    m_autowrap = true;
    m_originMode = false;
    m_insertMode = false;
    m_cursorVisible = true;
    m_applicationCursorKeys = false;
    m_charsets = {};
    m_shift = 0;
    m_pendingWrap = false;
    active().saved = SavedCursor{};
}

void TerminalScreen::reset()
{
    softReset();
    m_altActive = false;
    m_main.lines = QList<TerminalLine>(m_rows, TerminalLine(m_columns));
    m_alt.lines = m_main.lines;
    m_main.saved = m_alt.saved = SavedCursor{};
    m_row = m_column = 0;
    m_newlineMode = false;
    m_bracketedPaste = false;
    m_title.clear();
    resetTabStops(0);
    // The scrollback stays: the session's history is the user's, not the program's to discard
    // (ED 3, what `clear` sends, is the explicit way).
}

} // namespace spillway::console
