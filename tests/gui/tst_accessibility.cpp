// Every control of the console has a name a screen reader can say: the name Qt's accessibility
// layer gives it (its text, its label's buddy, or an accessible name set for it), checked for
// every page of the main window, the peering wizard's and the install wizard's pages.
#include "InstallWizard.h"
#include "MainWindow.h"
#include "PeeringWizard.h"
#include "console/ClusterListModel.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QGraphicsView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTextEdit>
#include <QWizard>
#include <QtTest>

using namespace spillway;

namespace {

// What a person operates, as opposed to layout and decoration.
bool isControl(const QWidget *w)
{
    if (qobject_cast<const QTabBar *>(w) || w->inherits("QScrollBar") || w->inherits("QLineEditIconButton") || w->inherits("QHeaderView")
        || w->inherits("QTableCornerButton") || w->inherits("QComboBoxListView")
        || w->objectName() == QLatin1String("qt_menubar_ext_button"))
        return false;   // named by their tabs and sections, or part of the control that owns them
    if (w->parentWidget() && (qobject_cast<const QComboBox *>(w->parentWidget()) || qobject_cast<const QAbstractSpinBox *>(w->parentWidget())))
        return false;   // a combo's own line edit is named by the combo
    return qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLineEdit *>(w) || qobject_cast<const QComboBox *>(w)
           || qobject_cast<const QAbstractSpinBox *>(w) || qobject_cast<const QAbstractItemView *>(w) || qobject_cast<const QPlainTextEdit *>(w)
           || qobject_cast<const QTextEdit *>(w) || qobject_cast<const QGraphicsView *>(w);
}

QString describe(const QWidget *w)
{
    QStringList path;
    for (const QWidget *p = w; p && path.size() < 3; p = p->parentWidget())
        path.prepend(QString::fromLatin1(p->metaObject()->className()) + (p->objectName().isEmpty() ? QString() : QLatin1Char('#') + p->objectName()));
    return path.join(QLatin1Char('>'));
}

// The controls under ROOT that a screen reader could not name.
QStringList unnamed(QWidget *root)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!isControl(w))
            continue;
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
        if (!a || a->text(QAccessible::Name).trimmed().isEmpty()) {
            out << describe(w);
            qWarning("unnamed: %s", qPrintable(out.last()));   // the failure message is cut short; the log has them all
        }
    }
    return out;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT
private slots:
    void everyControlOfTheMainWindowHasAName()
    {
        console::ClusterListModel clusters(nullptr, [](const console::ClusterEntry &) -> Result<console::ClusterFacts> {
            return Error::of(Error::Kind::Transport, QStringLiteral("not asked in this test"));
        });
        views::MainWindow window(&clusters);
        window.show();
        const QStringList missing = unnamed(&window);
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 unnamed:\n").arg(missing.size()) + missing.join(QLatin1Char('\n'))));
    }

    void everyControlOfTheWizardsHasAName()
    {
        console::ClusterListModel clusters(nullptr, [](const console::ClusterEntry &) -> Result<console::ClusterFacts> {
            return Error::of(Error::Kind::Transport, QStringLiteral("not asked in this test"));
        });
        views::PeeringWizard peering(&clusters);
        views::InstallWizard install(console::ClusterEntry{}, QStringLiteral("milan"));
        QStringList missing;
        for (QWizard *wizard : std::initializer_list<QWizard *>{&peering, &install}) {
            wizard->show();
            missing << unnamed(wizard);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 unnamed:\n").arg(missing.size()) + missing.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
