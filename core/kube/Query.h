#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>
#include <QString>

namespace spillway::kube {

// A query string's items in order; a key may repeat (`command=sh&command=-c`).
using QueryItems = QList<QPair<QString, QString>>;

// key=value&… with every byte but RFC 3986's unreserved ones percent-encoded, keys included.
// Go's servers read a bare '+' as a space, so one in a command must reach them as %2B.
QByteArray encodeQuery(const QueryItems &items);

// Reads a query as Go's url.ParseQuery does, which is how the apiserver wrote what it sends a
// kubelet: '&' separates items, '+' is a space, %XX an octet (UTF-8 text). An item Go would
// reject (a ';' in its key, a bad escape) is dropped; the rest are kept in order.
QueryItems parseGoQuery(QByteArrayView raw);

// Every value of KEY, in order.
QStringList queryValues(const QueryItems &items, const QString &key);

} // namespace spillway::kube
