#pragma once

#include "console/NextStep.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace spillway::views {

// The getting-started line above the console's pages: the next step on the way to a first
// peering (console::NextStep) and a button that takes it; hidden when there is none.
class NextStepBar : public QFrame
{
    Q_OBJECT
public:
    explicit NextStepBar(QWidget *parent = nullptr);
    void setStep(const console::NextStep &step);
    const console::NextStep &step() const { return m_step; }
    QString text() const;
    QPushButton *button() const { return m_button; }

signals:
    void taken(const console::NextStep &step);

private:
    console::NextStep m_step;
    QLabel *m_text;
    QPushButton *m_button;
};

} // namespace spillway::views
