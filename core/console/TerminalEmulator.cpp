#include "console/TerminalEmulator.h"

#include <utility>

namespace spillway::console {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

TerminalColor indexed(int index)
{
    TerminalColor c;
    c.kind = TerminalColor::Indexed;
    c.index = quint8(index);
    return c;
}

} // namespace

TerminalEmulator::TerminalEmulator(int columns, int rows, int scrollbackLimit) : m_screen(columns, rows, scrollbackLimit)
{
}

QByteArray TerminalEmulator::feed(const QByteArray &bytes)
{
    for (const char c : bytes)
        handle(uchar(c));
    QByteArray reply;
    reply.swap(m_reply);
    return reply;
}

void TerminalEmulator::resize(int columns, int rows)
{
    m_screen.resize(columns, rows);
}

void TerminalEmulator::handle(uchar byte)
{
    // CAN and SUB abandon whatever was under way; ESC starts over from anywhere, and ends an OSC
    // string (ESC \ is its terminator, the backslash then dispatches as a no-op).
    if (byte == 0x18 || byte == 0x1A) {
        flushUtf8();
        m_state = State::Ground;
        return;
    }
    if (byte == 0x1B) {
        flushUtf8();
        if (m_state == State::OscString)
            oscDispatch();
        startSequence();
        m_state = State::Escape;
        return;
    }
    // Controls act in the middle of a sequence as they do outside it (as on a VT100), except in
    // strings; DEL is nothing anywhere. A byte above 0x7F cannot belong to a sequence: it ends it
    // and counts as text, so a broken sequence costs no more than itself.
    const bool control = byte < 0x20;
    const bool high = byte >= 0x80;
    if (byte == 0x7F)
        return;
    switch (m_state) {
    case State::Ground:
        handleText(byte);
        return;
    case State::Escape:
    case State::EscapeIntermediate:
        if (control) {
            execute(byte);
        } else if (high) {
            m_state = State::Ground;
            handleText(byte);
        } else if (byte <= 0x2F) {
            collectIntermediate(byte);
            m_state = State::EscapeIntermediate;
        } else if (m_state == State::Escape && byte == '[') {
            m_state = State::CsiParam;
        } else if (m_state == State::Escape && byte == ']') {
            m_osc.clear();
            m_state = State::OscString;
        } else if (m_state == State::Escape && (byte == 'P' || byte == 'X' || byte == '^' || byte == '_')) {
            m_state = State::IgnoreString;   // DCS, SOS, PM, APC: nothing here uses them
        } else {
            m_state = State::Ground;
            escDispatch(byte);
        }
        return;
    case State::CsiParam:
    case State::CsiIntermediate:
    case State::CsiIgnore:
        if (control) {
            execute(byte);
        } else if (high) {
            m_state = State::Ground;
            handleText(byte);
        } else if (byte >= 0x40) {
            const bool ignored = m_state == State::CsiIgnore;
            m_state = State::Ground;
            if (!ignored)
                csiDispatch(byte);
        } else if (m_state == State::CsiIgnore) {
            // a malformed sequence: everything up to its final byte is dropped
        } else if (byte <= 0x2F) {
            collectIntermediate(byte);
            m_state = State::CsiIntermediate;
        } else if (m_state == State::CsiIntermediate) {
            m_state = State::CsiIgnore;   // parameters after intermediates: malformed
        } else if (byte <= 0x3B) {
            collectParam(byte);
        } else if (m_paramCount == 0 && m_private == 0) {
            m_private = char(byte);
        } else {
            m_state = State::CsiIgnore;   // a private marker after parameters
        }
        return;
    case State::OscString:
        if (byte == 0x07) {
            oscDispatch();
            m_state = State::Ground;
        } else if (!control && m_osc.size() < MaxOsc) {
            m_osc.append(char(byte));
        }
        return;
    case State::IgnoreString:
        return;
    }
}

void TerminalEmulator::handleText(uchar byte)
{
    if (m_utf8Need > 0) {
        if ((byte & 0xC0) == 0x80) {
            m_utf8Code = (m_utf8Code << 6) | (byte & 0x3F);
            if (--m_utf8Need == 0) {
                const char32_t ch = m_utf8Code;
                const bool valid = ch >= m_utf8Min && ch <= 0x10FFFF && (ch < 0xD800 || ch > 0xDFFF);
                print(valid ? ch : kReplacement);
            }
            return;
        }
        flushUtf8();   // cut short: one replacement for it, then this byte on its own
    }
    if (byte < 0x20) {
        execute(byte);
    } else if (byte < 0x7F) {
        print(byte);
    } else if (byte >= 0xC2 && byte <= 0xDF) {
        m_utf8Code = byte & 0x1F;
        m_utf8Need = 1;
        m_utf8Min = 0x80;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
        m_utf8Code = byte & 0x0F;
        m_utf8Need = 2;
        m_utf8Min = 0x800;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
        m_utf8Code = byte & 0x07;
        m_utf8Need = 3;
        m_utf8Min = 0x10000;
    } else {
        print(kReplacement);   // a stray continuation byte, or one no UTF-8 sequence starts with
    }
}

