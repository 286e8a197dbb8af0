#pragma once

#include "console/FederationHistory.h"

#include <QPointF>
#include <QWidget>

#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QLabel;

namespace spillway::console {
class UsageChartsModel;
}

namespace spillway::views {

// The charts page (Qt Charts, no Prometheus): per virtual node its CPU allocatable against its
// pods' requests; per ResourceSlice the CPU asked for against what was granted; the history of
// requested CPU and pods on virtual nodes and of each peering's tunnel latency over the last hour,
// day or week (across restarts when the console keeps its history on disk). Follows the palette (a dark palette gets the dark chart theme). Presents UsageChartsModel.
class ChartsView : public QWidget
{
    Q_OBJECT
public:
    explicit ChartsView(console::UsageChartsModel *model, QWidget *parent = nullptr);

    // What is drawn, for tests: a bar chart's values by set name ("Allocatable") and category,
    // a line chart's last value by series name.
    enum class Chart { VirtualNodes, Slices, History, Latency };
    double barValue(Chart chart, const QString &set, const QString &category) const;
    std::optional<double> lastPoint(Chart chart, const QString &series) const;
    QStringList seriesNames(Chart chart) const;
    QList<QPointF> points(Chart chart, const QString &series) const;
    using Span = console::FederationHistory::Span;
    Span span() const;
    void setSpan(Span span);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void redraw();
    void applyTheme();
    QChart *chart(Chart which) const;

    console::UsageChartsModel *m_model;
    QChartView *m_views[4];
    QLabel *m_note;
    QComboBox *m_span;
    bool m_stale = false;   // changed while hidden: redrawn when shown
};

} // namespace spillway::views
