// libFuzzer: YAML → objects, as the installer's manifests and the console's editor read them, and
// back: whatever parses must print and parse again to the same value.
#include "common/Yaml.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    auto docs = spillway::yamlDocumentsToJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), QStringLiteral("fuzz"));
    if (!docs)
        return 0;
    for (const nlohmann::json &doc : *docs) {
        const QByteArray yaml = spillway::jsonToYaml(doc);
        auto again = spillway::yamlToJson(yaml);
        if (!again || *again != doc) {
            // The round trip the editor relies on broke: show what was written and read.
            std::fprintf(stderr, "value: %s\nwritten:\n%s\nread: %s\n", doc.dump().c_str(), yaml.constData(),
                         again ? again->dump().c_str() : again.error().message.toStdString().c_str());
            std::abort();
        }
    }
    return 0;
}
