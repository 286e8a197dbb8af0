// The install wizard's form in core: what it collects becomes spillctl install's options, and
// what is wrong is named by the same rules (installer::validate) the CLI uses.
#include "console/InstallRequest.h"

#include <QtTest>

using namespace spillway;
using namespace spillway::console;

class TestInstallRequest : public QObject
{
    Q_OBJECT
    static InstallRequest valid()
    {
        InstallRequest r;
        r.cluster = {QStringLiteral("/k/milan"), QStringLiteral("milan"), {}, {}};
        return r;
    }

private slots:
    void optionsAreSpillctlInstallsFlags()
    {
        InstallRequest r = valid();
        r.distro = QStringLiteral("kind");
        r.clusterId = QStringLiteral(" milan ");
        r.clusterLabels = QStringLiteral("topology.kubernetes.io/region=eu-west, tier=gold");
        r.podCidrs = QStringLiteral("10.244.0.0/16, 10.245.0.0/16");
        r.serviceCidr = QStringLiteral("10.96.0.0/12");
        r.runtime = QStringLiteral("kubernetes");
        r.values = QStringLiteral("webhook.failurePolicy=Ignore\n\n  ipam.externalCIDR=10.70.0.0/16  \n");
        QVERIFY2(r.problems().isEmpty(), qPrintable(r.problems().join(QLatin1Char('\n'))));
        const installer::InstallOptions o = r.options();
        QCOMPARE(o.distro, QStringLiteral("kind"));
        QCOMPARE(o.clusterId, QStringLiteral("milan"));
        QCOMPARE(o.clusterLabels.value(QStringLiteral("topology.kubernetes.io/region")), QStringLiteral("eu-west"));
        QCOMPARE(o.clusterLabels.value(QStringLiteral("tier")), QStringLiteral("gold"));
        QCOMPARE(o.podCidrs, (QStringList{QStringLiteral("10.244.0.0/16"), QStringLiteral("10.245.0.0/16")}));
        QCOMPARE(o.runtime, installer::Runtime::Kubernetes);
        QCOMPARE(r.askedRuntime(), std::optional(installer::Runtime::Kubernetes));
        QCOMPARE(InstallRequest{}.askedRuntime(), std::nullopt);   // "auto" by default: the nodes decide
        QCOMPARE(o.values.value(QStringLiteral("webhook.failurePolicy")), QStringLiteral("Ignore"));
        QCOMPARE(o.values.value(QStringLiteral("ipam.externalCIDR")), QStringLiteral("10.70.0.0/16"));
        QVERIFY(InstallRequest{valid()}.problems().isEmpty());   // every field may stay empty
    }

    void problemsNameTheField()
    {
        auto problemsOf = [](const std::function<void(InstallRequest &)> &edit) {
            InstallRequest r = valid();
            edit(r);
            return r.problems().join(QLatin1Char('\n'));
        };
        QVERIFY(problemsOf([](InstallRequest &r) { r.cluster = {}; }).contains(QStringLiteral("Choose the cluster")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.clusterId = QStringLiteral("Milan_1"); }).contains(QStringLiteral("--cluster-id \"Milan_1\" is not valid")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.clusterLabels = QStringLiteral("region"); }).contains(QStringLiteral("--cluster-labels: \"region\" is not key=value")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.podCidrs = QStringLiteral("10.244.0.0"); }).contains(QStringLiteral("--pod-cidr \"10.244.0.0\"")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.values = QStringLiteral("no.such.value=1"); }).contains(QStringLiteral("--set no.such.value: unknown value")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.runtime = QStringLiteral("docker"); }).contains(QStringLiteral("auto, local or kubernetes")));
        QVERIFY(problemsOf([](InstallRequest &r) { r.timeoutSeconds = 0; }).contains(QStringLiteral("Timeout")));
    }
};

QTEST_GUILESS_MAIN(TestInstallRequest)
#include "tst_install_request.moc"
