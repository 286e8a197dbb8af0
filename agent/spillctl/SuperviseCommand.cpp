// spillctl supervise --dir D -- PROGRAM ARGS... — the local runtime's process supervisor
// (started by install, not meant to be run by hand).
#include "Cli.h"

#include "installer/ProcessSupervisor.h"
#include "observe/TerminationSignal.h"

#include <QCoreApplication>

#include <csignal>

namespace spillctl {

using namespace spillway;

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
    std::signal(SIGHUP, SIG_IGN);
    // Once: stopping waits for the program, and a second signal must not stop it again.
    observe::onTerminationSignal(qApp, [&] { supervisor.stop(); });
    QObject::connect(&supervisor, &installer::ProcessSupervisor::stopped, qApp, &QCoreApplication::quit, Qt::QueuedConnection);
    supervisor.start();
    return QCoreApplication::exec();
}

} // namespace spillctl
