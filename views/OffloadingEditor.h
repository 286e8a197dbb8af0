#pragma once

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace spillway {
struct Error;
}

namespace spillway::console {
class ClusterListModel;
class OffloadingEditorModel;
class OffloadingService;
class OffloadingStatusModel;
} // namespace spillway::console

namespace spillway::views {

// The NamespaceOffloading editor page: cluster and namespace (or a new one), the form (mapping and
// pod strategies, remote name, prefer-local, failover delay, clusterSelector rows with the peers'
// labels as suggestions and the peers they match), the highlighted YAML beside it — editable both
// ways — problems inline, a server dry run, apply, and then the object's phase and per-peer
// conditions as the controller writes them. Presents OffloadingEditorModel and OffloadingService.
class OffloadingEditor : public QWidget
{
    Q_OBJECT
public:
    explicit OffloadingEditor(console::ClusterListModel *clusters, QWidget *parent = nullptr);
    ~OffloadingEditor() override;

    console::OffloadingEditorModel *model() const { return m_model; }
    console::OffloadingStatusModel *statusModel() const { return m_status; }
    // Requests in flight (loading, dry run, apply).
    int pending() const { return m_pending; }
    // The last outcome line (dry run, apply, load error) and the phase line.
    QString resultText() const;
    QString phaseText() const;
    QString problemsText() const;
    QString podsWarningText() const;

    // Chooses the cluster (a row of the clusters model) and then the namespace once it has loaded.
    void selectCluster(int clustersRow);
    void selectNamespace(const QString &ns);

signals:
    // No request is in flight any more.
    void idle();

private:
    void buildForm(QWidget *form);
    void clustersChanged();
    void clusterChosen();
    void namespaceChosen();
    void formEdited();
    void showDraft();
    void showValidity();
    void showPeers();
    void showStatus();
    void dryRun();
    void apply();
    void addRow(bool alternative);
    void begin();
    void end(const std::optional<spillway::Error> &error, const QString &success);

    console::ClusterListModel *m_clusters;
    console::OffloadingEditorModel *m_model;
    console::OffloadingStatusModel *m_status;
    std::unique_ptr<console::OffloadingService> m_service;
    int m_pending = 0;
    QString m_wantedNamespace;
    QString m_loadedNamespace;   // whose NamespaceOffloading and pods the service last read

    QComboBox *m_cluster, *m_namespace, *m_mapping, *m_podStrategy;
    QLineEdit *m_remoteName;
    QCheckBox *m_preferLocal;
    QSpinBox *m_failover;
    QTableView *m_selector, *m_statusTable;
    QLabel *m_matching, *m_problems, *m_podsWarning, *m_result, *m_phase;
    QPlainTextEdit *m_yaml;
    QPushButton *m_dryRun, *m_apply, *m_removeRow;
};

} // namespace spillway::views
