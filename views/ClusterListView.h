#pragma once

#include <QWidget>

class QTableView;
class QPushButton;
class QLabel;

namespace spillway::console {
class ClusterListModel;
}

namespace spillway::views {

// The clusters page: the model's rows in a table, kubeconfig files added through a dialog or
// dropped onto the page, refresh and remove. Presents ClusterListModel; decides nothing.
class ClusterListView : public QWidget
{
    Q_OBJECT
public:
    explicit ClusterListView(console::ClusterListModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    // What the page says while it has no cluster (empty once it has one).
    QString hintText() const;

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void addFromDialog();
    void removeSelected();
    void updateHint();

    console::ClusterListModel *m_model;
    QTableView *m_table;
    QPushButton *m_remove;
    QLabel *m_hint;
};

} // namespace spillway::views
