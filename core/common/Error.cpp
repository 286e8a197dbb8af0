#include "common/Error.h"

namespace spillway {

QString Error::toString() const
{
    QString out;
    if (!cluster.isEmpty())
        out += QStringLiteral("cluster %1: ").arg(cluster);
    if (!resource.isEmpty())
        out += resource + QStringLiteral(": ");
    if (httpStatus > 0) {
        out += QString::number(httpStatus);
        if (!reason.isEmpty())
            out += QLatin1Char(' ') + reason;
        out += QStringLiteral(": ");
    }
    out += message;
    if (!hint.isEmpty())
        out += QStringLiteral(" (%1)").arg(hint);
    return out;
}

} // namespace spillway
