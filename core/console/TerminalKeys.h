#pragma once

#include <QByteArray>
#include <QString>

namespace spillway::console {

// What a terminal sends the program for a key press, as xterm does (the sequences `top`, `vi`
// and `less` expect from TERM=xterm): text as UTF-8, control keys as C0 bytes, cursor and
// editing keys as escape sequences (with xterm's modifier parameter), Alt as an ESC prefix.
// KEY is a Qt::Key, MODIFIERS Qt::KeyboardModifiers; empty: the key sends nothing.
QByteArray bytesForKey(int key, int modifiers, const QString &text, bool applicationCursorKeys);

// Text pasted into the terminal: line ends become CR (what Enter sends), and with bracketed
// paste on the program is told where the paste begins and ends, so it does not run it line by line.
QByteArray bytesForPaste(const QString &text, bool bracketedPaste);

} // namespace spillway::console
