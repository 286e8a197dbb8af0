// libFuzzer: YAML → objects, as the installer's manifests and the console's editor read them, and
// back: whatever parses must print and parse again to the same value.
#include "common/Yaml.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    auto docs = spillway::yamlDocumentsToJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), QStringLiteral("fuzz"));
    if (!docs)
        return 0;
    for (const nlohmann::json &doc : *docs) {
        auto again = spillway::yamlToJson(spillway::jsonToYaml(doc));
        if (!again || *again != doc)
            std::abort();   // the round trip the editor relies on broke
    }
    return 0;
}
