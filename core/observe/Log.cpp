#include "observe/Log.h"

#include <QDateTime>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace spillway::observe {

void log(const char *level, const QString &component, const QString &message,
         std::initializer_list<std::pair<const char *, QString>> fields)
{
    nlohmann::json line = {{"ts", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
                           {"level", level},
                           {"component", component.toStdString()},
                           {"msg", message.toStdString()}};
    for (const auto &[k, v] : fields)
        line[k] = v.toStdString();
    std::fprintf(stderr, "%s\n", line.dump().c_str());
    std::fflush(stderr);
}

} // namespace spillway::observe
