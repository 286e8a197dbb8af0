#include "Cli.h"

#include "common/Yaml.h"
#include "kube/Kubeconfig.h"

#include <QCoreApplication>
#include <csignal>
#include <cstdio>

namespace spillctl {

using namespace spillway;

void parseOrExit(QCommandLineParser &parser, const QStringList &args, const QString &command)
{
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(QStringList{QStringLiteral("spillctl ") + command} + args))
        std::exit(usage(parser.errorText()));
    if (parser.isSet(help)) {
        std::fputs(qPrintable(parser.helpText().replace(QStringLiteral("[options]"), command + QStringLiteral(" [options]"))), stdout);
        std::exit(0);
    }
}

Result<std::unique_ptr<kube::KubeClient>> connectTo(const QString &file, const QString &context)
{
    auto kc = file.isEmpty() ? kube::Kubeconfig::loadDefault() : kube::Kubeconfig::loadFiles({file});
    if (!kc)
        return kc.error();
    auto config = kc->restConfig(context);
    if (!config)
        return config.error();
    if (const QString warning = kube::insecureTlsWarning(*config); !warning.isEmpty())
        std::fprintf(stderr, "warning: %s\n", qPrintable(warning));
    return std::make_unique<kube::KubeClient>(*config);
}

Result<std::unique_ptr<kube::KubeClient>> connect(const QCommandLineParser &p, const ClusterFlags &flags)
{
    return connectTo(p.value(flags.kubeconfig), p.value(flags.context));
}

int fail(const Error &error)
{
    Error shown = error;
    const QString hint = shown.hint;
    shown.hint.clear();
    std::fprintf(stderr, "error: %s\n", qPrintable(shown.toString()));
    if (!hint.isEmpty())
        std::fprintf(stderr, "  hint: %s\n", qPrintable(hint));
    return 1;
}

int usage(const QString &message)
{
    std::fprintf(stderr, "spillctl: %s\n", qPrintable(message));
    return 2;
}

bool validOutput(const QString &format)
{
    return format == QLatin1String("json") || format == QLatin1String("yaml");
}

void printStructured(const nlohmann::json &value, const QString &format)
{
    if (format == QLatin1String("json"))
        std::printf("%s\n", value.dump(2).c_str());
    else
        std::fputs(jsonToYaml(value).constData(), stdout);
}

namespace {
std::shared_ptr<std::atomic_bool> g_cancelled;
void onInterrupt(int)
{
    if (g_cancelled)
        g_cancelled->store(true);
}
} // namespace

std::shared_ptr<std::atomic_bool> installCancelHandler()
{
    g_cancelled = std::make_shared<std::atomic_bool>(false);
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    return g_cancelled;
}

} // namespace spillctl
