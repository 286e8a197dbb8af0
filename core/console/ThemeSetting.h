#pragma once

#include <QString>

#include <optional>

class QSettings;

namespace spillway::console {

// The console's colours, chosen in its settings: follow the desktop ("system"), or always light
// or dark. Kept in the user's settings, like the language.
struct ThemeSetting {
    enum class Theme { System, Light, Dark };
    // What to draw with: the platform's own palette (the desktop said nothing we can read), or
    // the console's light or dark one.
    enum class Scheme { Platform, Light, Dark };
    static constexpr const char *kKey = "theme";

    static Theme read(const QSettings &settings);   // unknown or missing: System
    static void write(QSettings &settings, Theme theme);
    static QString nameOf(Theme theme);                    // "system", "light", "dark"
    static std::optional<Theme> parse(const QString &name);

    // The scheme for a choice. For System: the desktop's preference as the freedesktop
    // appearance setting `color-scheme` gives it (1 dark, 2 light; 0 or unread: no preference,
    // the platform's palette).
    static Scheme resolve(Theme theme, std::optional<uint> desktopColorScheme);
};

} // namespace spillway::console
