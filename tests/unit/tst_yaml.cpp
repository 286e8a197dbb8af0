#include "common/Yaml.h"

#include <QTest>
#include <cmath>

using spillway::jsonToYaml;
using spillway::yamlDocumentsToJson;
using spillway::yamlToJson;
using nlohmann::json;

class TestYaml : public QObject
{
    Q_OBJECT
private slots:
    void scalarsResolveAsKubectlDoes_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("expectedJson");
        QTest::newRow("int") << QByteArray("v: 42") << QByteArray(R"({"v":42})");
        QTest::newRow("negative") << QByteArray("v: -7") << QByteArray(R"({"v":-7})");
        QTest::newRow("float") << QByteArray("v: 1.5") << QByteArray(R"({"v":1.5})");
        QTest::newRow("exp") << QByteArray("v: 1e3") << QByteArray(R"({"v":1000.0})");
        QTest::newRow("hex") << QByteArray("v: 0x1F") << QByteArray(R"({"v":31})");
        QTest::newRow("true") << QByteArray("v: true") << QByteArray(R"({"v":true})");
        QTest::newRow("yes is a bool (YAML 1.1)") << QByteArray("v: yes") << QByteArray(R"({"v":true})");
        QTest::newRow("off is a bool") << QByteArray("v: off") << QByteArray(R"({"v":false})");
        QTest::newRow("null") << QByteArray("v: null") << QByteArray(R"({"v":null})");
        QTest::newRow("tilde") << QByteArray("v: ~") << QByteArray(R"({"v":null})");
        QTest::newRow("empty") << QByteArray("v:") << QByteArray(R"({"v":null})");
        QTest::newRow("quoted number stays string") << QByteArray("v: \"42\"") << QByteArray(R"({"v":"42"})");
        QTest::newRow("int beyond a double is text") << QByteArray("v: 1") + QByteArray(400, '0') << QByteArray(R"({"v":"1)") + QByteArray(400, '0') + "\"}";
        QTest::newRow("int beyond int64 within uint64 is exact") << QByteArray("v: 18446744073709551615") << QByteArray(R"({"v":18446744073709551615})");
        QTest::newRow("int beyond uint64 is a float") << QByteArray("v: 18446744073709551616") << QByteArray(R"({"v":1.8446744073709552e+19})");
        QTest::newRow("quoted nan stays string") << QByteArray("v: '.nan'") << QByteArray(R"({"v":".nan"})");
        QTest::newRow("single-quoted bool stays string") << QByteArray("v: 'yes'") << QByteArray(R"({"v":"yes"})");
        QTest::newRow("quantity") << QByteArray("cpu: 500m") << QByteArray(R"({"cpu":"500m"})");
        QTest::newRow("version-like") << QByteArray("v: 1.2.3") << QByteArray(R"({"v":"1.2.3"})");
        QTest::newRow("ip") << QByteArray("v: 10.0.0.1") << QByteArray(R"({"v":"10.0.0.1"})");
        QTest::newRow("cidr") << QByteArray("v: 10.244.0.0/16") << QByteArray(R"({"v":"10.244.0.0/16"})");
        QTest::newRow("block literal") << QByteArray("v: |\n  a\n  b\n") << QByteArray(R"({"v":"a\nb\n"})");
        QTest::newRow("flow") << QByteArray("v: {a: [1, x]}") << QByteArray(R"({"v":{"a":[1,"x"]}})");
        QTest::newRow("anchor") << QByteArray("a: &x {k: 1}\nb: *x") << QByteArray(R"({"a":{"k":1},"b":{"k":1}})");
    }
    void scalarsResolveAsKubectlDoes()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, expectedJson);
        auto j = yamlToJson(yaml);
        QVERIFY2(j.ok(), qPrintable(j ? QString() : j.error().toString()));
        QCOMPARE(QByteArray::fromStdString(j->dump()), expectedJson);
    }
    void multipleDocuments()
    {
        auto docs = yamlDocumentsToJson("---\na: 1\n---\n---\nb: 2\n");
        QVERIFY(docs.ok());
        QCOMPARE(docs->size(), size_t(2));
        QVERIFY(!yamlToJson("a: 1\n---\nb: 2\n").ok());
    }
    void errorsNameThePosition_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad indent") << QByteArray("a:\n  b: 1\n c: 2\n") << QStringLiteral("line 3");
        QTest::newRow("unclosed") << QByteArray("a: [1, 2\n") << QStringLiteral("is not valid YAML");
        QTest::newRow("tab") << QByteArray("a:\n\t- b\n") << QStringLiteral("is not valid YAML");
        QTest::newRow("duplicate key") << QByteArray("a: 1\na: 2\n") << QStringLiteral("appears twice");
        QTest::newRow("complex key") << QByteArray("? [a, b]\n: 1\n") << QStringLiteral("mapping key");
        // Found by fuzz_yaml: such a string made every later JSON dump throw.
        QTest::newRow("not UTF-8") << QByteArray("a: caf\xa2\n") << QStringLiteral("not UTF-8");
        QTest::newRow("second document") << QByteArray("a: 1\n---\nb: 1\nb: 2\n") << QStringLiteral("line 4");
        QTest::newRow("key not UTF-8") << QByteArray("\xff: 1\n") << QStringLiteral("not UTF-8");
        // Found by fuzz_yaml: JSON has no NaN or infinity, so these went to the apiserver as null.
        QTest::newRow("nan") << QByteArray("a: [1, .NAN]\n") << QStringLiteral(".NAN is a number JSON cannot hold");
        QTest::newRow("inf") << QByteArray("a:\n  b: -.inf\n") << QStringLiteral("line 2, column 6: -.inf is a number");
    }
    void errorsNameThePosition()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        auto j = yamlToJson(yaml, QStringLiteral("editor"));
        QVERIFY(!j.ok());
        QVERIFY2(j.error().message.contains(expected), qPrintable(j.error().message));
        QVERIFY(j.error().message.startsWith(QStringLiteral("editor ")));
    }
    void malformedStreamsReturn()
    {
        // yaml-cpp's LoadAll looped forever on streams like these (fuzz_yaml found one); split into
        // documents they come back, whatever they hold. Failing means hanging until ctest's timeout.
        for (const QByteArray &stream : {QByteArray(",\n"), QByteArray("a: 1\n---\n,\n---\nb: 2\n"), QByteArray("...\n,\n")})
            (void)yamlDocumentsToJson(stream);
        auto docs = yamlDocumentsToJson("%YAML 1.2\n---\na: 1\n...\n---\nb: 2\n");
        QVERIFY2(docs && docs->size() == 2, docs ? "wrong count" : qPrintable(docs.error().toString()));
    }
    void deepNestingIsRefused()
    {
        QByteArray deep = QByteArray(2000, '[') + QByteArray(2000, ']');
        auto j = yamlToJson(deep);
        QVERIFY(!j.ok());
    }
    void roundTrip()
    {
        // One raw string per line: moc cannot tokenize raw strings spanning lines.
        const json original = json::parse(
            R"({)"
            R"("apiVersion": "offloading.liqo.io/v1beta1", "kind": "NamespaceOffloading",)"
            R"("metadata": {"name": "offloading", "namespace": "demo", "labels": {"a": "yes", "b": "1", "c": ""}},)"
            R"("spec": {"namespaceMappingStrategy": "EnforceSameName", "podOffloadingStrategy": "LocalAndRemote",)"
            R"("clusterSelector": {"nodeSelectorTerms": [{"matchExpressions": [)"
            R"({"key": "topology.kubernetes.io/region", "operator": "In", "values": ["eu-west", "null", "- x"]}]}]}},)"
            R"("numbers": [1, -2.5, true, null, {}, [], "multi\nline", "key: value", "#hash", " padded ", "nul\u0000in", "bell\u0007", "... marker", "--- marker", "key:"])"
            R"(})");
        const QByteArray yaml = jsonToYaml(original);
        auto back = yamlToJson(yaml);
        QVERIFY2(back.ok(), yaml.constData());
        QCOMPARE(QByteArray::fromStdString(back->dump()), QByteArray::fromStdString(original.dump()));
        QVERIFY(yaml.contains("namespaceMappingStrategy: EnforceSameName\n"));

        // Keys past YAML's 1024-character limit for implicit keys, and empty documents (fuzz_yaml).
        const std::string longKey(1500, 'k');
        for (const json &v : {json::object(), json::array(), json{{longKey, nullptr}}, json{{longKey, {1, 2}}},
                              json{{longKey, {{"a", 1}}}}, json::array({json{{longKey, "v"}}})}) {
            auto again = yamlToJson(jsonToYaml(v));
            QVERIFY2(again.ok(), jsonToYaml(v).constData());
            QCOMPARE(QByteArray::fromStdString(again->dump()), QByteArray::fromStdString(v.dump()));
        }
    }
};

QTEST_GUILESS_MAIN(TestYaml)
#include "tst_yaml.moc"
