#pragma once

#include "common/Error.h"

#include <QStringList>
#include <nlohmann/json.hpp>

namespace spillway::offloading {

// liqoctl's --selector: each one a term (terms are alternatives), written like a label selector —
// comma-separated requirements that must all hold: `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
// `k notin (a,b)`, `k` (exists), `!k` (does not exist). The result is a core/v1 NodeSelector for
// NamespaceOffloading's spec.clusterSelector; an empty list gives no selector (every peer).
Result<nlohmann::json> parseClusterSelector(const QStringList &selectors);

// The reverse, for printing a NamespaceOffloading: one line per term.
QStringList clusterSelectorText(const nlohmann::json &nodeSelector);

} // namespace spillway::offloading