void TerminalEmulator::flushUtf8()
{
    if (m_utf8Need > 0) {
        m_utf8Need = 0;
        print(kReplacement);
    }
}

void TerminalEmulator::print(char32_t ch)
{
    // C1 controls that came as UTF-8: xterm in UTF-8 mode does not act on them, nor show them.
    if (ch >= 0x80 && ch < 0xA0)
        return;
    m_screen.put(ch);
    m_lastPrinted = ch;
}

void TerminalEmulator::execute(uchar control)
{
    switch (control) {
    case 0x08: m_screen.backspace(); break;
    case 0x09: m_screen.tab(); break;
    case 0x0A:
    case 0x0B:
    case 0x0C:
        // Down only: the pty's onlcr already made the program's "\n" into "\r\n".
        m_screen.lineFeed();
        break;
    case 0x0D: m_screen.carriageReturn(); break;
    case 0x0E: m_screen.shiftCharset(1); break;
    case 0x0F: m_screen.shiftCharset(0); break;
    default:
        break;   // NUL, BEL and the rest: nothing to show
    }
}

void TerminalEmulator::startSequence()
{
    m_paramCount = 0;
    m_paramOverflow = false;
    m_colon.fill(false);
    m_private = 0;
    m_intermediateCount = 0;
    m_intermediateOverflow = false;
}

void TerminalEmulator::collectParam(uchar byte)
{
    if (m_paramCount == 0) {
        m_params[0] = -1;
        m_paramCount = 1;
    }
    if (byte == ';' || byte == ':') {
        if (m_paramCount == MaxParams) {
            m_paramOverflow = true;   // the rest are dropped, not folded into the last
            return;
        }
        m_colon[size_t(m_paramCount - 1)] = byte == ':';
        m_params[size_t(m_paramCount)] = -1;
        ++m_paramCount;
        return;
    }
    if (m_paramOverflow)
        return;
    int &p = m_params[size_t(m_paramCount - 1)];
    p = std::min(MaxParamValue, std::max(p, 0) * 10 + (byte - '0'));
}

void TerminalEmulator::collectIntermediate(uchar byte)
{
    if (m_intermediateCount < MaxIntermediates)
        m_intermediates[size_t(m_intermediateCount++)] = char(byte);
    else
        m_intermediateOverflow = true;
}

int TerminalEmulator::param(int i, int fallback) const
{
    return i < m_paramCount && m_params[size_t(i)] >= 0 ? m_params[size_t(i)] : fallback;
}

void TerminalEmulator::escDispatch(uchar final)
{
    if (m_intermediateOverflow || m_intermediateCount > 1)
        return;
    if (m_intermediateCount == 1) {
        const char which = m_intermediates[0];
        if (which >= '(' && which <= '+')   // G0..G3; anything but line drawing reads as ASCII
            m_screen.designateCharset(which - '(', final == '0' ? TerminalScreen::Charset::DecGraphics : TerminalScreen::Charset::Ascii);
        else if (which == '#' && final == '8')
            m_screen.fillWithE();
        return;
    }
    switch (final) {
    case '7': m_screen.saveCursor(); break;
    case '8': m_screen.restoreCursor(); break;
    case 'D': m_screen.index(); break;
    case 'E': m_screen.nextLine(); break;
    case 'M': m_screen.reverseIndex(); break;
    case 'H': m_screen.setTabStop(); break;
    case 'c':
        m_screen.reset();
        m_lastPrinted = 0;
        break;
    default:
        break;   // '=' and '>' (keypad modes), '\' (a lone ST) and the unknown
    }
}

