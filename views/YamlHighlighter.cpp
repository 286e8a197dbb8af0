#include "YamlHighlighter.h"

#include <QApplication>
#include <QPalette>
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextDocument>

#if SPILLWAY_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace spillway::views {

namespace {

bool darkPalette()
{
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Base).lightness() < p.color(QPalette::Text).lightness();
}

class BuiltinYamlHighlighter : public QSyntaxHighlighter
{
public:
    explicit BuiltinYamlHighlighter(QTextDocument *document) : QSyntaxHighlighter(document)
    {
        setColours();
        // A theme chosen while the editor is open recolours it.
        qApp->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            setColours();
            rehighlight();
        }
        return QSyntaxHighlighter::eventFilter(watched, event);
    }

private:
    void setColours()
    {
        const bool dark = darkPalette();
        m_key.setForeground(dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x4f, 0xa0));
        m_key.setFontWeight(QFont::DemiBold);
        m_string.setForeground(dark ? QColor(0xa8, 0xdb, 0x8f) : QColor(0x2e, 0x7d, 0x32));
        m_literal.setForeground(dark ? QColor(0xf2, 0xb8, 0x6b) : QColor(0xb3, 0x5c, 0x00));
        m_comment.setForeground(dark ? QColor(0x9a, 0xa0, 0xa6) : QColor(0x6a, 0x73, 0x7d));
        m_comment.setFontItalic(true);
        m_marker.setForeground(m_comment.foreground());
        m_marker.setFontWeight(QFont::Bold);
    }

protected:
    void highlightBlock(const QString &text) override
    {
        static const QRegularExpression marker(QStringLiteral("^(---|\\.\\.\\.)\\s*$"));
        static const QRegularExpression key(QStringLiteral("^(\\s*(?:-\\s+)?)([^\\s#'\"][^:#]*|\"[^\"]*\"|'[^']*')(:)(?=\\s|$)"));
        static const QRegularExpression string(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^']|'')*'"));
        static const QRegularExpression literal(QStringLiteral("(?<=[:\\-\\[,]\\s|^)\\s*(true|false|yes|no|on|off|null|~|-?\\d+(?:\\.\\d+)?)\\s*(?=$|#|,|\\])"),
                                                QRegularExpression::CaseInsensitiveOption);
        if (marker.match(text).hasMatch()) {
            setFormat(0, int(text.size()), m_marker);
            return;
        }
        int commentAt = -1;
        bool quoted = false;
        QChar quote;
        for (int i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (quoted) {
                quoted = c != quote;
            } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
                quoted = true;
                quote = c;
            } else if (c == QLatin1Char('#') && (i == 0 || text.at(i - 1).isSpace())) {
                commentAt = i;
                break;
            }
        }
        const QString code = commentAt < 0 ? text : text.left(commentAt);
        if (auto m = key.match(code); m.hasMatch())
            setFormat(int(m.capturedStart(2)), int(m.capturedLength(2)), m_key);
        for (auto it = literal.globalMatch(code); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart(1)), int(m.capturedLength(1)), m_literal);
        }
        for (auto it = string.globalMatch(code); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_string);
        }
        if (commentAt >= 0)
            setFormat(commentAt, int(text.size()) - commentAt, m_comment);
    }

private:
    QTextCharFormat m_key, m_string, m_literal, m_comment, m_marker;
};

} // namespace

bool usesKSyntaxHighlighting()
{
    return SPILLWAY_HAVE_KSYNTAXHIGHLIGHTING;
}

QObject *highlightYaml(QTextDocument *document)
{
#if SPILLWAY_HAVE_KSYNTAXHIGHLIGHTING
    // The repository must outlive its highlighter: both belong to the document.
    auto *repository = new KSyntaxHighlighting::Repository;
    QObject::connect(document, &QObject::destroyed, [repository] { delete repository; });
    auto *h = new KSyntaxHighlighting::SyntaxHighlighter(document);
    h->setTheme(repository->defaultTheme(darkPalette() ? KSyntaxHighlighting::Repository::DarkTheme : KSyntaxHighlighting::Repository::LightTheme));
    h->setDefinition(repository->definitionForName(QStringLiteral("YAML")));
    return h;
#else
    return new BuiltinYamlHighlighter(document);
#endif
}

} // namespace spillway::views
