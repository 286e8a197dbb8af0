// spillctl supervise --dir D -- PROGRAM ARGS... — the local runtime's process supervisor
// (started by install, not meant to be run by hand).
#include "Cli.h"

#include "installer/ProcessSupervisor.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace spillctl {

using namespace spillway;

namespace {
int stopPipe[2];
void onStop(int)
{
    const char c = 1;
    [[maybe_unused]] auto n = ::write(stopPipe[1], &c, 1);
}
} // namespace

int supervise(const QStringList &args)
{
    const qsizetype dash = args.indexOf(QStringLiteral("--"));
    if (dash < 0 || dash + 1 >= args.size() || args.value(0) != QLatin1String("--dir") || dash != 2)
        return usage(QStringLiteral("supervise --dir DIR -- PROGRAM [ARGS...]"));
    installer::ProcessSupervisor::Options o;
    o.dir = args[1];
    o.program = args[dash + 1];
    o.args = args.mid(dash + 2);
    installer::ProcessSupervisor supervisor(o);
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, stopPipe) != 0)
        return 1;
    std::signal(SIGTERM, onStop);
    std::signal(SIGINT, onStop);
    std::signal(SIGHUP, SIG_IGN);
    QSocketNotifier notifier(stopPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, [&] {
        // Once: stopping waits for the program, and a second signal must not stop it again.
        notifier.setEnabled(false);
        supervisor.stop();
    });
    QObject::connect(&supervisor, &installer::ProcessSupervisor::stopped, qApp, &QCoreApplication::quit, Qt::QueuedConnection);
    supervisor.start();
    return QCoreApplication::exec();
}

} // namespace spillctl
