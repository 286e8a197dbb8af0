// Condition lists as Kubernetes keeps them (core/kube/Conditions.h): a condition's transition
// time moves only when its status changes, and setting one replaces the entry of its type in
// place, leaving everyone else's conditions as they were.
#include "kube/Conditions.h"

#include <QtTest>

using nlohmann::json;
using namespace spillway;

class TestKubeConditions : public QObject
{
    Q_OBJECT

private slots:
    void transitionTimeMovesOnlyWithTheStatus()
    {
        const json previous = json::array({{{"type", "Ready"}, {"status", "True"}, {"lastTransitionTime", "t1"}}});
        QCOMPARE(kube::transitionTime(previous, "Ready", "True", "t2"), std::string("t1"));
        QCOMPARE(kube::transitionTime(previous, "Ready", "False", "t2"), std::string("t2"));
        QCOMPARE(kube::transitionTime(previous, "Other", "True", "t2"), std::string("t2"));
        QCOMPARE(kube::transitionTime(json(), "Ready", "True", "t2"), std::string("t2"));
    }

    void withConditionReplacesItsTypeInPlace()
    {
        const json others = {{"type", "A"}, {"status", "True"}};
        const json old = {{"type", "B"}, {"status", "False"}};
        const json last = {{"type", "C"}, {"status", "Unknown"}};
        const json mine = {{"type", "B"}, {"status", "True"}};
        QCOMPARE(kube::withCondition(json::array({others, old, last}), mine), json::array({others, mine, last}));
        // A new type is appended; an absent or malformed list starts a new one.
        QCOMPARE(kube::withCondition(json::array({others}), mine), json::array({others, mine}));
        QCOMPARE(kube::withCondition(json(), mine), json::array({mine}));
        // Two entries of one type (written by hand) become one.
        QCOMPARE(kube::withCondition(json::array({old, others, old}), mine), json::array({mine, others}));
    }
};

QTEST_GUILESS_MAIN(TestKubeConditions)
#include "tst_kube_conditions.moc"
