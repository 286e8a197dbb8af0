// The federation map's layout: clusters keep their place while others come and go, newcomers
// fill the gaps, and no two clusters share a place, from 1 to 20 clusters and beyond.
#include "console/MapLayout.h"

#include <QtTest>

using namespace spillway::console;

namespace {

std::vector<QString> clusters(int n, const QString &prefix = QStringLiteral("c"))
{
    std::vector<QString> ids;
    for (int i = 0; i < n; ++i)
        ids.push_back(prefix + QString::number(i));
    return ids;
}

} // namespace

class TestMapLayout : public QObject
{
    Q_OBJECT
private slots:
    void everyClusterHasItsOwnPlace()
    {
        for (int n : {1, 2, 6, 7, 20, 40}) {
            MapLayout layout(100);
            const auto at = layout.place(clusters(n));
            QCOMPARE(int(at.size()), n);
            // Any two places are at least most of a spacing apart: boxes do not overlap.
            for (auto a = at.begin(); a != at.end(); ++a)
                for (auto b = std::next(a); b != at.end(); ++b)
                    QVERIFY2(QLineF(a->second, b->second).length() > 95, qPrintable(QStringLiteral("%1 and %2 of %3").arg(a->first, b->first).arg(n)));
        }
    }

    void ringsFillFromTheInside()
    {
        MapLayout layout(100);
        QCOMPARE(layout.position(0), QPointF(0, -100));   // the top of the first ring
        QCOMPARE(QLineF(QPointF(), layout.position(5)).length(), 100.0);
        QCOMPARE(QLineF(QPointF(), layout.position(6)).length(), 200.0);    // the second ring: 12 places
        QCOMPARE(QLineF(QPointF(), layout.position(17)).length(), 200.0);
        QCOMPARE(QLineF(QPointF(), layout.position(18)).length(), 300.0);
    }

    void clustersStayWhereTheyAreWhenOthersComeAndGo()
    {
        MapLayout layout;
        const auto before = layout.place(clusters(8));
        // c3 leaves: nobody else moves.
        std::vector<QString> without = clusters(8);
        without.erase(without.begin() + 3);
        const auto after = layout.place(without);
        for (const auto &[id, position] : after)
            QCOMPARE(position, before.at(id));
        // A newcomer takes the freed place; then one more takes the next free one (after c7's).
        without.push_back(QStringLiteral("new"));
        const auto joined = layout.place(without);
        QCOMPARE(joined.at(QStringLiteral("new")), before.at(QStringLiteral("c3")));
        without.push_back(QStringLiteral("newer"));
        QCOMPARE(layout.place(without).at(QStringLiteral("newer")), layout.position(8));
        for (const auto &[id, position] : after)
            QCOMPARE(layout.place(without).at(id), position);
    }

    void theOrderOfTheListDoesNotMoveAnyone()
    {
        MapLayout layout;
        auto ids = clusters(5);
        const auto before = layout.place(ids);
        std::reverse(ids.begin(), ids.end());
        QCOMPARE(layout.place(ids), before);
        QCOMPARE(layout.slotOf(QStringLiteral("c0")), 0);
        QCOMPARE(layout.slotOf(QStringLiteral("gone")), -1);
    }
};

QTEST_GUILESS_MAIN(TestMapLayout)
#include "tst_map_layout.moc"
