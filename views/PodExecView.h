#pragma once

#include "console/OffloadedPods.h"
#include "console/Workspace.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace spillway::console {
class ClusterClients;
class PodExecSession;
}

namespace spillway::views {

class TerminalView;

// A shell in the selected pod, as `kubectl exec -it POD -- /bin/sh` gives one: a container
// picker, the command to run, Connect and Disconnect, and the terminal. The session's end says
// how the command exited, or why the connection broke, underneath.
class PodExecView : public QWidget
{
    Q_OBJECT
public:
    PodExecView(console::ClusterClients *clients, QWidget *parent = nullptr);
    ~PodExecView() override;

    // The pod a Connect opens a shell in; another pod ends the session of the last.
    void open(const console::ClusterEntry &cluster, const console::OffloadedPod &pod);
    void clear();
    void connectTerminal();
    void disconnectTerminal();

    TerminalView *terminal() const { return m_terminal; }
    QLineEdit *command() const { return m_command; }
    QString statusText() const;
    bool connected() const { return m_connected; }

private:
    void setRunning(bool running);

    console::ClusterClients *m_clients;
    console::ClusterEntry m_cluster;
    console::OffloadedPod m_pod;
    std::unique_ptr<console::PodExecSession> m_session;
    bool m_connected = false;
    QLabel *m_title, *m_status;
    QComboBox *m_container;
    QLineEdit *m_command;
    QPushButton *m_connect, *m_disconnect;
    TerminalView *m_terminal;
};

} // namespace spillway::views
