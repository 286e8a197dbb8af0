// What each provider policy grants, from a described cluster.
#include "resources/ResourcePolicy.h"

#include <QTest>

using namespace spillway;
using namespace spillway::resources;
using nlohmann::json;

namespace {

Quantity q(const char *text) { return *Quantity::parse(QString::fromLatin1(text)); }

ClusterUsage cluster()
{
    ClusterUsage u;
    // Two nodes of 8 CPU / 32Gi / 110 pods; one runs 2 CPU / 4Gi in 10 pods. One GPU node labelled.
    u.nodes.push_back({{{QStringLiteral("pool"), QStringLiteral("general")}},
                       {{QStringLiteral("cpu"), q("8")}, {QStringLiteral("memory"), q("32Gi")}, {QStringLiteral("pods"), q("110")}},
                       {{QStringLiteral("cpu"), q("2")}, {QStringLiteral("memory"), q("4Gi")}, {QStringLiteral("pods"), q("10")}}});
    u.nodes.push_back({{{QStringLiteral("pool"), QStringLiteral("gpu")}},
                       {{QStringLiteral("cpu"), q("8")}, {QStringLiteral("memory"), q("32Gi")}, {QStringLiteral("pods"), q("110")}},
                       {}});
    return u;
}

} // namespace

class TestResourcePolicy : public QObject
{
    Q_OBJECT
private slots:
    void freeIsAllocatableMinusRequestsMinusOtherGrants()
    {
        ClusterUsage u = cluster();
        ResourceList free = freeResources(u);
        QCOMPARE(free[QStringLiteral("cpu")], q("14"));
        QCOMPARE(free[QStringLiteral("memory")], q("60Gi"));
        QCOMPARE(free[QStringLiteral("pods")], q("210"));
        u.grantedToOthers = {{QStringLiteral("cpu"), q("10")}, {QStringLiteral("memory"), q("100Gi")}};
        free = freeResources(u);
        QCOMPARE(free[QStringLiteral("cpu")], q("4"));
        QCOMPARE(free[QStringLiteral("memory")], q("0"));   // never negative
    }

    void percentageOfFree()
    {
        ResourcePolicy p;
        p.percentage = 50;
        const ResourceList g = grant(p, cluster(), {});
        QCOMPARE(g[QStringLiteral("cpu")], q("7"));
        QCOMPARE(g[QStringLiteral("memory")], q("30Gi"));
        QCOMPARE(g[QStringLiteral("pods")], q("105"));
    }

    void percentageFollowsUsage()
    {
        ResourcePolicy p;
        ClusterUsage u = cluster();
        const ResourceList before = grant(p, u, {});
        u.nodes[1].requested = {{QStringLiteral("cpu"), q("6")}};
        const ResourceList after = grant(p, u, {});
        QCOMPARE(after[QStringLiteral("cpu")], q("4"));
        QVERIFY(worthUpdating(before, after, p.changeThreshold));
        ResourceList nudge = before;
        nudge[QStringLiteral("cpu")].milli += 100;   // 7 → 7.1: under the 5 % threshold
        QVERIFY(!worthUpdating(before, nudge, p.changeThreshold));
    }

    void requestsAreCappedByThePolicy()
    {
        ResourcePolicy p;
        const ResourceList g = grant(p, cluster(), {{QStringLiteral("cpu"), q("2")}, {QStringLiteral("memory"), q("64Gi")}});
        QCOMPARE(g.size(), 2);
        QCOMPARE(g[QStringLiteral("cpu")], q("2"));          // asked less than offered
        QCOMPARE(g[QStringLiteral("memory")], q("30Gi"));    // asked more: capped
    }

    void fixedResources()
    {
        auto p = parsePolicy(json{{"policy", "fixed-resources"}, {"resources", {{"cpu", "2000m"}, {"memory", "2G"}, {"pods", "10"}}}});
        QVERIFY(p.ok());
        const ResourceList g = grant(*p, cluster(), {});
        QCOMPARE(g[QStringLiteral("cpu")], q("2"));
        QCOMPARE(g[QStringLiteral("memory")], q("2G"));
        QCOMPARE(g[QStringLiteral("pods")], q("10"));
    }

