#include "ThemeApplier.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace spillway::views {

using console::ThemeSetting;

ThemeApplier::ThemeApplier(QObject *parent) : QObject(parent), m_platform(QApplication::palette()) {}

ThemeSetting::Scheme ThemeApplier::scheme() const
{
    return ThemeSetting::resolve(m_choice, m_desktop);
}

void ThemeApplier::setChoice(ThemeSetting::Theme theme)
{
    m_choice = theme;
    apply();
}

void ThemeApplier::setDesktopColorScheme(std::optional<uint> colorScheme)
{
    m_desktop = colorScheme;
    apply();
}

bool ThemeApplier::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QPalette ThemeApplier::lightPalette()
{
    // Fusion's own: the same on every desktop, whatever the platform theme makes of "light".
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion ? fusion->standardPalette() : QPalette();
}

QPalette ThemeApplier::darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6), disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x43, 0x47));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5d, 0x62));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8b, 0xd9));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

void ThemeApplier::apply()
{
    switch (scheme()) {
    case ThemeSetting::Scheme::Light: QApplication::setPalette(lightPalette()); break;
    case ThemeSetting::Scheme::Dark: QApplication::setPalette(darkPalette()); break;
    case ThemeSetting::Scheme::Platform: QApplication::setPalette(m_platform); break;
    }
}

} // namespace spillway::views
