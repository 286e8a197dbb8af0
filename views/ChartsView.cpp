#include "ChartsView.h"

#include "console/FederationHistory.h"
#include "console/UsageCharts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace spillway::views {

using console::Capacity;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

QChart *barChart(const QString &title, const QStringList &categories, const std::vector<std::pair<QString, QList<qreal>>> &sets, const QString &unit)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    auto *series = new QBarSeries;
    for (const auto &[name, values] : sets) {
        auto *set = new QBarSet(name);
        set->append(values);
        series->append(set);
    }
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis;
    y->setTitleText(unit);
    qreal top = 1;
    for (const auto &s : sets)
        for (qreal v : s.second)
            top = std::max(top, v);
    y->setRange(0, top * 1.15);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    return chart;
}

QChart *lineChart(const QString &title, const std::vector<std::pair<QString, QList<QPointF>>> &lines, const QString &unit, const QString &timeFormat)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    auto *x = new QDateTimeAxis;
    x->setFormat(timeFormat);
    auto *y = new QValueAxis;
    y->setTitleText(unit);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    qreal minX = 0, maxX = 0, top = 1;
    bool any = false;
    for (const auto &[name, points] : lines) {
        auto *series = new QLineSeries;
        series->setName(name);
        series->setPointsVisible(true);   // the session's first sample is a point before it is a line
        series->append(points);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        for (const QPointF &p : points) {
            minX = any ? std::min(minX, p.x()) : p.x();
            maxX = any ? std::max(maxX, p.x()) : p.x();
            top = std::max(top, p.y());
            any = true;
        }
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    x->setRange(QDateTime::fromMSecsSinceEpoch(any ? qint64(minX) : now - 60000),
                QDateTime::fromMSecsSinceEpoch(std::max<qint64>(any ? qint64(maxX) : now, (any ? qint64(minX) : now - 60000) + 60000)));
    y->setRange(0, top * 1.15);
    return chart;
}

} // namespace

ChartsView::ChartsView(console::UsageChartsModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_note(new QLabel(this)), m_span(new QComboBox(this))
{
    m_span->addItem(tr("Last hour"), int(Span::Hour));
    m_span->addItem(tr("Last day"), int(Span::Day));
    m_span->addItem(tr("Last week"), int(Span::Week));
    m_span->setAccessibleName(tr("History span"));
    connect(m_span, &QComboBox::currentIndexChanged, this, &ChartsView::redraw);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("History:"), this));
    top->addWidget(m_span);
    top->addStretch(1);
    auto *grid = new QGridLayout;
    for (int i = 0; i < 4; ++i) {
        m_views[i] = new QChartView(this);
        m_views[i]->setRenderHint(QPainter::Antialiasing);
        m_views[i]->setMinimumSize(320, 220);
        grid->addWidget(m_views[i], i / 2, i % 2);
    }
    m_note->setWordWrap(true);
    const QString kept = m_model->history()->persistent()
                             ? tr("The history is kept on this computer for 30 days (by the minute after two hours, by ten minutes after two days).")
                             : tr("The history covers this session only.");
    m_note->setText(tr("Requested is what the pods on a virtual node ask for; Used is what metrics.k8s.io measures, drawn when the "
                       "consumer cluster serves it (metrics-server).") + QLatin1Char(' ') + kept);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(grid, 1);
    layout->addWidget(m_note);
    connect(m_model, &console::UsageChartsModel::changed, this, &ChartsView::redraw);
    redraw();
}

ChartsView::Span ChartsView::span() const
{
    return Span(m_span->currentData().toInt());
}

void ChartsView::setSpan(Span span)
{
    m_span->setCurrentIndex(m_span->findData(int(span)));
}

QChart *ChartsView::chart(Chart which) const
{
    return m_views[int(which)]->chart();
}

