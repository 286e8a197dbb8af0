#pragma once

#include "console/PeeringRequest.h"

#include <QWizard>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace spillway::console {
class ClusterListModel;
class PeeringService;
class PeeringTimelineModel;
} // namespace spillway::console

namespace spillway::views {

// The peering wizard: consumer and provider (two of the console's clusters, or the consumer and
// the provider's pasted invitation, out of band), the options
// `spillctl peer` takes (bidirectional, networking, CPU / memory / pods, ResourceSlice class,
// virtual node), then the live timeline of the stages with elapsed times and the log; a failure
// names the stage and the cause and offers Retry; Cancel stops a running peering. Presents
// PeeringRequest, PeeringService and PeeringTimelineModel.
class PeeringWizard : public QWizard
{
    Q_OBJECT
public:
    enum PageId { ClustersPage, OptionsPage, ProgressPage };

    explicit PeeringWizard(console::ClusterListModel *clusters, QWidget *parent = nullptr);
    ~PeeringWizard() override;

    // Preselects the clusters (rows of the clusters model), as a drop on the graph does.
    void choose(int consumerRow, int providerRow);
    // Out of band: the provider's invitation instead of its kubeconfig.
    void pasteInvitation(const QString &invitation);
    console::PeeringRequest request() const;
    console::PeeringTimelineModel *timeline() const { return m_timeline; }
    console::PeeringService *service() const { return m_service; }
    QString problemsText() const;
    QString outcomeText() const;
    QString logText() const;
    QPushButton *retryButton() const { return m_retry; }
    // Whether the last run ended with the peering in place.
    bool succeeded() const { return m_succeeded; }

signals:
    // The peering finished well (the graph refreshes on its own; this is for whoever waits).
    void peeringFinished(bool ok);

protected:
    void initializePage(int id) override;
    bool validateCurrentPage() override;
    void reject() override;

private:
    QWizardPage *buildClustersPage();
    QWizardPage *buildOptionsPage();
    QWizardPage *buildProgressPage();
    void startPeering();
    void updateProblems();

    console::ClusterListModel *m_clusters;
    console::PeeringService *m_service;
    console::PeeringTimelineModel *m_timeline;
    QComboBox *m_consumer = nullptr, *m_provider = nullptr;
    QCheckBox *m_bidirectional = nullptr, *m_networking = nullptr, *m_virtualNode = nullptr;
    QLineEdit *m_invitation = nullptr, *m_cpu = nullptr, *m_memory = nullptr, *m_pods = nullptr, *m_sliceClass = nullptr;
    QSpinBox *m_timeout = nullptr;
    QLabel *m_problems = nullptr, *m_outcome = nullptr;
    QTableView *m_stages = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPushButton *m_retry = nullptr;
    QTimer *m_ticker;
    bool m_succeeded = false;
};

} // namespace spillway::views
