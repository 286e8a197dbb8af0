#pragma once

#include "console/InstallRequest.h"

#include <QWizard>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace spillway::console {
class InstallService;
} // namespace spillway::console

namespace spillway::views {

// The first-use install of a cluster without Spillway: cluster ID, labels, pod CIDRs, runtime and
// the advanced --set values (the choices of `spillctl install`, checked as typed), then each step
// as it runs with the log; a failure says why and offers Retry, Cancel stops between steps.
// Presents InstallRequest and InstallService.
class InstallWizard : public QWizard
{
    Q_OBJECT
public:
    enum PageId { OptionsPage, ProgressPage };

    InstallWizard(console::ClusterEntry cluster, const QString &clusterName, QWidget *parent = nullptr);

    console::InstallRequest request() const;
    console::InstallService *service() const { return m_service; }
    QString problemsText() const;
    QStringList steps() const;
    QString outcomeText() const;
    QPushButton *retryButton() const { return m_retry; }
    bool succeeded() const { return m_succeeded; }

signals:
    void installFinished(bool ok, const QString &clusterId);

protected:
    void initializePage(int id) override;
    bool validateCurrentPage() override;
    void reject() override;

private:
    QWizardPage *buildOptionsPage();
    QWizardPage *buildProgressPage();
    void startInstall();

    console::ClusterEntry m_cluster;
    QString m_clusterName;
    console::InstallService *m_service;
    QComboBox *m_distro = nullptr, *m_runtime = nullptr;
    QLineEdit *m_clusterId = nullptr, *m_labels = nullptr, *m_podCidrs = nullptr, *m_serviceCidr = nullptr, *m_stateDir = nullptr, *m_binDir = nullptr;
    QPlainTextEdit *m_values = nullptr;
    QSpinBox *m_timeout = nullptr;
    QLabel *m_problems = nullptr, *m_outcome = nullptr;
    QListWidget *m_steps = nullptr;
    QPushButton *m_retry = nullptr;
    bool m_succeeded = false;
};

} // namespace spillway::views
