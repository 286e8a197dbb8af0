#pragma once

#include <QString>

#include <initializer_list>
#include <utility>

namespace spillway::observe {

// Structured logs: one JSON object per line on stderr ({"ts","level","component","msg",...}).
void log(const char *level, const QString &component, const QString &message,
         std::initializer_list<std::pair<const char *, QString>> fields = {});

} // namespace spillway::observe
