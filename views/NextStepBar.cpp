#include "NextStepBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace spillway::views {

NextStepBar::NextStepBar(QWidget *parent) : QFrame(parent), m_text(new QLabel(this)), m_button(new QPushButton(this))
{
    setObjectName(QStringLiteral("next-step"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_button->setObjectName(QStringLiteral("next-step-action"));
    m_button->setAccessibleName(tr("Next step"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_button);
    connect(m_button, &QPushButton::clicked, this, [this] { emit taken(m_step); });
    setVisible(false);
}

void NextStepBar::setStep(const console::NextStep &step)
{
    m_step = step;
    m_text->setText(step.text);
    m_button->setText(step.action);
    m_button->setAccessibleName(step.action.isEmpty() ? tr("Next step") : step.action);
    m_button->setVisible(!step.action.isEmpty());
    setVisible(step.kind != console::NextStep::Kind::None);
}

QString NextStepBar::text() const
{
    return isVisibleTo(parentWidget()) ? m_text->text() : QString();
}

} // namespace spillway::views