    void nodeLabelsResources()
    {
        auto p = parsePolicy(json{{"policy", "node-labels-resources"}, {"percentage", 100}, {"nodeSelector", {{"pool", "gpu"}}}});
        QVERIFY(p.ok());
        const ResourceList g = grant(*p, cluster(), {});
        QCOMPARE(g[QStringLiteral("cpu")], q("8"));
        QCOMPARE(g[QStringLiteral("pods")], q("110"));
    }

    void overcommitLetsGrantsPassFreeCapacity()
    {
        auto p = parsePolicy(json{{"policy", "percentage"}, {"percentage", 100}, {"overcommit", 1.5}});
        QVERIFY(p.ok());
        QCOMPARE(p->overcommit, 1.5);
        QCOMPARE(parsePolicy(toJson(*p))->overcommit, 1.5);
        // 16 CPU allocatable x 1.5 = 24, minus the 2 requested: 22 (14 without overcommit).
        QCOMPARE(grant(*p, cluster(), {{QStringLiteral("cpu"), q("30")}})[QStringLiteral("cpu")], q("22"));
        ClusterUsage u = cluster();
        u.grantedToOthers = {{QStringLiteral("cpu"), q("20")}};
        QCOMPARE(grant(*p, u, {{QStringLiteral("cpu"), q("30")}})[QStringLiteral("cpu")], q("2"));
        QVERIFY(!parsePolicy(json{{"overcommit", 0.5}}).ok());
        QVERIFY(!parsePolicy(json{{"overcommit", "lots"}}).ok());
    }

    void runningPodsKeepTheirGrant()
    {
        ResourcePolicy p;
        ClusterUsage u = cluster();
        u.heldByOwnPods = {{QStringLiteral("cpu"), q("9")}};
        // The policy would give 7 and the consumer asks 1, but its pods use 9 past its other grants.
        QCOMPARE(grant(p, u, {})[QStringLiteral("cpu")], q("9"));
        QCOMPARE(grant(p, u, {{QStringLiteral("cpu"), q("1")}})[QStringLiteral("cpu")], q("9"));
        QCOMPARE(grant(p, u, {{QStringLiteral("cpu"), q("1")}}).size(), 1);   // nothing it did not ask for
    }

    void badPoliciesAreRefused()
    {
        QVERIFY(parsePolicy(json{{"policy", "generous"}}).error().message.contains(QStringLiteral("unknown resource policy")));
        QVERIFY(!parsePolicy(json{{"percentage", 150}}).ok());
        QVERIFY(!parsePolicy(json{{"policy", "fixed-resources"}}).ok());
        QVERIFY(!parsePolicy(json{{"policy", "node-labels-resources"}}).ok());
        QVERIFY(!parsePolicy(json{{"policy", "fixed-resources"}, {"resources", {{"cpu", "lots"}}}}).ok());
    }

    void resourceListsPrintAsKubernetesDoes()
    {
        const json j = toJson(ResourceList{{QStringLiteral("cpu"), q("1500m")}, {QStringLiteral("memory"), q("30Gi")}, {QStringLiteral("pods"), q("105")}});
        QVERIFY(j == json({{"cpu", "1500m"}, {"memory", "30Gi"}, {"pods", "105"}}));
        QVERIFY(toJson(ResourceList{{QStringLiteral("memory"), q("2G")}}) == json({{"memory", "2G"}}));
        QVERIFY(parseResourceList(j) == (ResourceList{{QStringLiteral("cpu"), q("1500m")}, {QStringLiteral("memory"), q("30Gi")}, {QStringLiteral("pods"), q("105")}}));
    }
};

QTEST_GUILESS_MAIN(TestResourcePolicy)
#include "tst_resource_policy.moc"
