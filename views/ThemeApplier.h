#pragma once

#include "console/ThemeSetting.h"

#include <QObject>
#include <QPalette>

#include <optional>

namespace spillway::views {

// Puts the console's theme on the application: the one chosen in Settings → Theme, or with
// "System" the desktop's light or dark preference (DesktopAppearance), followed as it changes;
// the platform's own palette when the desktop states none. Widgets that draw their own colours
// (the map, the charts, the YAML editor) repaint on the palette change this causes.
class ThemeApplier : public QObject
{
    Q_OBJECT
public:
    // Keeps the application's palette as it is now as the platform's.
    explicit ThemeApplier(QObject *parent = nullptr);

    void setChoice(console::ThemeSetting::Theme theme);
    void setDesktopColorScheme(std::optional<uint> colorScheme);
    console::ThemeSetting::Theme choice() const { return m_choice; }
    console::ThemeSetting::Scheme scheme() const;

    static QPalette lightPalette();
    static QPalette darkPalette();
    // Whether PALETTE reads light text on a dark ground.
    static bool isDark(const QPalette &palette);

private:
    void apply();

    QPalette m_platform;
    console::ThemeSetting::Theme m_choice = console::ThemeSetting::Theme::System;
    std::optional<uint> m_desktop;
};

} // namespace spillway::views
