#include "offloading/NamespaceOffloadingValidator.h"

#include <QTest>

using namespace spillway;
using nlohmann::json;

namespace {
webhook::AdmissionRequest request(const char *op, const char *name, const char *strategy, const char *oldStrategy = nullptr)
{
    webhook::AdmissionRequest r;
    r.operation = QString::fromLatin1(op);
    r.name = QString::fromLatin1(name);
    r.object = {{"spec", {{"namespaceMappingStrategy", strategy}}}};
    if (oldStrategy)
        r.oldObject = {{"spec", {{"namespaceMappingStrategy", oldStrategy}}}};
    return r;
}
} // namespace

class TestOffloadingValidator : public QObject
{
    Q_OBJECT
private slots:
    void nameMustBeOffloading()
    {
        QVERIFY(offloading::validateNamespaceOffloading(request("CREATE", "offloading", "DefaultName")).allowed);
        const auto denied = offloading::validateNamespaceOffloading(request("CREATE", "mine", "DefaultName"));
        QVERIFY(!denied.allowed);
        QVERIFY(denied.message.contains(QStringLiteral("must be named \"offloading\" (got \"mine\")")));
    }
    void mappingStrategyIsImmutable()
    {
        QVERIFY(offloading::validateNamespaceOffloading(request("UPDATE", "offloading", "DefaultName", "DefaultName")).allowed);
        const auto denied = offloading::validateNamespaceOffloading(request("UPDATE", "offloading", "EnforceSameName", "DefaultName"));
        QVERIFY(!denied.allowed);
        QVERIFY(denied.message.contains(QStringLiteral("immutable (was DefaultName, requested EnforceSameName)")));
    }
    void malformedObjectsDoNotCrash()
    {
        webhook::AdmissionRequest r;
        r.operation = QStringLiteral("UPDATE");
        r.name = QStringLiteral("offloading");
        r.object = json::array({1, 2});
        r.oldObject = json("text");
        QVERIFY(offloading::validateNamespaceOffloading(r).allowed);
        QVERIFY(offloading::validateNamespaceOffloading(request("DELETE", "anything", "")).allowed);
    }
};

QTEST_GUILESS_MAIN(TestOffloadingValidator)
#include "tst_offloading_validator.moc"