void TerminalEmulator::csiDispatch(uchar final)
{
    TerminalScreen &s = m_screen;
    if (m_intermediateOverflow)
        return;
    if (m_intermediateCount > 0) {
        // Of the sequences with intermediates only the soft reset changes what a grid shows;
        // cursor style (SP q), mode requests ($p) and the like are left to the widget or dropped.
        if (m_intermediateCount == 1 && m_intermediates[0] == '!' && final == 'p' && m_private == 0)
            s.softReset();
        return;
    }
    if (m_private == '?') {
        if (final == 'h' || final == 'l')
            setModes(final == 'h');
        else if (final == 'J')
            s.eraseInDisplay(param(0, 0));   // selective erase: nothing is protected here
        else if (final == 'K')
            s.eraseInLine(param(0, 0));
        else if (final == 'n' && param(0, 0) == 6)
            reportCursor("\x1b[?");
        return;
    }
    if (m_private != 0)
        return;   // secondary DA and the like: better unanswered than answered wrong
    switch (final) {
    case '@': s.insertChars(count(0)); break;
    case 'A': s.moveCursorBy(-count(0), 0); break;
    case 'B': case 'e': s.moveCursorBy(count(0), 0); break;
    case 'C': case 'a': s.moveCursorBy(0, count(0)); break;
    case 'D': s.moveCursorBy(0, -count(0)); break;
    case 'E':
        s.moveCursorBy(count(0), 0);
        s.carriageReturn();
        break;
    case 'F':
        s.moveCursorBy(-count(0), 0);
        s.carriageReturn();
        break;
    case 'G': case '`': s.setCursorColumn(count(0) - 1); break;
    case 'H': case 'f': s.moveCursor(count(0) - 1, count(1) - 1); break;
    case 'I': s.tab(count(0)); break;
    case 'J': s.eraseInDisplay(param(0, 0)); break;
    case 'K': s.eraseInLine(param(0, 0)); break;
    case 'L': s.insertLines(count(0)); break;
    case 'M': s.deleteLines(count(0)); break;
    case 'P': s.deleteChars(count(0)); break;
    case 'S': s.scrollUp(count(0)); break;
    case 'T': s.scrollDown(count(0)); break;
    case 'X': s.eraseChars(count(0)); break;
    case 'Z': s.backTab(count(0)); break;
    case 'b':
        // REP: ncurses sends it for runs of one character when terminfo offers it.
        if (m_lastPrinted != 0) {
            for (int n = std::min(count(0), s.columns() * s.rows()); n > 0; --n)
                s.put(m_lastPrinted);
        }
        break;
    case 'c':
        if (param(0, 0) == 0)
            m_reply += "\x1b[?1;2c";   // a VT100 with advanced video, as xterm's default says
        break;
    case 'd': s.setCursorRow(count(0) - 1); break;
    case 'g': s.clearTabStop(param(0, 0)); break;
    case 'h': case 'l': setModes(final == 'h'); break;
    case 'm': selectGraphicRendition(); break;
    case 'n':
        if (param(0, 0) == 5)
            m_reply += "\x1b[0n";
        else if (param(0, 0) == 6)
            reportCursor("\x1b[");
        break;
    case 'r': {
        const int bottom = param(1, 0) > 0 ? param(1, 0) : s.rows();
        s.setScrollRegion(count(0) - 1, bottom - 1);
        break;
    }
    case 's': s.saveCursor(); break;
    case 'u': s.restoreCursor(); break;
    default: break;
    }
}

void TerminalEmulator::reportCursor(const char *introducer)
{
    // 1-based, and in origin mode counted from the scroll region's top as CUP addresses it.
    const TerminalScreen &s = m_screen;
    m_reply += introducer + QByteArray::number(s.cursorRow() + 1 - (s.originMode() ? s.scrollTop() : 0)) + ';'
               + QByteArray::number(s.cursorColumn() + 1) + 'R';
}

void TerminalEmulator::setModes(bool on)
{
    TerminalScreen &s = m_screen;
    for (int i = 0; i < m_paramCount; ++i) {
        const int mode = param(i, 0);
        if (m_private == 0) {
            if (mode == 4)
                s.setInsertMode(on);
            else if (mode == 20)
                s.setNewlineMode(on);
            continue;
        }
        switch (mode) {
        case 1: s.setApplicationCursorKeys(on); break;
        case 6: s.setOriginMode(on); break;
        case 7: s.setAutowrap(on); break;
        case 25: s.setCursorVisible(on); break;
        case 47: case 1047: s.setAlternateScreen(on); break;
        case 1048: on ? s.saveCursor() : s.restoreCursor(); break;
        case 1049:
            // The save belongs to the main screen: done before switching, restored after.
            if (on && !s.alternateScreen()) {
                s.saveCursor();
                s.setAlternateScreen(true);
            } else if (!on && s.alternateScreen()) {
                s.setAlternateScreen(false);
                s.restoreCursor();
            }
            break;
        case 2004: s.setBracketedPaste(on); break;
        default: break;
        }
    }
}

