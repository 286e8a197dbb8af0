#include "console/ThemeSetting.h"

#include <QSettings>

namespace spillway::console {

QString ThemeSetting::nameOf(Theme theme)
{
    switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

std::optional<ThemeSetting::Theme> ThemeSetting::parse(const QString &name)
{
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (name == nameOf(t))
            return t;
    return std::nullopt;
}

ThemeSetting::Theme ThemeSetting::read(const QSettings &settings)
{
    return parse(settings.value(QLatin1String(kKey)).toString()).value_or(Theme::System);
}

void ThemeSetting::write(QSettings &settings, Theme theme)
{
    settings.setValue(QLatin1String(kKey), nameOf(theme));
}

ThemeSetting::Scheme ThemeSetting::resolve(Theme theme, std::optional<uint> desktopColorScheme)
{
    switch (theme) {
    case Theme::Light: return Scheme::Light;
    case Theme::Dark: return Scheme::Dark;
    case Theme::System: break;
    }
    if (desktopColorScheme == 1u)
        return Scheme::Dark;
    if (desktopColorScheme == 2u)
        return Scheme::Light;
    return Scheme::Platform;
}

} // namespace spillway::console
