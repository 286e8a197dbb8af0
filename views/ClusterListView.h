#pragma once

#include <QWidget>

class QTableView;
class QPushButton;
class QLabel;

namespace spillway::console {
class ClusterListModel;
class InstallService;
} // namespace spillway::console

namespace spillway::views {

class InstallWizard;

// The clusters page: the model's rows in a table, kubeconfig files added through a dialog or
// dropped onto the page, refresh and remove; install (a wizard) into a cluster without Spillway,
// uninstall behind a confirmation. Presents ClusterListModel; decides nothing.
class ClusterListView : public QWidget
{
    Q_OBJECT
public:
    explicit ClusterListView(console::ClusterListModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    // What the page says while it has no cluster (empty once it has one).
    QString hintText() const;
    // The install wizard for a row without Spillway (nullptr: no such row).
    InstallWizard *openInstallWizard(int row);
    // Uninstalls Spillway from a row's cluster, after asking when confirm is set.
    void uninstall(int row, bool confirm = true);
    console::InstallService *installer() const { return m_installer; }
    QString statusText() const;
    // Asks for kubeconfig files and adds them (the Add kubeconfig… button).
    void addFromDialog();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void removeSelected();
    void updateHint();
    void updateButtons();
    int selectedRow() const;

    console::ClusterListModel *m_model;
    QTableView *m_table;
    QPushButton *m_remove, *m_install, *m_uninstall;
    console::InstallService *m_installer;   // the uninstall's; each install wizard has its own
    QLabel *m_hint, *m_status;
};

} // namespace spillway::views
