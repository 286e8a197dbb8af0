#pragma once

#include "console/OffloadedPods.h"
#include "console/Workspace.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace spillway::console {
class ClusterClients;
class PodLogFollower;
}

namespace spillway::views {

// One pod's log, as `kubectl logs [-f]` shows it: a container picker, Follow (keep the stream open
// and scroll with new lines), and a search box that finds the next or previous match. A pod that
// is gone or a stream that breaks leaves what was read and says why underneath.
class PodLogView : public QWidget
{
    Q_OBJECT
public:
    explicit PodLogView(console::ClusterClients *clients, QWidget *parent = nullptr);
    ~PodLogView() override;

    // Follows this pod's log (its first container) from `cluster`; a new pod replaces the last.
    void open(const console::ClusterEntry &cluster, const console::OffloadedPod &pod);
    void clear();

    QPlainTextEdit *text() const { return m_text; }
    QString statusText() const;
    // Selects the next match of `text` after the cursor (backwards: before it); false if none.
    bool find(const QString &text, bool backwards = false);

private:
    void restart();
    void append(const QStringList &lines);

    console::ClusterClients *m_clients;
    console::ClusterEntry m_cluster;
    console::OffloadedPod m_pod;
    std::unique_ptr<console::PodLogFollower> m_follower;
    QLabel *m_title, *m_status;
    QComboBox *m_container;
    QCheckBox *m_follow;
    QLineEdit *m_search;
    QPlainTextEdit *m_text;
};

} // namespace spillway::views
