// Query strings as Go's servers read and write them: what the apiserver sends a kubelet, and
// what a Go apiserver makes of what Spillway sends it.
#include "kube/Query.h"

#include <QtTest>

using namespace spillway::kube;

class TestKubeQuery : public QObject
{
    Q_OBJECT
private slots:
    void readsAsGoParseQueryDoes()
    {
        const QueryItems items = parseGoQuery("command=echo+a%2Bb&command=%E4%BD%A0%E5%A5%BD&empty=&bare&tty=1");
        QCOMPARE(items.size(), 5);
        QCOMPARE(items[0], (QPair<QString, QString>{QStringLiteral("command"), QStringLiteral("echo a+b")}));
        QCOMPARE(items[1].second, QString::fromUtf8("\xE4\xBD\xA0\xE5\xA5\xBD"));
        QCOMPARE(items[2], (QPair<QString, QString>{QStringLiteral("empty"), QString()}));
        QCOMPARE(items[3], (QPair<QString, QString>{QStringLiteral("bare"), QString()}));
        QCOMPARE(queryValues(items, QStringLiteral("command")).size(), 2);
        QCOMPARE(queryValues(items, QStringLiteral("tty")), QStringList{QStringLiteral("1")});
    }

    // Go rejects an item with a ';' in its key or a broken escape; the others survive.
    void dropsWhatGoRejects()
    {
        const QueryItems items = parseGoQuery("a;b=1&bad=%zz&cut=%4&ok=%41&&=v");
        QCOMPARE(items.size(), 2);
        QCOMPARE(items[0], (QPair<QString, QString>{QStringLiteral("ok"), QStringLiteral("A")}));
        QCOMPARE(items[1], (QPair<QString, QString>{QString(), QStringLiteral("v")}));
        QVERIFY(parseGoQuery("").isEmpty());
    }

    void encodesEveryReservedByte()
    {
        const QueryItems items = {{QStringLiteral("command"), QStringLiteral("a+b c&d=e/f?%")}, {QStringLiteral("k y"), QStringLiteral("-_.~")}};
        const QByteArray encoded = encodeQuery(items);
        QCOMPARE(encoded, QByteArray("command=a%2Bb%20c%26d%3De%2Ff%3F%25&k%20y=-_.~"));
        QCOMPARE(parseGoQuery(encoded), items);   // a round trip through Go's reading
    }
};

QTEST_APPLESS_MAIN(TestKubeQuery)
#include "tst_kube_query.moc"
