#pragma once

#include <QObject>

class QTextDocument;

namespace spillway::views {

// Highlights YAML in a document: KDE's KSyntaxHighlighting (its YAML definition and the light or
// dark theme matching the palette) when the build found KF6SyntaxHighlighting, else a small
// built-in highlighter (keys, strings, numbers and booleans, comments, document markers) whose
// colours also follow the palette. Returns the highlighter, owned by the document.
QObject *highlightYaml(QTextDocument *document);

// Which engine highlightYaml uses in this build.
bool usesKSyntaxHighlighting();

} // namespace spillway::views
