#include "PodLogView.h"

#include "console/ClusterClients.h"
#include "console/PodLogFollower.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QVBoxLayout>

namespace spillway::views {

namespace {
constexpr int kMaxLines = 20000;   // older lines scroll away, as in a terminal
}

PodLogView::PodLogView(console::ClusterClients *clients, QWidget *parent)
    : QWidget(parent), m_clients(clients), m_title(new QLabel(this)), m_status(new QLabel(this)), m_container(new QComboBox(this)),
      m_follow(new QCheckBox(tr("Follow"), this)), m_search(new QLineEdit(this)), m_text(new QPlainTextEdit(this))
{
    m_container->setObjectName(QStringLiteral("log-container"));
    m_follow->setObjectName(QStringLiteral("log-follow"));
    m_search->setObjectName(QStringLiteral("log-search"));
    m_text->setObjectName(QStringLiteral("log-text"));
    m_follow->setChecked(true);
    m_search->setPlaceholderText(tr("Search the log"));
    m_search->setClearButtonEnabled(true);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setMaximumBlockCount(kMaxLines);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *previous = new QPushButton(tr("Previous"), this);
    auto *next = new QPushButton(tr("Next"), this);
    auto *bar = new QHBoxLayout;
    auto *containerLabel = new QLabel(tr("Container:"), this);
    containerLabel->setBuddy(m_container);   // names the picker for screen readers
    bar->addWidget(containerLabel);
    bar->addWidget(m_container);
    bar->addWidget(m_follow);
    bar->addStretch(1);
    m_search->setAccessibleName(tr("Find in the log"));
    bar->addWidget(m_search, 2);
    bar->addWidget(previous);
    bar->addWidget(next);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    m_text->setAccessibleName(tr("Log"));
    layout->addWidget(m_text, 1);
    layout->addWidget(m_status);

    auto search = [this](bool backwards) {
        if (!m_search->text().isEmpty() && !find(m_search->text(), backwards))
            m_status->setText(tr("“%1” is not in the log shown.").arg(m_search->text()));
    };
    connect(m_search, &QLineEdit::returnPressed, this, [search] { search(false); });
    connect(next, &QPushButton::clicked, this, [search] { search(false); });
    connect(previous, &QPushButton::clicked, this, [search] { search(true); });
    connect(m_container, &QComboBox::currentIndexChanged, this, [this] { restart(); });
    connect(m_follow, &QCheckBox::toggled, this, [this] { restart(); });
    clear();
}

PodLogView::~PodLogView() = default;

void PodLogView::clear()
{
    m_follower.reset();
    m_pod = {};
    m_title->setText(tr("Choose a pod to read its log."));
    m_status->clear();
    m_text->clear();
    const QSignalBlocker block(m_container);
    m_container->clear();
}

void PodLogView::open(const console::ClusterEntry &cluster, const console::OffloadedPod &pod)
{
    if (m_pod.key() == pod.key() && m_cluster == cluster)
        return;
    m_cluster = cluster;
    m_pod = pod;
    m_title->setText(tr("<b>%1/%2</b> in %3, running in %4 (virtual node %5)")
                         .arg(pod.ns.toHtmlEscaped(), pod.name.toHtmlEscaped(), pod.cluster.toHtmlEscaped(),
                              (pod.provider.isEmpty() ? tr("an unknown provider") : pod.provider).toHtmlEscaped(), pod.node.toHtmlEscaped()));
    {
        const QSignalBlocker block(m_container);
        m_container->clear();
        m_container->addItems(pod.containers);
    }
    restart();
}

void PodLogView::restart()
{
    m_follower.reset();
    m_text->clear();
    if (m_pod.name.isEmpty())
        return;
    console::LogOptions options;
    options.container = m_container->currentText();
    options.follow = m_follow->isChecked();
    m_follower = std::make_unique<console::PodLogFollower>(m_clients->of(m_cluster), m_pod.ns, m_pod.name, options);
    connect(m_follower.get(), &console::PodLogFollower::lines, this, &PodLogView::append);
    connect(m_follower.get(), &console::PodLogFollower::ended, this, [this] {
        m_status->setText(m_follow->isChecked() ? tr("The log ended: the container stopped.") : tr("End of the log. Tick Follow to keep reading new lines."));
    });
    connect(m_follower.get(), &console::PodLogFollower::failed, this, [this](const Error &e) {
        m_status->setText(tr("The log cannot be read: %1").arg(e.toString()));
    });
    m_status->setText(options.follow ? tr("Following the log…") : tr("Reading the log…"));
    m_follower->start();
}

void PodLogView::append(const QStringList &lines)
{
    QScrollBar *bar = m_text->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    for (const QString &line : lines)
        m_text->appendPlainText(line);
    // Scroll with new lines only when the reader is at the end, not while reading back.
    if (atEnd)
        bar->setValue(bar->maximum());
}

QString PodLogView::statusText() const
{
    return m_status->text();
}

bool PodLogView::find(const QString &text, bool backwards)
{
    if (m_text->find(text, backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags()))
        return true;
    // Wrap around once, as a browser's find does.
    QTextCursor from = m_text->textCursor();
    from.movePosition(backwards ? QTextCursor::End : QTextCursor::Start);
    m_text->setTextCursor(from);
    return m_text->find(text, backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags());
}

} // namespace spillway::views
