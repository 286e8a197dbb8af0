#pragma once

#include "console/TerminalScreen.h"

#include <QByteArray>

#include <algorithm>
#include <array>

namespace spillway::console {

// What a terminal makes of the bytes a program writes (the output of an exec'd shell, top, vi,
// less): UTF-8 text, C0 controls and ESC/CSI/OSC sequences as xterm understands the ones such
// programs use, applied to a TerminalScreen. A state machine in the manner of the DEC parser, so
// bytes may arrive split anywhere — inside a sequence or a multibyte character — and any garbage
// costs at most a wrong character: nothing stalls, grows without bound or loops.
class TerminalEmulator
{
public:
    explicit TerminalEmulator(int columns = 80, int rows = 24, int scrollbackLimit = 5000);

    // Returns what the terminal answers (device status, device attributes) to be written back to
    // the program's input; usually empty.
    QByteArray feed(const QByteArray &bytes);
    void resize(int columns, int rows);
    const TerminalScreen &screen() const { return m_screen; }

private:
    enum class State : quint8 { Ground, Escape, EscapeIntermediate, CsiParam, CsiIntermediate, CsiIgnore, OscString, IgnoreString };
    static constexpr int MaxParams = 32;
    static constexpr int MaxParamValue = 65535;
    static constexpr int MaxIntermediates = 2;
    static constexpr qsizetype MaxOsc = 4096;

    void handle(uchar byte);
    void handleText(uchar byte);
    void flushUtf8();
    void print(char32_t ch);
    void execute(uchar control);
    void startSequence();
    void collectParam(uchar byte);
    void collectIntermediate(uchar byte);
    void escDispatch(uchar final);
    void csiDispatch(uchar final);
    void oscDispatch();
    void setModes(bool on);
    void reportCursor(const char *introducer);
    void selectGraphicRendition();
    // The extended colour of 38/48 starting at parameter i; returns the last parameter it used.
    int extendedColor(int i, TerminalColor &color) const;
    int param(int i, int fallback) const;
    int count(int i) const { return std::max(1, param(i, 1)); }

    TerminalScreen m_screen;
    QByteArray m_reply;
    State m_state = State::Ground;

    char32_t m_utf8Code = 0;
    char32_t m_utf8Min = 0;   // the least a sequence of this length may encode (overlong below)
    int m_utf8Need = 0;       // continuation bytes still to come

    std::array<int, MaxParams> m_params{};   // -1: left empty
    std::array<bool, MaxParams> m_colon{};   // the parameter is followed by a ':' sub-parameter
    int m_paramCount = 0;
    bool m_paramOverflow = false;
    char m_private = 0;   // '?', '>', '<', '=' right after the CSI
    std::array<char, MaxIntermediates> m_intermediates{};
    int m_intermediateCount = 0;
    bool m_intermediateOverflow = false;
    QByteArray m_osc;

    char32_t m_lastPrinted = 0;   // for REP
};

} // namespace spillway::console
