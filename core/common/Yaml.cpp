#include "common/Yaml.h"

#include <algorithm>

#include <QRegularExpression>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <limits>

namespace spillway {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 256;   // bounds recursion on hostile input

const QRegularExpression &intRe()
{
    static const QRegularExpression re(QStringLiteral("^[-+]?(0|[1-9][0-9_]*)$"));
    return re;
}
const QRegularExpression &floatRe()
{
    static const QRegularExpression re(QStringLiteral("^[-+]?([0-9][0-9_]*)?\\.?[0-9]*([eE][-+]?[0-9]+)?$"));
    return re;
}

bool isBoolTrue(const std::string &s)
{
    return s == "y" || s == "Y" || s == "yes" || s == "Yes" || s == "YES" || s == "true" || s == "True" || s == "TRUE"
        || s == "on" || s == "On" || s == "ON";
}
bool isBoolFalse(const std::string &s)
{
    return s == "n" || s == "N" || s == "no" || s == "No" || s == "NO" || s == "false" || s == "False" || s == "FALSE"
        || s == "off" || s == "Off" || s == "OFF";
}
bool isNull(const std::string &s)
{
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

json plainScalar(const std::string &s)
{
    if (isNull(s))
        return nullptr;
    if (isBoolTrue(s))
        return true;
    if (isBoolFalse(s))
        return false;
    const QString q = QString::fromStdString(s);
    if (q.size() > 2 && (q.startsWith(QLatin1String("0x")) || q.startsWith(QLatin1String("0X")))) {
        bool ok = false;
        const qlonglong v = q.mid(2).toLongLong(&ok, 16);
        if (ok)
            return v;
    }
    if (q.size() > 2 && q.startsWith(QLatin1String("0o"))) {
        bool ok = false;
        const qlonglong v = q.mid(2).toLongLong(&ok, 8);
        if (ok)
            return v;
    }
    if (intRe().match(q).hasMatch()) {
        bool ok = false;
        QString digits = q;
        digits.remove(QLatin1Char('_'));
        const qlonglong v = digits.toLongLong(&ok);
        if (ok)
            return v;
        // Beyond int64 but within uint64: exact, as kubectl's decoder (yaml.v2) keeps it; beyond
        // that a float, as there; too big for a double: text, as there.
        if (const qulonglong u = digits.toULongLong(&ok); ok)
            return u;
        const double d = digits.toDouble(&ok);
        return ok && std::isfinite(d) ? json(d) : json(s);
    }
    if (s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf")
        return std::numeric_limits<double>::infinity();
    if (s == "-.inf" || s == "-.Inf" || s == "-.INF")
        return -std::numeric_limits<double>::infinity();
    if (s == ".nan" || s == ".NaN" || s == ".NAN")
        return std::numeric_limits<double>::quiet_NaN();
    if (q.contains(QRegularExpression(QStringLiteral("[0-9]"))) && floatRe().match(q).hasMatch()) {
        bool ok = false;
        QString digits = q;
        digits.remove(QLatin1Char('_'));
        const double d = digits.toDouble(&ok);
        if (ok)
            return d;
    }
    return s;
}

// A position within one document as a position in the whole stream.
YAML::Mark shifted(YAML::Mark mark, int firstLine)
{
    if (!mark.is_null())
        mark.line += firstLine;
    return mark;
}

Error yamlError(const QString &source, const QString &what, const YAML::Mark &mark)
{
    Error e;
    e.kind = Error::Kind::Decode;
    const QString where = mark.is_null() ? QString() : QStringLiteral(" at line %1, column %2").arg(mark.line + 1).arg(mark.column + 1);
    e.message = QStringLiteral("%1is not valid YAML%2: %3")
                    .arg(source.isEmpty() ? QString() : source + QStringLiteral(" "), where, what);
    e.hint = QStringLiteral("fix the YAML at that position");
    return e;
}

// YAML is UTF-8; a string that is not would make every later JSON dump (to the apiserver, to
// YAML again) throw, so it is refused here with its position.
bool validUtf8(const std::string &s)
{
    const QByteArray bytes = QByteArray::fromRawData(s.data(), qsizetype(s.size()));
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

Result<json> convert(const YAML::Node &node, const QString &source, int depth, int firstLine)
{
    if (depth > kMaxDepth)
        return yamlError(source, QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth), shifted(node.Mark(), firstLine));
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        return json(nullptr);
    case YAML::NodeType::Scalar:
        if (!validUtf8(node.Scalar()))
            return yamlError(source, QStringLiteral("text that is not UTF-8"), shifted(node.Mark(), firstLine));
        if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str")
            return json(node.Scalar());
        if (json v = plainScalar(node.Scalar()); !v.is_number_float() || std::isfinite(v.get<double>())) {
            return v;
        }
        // JSON has no NaN or infinity: the dump would silently send null (kubectl refuses these too).
        return yamlError(source, QStringLiteral("%1 is a number JSON cannot hold; quote it to keep it as text").arg(QString::fromStdString(node.Scalar())),
                         shifted(node.Mark(), firstLine));
    case YAML::NodeType::Sequence: {
        json arr = json::array();
        for (const auto &item : node) {
            auto v = convert(item, source, depth + 1, firstLine);
            if (!v)
                return v;
            arr.push_back(std::move(*v));
        }
        return arr;
    }
    case YAML::NodeType::Map: {
        json obj = json::object();
        for (const auto &kv : node) {
            if (!kv.first.IsScalar())
                return yamlError(source, QStringLiteral("a mapping key must be a plain value"), shifted(kv.first.Mark(), firstLine));
            const std::string key = kv.first.Scalar();
            if (!validUtf8(key))
                return yamlError(source, QStringLiteral("a key that is not UTF-8"), shifted(kv.first.Mark(), firstLine));
            if (obj.contains(key))
                return yamlError(source, QStringLiteral("key \"%1\" appears twice").arg(QString::fromStdString(key)), shifted(kv.first.Mark(), firstLine));
            auto v = convert(kv.second, source, depth + 1, firstLine);
            if (!v)
                return v;
            obj[key] = std::move(*v);
        }
        return obj;
    }
    }
    return json(nullptr);
}

} // namespace

namespace {

struct Chunk {
    std::string text;
    int firstLine = 0;   // of the whole stream, for error positions
};

bool isMarker(const QByteArray &line, const char *marker)
{
    return line.startsWith(marker) && (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
}

bool onlyPreamble(const std::string &text)
{
    for (const QByteArray &line : QByteArray::fromStdString(text).split('\n')) {
        const QByteArray t = line.trimmed();
        if (!t.isEmpty() && !t.startsWith('#') && !t.startsWith('%'))
            return false;
    }
    return true;
}

// The stream cut into its documents at the document markers (`---` and `...` at the start of a
// line are markers wherever they stand), each parsed on its own. yaml-cpp's own LoadAll can loop
// forever on some malformed streams (Debian 12's 0.7; fixed upstream in 2024), which the fuzzer
// found: one document per Load cannot.
std::vector<Chunk> documentChunks(const QByteArray &yaml)
{
    std::vector<Chunk> out{Chunk{}};
    int lineNo = 0;
    for (const QByteArray &line : yaml.split('\n')) {
        if (isMarker(line, "---") && !onlyPreamble(out.back().text))
            out.push_back(Chunk{{}, lineNo});
        out.back().text += line.toStdString() + '\n';
        if (isMarker(line, "..."))
            out.push_back(Chunk{{}, lineNo + 1});
        ++lineNo;
    }
    return out;
}

} // namespace

Result<std::vector<json>> yamlDocumentsToJson(const QByteArray &yaml, const QString &sourceName)
{
    std::vector<json> out;
    for (const Chunk &chunk : documentChunks(yaml)) {
        try {
            auto j = convert(YAML::Load(chunk.text), sourceName, 0, chunk.firstLine);
            if (!j)
                return j.error();
            if (!j->is_null())
                out.push_back(std::move(*j));
        } catch (const YAML::Exception &ex) {
            return yamlError(sourceName, QString::fromStdString(ex.msg), shifted(ex.mark, chunk.firstLine));
        } catch (const std::exception &ex) {
            return yamlError(sourceName, QString::fromUtf8(ex.what()), YAML::Mark::null_mark());
        }
    }
    return out;
}

Result<json> yamlToJson(const QByteArray &yaml, const QString &sourceName)
{
    auto docs = yamlDocumentsToJson(yaml, sourceName);
    if (!docs)
        return docs.error();
    if (docs->size() > 1) {
        Error e;
        e.kind = Error::Kind::Decode;
        e.message = QStringLiteral("%1holds %2 documents where one was expected")
                        .arg(sourceName.isEmpty() ? QString() : sourceName + QStringLiteral(" "))
                        .arg(docs->size());
        return e;
    }
    return docs->empty() ? json(nullptr) : std::move(docs->front());
}

namespace {

bool needsQuotes(const std::string &s)
{
    if (s.empty())
        return true;
    if (!plainScalar(s).is_string())
        return true; // would read back as a number, bool or null
    static const std::string special = ":#{}[],&*!|>'\"%@`";
    if (special.find(s.front()) != std::string::npos || s.front() == '-' || s.front() == '?' || s.front() == ' '
        || s.back() == ' ')
        return true;
    // Control characters (NUL included, which fuzz_yaml found) only survive as escapes.
    if (std::any_of(s.begin(), s.end(), [](char c) { return (unsigned char)c < 0x20 || c == 0x7f; }))
        return true;
    // A document marker at the start of a line ends or starts a document (fuzz_yaml found "..."),
    // and a trailing colon makes a mapping key.
    if (s.rfind("---", 0) == 0 || s.rfind("...", 0) == 0 || s.back() == ':')
        return true;
    return s.find(": ") != std::string::npos || s.find(" #") != std::string::npos;
}

void emitScalar(std::string &out, const json &v)
{
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        out += needsQuotes(s) ? json(s).dump() : s; // JSON strings are valid double-quoted YAML
    } else if (v.is_null()) {
        out += "null";
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isnan(d)) out += ".nan";
        else if (std::isinf(d)) out += d > 0 ? ".inf" : "-.inf";
        else out += v.dump();
    } else {
        out += v.dump();
    }
}

void writeYaml(std::string &out, const json &v, int indent)
{
    const std::string pad(size_t(indent), ' ');
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += pad;
            const std::string key = needsQuotes(it.key()) ? json(it.key()).dump() : it.key();
            // YAML caps implicit keys at 1024 characters; longer ones need the explicit "? key" form.
            const bool explicitKey = key.size() > 1000;
            if (explicitKey)
                out += "? " + key + '\n' + pad;
            else
                out += key;
            out += ':';
            const json &c = it.value();
            if ((c.is_object() && !c.empty()) || (c.is_array() && !c.empty())) {
                out += '\n';
                writeYaml(out, c, c.is_array() && !explicitKey ? indent : indent + 2);
            } else {
                out += ' ';
                if (c.is_object()) out += "{}";
                else if (c.is_array()) out += "[]";
                else emitScalar(out, c);
                out += '\n';
            }
        }
    } else if (v.is_array()) {
        for (const auto &c : v) {
            out += pad + "- ";
            if (c.is_object() && !c.empty()) {
                std::string nested;
                writeYaml(nested, c, indent + 2);
                out += nested.substr(size_t(indent) + 2); // first key on the dash's line
            } else if (c.is_array() && !c.empty()) {
                out += '\n';
                writeYaml(out, c, indent + 2);
            } else {
                if (c.is_object()) out += "{}";
                else if (c.is_array()) out += "[]";
                else emitScalar(out, c);
                out += '\n';
            }
        }
    } else {
        out += pad;
        emitScalar(out, v);
        out += '\n';
    }
}

} // namespace

QByteArray jsonToYaml(const json &value)
{
    std::string out;
    if (value.is_object() && value.empty())
        out = "{}\n"; // nothing at all would read back as null
    else if (value.is_array() && value.empty())
        out = "[]\n";
    else
        writeYaml(out, value, 0);
    return QByteArray::fromStdString(out);
}

} // namespace spillway
