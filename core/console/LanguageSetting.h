#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

class QSettings;

namespace spillway::console {

// The console's language, chosen in its settings: "system" (the locale's; English where the
// console has no translation for it) or one the console ships. Kept in the user's settings, not
// in the workspace, which may be shared.
struct LanguageSetting {
    static constexpr const char *kKey = "language";
    static constexpr const char *kSystem = "system";

    // What ships: "en", "zh_CN".
    static QStringList available();
    // What the settings hold; unknown or missing values read as "system".
    static QString read(const QSettings &settings);
    static void write(QSettings &settings, const QString &language);
    // The locale the console's strings follow for a setting.
    static QLocale localeFor(const QString &setting, const QLocale &system = QLocale::system());
    // A language's own name, as the menu lists it ("English", "简体中文").
    static QString nativeName(const QString &language);
};

} // namespace spillway::console
