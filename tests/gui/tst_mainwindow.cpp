#include "MainWindow.h"
#include "console/ClusterListModel.h"

#include <QApplication>
#include <QTest>
#include <QTranslator>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void showsOffscreen()
    {
        spillway::console::ClusterListModel clusters;
        spillway::views::MainWindow w(&clusters);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.windowTitle(), QStringLiteral("Spillway"));
        QVERIFY(!w.placeholderText().isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
