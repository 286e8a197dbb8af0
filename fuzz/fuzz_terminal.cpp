// libFuzzer: what a program in an exec'd pod writes to the console's terminal. The first byte
// picks the size of the pieces it arrives in, the second a resize halfway through; the rest is
// the output. Whatever the bytes, the grid keeps its shape — the cursor on the screen, every
// visible line as wide as the screen, the scroll region inside it, the scrollback within its
// limit, answers no bigger than what asked for them — and where the stream was cut makes no
// difference: the same bytes fed whole give the same screen and the same answers.
#include "console/TerminalEmulator.h"

#include <cstdlib>

using spillway::console::TerminalEmulator;
using spillway::console::TerminalScreen;

namespace {

constexpr int kScrollback = 16;

void checkShape(const TerminalScreen &s)
{
    if (s.cursorRow() < 0 || s.cursorRow() >= s.rows() || s.cursorColumn() < 0 || s.cursorColumn() >= s.columns())
        std::abort();
    for (int row = 0; row < s.rows(); ++row)
        if (s.line(row).size() != s.columns())
            std::abort();
    if (s.scrollTop() < 0 || s.scrollTop() > s.scrollBottom() || s.scrollBottom() >= s.rows())
        std::abort();
    if (s.scrollbackSize() > kScrollback)
        std::abort();
}

bool sameScreen(const TerminalScreen &a, const TerminalScreen &b)
{
    if (a.columns() != b.columns() || a.rows() != b.rows() || a.cursorRow() != b.cursorRow() || a.cursorColumn() != b.cursorColumn()
        || a.scrollbackSize() != b.scrollbackSize() || a.title() != b.title() || a.alternateScreen() != b.alternateScreen()
        || a.pen() != b.pen())
        return false;
    for (int row = 0; row < a.rows(); ++row)
        if (a.line(row) != b.line(row))
            return false;
    for (int i = 0; i < a.scrollbackSize(); ++i)
        if (a.scrollbackLine(i) != b.scrollbackLine(i))
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const qsizetype piece = 1 + data[0] % 16;
    const int columns = 1 + data[1] % 16;
    const int rows = 1 + (data[1] >> 4) % 8;
    const QByteArray input(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    const qsizetype resizeAt = input.size() / 2 / piece * piece;

    TerminalEmulator pieces(10, 6, kScrollback);
    QByteArray replies;
    for (qsizetype at = 0; at < input.size(); at += piece) {
        if (at == resizeAt) {
            pieces.resize(columns, rows);
            checkShape(pieces.screen());
        }
        replies += pieces.feed(input.mid(at, piece));
        checkShape(pieces.screen());
        (void)pieces.screen().visibleText();
    }
    // The longest answer, to "ESC [ 6 n", is three times its four bytes at most.
    if (replies.size() > 3 * input.size())
        std::abort();

    TerminalEmulator whole(10, 6, kScrollback);
    QByteArray wholeReplies = whole.feed(input.left(resizeAt));
    whole.resize(columns, rows);
    wholeReplies += whole.feed(input.mid(resizeAt));
    if (input.size() > resizeAt && (!sameScreen(pieces.screen(), whole.screen()) || replies != wholeReplies))
        std::abort();
    return 0;
}
