// The console's clusters page against the testbed pair: a kubeconfig that reaches a real
// apiserver, one whose server refuses connections, and one that is not YAML — each row says what
// it found or exactly what is wrong (a cluster reached without checking its certificate included),
// and one broken file hides nothing else.
#include "../integration/Testbed.h"
#include "ClusterListView.h"
#include "MainWindow.h"
#include "common/Yaml.h"
#include "console/ClusterListModel.h"
#include "console/Workspace.h"

#include <QApplication>
#include <QImage>
#include <QSet>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using spillway::console::ClusterListModel;

class TestClusterList : public QObject
{
    Q_OBJECT
private:
    static QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
    {
        QFile f(dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return f.fileName();
    }
    // How many colours a sample of the image's pixels has: a blank picture has one or two.
    static int paintedColours(const QImage &image, int step)
    {
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += step)
            for (int x = 0; x < image.width(); x += step)
                colours.insert(image.pixel(x, y));
        return int(colours.size());
    }
    static int rowOf(const ClusterListModel &m, const QString &file)
    {
        for (int i = 0; i < m.rowCount(); ++i)
            if (m.row(i).entry.kubeconfig == file)
                return i;
        return -1;
    }

private slots:
    void rowsSayWhatTheyFound()
    {
        QTemporaryDir dir;
        const QString good = testbed::kubeconfigPath(QStringLiteral("ci-consumer"));
        QVERIFY2(QFile::exists(good), qPrintable(good));
        const QString broken = write(dir, QStringLiteral("broken.yaml"), "apiVersion: v1\nclusters: [ {name: x\n");
        // A port nothing listens on: connection refused at once.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        const QString refused = write(dir, QStringLiteral("refused.yaml"), QStringLiteral(
            "apiVersion: v1\nkind: Config\ncurrent-context: gone\nclusters:\n- name: gone\n  cluster: {server: 'https://127.0.0.1:%1', insecure-skip-tls-verify: true}\n"
            "users:\n- name: u\n  user: {token: abc}\ncontexts:\n- name: gone\n  context: {cluster: gone, user: u}\n").arg(port).toUtf8());
        // The good one with its CA taken out and TLS verification turned off: it connects, and
        // the row must say the certificate was not checked.
        QFile goodFile(good);
        QVERIFY(goodFile.open(QIODevice::ReadOnly));
        auto unverifiedConfig = spillway::yamlToJson(goodFile.readAll(), good);
        QVERIFY2(unverifiedConfig, qPrintable(unverifiedConfig ? QString() : unverifiedConfig.error().toString()));
        for (auto &c : (*unverifiedConfig)["clusters"]) {
            c["cluster"].erase("certificate-authority-data");
            c["cluster"].erase("certificate-authority");
            c["cluster"]["insecure-skip-tls-verify"] = true;
        }
        const QString unverified = write(dir, QStringLiteral("unverified.yaml"), spillway::jsonToYaml(*unverifiedConfig));

        ClusterListModel model;
        spillway::views::MainWindow window(&model);
        window.show();
        QVERIFY(!window.placeholderText().isEmpty());
        QCOMPARE(model.addKubeconfig(broken), 1);
        QCOMPARE(model.addKubeconfig(good), 1);
        QCOMPARE(model.addKubeconfig(refused), 1);
        QCOMPARE(model.addKubeconfig(good), 0);   // already shown
        QCOMPARE(model.addKubeconfig(unverified), 1);
        QVERIFY(window.placeholderText().isEmpty());
        QCOMPARE(window.clusterList()->table()->model()->rowCount(), 4);
        QTRY_COMPARE_WITH_TIMEOUT(model.pending(), 0, 20000);

        for (int i = 0; i < model.rowCount(); ++i)
            qInfo("%s | %s | %s", qPrintable(model.data(model.index(i, ClusterListModel::Name)).toString()),
                  qPrintable(model.data(model.index(i, ClusterListModel::Status)).toString()), qPrintable(model.data(model.index(i, ClusterListModel::Problem)).toString()));
        const auto &b = model.row(rowOf(model, QFileInfo(broken).absoluteFilePath()));
        QCOMPARE(b.state, ClusterListModel::State::Failed);
        QVERIFY2(b.error && b.error->message.contains(QStringLiteral("broken.yaml")), b.error ? qPrintable(b.error->toString()) : "no error");

        const auto &r = model.row(rowOf(model, QFileInfo(refused).absoluteFilePath()));
        QCOMPARE(r.state, ClusterListModel::State::Failed);
        QVERIFY2(r.error && r.error->message.contains(QStringLiteral("127.0.0.1:%1").arg(port)), r.error ? qPrintable(r.error->toString()) : "no error");

        const int gi = rowOf(model, QFileInfo(good).absoluteFilePath());
        const auto &g = model.row(gi);
        QVERIFY2(g.state == ClusterListModel::State::Ready || g.state == ClusterListModel::State::NotInstalled,
                 g.error ? qPrintable(g.error->toString()) : "still probing");
        QVERIFY2(g.facts.kubernetesVersion.startsWith(QStringLiteral("v1.")), qPrintable(g.facts.kubernetesVersion));
        QCOMPARE(model.data(model.index(gi, ClusterListModel::Kubernetes)).toString(), g.facts.kubernetesVersion);
        QVERIFY(model.data(model.index(gi, ClusterListModel::Problem)).toString().isEmpty());
        QVERIFY(!model.data(model.index(rowOf(model, QFileInfo(refused).absoluteFilePath()), ClusterListModel::Problem)).toString().isEmpty());

        const int ui = rowOf(model, QFileInfo(unverified).absoluteFilePath());
        QCOMPARE(model.row(ui).state, g.state);   // it answered like the verified one
        QCOMPARE(model.row(ui).facts.kubernetesVersion, g.facts.kubernetesVersion);
        const QString warning = model.data(model.index(ui, ClusterListModel::Problem)).toString();
        QVERIFY2(warning.contains(QStringLiteral("insecure-skip-tls-verify")) && warning.contains(g.facts.server), qPrintable(warning));
        QCOMPARE(model.data(model.index(ui, 0), Qt::ToolTipRole).toString(), warning + QStringLiteral("\n\n") + QFileInfo(unverified).absoluteFilePath());

        // The workspace keeps the four, and a new model restored from it shows them again.
        const QString workspaceFile = dir.filePath(QStringLiteral("ws/workspace.yaml"));
        QVERIFY(model.workspace().save(workspaceFile));
        auto restored = spillway::console::Workspace::load(workspaceFile);
        QVERIFY(restored);
        QCOMPARE(restored->clusters.size(), size_t(4));
        ClusterListModel again;
        QCOMPARE(again.addEntries(restored->clusters), 4);
        QTRY_COMPARE_WITH_TIMEOUT(again.pending(), 0, 20000);
        QCOMPARE(again.row(rowOf(again, QFileInfo(good).absoluteFilePath())).facts.kubernetesVersion, g.facts.kubernetesVersion);

        // Refresh asks again; remove takes a row out.
        model.refresh();
        QVERIFY(model.pending() > 0);
        QTRY_COMPARE_WITH_TIMEOUT(model.pending(), 0, 20000);
        model.removeRow(rowOf(model, QFileInfo(refused).absoluteFilePath()));
        QCOMPARE(model.rowCount(), 3);
    }

    void screenshotRendersTheClustersPage()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("clusters.png"));
        const QString broken = write(dir, QStringLiteral("broken.yaml"), "clusters: [\n");
        QProcess console;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));   // it must choose offscreen by itself
        console.setProcessEnvironment(env);
        console.start(QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_BIN")) + QStringLiteral("/spillway"),
                      {QStringLiteral("--screenshot"), png, QStringLiteral("--kubeconfig"), testbed::kubeconfigPath(QStringLiteral("ci-consumer")),
                       QStringLiteral("--kubeconfig"), broken});
        QVERIFY(console.waitForFinished(60000));
        QVERIFY2(console.exitCode() == 0, console.readAllStandardError().constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 500);
        // Not a blank page: more than a handful of colours were painted.
        QVERIFY2(paintedColours(image, 7) > 8, qPrintable(QString::number(paintedColours(image, 7))));

        QProcess wrong;
        wrong.start(console.program(), {QStringLiteral("--screenshot"), png, QStringLiteral("--view"), QStringLiteral("nosuchpage")});
        QVERIFY(wrong.waitForFinished(30000));
        QCOMPARE(wrong.exitCode(), 2);
        const QByteArray said = wrong.readAllStandardError();
        QVERIFY2(said.contains("no page \"nosuchpage\"; the console has: clusters, graph, editor, charts, dashboard, pods, peering-wizard, install-wizard"),
                 said.constData());
    }

    // --view with a wizard's name shoots the wizard on the clusters given, at its choices.
    void screenshotRendersTheWizards()
    {
        QTemporaryDir dir;
        const QString consumer = testbed::kubeconfigPath(QStringLiteral("ci-consumer"));
        const QString provider = testbed::kubeconfigPath(QStringLiteral("ci-provider"));
        const QString program = QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_BIN")) + QStringLiteral("/spillway");
        QSize windowSize;
        for (const QString &wizard : {QStringLiteral("clusters"), QStringLiteral("peering-wizard"), QStringLiteral("install-wizard")}) {
            const QString png = dir.filePath(wizard + QStringLiteral(".png"));
            QProcess console;
            console.start(program, {QStringLiteral("--screenshot"), png, QStringLiteral("--view"), wizard, QStringLiteral("--kubeconfig"), consumer,
                                    QStringLiteral("--kubeconfig"), provider});
            QVERIFY(console.waitForFinished(60000));
            QVERIFY2(console.exitCode() == 0, console.readAllStandardError().constData());
            const QImage image(png);
            QVERIFY2(!image.isNull(), qPrintable(wizard));
            QVERIFY2(paintedColours(image, 5) > 8, qPrintable(QStringLiteral("%1: %2 colours").arg(wizard).arg(paintedColours(image, 5))));
            // The wizard itself was shot, not the window behind it.
            if (wizard == QLatin1String("clusters"))
                windowSize = image.size();
            else
                QVERIFY2(image.size() != windowSize, qPrintable(wizard));
        }

        // No cluster to open a wizard for: said, not a blank picture.
        QProcess none;
        none.start(program, {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("none.png")), QStringLiteral("--view"), QStringLiteral("peering-wizard"),
                             QStringLiteral("--kubeconfig"), consumer});
        QVERIFY(none.waitForFinished(60000));
        QCOMPARE(none.exitCode(), 1);
        const QByteArray said = none.readAllStandardError();
        QVERIFY2(said.contains("The peering wizard needs two clusters"), said.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("none.png"))));
    }

    void brokenWorkspaceIsAnError()
    {
        QTemporaryDir dir;
        const QString f = write(dir, QStringLiteral("w.yaml"), "clusters: {not: a list}\n");
        auto w = spillway::console::Workspace::load(f);
        QVERIFY(!w && w.error().message.contains(QStringLiteral("clusters is not a list")));
        QVERIFY(spillway::console::Workspace::load(dir.filePath(QStringLiteral("missing.yaml"))));   // none yet: empty

        // The console's start: a broken workspace is moved aside and the usual kubeconfigs shown.
        QProcessEnvironment env;
        env.insert(QStringLiteral("KUBECONFIG"), testbed::kubeconfigPath(QStringLiteral("ci-consumer")));
        ClusterListModel model;
        const QString problem = model.restore(f, env);
        QVERIFY2(problem.contains(QStringLiteral("clusters is not a list")) && problem.contains(f + QStringLiteral(".broken")), qPrintable(problem));
        QVERIFY(!QFile::exists(f) && QFile::exists(f + QStringLiteral(".broken")));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.row(0).entry.context, QStringLiteral("ci-consumer"));
        // A workspace with clusters is restored as it is, and the usual files are not read.
        QVERIFY(model.workspace().save(f));
        ClusterListModel again;
        QVERIFY(again.restore(f, QProcessEnvironment()).isEmpty());
        QCOMPARE(again.rowCount(), 1);
        QCOMPARE(again.row(0).entry.kubeconfig, QFileInfo(testbed::kubeconfigPath(QStringLiteral("ci-consumer"))).absoluteFilePath());
        QTRY_COMPARE_WITH_TIMEOUT(model.pending() + again.pending(), 0, 20000);
    }
};

SPILLWAY_TESTBED_MAIN(QApplication, TestClusterList)
#include "tst_cluster_list.moc"
