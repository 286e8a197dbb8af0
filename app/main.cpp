// spillway — the desktop console.
#include "MainWindow.h"
#include "common/Version.h"

#include <QApplication>
#include <QLocale>
#include <QTranslator>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Spillway"));
    QApplication::setOrganizationName(QStringLiteral("Spillway"));
    QApplication::setApplicationVersion(spillway::Version::current().toString());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/spillway.svg")));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("spillway"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    spillway::views::MainWindow window;
    window.show();
    return app.exec();
}
