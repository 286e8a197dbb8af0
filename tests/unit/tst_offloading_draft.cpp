// The NamespaceOffloading editor's state without a cluster: the draft's object and YAML, form ↔
// YAML both ways, YAML that does not parse, Liqo's rules, the selector rows, the peers a selector
// picks and the status as the editor tabulates it.
#include "console/OffloadingEditorModel.h"
#include "console/OffloadingStatusModel.h"
#include "offloading/NamespaceOffloadingDraft.h"

#include <QSignalSpy>
#include <QTest>

using nlohmann::json;
using spillway::console::OffloadingEditorModel;
using spillway::console::OffloadingStatusModel;
using spillway::console::SelectorRowsModel;
using Draft = spillway::offloading::NamespaceOffloadingDraft;

namespace {

Draft sample()
{
    Draft d;
    d.namespaceName = QStringLiteral("shop");
    d.mapping = QStringLiteral("SelectedName");
    d.remoteNamespaceName = QStringLiteral("shop-remote");
    d.podStrategy = QStringLiteral("Remote");
    d.selector = {{0, QStringLiteral("topology.kubernetes.io/region"), QStringLiteral("In"), {QStringLiteral("eu-west"), QStringLiteral("eu-south")}},
                  {0, QStringLiteral("spot"), QStringLiteral("DoesNotExist"), {}},
                  {1, QStringLiteral("liqo.io/remote-cluster-id"), QStringLiteral("In"), {QStringLiteral("edge")}}};
    d.preferLocal = false;
    d.failoverSeconds = 30;
    d.otherMetadata = {{"labels", {{"team", "shop"}}}, {"annotations", {{"note", "kept"}}}};
    return d;
}

bool hasProblem(const Draft &d, const QString &field, const QString &fragment)
{
    for (const auto &p : d.problems())
        if (p.field == field && p.message.contains(fragment))
            return true;
    return false;
}

} // namespace

class TestOffloadingDraft : public QObject
{
    Q_OBJECT
private slots:
    void objectIsLiqos()
    {
        const json o = sample().toObject();
        QVERIFY2(o["apiVersion"] == "offloading.liqo.io/v1beta1", o["apiVersion"].dump().c_str());
        QVERIFY2(o["kind"] == "NamespaceOffloading", o["kind"].dump().c_str());
        QVERIFY2(o["metadata"]["name"] == "offloading", o["metadata"]["name"].dump().c_str());
        QVERIFY2(o["metadata"]["namespace"] == "shop", o["metadata"]["namespace"].dump().c_str());
        QVERIFY2(o["metadata"]["labels"]["team"] == "shop", o["metadata"]["labels"]["team"].dump().c_str());
        QVERIFY2(o["metadata"]["annotations"]["note"] == "kept", o["metadata"]["annotations"]["note"].dump().c_str());
        QVERIFY2(o["metadata"]["annotations"]["spillway.dev/prefer-local"] == "false", o["metadata"]["annotations"]["spillway.dev/prefer-local"].dump().c_str());
        QVERIFY2(o["metadata"]["annotations"]["spillway.dev/failover-seconds"] == "30", o["metadata"]["annotations"]["spillway.dev/failover-seconds"].dump().c_str());
        QVERIFY2(o["spec"]["namespaceMappingStrategy"] == "SelectedName", o["spec"]["namespaceMappingStrategy"].dump().c_str());
        QVERIFY2(o["spec"]["remoteNamespaceName"] == "shop-remote", o["spec"]["remoteNamespaceName"].dump().c_str());
        QVERIFY2(o["spec"]["podOffloadingStrategy"] == "Remote", o["spec"]["podOffloadingStrategy"].dump().c_str());
        const json terms = o["spec"]["clusterSelector"]["nodeSelectorTerms"];
        QCOMPARE(terms.size(), size_t(2));
        QCOMPARE(terms[0]["matchExpressions"].size(), size_t(2));
        QVERIFY2(terms[0]["matchExpressions"][0]["values"] == json::array({"eu-west", "eu-south"}), terms[0]["matchExpressions"][0]["values"].dump().c_str());
        QVERIFY(!terms[0]["matchExpressions"][1].contains("values"));
        QVERIFY2(terms[1]["matchExpressions"][0]["key"] == "liqo.io/remote-cluster-id", terms[1]["matchExpressions"][0]["key"].dump().c_str());
        QVERIFY(sample().problems().empty());

        // Nothing chosen: no selector, no annotations — every peer, Liqo's defaults.
        Draft plain;
        plain.namespaceName = QStringLiteral("web");
        const json p = plain.toObject();
        QVERIFY(!p["spec"].contains("clusterSelector"));
        QVERIFY(!p["metadata"].contains("annotations"));
        QVERIFY2(p["spec"]["namespaceMappingStrategy"] == "DefaultName", p["spec"]["namespaceMappingStrategy"].dump().c_str());
        QVERIFY2(p["spec"]["podOffloadingStrategy"] == "LocalAndRemote", p["spec"]["podOffloadingStrategy"].dump().c_str());
    }

