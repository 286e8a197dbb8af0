#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace spillway::kube {

// The apiserver's remote-command protocol over WebSocket (`v5.channel.k8s.io`, what kubectl exec
// speaks since Kubernetes 1.30): each binary message starts with the byte of its channel.
namespace remotecommand {

inline constexpr char kProtocol[] = "v5.channel.k8s.io";

enum Channel : quint8 { Stdin = 0, Stdout = 1, Stderr = 2, StatusChannel = 3, Resize = 4, CloseChannel = 255 };

struct ExecOptions {
    QString container;            // empty: the pod's default container
    QStringList command{QStringLiteral("/bin/sh")};
    bool tty = true;              // with a TTY, stderr is merged into stdout by the terminal
    bool attach = false;          // attach to the container's process instead of running COMMAND
};

// The path and query of the exec (or attach) subresource of pod NS/POD.
QByteArray target(const QString &ns, const QString &pod, const ExecOptions &options);

// The payload of a message on CHANNEL.
QByteArray message(Channel channel, const QByteArray &bytes);
// The terminal's new size, as the resize channel carries it.
QByteArray resizeMessage(int columns, int rows);
// v5's signal that no more stdin follows (the remote end sees EOF).
QByteArray closeStdinMessage();

// How the command ended, from the Status the apiserver sends on the status channel.
struct ExitStatus {
    bool parsed = false;   // the payload was a Status
    bool success = false;
    int exitCode = -1;     // the process's code when it ran and exited (0 on success), else -1
    QString message;       // the Status message when it did not run or failed
};
ExitStatus parseExitStatus(const QByteArray &payload);

} // namespace remotecommand
} // namespace spillway::kube
