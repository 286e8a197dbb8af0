#include "PodExecView.h"

#include "TerminalView.h"
#include "console/ClusterClients.h"
#include "console/PodExecSession.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QVBoxLayout>

namespace spillway::views {

PodExecView::PodExecView(console::ClusterClients *clients, QWidget *parent)
    : QWidget(parent), m_clients(clients), m_title(new QLabel(this)), m_status(new QLabel(this)), m_container(new QComboBox(this)),
      m_command(new QLineEdit(QStringLiteral("/bin/sh"), this)), m_connect(new QPushButton(tr("Connect"), this)),
      m_disconnect(new QPushButton(tr("Disconnect"), this)), m_terminal(new TerminalView(this))
{
    m_container->setObjectName(QStringLiteral("exec-container"));
    m_command->setObjectName(QStringLiteral("exec-command"));
    m_command->setToolTip(tr("The command to run in the container, split as a shell would split it"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *bar = new QHBoxLayout;
    // Each label is its field's buddy: a screen reader names the field by it (and Alt+letter focuses it).
    auto *containerLabel = new QLabel(tr("Container:"), this), *commandLabel = new QLabel(tr("Command:"), this);
    containerLabel->setBuddy(m_container);
    commandLabel->setBuddy(m_command);
    bar->addWidget(containerLabel);
    bar->addWidget(m_container);
    bar->addWidget(commandLabel);
    bar->addWidget(m_command, 1);
    bar->addWidget(m_connect);
    bar->addWidget(m_disconnect);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_terminal, 1);
    layout->addWidget(m_status);

    connect(m_connect, &QPushButton::clicked, this, &PodExecView::connectTerminal);
    connect(m_command, &QLineEdit::returnPressed, this, &PodExecView::connectTerminal);
    connect(m_disconnect, &QPushButton::clicked, this, &PodExecView::disconnectTerminal);
    connect(m_terminal, &TerminalView::input, this, [this](const QByteArray &bytes) {
        if (m_session)   // typed while connecting: sent once the stream is open
            m_session->send(bytes);
    });
    connect(m_terminal, &TerminalView::sizeChanged, this, [this](int columns, int rows) {
        if (m_session)
            m_session->resize(columns, rows);
    });
    clear();
}

PodExecView::~PodExecView() = default;

void PodExecView::clear()
{
    m_session.reset();
    m_pod = {};
    m_title->setText(tr("Choose a pod to open a terminal in it."));
    m_status->clear();
    const QSignalBlocker block(m_container);
    m_container->clear();
    setRunning(false);
    m_connect->setEnabled(false);
}

void PodExecView::open(const console::ClusterEntry &cluster, const console::OffloadedPod &pod)
{
    if (m_pod.key() == pod.key() && m_cluster == cluster)
        return;
    m_session.reset();
    m_cluster = cluster;
    m_pod = pod;
    m_title->setText(tr("<b>%1/%2</b> in %3, running in %4").arg(pod.ns.toHtmlEscaped(), pod.name.toHtmlEscaped(), pod.cluster.toHtmlEscaped(),
                                                                (pod.provider.isEmpty() ? tr("an unknown provider") : pod.provider).toHtmlEscaped()));
    {
        const QSignalBlocker block(m_container);
        m_container->clear();
        m_container->addItems(pod.containers);
    }
    setRunning(false);
    m_status->setText(tr("Press Connect to run the command in the pod."));
}

void PodExecView::connectTerminal()
{
    if (m_pod.name.isEmpty())
        return;
    kube::remotecommand::ExecOptions options;
    options.container = m_container->currentText();
    options.command = QProcess::splitCommand(m_command->text());
    if (options.command.isEmpty()) {
        m_status->setText(tr("Type the command to run, for example /bin/sh."));
        return;
    }
    m_terminal->reset();
    m_session = std::make_unique<console::PodExecSession>(m_clients->of(m_cluster), m_pod.ns, m_pod.name, options);
    connect(m_session.get(), &console::PodExecSession::opened, this, [this] {
        m_connected = true;
        m_status->setText(tr("Connected: %1 in %2/%3.").arg(m_command->text(), m_pod.ns, m_pod.name));
        m_terminal->setFocus();
    });
    connect(m_session.get(), &console::PodExecSession::output, m_terminal, &TerminalView::feed);
    connect(m_session.get(), &console::PodExecSession::exited, this, [this](int code) {
        setRunning(false);
        m_status->setText(tr("The command exited with code %1. Press Connect to run it again.").arg(code));
    });
    connect(m_session.get(), &console::PodExecSession::failed, this, [this](const Error &e) {
        setRunning(false);
        m_status->setText(tr("The terminal closed: %1").arg(e.toString()));
    });
    setRunning(true);
    m_connected = false;
    m_status->setText(tr("Connecting to %1/%2…").arg(m_pod.ns, m_pod.name));
    m_session->start(m_terminal->columns(), m_terminal->rows());
}

void PodExecView::disconnectTerminal()
{
    if (!m_session)
        return;
    m_session.reset();
    setRunning(false);
    m_status->setText(tr("Disconnected. Press Connect to run the command again."));
}

void PodExecView::setRunning(bool running)
{
    if (!running)
        m_connected = false;
    m_connect->setEnabled(!running && !m_pod.name.isEmpty());
    m_disconnect->setEnabled(running);
    m_command->setEnabled(!running);
    m_container->setEnabled(!running);
}

QString PodExecView::statusText() const
{
    return m_status->text();
}

} // namespace spillway::views
