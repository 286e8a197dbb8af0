// Liqo's admission rules for ResourceSlice and the additions to NamespaceOffloading's, and the
// quantity grammar they rely on.
#include "common/Quantity.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "offloading/ResourceSliceValidator.h"

#include <QTest>

using namespace spillway;
using nlohmann::json;

namespace {

webhook::AdmissionRequest slice(const char *op, json object, json oldObject = nullptr, QStringList groups = {})
{
    webhook::AdmissionRequest r;
    r.operation = QString::fromLatin1(op);
    r.name = QString::fromStdString(object["metadata"].value("name", ""));
    r.object = std::move(object);
    r.oldObject = std::move(oldObject);
    r.groups = std::move(groups);
    return r;
}

json sliceObject(const char *name, json labels = json::object(), json annotations = json::object())
{
    return {{"metadata", {{"name", name}, {"labels", labels}, {"annotations", annotations}}},
            {"spec", {{"consumerClusterID", "rome"}, {"providerClusterID", "milan"}, {"resources", {{"cpu", "2"}, {"memory", "4Gi"}}}}}};
}

} // namespace

class TestAdmissionRules : public QObject
{
    Q_OBJECT
private slots:
    void quantities_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("milli");
        QTest::newRow("cores") << "2" << qint64(2000);
        QTest::newRow("millicores") << "250m" << qint64(250);
        QTest::newRow("binary") << "1Gi" << qint64(1073741824000);
        QTest::newRow("decimal") << "1.5k" << qint64(1500000);
        QTest::newRow("exponent") << "1e3" << qint64(1000000);
        QTest::newRow("negative") << "-1" << qint64(-1000);
        QTest::newRow("sub-milli rounds up") << "1n" << qint64(1);
    }
    void quantities()
    {
        QFETCH(QString, text);
        QFETCH(qint64, milli);
        const auto q = Quantity::parse(text);
        QVERIFY(q.has_value());
        QCOMPARE(q->milli, milli);
    }
    void notQuantities()
    {
        for (const char *bad : {"", "Gi", "1 Gi", "1gi", "1.2.3", "0x10", "1e400", "99999999999999999999"})
            QVERIFY2(!Quantity::parse(QString::fromLatin1(bad)).has_value(), bad);
        QCOMPARE(Quantity{250}.toString(), QStringLiteral("250m"));
        QCOMPARE(Quantity{4000}.toString(), QStringLiteral("4"));
    }

    void sliceNamesAreUniqueAmongReplicatedOnes()
    {
        QStringList asked;
        offloading::ResourceSliceValidator v([&](const QString &name) {
            asked << name;
            return name == QLatin1String("taken") ? QStringList{QStringLiteral("liqo-tenant-milan/taken")} : QStringList{};
        });
        QVERIFY(v(slice("CREATE", sliceObject("fresh"))).allowed);
        const auto denied = v(slice("CREATE", sliceObject("taken")));
        QVERIFY(!denied.allowed);
        QVERIFY(denied.message.contains(QStringLiteral("already exists (liqo-tenant-milan/taken)")));
        QCOMPARE(asked, (QStringList{QStringLiteral("fresh"), QStringLiteral("taken")}));
        // A slice a peer replicated to us is never refused for its name.
        QVERIFY(v(slice("CREATE", sliceObject("taken", {{"liqo.io/replicated", "true"}}))).allowed);
        // Updates do not re-check the name.
        QVERIFY(v(slice("UPDATE", sliceObject("taken"), sliceObject("taken"))).allowed);
    }

    void peersControlPlaneMayNotRelabel()
    {
        offloading::ResourceSliceValidator v({});
        const json before = sliceObject("s", {{"liqo.io/remote-cluster-id", "rome"}}, {{"liqo.io/cordon", "true"}});
        const QStringList peer{QStringLiteral("liqo.io"), QStringLiteral("system:authenticated")};
        auto relabel = before;
        relabel["metadata"]["labels"]["liqo.io/remote-cluster-id"] = "paris";
        auto uncordon = before;
        uncordon["metadata"]["annotations"].erase("liqo.io/cordon");
        auto grow = before;
        grow["spec"]["resources"]["cpu"] = "8";
        QVERIFY(!v(slice("UPDATE", relabel, before, peer)).allowed);
        QVERIFY(v(slice("UPDATE", uncordon, before, peer)).message.contains(QStringLiteral("annotation liqo.io/cordon")));
        auto cordonedTenant = before;   // what the grant controller also reads as a cordon
        cordonedTenant["metadata"]["annotations"]["liqo.io/cordon-tenant"] = "true";
        QVERIFY(v(slice("UPDATE", before, cordonedTenant, peer)).message.contains(QStringLiteral("annotation liqo.io/cordon-tenant")));
        QVERIFY(v(slice("UPDATE", grow, before, peer)).allowed);           // Liqo lets the spec change
        QVERIFY(v(slice("UPDATE", relabel, before, {QStringLiteral("system:masters")})).allowed);   // local admins may
    }

    void sliceSpecSanity()
    {
        offloading::ResourceSliceValidator v({});
        auto self = sliceObject("s");
        self["spec"]["providerClusterID"] = "rome";
        QVERIFY(v(slice("CREATE", self)).message.contains(QStringLiteral("cannot borrow resources from itself")));
        auto negative = sliceObject("s");
        negative["spec"]["resources"]["cpu"] = "-2";
        QVERIFY(v(slice("CREATE", negative)).message.contains(QStringLiteral("spec.resources.cpu must not be negative")));
        QVERIFY(v(slice("DELETE", self)).allowed);
    }

    void namespaceOffloadingSelectedNameAndImmutableRemoteName()
    {
        auto request = [](const char *op, json spec, json oldSpec = nullptr) {
            webhook::AdmissionRequest r;
            r.operation = QString::fromLatin1(op);
            r.name = QStringLiteral("offloading");
            r.object = {{"spec", spec}};
            if (!oldSpec.is_null())
                r.oldObject = {{"spec", oldSpec}};
            return r;
        };
        const auto missing = offloading::validateNamespaceOffloading(request("CREATE", {{"namespaceMappingStrategy", "SelectedName"}}));
        QVERIFY(!missing.allowed);
        QVERIFY(missing.message.contains(QStringLiteral("spec.remoteNamespaceName is required")));
        const json selected = {{"namespaceMappingStrategy", "SelectedName"}, {"remoteNamespaceName", "a"}};
        QVERIFY(offloading::validateNamespaceOffloading(request("CREATE", selected)).allowed);
        json renamed = selected;
        renamed["remoteNamespaceName"] = "b";
        QVERIFY(offloading::validateNamespaceOffloading(request("UPDATE", renamed, selected)).message.contains(QStringLiteral("remoteNamespaceName is immutable")));
        const auto narrowed = offloading::validateNamespaceOffloading(request("UPDATE", {{"podOffloadingStrategy", "Remote"}}, {{"podOffloadingStrategy", "LocalAndRemote"}}));
        QVERIFY(narrowed.allowed);
        QCOMPARE(narrowed.warnings.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestAdmissionRules)
#include "tst_admission_rules.moc"
