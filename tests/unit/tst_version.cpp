#include "common/Version.h"

#include <spillway/BuildInfo.h>

#include <QTest>

using spillway::Version;

class TestVersion : public QObject
{
    Q_OBJECT
private slots:
    void currentMatchesBuild()
    {
        QCOMPARE(Version::current().toString(), QStringLiteral(SPILLWAY_VERSION_STRING));
    }
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("normalised");
        QTest::newRow("plain") << "1.2.3" << true << "1.2.3";
        QTest::newRow("v-prefix") << "v0.10.0" << true << "0.10.0";
        QTest::newRow("spaces") << " 2.0.1\n" << true << "2.0.1";
        QTest::newRow("two parts") << "1.2" << false << "";
        QTest::newRow("suffix") << "1.2.3-rc1" << false << "";
        QTest::newRow("empty") << "" << false << "";
        QTest::newRow("letters") << "a.b.c" << false << "";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QString, normalised);
        const auto v = Version::parse(text);
        QCOMPARE(v.has_value(), valid);
        if (v)
            QCOMPARE(v->toString(), normalised);
    }
    void compatibilityIsMajorMinor()
    {
        const Version v123{1, 2, 3};
        QVERIFY(v123.sameMinor(Version{1, 2, 9}));
        QVERIFY(!v123.sameMinor(Version{1, 3, 3}));
        QVERIFY(!v123.sameMinor(Version{2, 2, 3}));
        QVERIFY((v123 < Version{1, 10, 0}));
    }
};

QTEST_GUILESS_MAIN(TestVersion)
#include "tst_version.moc"
