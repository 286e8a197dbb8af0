#include "console/LanguageSetting.h"

#include <QSettings>

namespace spillway::console {

QStringList LanguageSetting::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString LanguageSetting::read(const QSettings &settings)
{
    const QString value = settings.value(QLatin1String(kKey), QLatin1String(kSystem)).toString();
    return available().contains(value) ? value : QString::fromLatin1(kSystem);
}

void LanguageSetting::write(QSettings &settings, const QString &language)
{
    settings.setValue(QLatin1String(kKey), available().contains(language) ? language : QString::fromLatin1(kSystem));
}

QLocale LanguageSetting::localeFor(const QString &setting, const QLocale &system)
{
    if (!available().contains(setting))
        return system;
    return QLocale(setting);
}

QString LanguageSetting::nativeName(const QString &language)
{
    // Each in its own language, as language menus show them (not translated).
    if (language == QLatin1String("en"))
        return QStringLiteral("English");
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return language;
}

} // namespace spillway::console
