// The Pods page's table at scale, without clusters: its columns follow their contents without
// being measured at every change (ColumnSizer), a pod chosen in it stays chosen when an update
// replaces the span of rows it sits in (OffloadedPodsTable replaces a span past a few runs) or the
// filter is turned on and off, and its cells, painted from laid-out text kept between paints
// (PlainTextDelegate), look as Qt's delegate paints them.
#include "ColumnSizer.h"
#include "PlainTextDelegate.h"
#include "PodsView.h"
#include "Tone.h"
#include "console/ClusterListModel.h"
#include "console/KeyedTableModel.h"
#include "console/OffloadedPods.h"
#include "console/PeerGraphModel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QPainter>
#include <QScrollBar>
#include <QTableView>
#include <QtTest>

using nlohmann::json;
using namespace spillway::console;
using spillway::views::ColumnSizer;

class TestPodsTableView : public QObject
{
    Q_OBJECT
    static ClusterPeers cluster(const QStringList &pods)
    {
        ClusterPeers c;
        c.name = c.clusterId = QStringLiteral("rome");
        c.virtualNodes = json::parse(R"([{"metadata": {"name": "liqo-milan", "labels": {"liqo.io/type": "virtual-node", "liqo.io/remote-cluster-id": "milan"}}}])");
        json items = json::array();
        for (const QString &n : pods)
            items.push_back({{"metadata", {{"name", n.toStdString()}, {"namespace", "bench"}}}, {"spec", {{"nodeName", "liqo-milan"}}}, {"status", {{"phase", "Running"}}}});
        c.virtualNodePods = VirtualNodePods::fromItems(items);
        return c;
    }
    // The box of the pixels DELEGATE paints for TABLE's cell (ROW, 0) into a cell-sized image, and
    // the most saturated colour among them.
    struct Painted {
        QRect box;
        QColor strongest;
    };
    static Painted paintCell(QTableView *table, QAbstractItemDelegate *delegate, int row, int width)
    {
        QStyleOptionViewItem option;
        option.initFrom(table);
        option.widget = table;
        option.rect = QRect(0, 0, width, 30);
        option.font = table->font();
        option.fontMetrics = QFontMetrics(option.font);
        option.displayAlignment = Qt::AlignLeft | Qt::AlignVCenter;
        option.textElideMode = Qt::ElideRight;
        QImage image(width, 30, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        delegate->paint(&painter, option, table->model()->index(row, 0));
        painter.end();
        Painted p;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (const QColor c = image.pixelColor(x, y); c != QColor(Qt::white)) {
                    p.box |= QRect(x, y, 1, 1);
                    if (c.hsvSaturation() > p.strongest.hsvSaturation() || !p.strongest.isValid())
                        p.strongest = c;
                }
        return p;
    }
    // The Pods page over clusters given by hand (no watches), brought to them as
    // OffloadedPodsModel::update does: apply() between aboutToUpdate and updated.
    struct Page {
        ClusterListModel noClusters;
        PeerGraphModel graph{&noClusters};
        OffloadedPodsModel pods{&graph};
        spillway::views::PodsView view{&pods, &graph};
        void show(const std::vector<ClusterPeers> &all)
        {
            emit pods.aboutToUpdate();
            pods.table()->apply(refsOf(all), PeerGraph::build(all));
            emit pods.updated();
        }
    };
    static QStringList churnNames()   // churn-1 … churn-30
    {
        QStringList names;
        for (int i = 1; i <= 30; ++i)
            names << QStringLiteral("churn-%1").arg(i);
        return names;
    }
    static QString selectedKey(QTableView *table)
    {
        const QModelIndexList rows = table->selectionModel()->selectedRows();
        return rows.isEmpty() ? QString() : rows.first().data(KeyedTableModel::KeyRole).toString();
    }

private slots:
    // Fitted at the first rows; widened, never narrowed, when longer text comes; a column the user
    // resized is left alone; changes are fitted within the interval, not at each one.
    void columnsFollowTheirContents()
    {
        KeyedTableModel model({QStringLiteral("Name"), QStringLiteral("Phase"), QStringLiteral("Last")});
        QTableView table;
        spillway::views::presentRows(&table, &model, QStringLiteral("pods"));
        auto *sizer = new ColumnSizer(&table, 20);
        table.resize(800, 400);
        table.show();
        auto width = [&](int column) { return table.horizontalHeader()->sectionSize(column); };
        const QAbstractItemView &view = table;   // QTableView hides sizeHintForColumn
        auto row = [](const QString &key, const QString &name, const QString &phase) { return KeyedTableModel::Row{key, {name, phase, QString()}, 0}; };
        // The first rows are fitted before the next paint: wider than Qt's default section.
        model.setRows({row(QStringLiteral("a"), QStringLiteral("a-pod-name-longer-than-the-default-section"), QStringLiteral("Running"))});
        QTRY_VERIFY(width(0) > table.horizontalHeader()->defaultSectionSize());
        QCOMPARE(width(0), view.sizeHintForColumn(0));
        const int firstWidth = width(0), phaseWidth = width(1);
        // A longer name arrives: wider within the interval; the phase column keeps its width.
        model.setRows({row(QStringLiteral("a"), QStringLiteral("a-pod-name-longer-than-the-default-section"), QStringLiteral("Running")),
                       row(QStringLiteral("b"), QStringLiteral("a-pod-name-longer-than-the-default-section-and-then-some"), QStringLiteral("Pending"))});
        QTRY_VERIFY(width(0) > firstWidth);
        QCOMPARE(width(1), phaseWidth);
        // Shorter again: the column is not narrowed (no jumping while pods churn).
        const int longWidth = width(0);
        model.setRows({row(QStringLiteral("a"), QStringLiteral("short"), QStringLiteral("Running"))});
        sizer->fit();
        QCOMPARE(width(0), longWidth);
        // The user's width wins over the contents.
        const int byHand = table.horizontalHeader()->minimumSectionSize() + 4;
        table.horizontalHeader()->resizeSection(1, byHand);
        model.setRows({row(QStringLiteral("a"), QStringLiteral("short"), QStringLiteral("Terminating for a long while"))});
        sizer->fit();
        QCOMPARE(width(1), byHand);
        // No ResizeToContents: Qt would measure the cells at every change of the model.
        QCOMPARE(table.horizontalHeader()->sectionResizeMode(0), QHeaderView::Interactive);
    }

    // Text where Qt's delegate puts it, in the row's tone; elided within a narrow cell; a cell of
    // several lines left to Qt's delegate.
    void plainTextCellsLookAsQtPaintsThem()
    {
        KeyedTableModel model({QStringLiteral("Name")});
        model.setRows({KeyedTableModel::Row{QStringLiteral("a"), {QStringLiteral("web-1 is running")}, 1},
                       KeyedTableModel::Row{QStringLiteral("b"), {QStringLiteral("first\nsecond")}, 3}});
        QTableView table;
        table.setModel(&model);
        spillway::views::ToneDelegate qt(&table);
        spillway::views::PlainTextDelegate plain(&table);
        const Painted byQt = paintCell(&table, &qt, 0, 200), byPlain = paintCell(&table, &plain, 0, 200);
        QVERIFY(byQt.box.isValid() && byPlain.box.isValid());
        for (const auto &[a, b] : {std::pair{byQt.box.left(), byPlain.box.left()}, {byQt.box.right(), byPlain.box.right()},
                                   {byQt.box.top(), byPlain.box.top()}, {byQt.box.bottom(), byPlain.box.bottom()}})
            QVERIFY2(std::abs(a - b) <= 2, qPrintable(QStringLiteral("Qt's text box %1,%2 %3x%4; ours %5,%6 %7x%8")
                                                          .arg(byQt.box.x()).arg(byQt.box.y()).arg(byQt.box.width()).arg(byQt.box.height())
                                                          .arg(byPlain.box.x()).arg(byPlain.box.y()).arg(byPlain.box.width()).arg(byPlain.box.height())));
        QVERIFY(std::abs(byPlain.strongest.hsvHue() - spillway::views::toneColour(1).hsvHue()) <= 15);   // green: the good tone
        // Narrow: elided, not drawn past the cell; as wide as Qt's elided text.
        const Painted narrowQt = paintCell(&table, &qt, 0, 60), narrow = paintCell(&table, &plain, 0, 60);
        QVERIFY(narrow.box.right() < 60);
        QVERIFY(std::abs(narrow.box.width() - narrowQt.box.width()) <= 3);
        // Two lines: painted as Qt paints them.
        const Painted twoQt = paintCell(&table, &qt, 1, 200), two = paintCell(&table, &plain, 1, 200);
        QCOMPARE(two.box, twoQt.box);
    }

    // The chosen pod stays chosen while the filter keeps it, through the filter's turning on and
    // off (the listing is reset then), and is let go when the filter hides it.
    void theChosenPodStaysChosenAcrossTheFilter()
    {
        Page page;
        auto &view = page.view;
        page.show({cluster(churnNames())});
        const QString chosen = QStringLiteral("rome/bench/churn-15");
        QVERIFY(view.select(chosen));
        view.setFilter({.text = QStringLiteral("churn-1")});
        QCOMPARE(view.table()->model()->rowCount(), 11);   // churn-1 and churn-10 … churn-19
        QCOMPARE(selectedKey(view.table()), chosen);
        view.setFilter({});
        QCOMPARE(view.table()->model()->rowCount(), 30);
        QCOMPARE(selectedKey(view.table()), chosen);
        QCOMPARE(view.table()->currentIndex().data(KeyedTableModel::KeyRole).toString(), chosen);
        view.setFilter({.text = QStringLiteral("churn-2")});
        QVERIFY(selectedKey(view.table()).isEmpty());
        view.setFilter({});
        QVERIFY(selectedKey(view.table()).isEmpty());   // hidden by a filter is let go, as a click elsewhere would
    }

    // The filter bar's boxes offer the values the rows hold, and are left alone by updates that
    // change none of them (a refilled box is measured and laid out again).
    void filterChoicesChangeOnlyWithTheValues()
    {
        Page page;
        page.show({cluster({QStringLiteral("a"), QStringLiteral("b")})});
        QComboBox *namespaces = nullptr;
        for (QComboBox *box : page.view.findChildren<QComboBox *>())
            if (box->accessibleName() == QStringLiteral("Namespace"))
                namespaces = box;
        QVERIFY(namespaces);
        QCOMPARE(namespaces->count(), 2);   // all, and "bench"
        QCOMPARE(namespaces->itemText(1), QStringLiteral("bench"));
        QSignalSpy inserted(namespaces->model(), &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(namespaces->model(), &QAbstractItemModel::rowsRemoved);
        page.show({cluster({QStringLiteral("a"), QStringLiteral("c")})});   // pods change, namespaces do not
        QCOMPARE(inserted.size() + removed.size(), 0);
        ClusterPeers other = cluster({QStringLiteral("d")});
        other.virtualNodePods = VirtualNodePods::fromItems(json::parse(
            R"([{"metadata": {"name": "d", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}}])"));
        page.show({other});
        QCOMPARE(namespaces->count(), 2);
        QCOMPARE(namespaces->itemText(1), QStringLiteral("shop"));
    }

    // The selected pod sits in a span of rows an update replaces (six pods deleted apart): it is
    // selected again.
    void theChosenPodStaysChosenWhenItsSpanIsReplaced()
    {
        Page page;
        auto &view = page.view;
        const QStringList names = churnNames();
        page.show({cluster(names)});
        view.resize(600, 240);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString chosen = QStringLiteral("rome/bench/churn-15");
        QVERIFY(view.select(chosen));
        QCOMPARE(selectedKey(view.table()), chosen);
        view.table()->scrollToTop();   // the pod scrolled out of sight: taking it up again must not scroll back
        QSignalSpy removed(page.pods.table(), &QAbstractItemModel::rowsRemoved);
        // churn-10, -12, -14, -16, -18 and -20 go: six runs apart in the name order, around churn-15 (row 6).
        QStringList fewer = names;
        for (const int i : {10, 12, 14, 16, 18, 20})
            fewer.removeAll(QStringLiteral("churn-%1").arg(i));
        page.show({cluster(fewer)});
        QCOMPARE(removed.size(), 1);   // one span, not six runs
        QVERIFY(removed[0][1].toInt() <= 6 && removed[0][2].toInt() >= 6);   // churn-15's row was in it
        QCOMPARE(selectedKey(view.table()), chosen);
        QCOMPARE(view.table()->currentIndex().data(KeyedTableModel::KeyRole).toString(), chosen);   // the keyboard goes on from it
        QCOMPARE(view.table()->verticalScrollBar()->value(), 0);
        QCOMPARE(view.chosenPod(), chosen);   // not a neighbour the view moved to when the row went
        // A pod that is gone for good is let go.
        page.show({cluster(names.mid(15))});   // churn-15 too
        QVERIFY(selectedKey(view.table()).isEmpty());
        QVERIFY(view.chosenPod().isEmpty());
        page.show({cluster(names)});
        QVERIFY(selectedKey(view.table()).isEmpty());   // not chosen again when a pod of its name returns
    }
};

QTEST_MAIN(TestPodsTableView)
#include "tst_pods_table_view.moc"
