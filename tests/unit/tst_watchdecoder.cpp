#include "kube/Store.h"
#include "kube/WatchDecoder.h"

#include <QTest>

using namespace spillway::kube;
using nlohmann::json;

class TestWatchDecoder : public QObject
{
    Q_OBJECT
private slots:
    void eventsSplitAcrossChunks()
    {
        const QByteArray stream =
            R"({"type":"ADDED","object":{"metadata":{"name":"a","namespace":"n","resourceVersion":"5"}}})" "\n"
            R"({"type":"MODIFIED","object":{"metadata":{"name":"a","namespace":"n","resourceVersion":"6"}}})" "\n"
            R"({"type":"BOOKMARK","object":{"metadata":{"resourceVersion":"9"}}})" "\n"
            R"({"type":"DELETED","object":{"metadata":{"name":"a","namespace":"n","resourceVersion":"10"}}})" "\n";
        // Every split point, including inside multi-byte positions and right after newlines.
        for (int cut = 0; cut <= stream.size(); ++cut) {
            WatchDecoder d;
            std::vector<WatchEvent> out;
            QVERIFY(d.feed(stream.left(cut), out).ok());
            QVERIFY(d.feed(stream.mid(cut), out).ok());
            QCOMPARE(out.size(), size_t(4));
            QCOMPARE(int(out[0].type), int(WatchEvent::Type::Added));
            QCOMPARE(int(out[2].type), int(WatchEvent::Type::Bookmark));
            QCOMPARE(int(out[3].type), int(WatchEvent::Type::Deleted));
            QCOMPARE(Store::resourceVersionOf(out[1].object), QStringLiteral("6"));
            QCOMPARE(d.buffered(), 0);
        }
    }
    void byteByByte()
    {
        const QByteArray line = R"({"type":"ERROR","object":{"kind":"Status","code":410,"reason":"Expired"}})" "\n";
        WatchDecoder d;
        std::vector<WatchEvent> out;
        for (char c : line)
            QVERIFY(d.feed(QByteArray(1, c), out).ok());
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(int(out[0].type), int(WatchEvent::Type::Error));
        QCOMPARE(out[0].object.value("code", 0), 410);
    }
    void malformedInputIsAnErrorNotACrash_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("not json") << QByteArray("hello\n");
        QTest::newRow("array") << QByteArray("[1,2]\n");
        QTest::newRow("no object") << QByteArray(R"({"type":"ADDED"})" "\n");
        QTest::newRow("object not a map") << QByteArray(R"({"type":"ADDED","object":3})" "\n");
        QTest::newRow("unknown type") << QByteArray(R"({"type":"EXPLODED","object":{}})" "\n");
        QTest::newRow("truncated") << QByteArray(R"({"type":"ADDED","object":{"a":)" "\n");
    }
    void malformedInputIsAnErrorNotACrash()
    {
        QFETCH(QByteArray, input);
        WatchDecoder d;
        std::vector<WatchEvent> out;
        auto r = d.feed(input, out);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.startsWith(QStringLiteral("watch stream:")));
    }
    void storeIndexesAndTracksBytes()
    {
        Store s;
        s.addIndexer(QStringLiteral("app"), [](const json &o) {
            QStringList v;
            const auto labels = o["metadata"].value("labels", json::object());
            if (labels.contains("app"))
                v << QString::fromStdString(labels["app"].get<std::string>());
            return v;
        });
        const json a = {{"metadata", {{"name", "a"}, {"namespace", "n"}, {"resourceVersion", "1"}, {"labels", {{"app", "web"}}}}}};
        const json b = {{"metadata", {{"name", "b"}, {"namespace", "n"}, {"resourceVersion", "2"}, {"labels", {{"app", "web"}}}}}};
        QVERIFY(!s.upsert(a));
        QVERIFY(!s.upsert(b));
        QCOMPARE(s.byIndex(QStringLiteral("app"), QStringLiteral("web")).size(), 2);
        json b2 = b;
        b2["metadata"]["labels"]["app"] = "db";
        b2["metadata"]["resourceVersion"] = "3";
        auto prev = s.upsert(b2);
        QVERIFY(prev);
        QCOMPARE(Store::resourceVersionOf(*prev), QStringLiteral("2"));
        QCOMPARE(s.byIndex(QStringLiteral("app"), QStringLiteral("web")), QStringList{QStringLiteral("n/a")});
        QCOMPARE(s.byIndex(QStringLiteral("app"), QStringLiteral("db")), QStringList{QStringLiteral("n/b")});
        QCOMPARE(s.jsonBytes(), a.dump().size() + b2.dump().size());
        QVERIFY(s.erase(QStringLiteral("n/a")));
        QVERIFY(s.byIndex(QStringLiteral("app"), QStringLiteral("web")).isEmpty());
        QCOMPARE(s.size(), size_t(1));
        QCOMPARE(Store::keyOf(json{{"metadata", {{"name", "node1"}}}}), QStringLiteral("node1"));
    }
};

QTEST_GUILESS_MAIN(TestWatchDecoder)
#include "tst_watchdecoder.moc"
