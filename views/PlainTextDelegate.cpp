#include "PlainTextDelegate.h"

#include <QApplication>
#include <QPainter>

#include <utility>

namespace spillway::views {

const QStaticText &PlainTextDelegate::laidOut(const QString &text, const QFont &font) const
{
    if (auto found = m_texts.constFind(text); found != m_texts.constEnd())
        return *found;
    if (m_texts.size() >= kMostTexts)
        m_texts.clear();
    QStaticText laid(text);
    laid.setTextFormat(Qt::PlainText);
    laid.setPerformanceHint(QStaticText::AggressiveCaching);
    laid.prepare(QTransform(), font);
    return *m_texts.insert(text, laid);
}

void PlainTextDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const bool plain = !(opt.features & (QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::WrapText));
    if (!plain || opt.text.contains(QLatin1Char('\n')) || opt.text.contains(QChar::LineSeparator)) {
        ToneDelegate::paint(painter, option, index);
        return;
    }
    const QWidget *widget = opt.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    // The cell without its text, as the style draws it: background, selection, focus.
    const QString text = std::exchange(opt.text, QString());
    opt.features &= ~QStyleOptionViewItem::HasDisplay;
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    if (text.isEmpty())
        return;

    // The text where the style puts it: inside the focus frame's margins, aligned as asked.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect rect = opt.rect.adjusted(margin, 0, -margin, 0);
    QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    if (group == QPalette::Normal && !(opt.state & QStyle::State_Active))
        group = QPalette::Inactive;
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(group, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    const Qt::Alignment align = QStyle::visualAlignment(opt.direction, opt.displayAlignment);
    const QStaticText &laid = laidOut(text, opt.font);
    const QSizeF size = laid.size();
    if (size.width() > rect.width()) {
        // Too wide: elided as Qt's delegate does (rare; not cached).
        painter->drawText(rect, int(align | Qt::TextSingleLine), opt.fontMetrics.elidedText(text, opt.textElideMode, rect.width()));
    } else {
        const qreal x = align & Qt::AlignRight ? rect.right() + 1 - size.width() : align & Qt::AlignHCenter ? rect.left() + (rect.width() - size.width()) / 2 : rect.left();
        const qreal y = align & Qt::AlignTop ? rect.top() : align & Qt::AlignBottom ? rect.bottom() + 1 - size.height() : rect.top() + (rect.height() - size.height()) / 2;
        painter->drawStaticText(QPointF(x, y), laid);
    }
    painter->restore();
}

} // namespace spillway::views
