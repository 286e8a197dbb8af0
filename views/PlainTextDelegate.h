#pragma once

#include "Tone.h"

#include <QHash>
#include <QStaticText>

namespace spillway::views {

// Paints one-line text cells from a cache of laid-out text, coloured by tone as ToneDelegate
// does. For tables that repaint many times a second: the Pods page at a hundred thousand pods in
// churn repaints its visible rows at every update, and Qt's own delegate lays out (shapes) each
// cell's text again at each paint — three quarters of the paint's time. Pod names, namespaces and
// phases repeat from paint to paint, so their layout is kept. Cells with an icon, a check box or
// several lines are painted by Qt's delegate as before.
class PlainTextDelegate : public ToneDelegate
{
public:
    using ToneDelegate::ToneDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    // Texts laid out, at most this many (a few screens of cells); past it the cache starts over.
    static constexpr qsizetype kMostTexts = 4096;
    const QStaticText &laidOut(const QString &text, const QFont &font) const;

    mutable QHash<QString, QStaticText> m_texts;
};

} // namespace spillway::views