void ChartsView::redraw()
{
    // A hidden page is not redrawn on every change (a churn of pods is many): once, when shown.
    if (!isVisible() && m_views[0]->chart() && !m_views[0]->chart()->series().isEmpty()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    const console::UsageCharts &c = m_model->charts();
    QStringList nodes;
    QList<qreal> capacity, requested, used;
    bool anyMeasured = false;
    for (const auto &n : c.virtualNodes) {
        nodes << n.name;
        capacity << n.capacity.cpu;
        requested << n.requested.cpu;
        used << (n.measured ? n.measured->cpu : 0.0);
        anyMeasured |= n.measured.has_value();
    }
    std::vector<std::pair<QString, QList<qreal>>> nodeBars{{tr("Allocatable"), capacity}, {tr("Requested"), requested}};
    if (anyMeasured)
        nodeBars.push_back({tr("Used"), used});
    QStringList slices;
    QList<qreal> asked, granted;
    for (const auto &s : c.slices) {
        slices << s.name;
        asked << s.requested.cpu;
        granted << s.granted.cpu;
    }
    QList<QPointF> cpu, pods, usedCpu;
    std::map<QString, QList<QPointF>> latency;
    const Span span = this->span();
    for (const auto &s : m_model->history()->samples(span)) {
        cpu << QPointF(qreal(s.atMs), s.requested.cpu);
        pods << QPointF(qreal(s.atMs), s.requested.pods);
        if (s.measured)
            usedCpu << QPointF(qreal(s.atMs), s.measured->cpu);
        for (const auto &[peering, ms] : s.latencyMs)
            latency[peering] << QPointF(qreal(s.atMs), ms);
    }
    std::vector<std::pair<QString, QList<QPointF>>> latencyLines(latency.begin(), latency.end());
    const QString timeFormat = span == Span::Hour ? QStringLiteral("HH:mm:ss") : span == Span::Day ? QStringLiteral("HH:mm") : QStringLiteral("ddd HH:mm");
    std::vector<std::pair<QString, QList<QPointF>>> historyLines{{tr("CPU (cores)"), cpu}, {tr("Pods"), pods}};
    if (!usedCpu.isEmpty())
        historyLines.push_back({tr("Used CPU (cores)"), usedCpu});
    QChart *charts[4] = {
        barChart(tr("Virtual nodes: CPU"), nodes, nodeBars, tr("cores")),
        barChart(tr("ResourceSlices: CPU"), slices, {{tr("Asked for"), asked}, {tr("Granted"), granted}}, tr("cores")),
        lineChart(tr("Requested and used on virtual nodes"), historyLines, QString(), timeFormat),
        lineChart(tr("Tunnel latency"), latencyLines, tr("ms"), timeFormat),
    };
    for (int i = 0; i < 4; ++i) {
        QChart *old = m_views[i]->chart();
        m_views[i]->setChart(charts[i]);
        m_views[i]->setAccessibleName(charts[i]->title());
        delete old;
    }
    applyTheme();
}

void ChartsView::applyTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (QChartView *v : m_views) {
        v->chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        v->chart()->setBackgroundBrush(palette().brush(QPalette::Base));
        v->chart()->setTitleBrush(palette().brush(QPalette::Text));
    }
}

void ChartsView::showEvent(QShowEvent *event)
{
    if (m_stale)
        redraw();
    QWidget::showEvent(event);
}

void ChartsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    QWidget::changeEvent(event);
}

double ChartsView::barValue(Chart which, const QString &set, const QString &category) const
{
    QChart *c = chart(which);
    for (QAbstractSeries *series : c->series())
        if (auto *bars = qobject_cast<QBarSeries *>(series)) {
            const auto axes = bars->attachedAxes();
            for (QAbstractAxis *axis : axes)
                if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis)) {
                    const int at = int(categories->categories().indexOf(category));
                    for (QBarSet *s : bars->barSets())
                        if (s->label() == set && at >= 0)
                            return s->at(at);
                }
        }
    return -1;
}

std::optional<double> ChartsView::lastPoint(Chart which, const QString &name) const
{
    for (QAbstractSeries *series : chart(which)->series())
        if (auto *line = qobject_cast<QLineSeries *>(series); line && line->name() == name && line->count() > 0)
            return line->at(line->count() - 1).y();
    return std::nullopt;
}

QList<QPointF> ChartsView::points(Chart which, const QString &name) const
{
    for (QAbstractSeries *series : chart(which)->series())
        if (auto *line = qobject_cast<QLineSeries *>(series); line && line->name() == name)
            return line->points();
    return {};
}

QStringList ChartsView::seriesNames(Chart which) const
{
    QStringList out;
    for (QAbstractSeries *series : chart(which)->series())
        out << series->name();
    return out;
}

} // namespace spillway::views