    void yamlRoundTrip()
    {
        const Draft d = sample();
        auto back = Draft::fromYaml(d.toYaml());
        QVERIFY2(back.ok(), back ? "" : qPrintable(back.error().toString()));
        QCOMPARE(back->selector, d.selector);
        QCOMPARE(back->preferLocal, d.preferLocal);
        QCOMPARE(back->failoverSeconds, d.failoverSeconds);
        QVERIFY(*back == d);
        QCOMPARE(back->toYaml(), d.toYaml());

        // What the server returns reads back without its server-owned fields.
        json served = d.toObject();
        served["metadata"]["uid"] = "1234";
        served["metadata"]["resourceVersion"] = "99";
        served["metadata"]["managedFields"] = json::array({json::object()});
        served["status"] = {{"offloadingPhase", "Ready"}};
        auto fromServer = Draft::fromObject(served);
        QVERIFY(fromServer.ok());
        QVERIFY(*fromServer == d);
    }

    void wrongDocumentsAreNamed()
    {
        auto broken = Draft::fromYaml("apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nspec: {podOffloadingStrategy: [\n");
        QVERIFY(!broken.ok());
        QVERIFY2(broken.error().message.contains(QStringLiteral("line")), qPrintable(broken.error().toString()));

        auto kind = Draft::fromYaml("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
        QVERIFY(!kind.ok());
        QVERIFY2(kind.error().message.contains(QStringLiteral("ConfigMap")), qPrintable(kind.error().toString()));

        auto name = Draft::fromYaml("apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nmetadata: {name: other, namespace: a}\n");
        QVERIFY(!name.ok());
        QVERIFY(name.error().message.startsWith(QStringLiteral("metadata.name")));

        auto field = Draft::fromYaml("apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nspec: {podOffloadingStrategi: Remote}\n");
        QVERIFY(!field.ok());
        QVERIFY2(field.error().message.contains(QStringLiteral("spec.podOffloadingStrategi")), qPrintable(field.error().toString()));

        auto values = Draft::fromYaml("apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nspec:\n  clusterSelector:\n    nodeSelectorTerms:\n"
                                      "    - matchExpressions:\n      - {key: size, operator: Gt, values: [3]}\n");
        QVERIFY(!values.ok());
        QVERIFY2(values.error().message.contains(QStringLiteral("matchExpressions[0].values")), qPrintable(values.error().toString()));
    }

    void liqosRulesAreProblems()
    {
        Draft d = sample();
        d.remoteNamespaceName.clear();
        QVERIFY(hasProblem(d, QStringLiteral("spec.remoteNamespaceName"), QStringLiteral("SelectedName needs")));
        d.mapping = QStringLiteral("DefaultName");
        QVERIFY(d.problems().empty());
        d.remoteNamespaceName = QStringLiteral("x");
        QVERIFY(hasProblem(d, QStringLiteral("spec.remoteNamespaceName"), QStringLiteral("only SelectedName")));

        Draft n = sample();
        n.namespaceName = QStringLiteral("Not_A_Namespace");
        QVERIFY(hasProblem(n, QStringLiteral("metadata.namespace"), QStringLiteral("not a namespace name")));
        n.namespaceName.clear();
        QVERIFY(hasProblem(n, QStringLiteral("metadata.namespace"), QStringLiteral("choose")));

        Draft s = sample();
        s.podStrategy = QStringLiteral("Everywhere");
        QVERIFY(hasProblem(s, QStringLiteral("spec.podOffloadingStrategy"), QStringLiteral("LocalAndRemote")));

        Draft r = sample();
        r.selector = {{0, QStringLiteral("size"), QStringLiteral("Gt"), {QStringLiteral("three")}},
                      {0, QStringLiteral("zone"), QStringLiteral("In"), {}},
                      {0, QStringLiteral("gpu"), QStringLiteral("Exists"), {QStringLiteral("yes")}},
                      {0, QStringLiteral("bad key!"), QStringLiteral("Exists"), {}},
                      {0, QStringLiteral("size"), QStringLiteral("Lt"), {QStringLiteral("8")}}};
        QVERIFY(hasProblem(r, QStringLiteral("spec.clusterSelector[0]"), QStringLiteral("one integer")));
        QVERIFY(hasProblem(r, QStringLiteral("spec.clusterSelector[1]"), QStringLiteral("at least one value")));
        QVERIFY(hasProblem(r, QStringLiteral("spec.clusterSelector[2]"), QStringLiteral("no values")));
        QVERIFY(hasProblem(r, QStringLiteral("spec.clusterSelector[3]"), QStringLiteral("not a label key")));
        QCOMPARE(r.problems().size(), size_t(4));   // Lt 8 is fine

        Draft f = sample();
        f.failoverSeconds = -2;
        QVERIFY(hasProblem(f, QStringLiteral("metadata.annotations.spillway.dev/failover-seconds"), QStringLiteral("-1")));
    }

    void formAndYamlFollowEachOther()
    {
        OffloadingEditorModel m;
        QSignalSpy yamlChanged(&m, &OffloadingEditorModel::yamlChanged);
        QSignalSpy draftChanged(&m, &OffloadingEditorModel::draftChanged);
        m.setDraft(sample());
        QCOMPARE(yamlChanged.count(), 1);
        QCOMPARE(m.yaml(), QString::fromUtf8(sample().toYaml()));
        QCOMPARE(m.selectorRows()->rowCount(), 3);
        QCOMPARE(m.selectorRows()->data(m.selectorRows()->index(0, SelectorRowsModel::Values)).toString(), QStringLiteral("eu-west, eu-south"));

        // YAML typed in the pane becomes the form.
        QString text = m.yaml();
        text.replace(QStringLiteral("podOffloadingStrategy: Remote"), QStringLiteral("podOffloadingStrategy: Local"));
        m.setYaml(text);
        QVERIFY(!m.yamlError());
        QCOMPARE(m.draft().podStrategy, QStringLiteral("Local"));
        QCOMPARE(draftChanged.last().at(0).toBool(), true);

        // YAML that does not parse: the form keeps its last good state and the error has a line.
        m.setYaml(text + QStringLiteral("spec: [\n"));
        QVERIFY(m.yamlError());
        QVERIFY(!m.canApply());
        QCOMPARE(m.draft().podStrategy, QStringLiteral("Local"));
        QVERIFY2(m.problems().first().contains(QStringLiteral("line")), qPrintable(m.problems().first()));

        // A form edit rewrites the YAML (the broken text is replaced, the error gone).
        const int before = yamlChanged.count();
        QVERIFY(m.selectorRows()->setData(m.selectorRows()->index(2, SelectorRowsModel::Values), QStringLiteral(" edge , core ")));
        QCOMPARE(yamlChanged.count(), before + 1);
        QVERIFY(!m.yamlError());
        QCOMPARE(m.draft().selector[2].values, QStringList({QStringLiteral("edge"), QStringLiteral("core")}));
        QVERIFY(m.yaml().contains(QStringLiteral("- core")));
        QVERIFY(m.canApply());

        // Rows: a new alternative, a removed row; an emptied term disappears from the object.
        const int row = m.selectorRows()->addRow(-1, QStringLiteral("tier"));
        QCOMPARE(m.draft().selector[size_t(row)].term, 2);
        QVERIFY(!m.canApply());   // In without values
        m.selectorRows()->removeRow(row);
        m.selectorRows()->removeRow(2);
        QCOMPARE(m.draft().toObject()["spec"]["clusterSelector"]["nodeSelectorTerms"].size(), size_t(1));
    }

    void selectorPicksPeers()
    {
        OffloadingEditorModel m;
        m.setPeers({{QStringLiteral("milan"), QStringLiteral("liqo-milan"), {{"topology.kubernetes.io/region", "eu-south"}, {"liqo.io/remote-cluster-id", "milan"}}},
                    {QStringLiteral("dublin"), QStringLiteral("liqo-dublin"), {{"topology.kubernetes.io/region", "eu-west"}, {"spot", "true"}}},
                    {QStringLiteral("ohio"), QStringLiteral("liqo-ohio"), {{"topology.kubernetes.io/region", "us-east"}}}});
        QCOMPARE(m.matchingPeers(), QStringList({QStringLiteral("dublin"), QStringLiteral("milan"), QStringLiteral("ohio")}));   // no selector: all
        m.setDraft(sample());
        QCOMPARE(m.matchingPeers(), QStringList({QStringLiteral("milan")}));   // dublin is spot
        QVERIFY(m.labelKeys().contains(QStringLiteral("spot")));
        QCOMPARE(m.labelValues(QStringLiteral("topology.kubernetes.io/region")),
                 QStringList({QStringLiteral("eu-south"), QStringLiteral("eu-west"), QStringLiteral("us-east")}));
        // A row being typed (no key yet) does not empty the list.
        m.selectorRows()->addRow(0);
        QCOMPARE(m.matchingPeers(), QStringList({QStringLiteral("milan")}));
    }

    void statusReadsLikeTheController()
    {
        OffloadingStatusModel s;
        const json status = {{"offloadingPhase", "InProgress"}, {"observedGeneration", 2}, {"remoteNamespaceName", "shop-remote"},
                             {"remoteNamespacesConditions", {{"milan", json::array({{{"type", "OffloadingRequired"}, {"status", "True"}, {"reason", "ClusterSelected"}},
                                                                                      {{"type", "Ready"}, {"status", "False"}, {"reason", "Creating"}, {"message", "creating"}}})},
                                                             {"ohio", json::array({{{"type", "OffloadingRequired"}, {"status", "False"}, {"reason", "ClusterNotSelected"},
                                                                                     {"message", "no match"}}})}}}};
        s.setStatus(status, 3);   // the controller has not seen generation 3 yet
        QVERIFY(s.phase().startsWith(QStringLiteral("pending")));
        s.setStatus(status, 2);
        QCOMPARE(s.phase(), QStringLiteral("InProgress"));
        QCOMPARE(s.remoteNamespace(), QStringLiteral("shop-remote"));
        QCOMPARE(s.rowCount(), 2);
        QCOMPARE(s.rows()[0], (OffloadingStatusModel::Row{QStringLiteral("milan"), QStringLiteral("True"), QStringLiteral("False"), QStringLiteral("Creating"), QStringLiteral("creating")}));
        QCOMPARE(s.rows()[1].reason, QStringLiteral("ClusterNotSelected"));
        QCOMPARE(s.rows()[1].ready, QString());

        // The same peers again: rows change in place, no reset.
        QSignalSpy reset(&s, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&s, &QAbstractItemModel::dataChanged);
        json ready = status;
        ready["remoteNamespacesConditions"]["milan"][1] = {{"type", "Ready"}, {"status", "True"}, {"reason", "NamespaceCreated"}};
        s.setStatus(ready, 2);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(s.rows()[0].reason, QStringLiteral("NamespaceCreated"));
        // Broken shapes are shown as nothing, never a crash.
        s.setStatus(json{{"remoteNamespacesConditions", "x"}}, 0);
        QCOMPARE(s.rowCount(), 0);
        s.setStatus(json{{"remoteNamespacesConditions", {{"a", 5}}}}, 0);
        QCOMPARE(s.rowCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestOffloadingDraft)
#include "tst_offloading_draft.moc"
