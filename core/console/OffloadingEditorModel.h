#pragma once

#include "common/Error.h"
#include "offloading/NamespaceOffloadingDraft.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace spillway::console {

// The clusterSelector's rows for the editor's table: term (rows of one term must all hold; terms
// are alternatives), key, operator, values (comma-separated). Edits go to the draft it presents.
class SelectorRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Term, Key, Operator, Values, ColumnCount };
    using Rows = std::vector<offloading::NamespaceOffloadingDraft::Requirement>;

    explicit SelectorRowsModel(QObject *parent = nullptr) : QAbstractTableModel(parent) {}
    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Rows &rows() const { return m_rows; }
    // Replaces every row (the YAML changed): one reset for the whole batch.
    void setRows(Rows rows);
    // A new row in `term` (-1: a new alternative); returns its index.
    int addRow(int term = 0, const QString &key = {});
    void removeRow(int row);

signals:
    // The user changed the rows (not setRows).
    void edited();

private:
    Rows m_rows;
};

// The NamespaceOffloading editor's state, two views of one draft: the form (fields and selector
// rows) and the YAML. An edit on either side rewrites the other, except that YAML which does not
// parse (or is not a NamespaceOffloading) leaves the form as it was and is reported with its line,
// so nothing typed is lost. Knows the cluster's peers to say which ones the selector picks.
class OffloadingEditorModel : public QObject
{
    Q_OBJECT
public:
    using Draft = offloading::NamespaceOffloadingDraft;
    // A peer as a clusterSelector sees it: one virtual node's labels.
    struct Peer {
        QString clusterId, node;
        nlohmann::json labels;
    };

    explicit OffloadingEditorModel(QObject *parent = nullptr);

    const Draft &draft() const { return m_draft; }
    // The form's edit: the YAML follows.
    void setDraft(const Draft &draft);
    SelectorRowsModel *selectorRows() { return &m_rows; }

    QString yaml() const { return m_yaml; }
    // The YAML pane's edit: the form follows when it reads, else yamlError() says why.
    void setYaml(const QString &text);
    std::optional<Error> yamlError() const { return m_yamlError; }

    // Every problem of the draft, the YAML's first.
    QStringList problems() const;
    bool canApply() const { return !m_yamlError && m_draft.problems().empty(); }

    void setPeers(std::vector<Peer> peers);
    const std::vector<Peer> &peers() const { return m_peers; }
    // The cluster IDs the current selector picks (each once, sorted).
    QStringList matchingPeers() const;
    // Label keys of the peers' virtual nodes, and the values seen for one — the selector's suggestions.
    QStringList labelKeys() const;
    QStringList labelValues(const QString &key) const;

signals:
    // The draft changed (from either side); the form re-reads it. fromYaml: the YAML pane typed it.
    void draftChanged(bool fromYaml);
    // The YAML text was rewritten from the form.
    void yamlChanged(const QString &text);
    // Problems or the YAML's error changed.
    void validityChanged();
    void peersChanged();

private:
    void rowsEdited();

    Draft m_draft;
    SelectorRowsModel m_rows;
    QString m_yaml;
    std::optional<Error> m_yamlError;
    std::vector<Peer> m_peers;
};

} // namespace spillway::console
