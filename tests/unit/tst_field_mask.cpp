// FieldMask: what an informer keeps of each object, cut after parsing (apply) and while parsing
// (parse) — the two must agree, and parse must build nothing it drops.
#include "kube/FieldMask.h"

#include <QtTest>

using nlohmann::json;
using spillway::kube::FieldMask;

namespace {

// A pod as the API sends it, with the weight the console does not read.
json fullPod(const std::string &name)
{
    return json::parse(R"({
      "kind": "Pod", "apiVersion": "v1",
      "metadata": {"name": ")" + name + R"(", "namespace": "bench", "uid": "u-1", "resourceVersion": "42",
                   "labels": {"app": "x"},
                   "managedFields": [{"manager": "kubectl", "fieldsV1": {"f:spec": {"f:containers": {}}}}]},
      "spec": {"nodeName": "liqo-a", "tolerations": [{"operator": "Exists"}],
               "containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "1m"}, "limits": {"cpu": "1"}}},
                              {"name": "d", "image": "y", "args": ["a", "b"]}]},
      "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                 "containerStatuses": [{"name": "c", "restartCount": 2, "state": {"running": {}}}, {"name": "d", "restartCount": 1}]}
    })");
}

FieldMask podMask()
{
    return FieldMask::of({"metadata.name", "metadata.namespace", "metadata.resourceVersion", "spec.nodeName", "spec.containers.name",
                          "spec.containers.resources.requests", "status.phase", "status.containerStatuses.restartCount"});
}

json parsed(const FieldMask &mask, const json &value)
{
    const std::string text = value.dump();
    return mask.parse(text.data(), text.data() + text.size());
}

} // namespace

class TestFieldMask : public QObject
{
    Q_OBJECT
private slots:
    void keepsWhatItNamesAndNothingElse()
    {
        json pod = fullPod("p");
        podMask().apply(pod);
        const json want = json::parse(R"({
          "metadata": {"name": "p", "namespace": "bench", "resourceVersion": "42"},
          "spec": {"nodeName": "liqo-a", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1m"}}}, {"name": "d"}]},
          "status": {"phase": "Running", "containerStatuses": [{"restartCount": 2}, {"restartCount": 1}]}
        })");
        QCOMPARE(QString::fromStdString(pod.dump()), QString::fromStdString(want.dump()));
    }

    void anEmptyMaskKeepsAll()
    {
        json pod = fullPod("p");
        FieldMask().apply(pod);
        QCOMPARE(pod, fullPod("p"));
        QVERIFY(FieldMask().keepsAll());
        QVERIFY(!podMask().keepsAll());
        QCOMPARE(parsed(FieldMask(), fullPod("p")), fullPod("p"));
    }

    void aNamedMemberWithNothingUnderItIsKeptWhole()
    {
        json pod = fullPod("p");
        FieldMask::of({"metadata"}).apply(pod);
        QCOMPARE(pod, (json{{"metadata", fullPod("p")["metadata"]}}));
    }

    void scalarsWhereTheMaskExpectsObjectsAreKept()
    {
        json odd = {{"spec", "not an object"}, {"status", json::array({1, 2})}, {"other", 1}};
        const json want = {{"spec", "not an object"}, {"status", json::array({1, 2})}};
        json cut = odd;
        podMask().apply(cut);
        QCOMPARE(cut, want);
        QCOMPARE(parsed(podMask(), odd), want);
    }

    void parsingCutsAsApplyingDoes()
    {
        for (const json &value : {fullPod("p"), json::array({fullPod("a"), fullPod("b")}), json(7), json::object()}) {
            json cut = value;
            podMask().apply(cut);
            QCOMPARE(parsed(podMask(), value), cut);
        }
    }

    void aListPageKeepsItsMetadataAndCutsEachItem()
    {
        const json page = {{"kind", "PodList"}, {"apiVersion", "v1"},
                           {"metadata", {{"resourceVersion", "99"}, {"continue", "next-page"}}},
                           {"items", json::array({fullPod("a"), fullPod("b")})}};
        const json got = parsed(FieldMask::listOf(podMask()), page);
        QCOMPARE(got["metadata"]["continue"], json("next-page"));
        QCOMPARE(got["kind"], json("PodList"));
        QCOMPARE(got["items"].size(), size_t(2));
        json a = fullPod("a");
        podMask().apply(a);
        QCOMPARE(got["items"][0], a);
        QVERIFY(!got["items"][1]["metadata"].contains("managedFields"));
        QCOMPARE(parsed(FieldMask::listOf(FieldMask()), page), page);
    }

    void invalidJsonIsDiscarded()
    {
        const std::string broken = R"({"items": [{"metadata": {"name": "a"}}, )";
        QVERIFY(podMask().parse(broken.data(), broken.data() + broken.size()).is_discarded());
        QVERIFY(FieldMask().parse(broken.data(), broken.data() + broken.size()).is_discarded());
    }
};

QTEST_GUILESS_MAIN(TestFieldMask)
#include "tst_field_mask.moc"
