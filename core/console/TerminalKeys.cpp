#include "console/TerminalKeys.h"

#include <Qt>

namespace spillway::console {

namespace {

// xterm's modifier parameter: 1 + Shift 1 + Alt 2 + Ctrl 4; 1 (none) is left out.
int modifierParameter(int modifiers)
{
    int p = 1;
    if (modifiers & Qt::ShiftModifier)
        p += 1;
    if (modifiers & Qt::AltModifier)
        p += 2;
    if (modifiers & Qt::ControlModifier)
        p += 4;
    return p;
}

// Cursor keys and Home/End: CSI x, SS3 x in application mode, CSI 1;m x with modifiers.
QByteArray cursorKey(char final, int modifiers, bool application)
{
    const int m = modifierParameter(modifiers);
    if (m > 1)
        return "\x1b[1;" + QByteArray::number(m) + final;
    return QByteArray(application ? "\x1bO" : "\x1b[") + final;
}

// Editing and function keys: CSI n ~, CSI n;m ~ with modifiers.
QByteArray tildeKey(int number, int modifiers)
{
    const int m = modifierParameter(modifiers);
    return "\x1b[" + QByteArray::number(number) + (m > 1 ? ";" + QByteArray::number(m) : QByteArray()) + '~';
}

} // namespace

QByteArray bytesForKey(int key, int modifiers, const QString &text, bool applicationCursorKeys)
{
    const bool alt = modifiers & Qt::AltModifier, ctrl = modifiers & Qt::ControlModifier;
    const QByteArray altPrefix = alt ? QByteArray("\x1b") : QByteArray();
    switch (key) {
    case Qt::Key_Up: return cursorKey('A', modifiers, applicationCursorKeys);
    case Qt::Key_Down: return cursorKey('B', modifiers, applicationCursorKeys);
    case Qt::Key_Right: return cursorKey('C', modifiers, applicationCursorKeys);
    case Qt::Key_Left: return cursorKey('D', modifiers, applicationCursorKeys);
    case Qt::Key_Home: return cursorKey('H', modifiers, applicationCursorKeys);
    case Qt::Key_End: return cursorKey('F', modifiers, applicationCursorKeys);
    case Qt::Key_Insert: return tildeKey(2, modifiers);
    case Qt::Key_Delete: return tildeKey(3, modifiers);
    case Qt::Key_PageUp: return tildeKey(5, modifiers);
    case Qt::Key_PageDown: return tildeKey(6, modifiers);
    case Qt::Key_F1: return "\x1bOP";
    case Qt::Key_F2: return "\x1bOQ";
    case Qt::Key_F3: return "\x1bOR";
    case Qt::Key_F4: return "\x1bOS";
    case Qt::Key_F5: return tildeKey(15, modifiers);
    case Qt::Key_F6: return tildeKey(17, modifiers);
    case Qt::Key_F7: return tildeKey(18, modifiers);
    case Qt::Key_F8: return tildeKey(19, modifiers);
    case Qt::Key_F9: return tildeKey(20, modifiers);
    case Qt::Key_F10: return tildeKey(21, modifiers);
    case Qt::Key_F11: return tildeKey(23, modifiers);
    case Qt::Key_F12: return tildeKey(24, modifiers);
    case Qt::Key_Return:
    case Qt::Key_Enter: return altPrefix + '\r';
    case Qt::Key_Backspace: return altPrefix + (ctrl ? QByteArray("\x08") : QByteArray("\x7f"));
    case Qt::Key_Tab: return (modifiers & Qt::ShiftModifier) ? QByteArray("\x1b[Z") : altPrefix + '\t';
    case Qt::Key_Backtab: return "\x1b[Z";
    case Qt::Key_Escape: return "\x1b";
    default: break;
    }
    if (ctrl) {
        // Ctrl with a letter or one of @[\]^_ is the C0 byte 64 below it; Ctrl+Space is NUL.
        if (key >= Qt::Key_A && key <= Qt::Key_Z)
            return altPrefix + char(key - Qt::Key_A + 1);
        switch (key) {
        case Qt::Key_Space:
        case Qt::Key_At: return altPrefix + QByteArray(1, '\0');
        case Qt::Key_BracketLeft: return altPrefix + '\x1b';
        case Qt::Key_Backslash: return altPrefix + '\x1c';
        case Qt::Key_BracketRight: return altPrefix + '\x1d';
        case Qt::Key_AsciiCircum: return altPrefix + '\x1e';
        case Qt::Key_Underscore:
        case Qt::Key_Minus: return altPrefix + '\x1f';
        default: break;
        }
    }
    if (text.isEmpty())
        return {};
    return altPrefix + text.toUtf8();
}

QByteArray bytesForPaste(const QString &text, bool bracketedPaste)
{
    QString t = text;
    t.replace(QLatin1String("\r\n"), QLatin1String("\r"));
    t.replace(QLatin1Char('\n'), QLatin1Char('\r'));
    // A paste must not end the bracket early: drop any end marker inside it.
    t.remove(QStringLiteral("\x1b[201~"));
    const QByteArray bytes = t.toUtf8();
    return bracketedPaste ? "\x1b[200~" + bytes + "\x1b[201~" : bytes;
}

} // namespace spillway::console