int TerminalEmulator::extendedColor(int i, TerminalColor &color) const
{
    int kind = -1;
    int at = 0;   // where the colour's numbers start
    int last = i;
    if (m_colon[size_t(i)]) {
        // The colon form keeps it in one group: 38:5:N, 38:2:R:G:B, or 38:2:CS:R:G:B with a
        // colour-space id first.
        while (last + 1 < m_paramCount && m_colon[size_t(last)])
            ++last;
        const int n = last - i;
        kind = param(i + 1, -1);
        if (kind == 5 && n >= 2)
            at = i + 2;
        else if (kind == 2 && n >= 4)
            at = n >= 5 ? i + 3 : i + 2;
        else
            return last;
    } else {
        kind = param(i + 1, -1);
        last = kind == 5 ? i + 2 : kind == 2 ? i + 4 : i + 1;
        if (last >= m_paramCount || (kind != 5 && kind != 2))
            return last;   // cut short: the rest of the sequence is not colours to apply
        at = i + 2;
    }
    if (kind == 5) {
        if (param(at, 0) <= 255)
            color = indexed(param(at, 0));
        return last;
    }
    color.kind = TerminalColor::Rgb;
    color.index = 0;
    color.rgb = quint32(std::min(param(at, 0), 255)) << 16 | quint32(std::min(param(at + 1, 0), 255)) << 8
                | quint32(std::min(param(at + 2, 0), 255));
    return last;
}

void TerminalEmulator::selectGraphicRendition()
{
    TerminalCell &pen = m_screen.pen();
    if (m_paramCount == 0) {
        pen = TerminalCell{};
        return;
    }
    for (int i = 0; i < m_paramCount; ++i) {
        const int code = param(i, 0);
        if (code == 38 || code == 48 || code == 58) {
            TerminalColor underline;   // 58: underline colour, not kept; parsed to be skipped
            i = extendedColor(i, code == 38 ? pen.fg : code == 48 ? pen.bg : underline);
            continue;
        }
        if (m_colon[size_t(i)]) {
            // Other sub-parameter groups: 4:N is an underline style (4:0 none), the rest unknown.
            const int first = i;
            while (i + 1 < m_paramCount && m_colon[size_t(i)])
                ++i;
            if (code == 4)
                pen.attrs = param(first + 1, 1) != 0 ? pen.attrs | TerminalCell::Underline : pen.attrs & ~TerminalCell::Underline;
            continue;
        }
        switch (code) {
        case 0: pen = TerminalCell{}; break;
        case 1: pen.attrs |= TerminalCell::Bold; break;
        case 2: pen.attrs |= TerminalCell::Faint; break;
        case 3: pen.attrs |= TerminalCell::Italic; break;
        case 4: case 21: pen.attrs |= TerminalCell::Underline; break;
        case 5: case 6: pen.attrs |= TerminalCell::Blink; break;
        case 7: pen.attrs |= TerminalCell::Inverse; break;
        case 22: pen.attrs &= ~(TerminalCell::Bold | TerminalCell::Faint); break;
        case 23: pen.attrs &= ~TerminalCell::Italic; break;
        case 24: pen.attrs &= ~TerminalCell::Underline; break;
        case 25: pen.attrs &= ~TerminalCell::Blink; break;
        case 27: pen.attrs &= ~TerminalCell::Inverse; break;
        case 39: pen.fg = TerminalColor{}; break;
        case 49: pen.bg = TerminalColor{}; break;
        default:
            if (code >= 30 && code <= 37)
                pen.fg = indexed(code - 30);
            else if (code >= 40 && code <= 47)
                pen.bg = indexed(code - 40);
            else if (code >= 90 && code <= 97)
                pen.fg = indexed(code - 90 + 8);
            else if (code >= 100 && code <= 107)
                pen.bg = indexed(code - 100 + 8);
            break;   // conceal, strike-through, fonts…: not shown
        }
    }
}

void TerminalEmulator::oscDispatch()
{
    // 0 sets icon name and title, 2 the title; 1 (icon name only) and the rest (colours,
    // clipboard, hyperlinks) are not for this terminal.
    const QByteArray osc = std::exchange(m_osc, {});
    const qsizetype semicolon = osc.indexOf(';');
    const QByteArray which = osc.left(semicolon);
    if (semicolon > 0 && (which == "0" || which == "2"))
        m_screen.setTitle(QString::fromUtf8(osc.mid(semicolon + 1)));
}

} // namespace spillway::console
