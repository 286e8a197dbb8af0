#include "ipam/AddressAllocator.h"
#include "ipam/Cidr.h"
#include "ipam/PrefixAllocator.h"

#include <QtTest>

using namespace spillway::ipam;

namespace {
Cidr c(const char *text)
{
    auto parsed = Cidr::parse(QString::fromLatin1(text));
    if (!parsed)
        qFatal("bad test CIDR %s", text);
    return *parsed;
}
} // namespace

class TestIpam : public QObject
{
    Q_OBJECT
private slots:
    void parsingIsStrict_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("pod cidr") << "10.244.0.0/16" << true;
        QTest::newRow("host route") << "192.168.1.7/32" << true;
        QTest::newRow("everything") << "0.0.0.0/0" << true;
        QTest::newRow("host bits set") << "10.244.1.0/16" << false;
        QTest::newRow("no length") << "10.244.0.0" << false;
        QTest::newRow("length 33") << "10.0.0.0/33" << false;
        QTest::newRow("octet 256") << "10.256.0.0/16" << false;
        QTest::newRow("leading zero") << "10.04.0.0/16" << false;
        QTest::newRow("ipv6") << "fd00::/64" << false;
        QTest::newRow("three octets") << "10.0.0/8" << false;
        QTest::newRow("signed") << "10.0.0.0/+8" << false;
        QTest::newRow("empty") << "" << false;
    }
    void parsingIsStrict()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const auto parsed = Cidr::parse(text);
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(parsed->toString(), text);
    }

    void containmentAndRemapping()
    {
        QVERIFY(c("10.0.0.0/8").contains(c("10.244.0.0/16")));
        QVERIFY(!c("10.244.0.0/16").contains(c("10.0.0.0/8")));
        QVERIFY(c("10.244.0.0/16").overlaps(c("10.0.0.0/8")) && c("10.0.0.0/8").overlaps(c("10.244.0.0/16")));
        QVERIFY(!c("10.244.0.0/16").overlaps(c("10.245.0.0/16")));
        QCOMPARE(c("10.244.0.0/16").last(), *parseAddress(QStringLiteral("10.244.255.255")));
        // The host part stays, the network part moves: what the gateway's prefix NAT does.
        const auto moved = remapAddress(*parseAddress(QStringLiteral("10.244.3.7")), c("10.244.0.0/16"), c("10.71.0.0/16"));
        QVERIFY(moved && formatAddress(*moved) == QStringLiteral("10.71.3.7"));
        QVERIFY(!remapAddress(*parseAddress(QStringLiteral("10.245.3.7")), c("10.244.0.0/16"), c("10.71.0.0/16")));
        QVERIFY(!remapAddress(*parseAddress(QStringLiteral("10.244.3.7")), c("10.244.0.0/16"), c("10.71.0.0/24")));
    }

    void aPeersFreeCidrIsKeptAnOverlappingOneIsRemapped()
    {
        PrefixAllocator a;
        a.hold(c("10.244.0.0/16"), QStringLiteral("local/pod"));
        a.hold(c("10.96.0.0/12"), QStringLiteral("local/service"));
        a.hold(c("10.70.0.0/16"), QStringLiteral("local/external"));
        // No overlap: used as it is.
        auto milan = a.acquire(c("172.20.0.0/16"), QStringLiteral("milan/pod"));
        QVERIFY(milan && *milan == c("172.20.0.0/16"));
        // Same pod CIDR as ours: a free /16 from the pools, never one that is held.
        auto turin = a.acquire(c("10.244.0.0/16"), QStringLiteral("turin/pod"));
        QVERIFY(turin && turin->length == 16 && *turin != c("10.244.0.0/16"));
        QCOMPARE(turin->toString(), QStringLiteral("10.0.0.0/16"));
        // A third peer with the same CIDR again overlaps ours, not turin's mapping.
        auto genoa = a.acquire(c("10.244.0.0/16"), QStringLiteral("genoa/pod"));
        QVERIFY(genoa && *genoa != *turin && *genoa != c("10.244.0.0/16"));
        QCOMPARE(genoa->toString(), QStringLiteral("10.1.0.0/16"));
        // Overlapping another peer's mapping counts too.
        auto bari = a.acquire(c("172.20.0.0/16"), QStringLiteral("bari/pod"));
        QVERIFY(bari && *bari != c("172.20.0.0/16"));
        // Asked again (a reconcile after a restart): the same answer, nothing new held.
        const size_t held = a.heldCount();
        auto again = a.acquire(c("10.244.0.0/16"), QStringLiteral("turin/pod"));
        QVERIFY(again && *again == *turin && a.heldCount() == held);
    }

    void allocationSkipsReservedSubnetsAndRespectsAlignment()
    {
        PrefixAllocator a({c("10.0.0.0/14")});
        a.hold(c("10.0.0.0/16"), QStringLiteral("reserved/a"));
        a.hold(c("10.1.128.0/17"), QStringLiteral("reserved/b"));
        auto first = a.allocate(16, QStringLiteral("x"));
        QVERIFY(first && *first == c("10.2.0.0/16"));   // 10.1/16 overlaps reserved/b
        auto small = a.allocate(17, QStringLiteral("y"));
        QVERIFY(small && *small == c("10.1.0.0/17"));   // the aligned hole before reserved/b
        auto last = a.allocate(16, QStringLiteral("z"));
        QVERIFY(last && *last == c("10.3.0.0/16"));
        auto none = a.allocate(16, QStringLiteral("w"));
        QVERIFY(!none);
        QVERIFY(none.error().message.contains(QStringLiteral("no free /16")));
    }

    void aSharedPrefixIsFreedOnlyWithItsLastOwner()
    {
        PrefixAllocator a({c("10.0.0.0/15")});
        a.hold(c("10.0.0.0/16"), QStringLiteral("network/a"));
        a.hold(c("10.0.0.0/16"), QStringLiteral("network/b"));
        a.release(QStringLiteral("network/a"));
        QVERIFY(a.isHeld(c("10.0.0.0/16")));
        auto other = a.allocate(16, QStringLiteral("network/c"));
        QVERIFY(other && *other == c("10.1.0.0/16"));
        a.release(QStringLiteral("network/b"));
        QVERIFY(!a.isHeld(c("10.0.0.0/16")));
        auto reused = a.allocate(16, QStringLiteral("network/d"));
        QVERIFY(reused && *reused == c("10.0.0.0/16"));
    }

    void addressesSkipTheReservedAndAreFreedByTheirOwner()
    {
        AddressAllocator a;
        const Cidr external = c("10.70.0.0/16");
        // The network address and one pre-allocated address are never handed out.
        QCOMPARE(formatAddress(*a.acquire(external, 1, QStringLiteral("liqo/api")) ), QStringLiteral("10.70.0.2"));
        QCOMPARE(formatAddress(*a.acquire(external, 1, QStringLiteral("liqo/node-1"))), QStringLiteral("10.70.0.3"));
        QCOMPARE(formatAddress(*a.acquire(external, 1, QStringLiteral("liqo/api"))), QStringLiteral("10.70.0.2"));   // asking again: the same
        a.release(QStringLiteral("liqo/api"));
        QCOMPARE(formatAddress(*a.acquire(external, 1, QStringLiteral("liqo/node-2"))), QStringLiteral("10.70.0.2"));   // freed, reused
        // A restarted controller holds what the statuses say before deciding anything.
        AddressAllocator restarted;
        restarted.hold(*parseAddress(QStringLiteral("10.70.0.2")), QStringLiteral("liqo/node-2"));
        QCOMPARE(formatAddress(*restarted.acquire(external, 1, QStringLiteral("liqo/other"))), QStringLiteral("10.70.0.3"));
        // A /30 has two host addresses and no more; full is an error that says so.
        const Cidr tiny = c("192.168.9.0/30");
        QCOMPARE(formatAddress(*a.acquire(tiny, 0, QStringLiteral("t/1"))), QStringLiteral("192.168.9.1"));
        QCOMPARE(formatAddress(*a.acquire(tiny, 0, QStringLiteral("t/2"))), QStringLiteral("192.168.9.2"));
        auto full = a.acquire(tiny, 0, QStringLiteral("t/3"));
        QVERIFY(!full && full.error().message.contains(QStringLiteral("no free address")));
        QCOMPARE(formatAddress(*a.acquire(c("192.168.9.8/32"), 0, QStringLiteral("t/4"))), QStringLiteral("192.168.9.8"));
    }
};

QTEST_APPLESS_MAIN(TestIpam)
#include "tst_ipam.moc"
