#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <nlohmann/json.hpp>
#include <vector>

namespace spillway {

// YAML → JSON as kubectl reads manifests (sigs.k8s.io/yaml, i.e. YAML 1.1 scalars): plain
// `yes`/`on`/`true` are booleans, `~`/`null`/empty are null, numbers are numbers, and anything
// quoted stays a string. Errors carry the line and column. Untrusted input never throws.
Result<nlohmann::json> yamlToJson(const QByteArray &yaml, const QString &sourceName = {});
// Every document of a `---`-separated stream; empty documents are skipped.
Result<std::vector<nlohmann::json>> yamlDocumentsToJson(const QByteArray &yaml, const QString &sourceName = {});

// JSON → block-style YAML for previews and `-o yaml`; strings that would read back as another
// type are quoted, so yamlToJson(jsonToYaml(x)) == x.
QByteArray jsonToYaml(const nlohmann::json &value);

} // namespace spillway
