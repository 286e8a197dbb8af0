// Kubeconfig::fromYaml: the structural half of loading (the YAML schema), kept apart from merging
// and context resolution so each file stays readable.
#include "kube/Kubeconfig.h"

#include <QDir>
#include <QSet>

#include <yaml-cpp/yaml.h>

#include <exception>
#include <string>

namespace spillway::kube {

namespace {

// Thrown by the helpers below and caught once in fromYaml: the schema walk is deeply nested and
// every level would otherwise have to forward an Error by hand.
struct SchemaError {
    QString field;   // e.g. clusters[0].cluster.server
    QString problem; // e.g. "must be a string"
    YAML::Mark mark;
};

QString where(const YAML::Mark &mark)
{
    if (mark.is_null())
        return {};
    // yaml-cpp counts from 0; editors count from 1.
    return QStringLiteral(" (line %1, column %2)").arg(mark.line + 1).arg(mark.column + 1);
}

QString kindName(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Scalar: return QStringLiteral("a scalar");
    case YAML::NodeType::Sequence: return QStringLiteral("a list");
    case YAML::NodeType::Map: return QStringLiteral("a mapping");
    default: return QStringLiteral("null");
    }
}

[[noreturn]] void fail(const QString &field, const QString &problem, const YAML::Node &node)
{
    throw SchemaError{field, problem, node.Mark()};
}

// A child that is absent or explicitly null counts as "not set", as in kubectl's JSON decoding.
bool present(const YAML::Node &node)
{
    return node.IsDefined() && !node.IsNull();
}

YAML::Node child(const YAML::Node &map, const char *key)
{
    return map[key];
}

QString str(const YAML::Node &map, const char *key, const QString &path)
{
    const YAML::Node n = child(map, key);
    if (!present(n))
        return {};
    if (!n.IsScalar())
        fail(path + QLatin1Char('.') + QLatin1String(key), QStringLiteral("must be a string, not %1").arg(kindName(n)), n);
    return QString::fromStdString(n.Scalar());
}

bool boolean(const YAML::Node &map, const char *key, const QString &path)
{
    const YAML::Node n = child(map, key);
    if (!present(n))
        return false;
    bool value = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, value))
        fail(path + QLatin1Char('.') + QLatin1String(key), QStringLiteral("must be true or false"), n);
    return value;
}

QByteArray base64(const YAML::Node &map, const char *key, const QString &path)
{
    const QString text = str(map, key, path);
    if (text.isEmpty())
        return {};
    // Go's decoder skips line breaks, and long -data values are often folded across lines.
    QByteArray compact = text.toLatin1();
    compact.replace('\n', QByteArray()).replace('\r', QByteArray()).replace(' ', QByteArray()).replace('\t', QByteArray());
    auto decoded = QByteArray::fromBase64Encoding(compact, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        fail(path + QLatin1Char('.') + QLatin1String(key), QStringLiteral("is not valid base64"), child(map, key));
    return decoded.decoded;
}

YAML::Node mapping(const YAML::Node &parent, const char *key, const QString &path)
{
    const YAML::Node n = child(parent, key);
    if (present(n) && !n.IsMap())
        fail(path.isEmpty() ? QLatin1String(key) : path + QLatin1Char('.') + QLatin1String(key),
             QStringLiteral("must be a mapping, not %1").arg(kindName(n)), n);
    return n;
}

YAML::Node sequence(const YAML::Node &parent, const char *key, const QString &path)
{
    const YAML::Node n = child(parent, key);
    if (present(n) && !n.IsSequence())
        fail(path.isEmpty() ? QLatin1String(key) : path + QLatin1Char('.') + QLatin1String(key),
             QStringLiteral("must be a list, not %1").arg(kindName(n)), n);
    return n;
}

QStringList stringList(const YAML::Node &map, const char *key, const QString &path)
{
    QStringList out;
    const YAML::Node seq = sequence(map, key, path);
    if (!present(seq))
        return out;
    for (std::size_t i = 0; i < seq.size(); ++i) {
        const YAML::Node item = seq[i];
        if (!item.IsScalar())
            fail(QStringLiteral("%1.%2[%3]").arg(path, QLatin1String(key)).arg(i), QStringLiteral("must be a string"), item);
        out << QString::fromStdString(item.Scalar());
    }
    return out;
}

QString resolvePath(const QString &path, const QString &baseDir)
{
    if (path.isEmpty() || baseDir.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(QDir(baseDir).absoluteFilePath(path));
}

ExecConfig parseExec(const YAML::Node &n, const QString &path, const QString &baseDir)
{
    ExecConfig exec;
    exec.apiVersion = str(n, "apiVersion", path);
    exec.command = str(n, "command", path);
    // client-go only resolves commands that are paths; a bare name is looked up in PATH.
    if (exec.command.contains(QLatin1Char('/')))
        exec.command = resolvePath(exec.command, baseDir);
    exec.args = stringList(n, "args", path);
    const YAML::Node env = sequence(n, "env", path);
    if (present(env)) {
        for (std::size_t i = 0; i < env.size(); ++i) {
            const QString itemPath = QStringLiteral("%1.env[%2]").arg(path).arg(i);
            const YAML::Node item = env[i];
            if (!item.IsMap())
                fail(itemPath, QStringLiteral("must be a mapping with name and value, not %1").arg(kindName(item)), item);
            const QString name = str(item, "name", itemPath);
            if (name.isEmpty())
                fail(itemPath + QStringLiteral(".name"), QStringLiteral("is required"), item);
            exec.env.append({name, str(item, "value", itemPath)});
        }
    }
    exec.interactiveMode = str(n, "interactiveMode", path);
    exec.provideClusterInfo = boolean(n, "provideClusterInfo", path);
    exec.installHint = str(n, "installHint", path);
    return exec;
}

Kubeconfig::Cluster parseCluster(const YAML::Node &n, const QString &path, const QString &baseDir)
{
    Kubeconfig::Cluster c;
    c.server = str(n, "server", path);
    c.certificateAuthority = resolvePath(str(n, "certificate-authority", path), baseDir);
    c.certificateAuthorityData = base64(n, "certificate-authority-data", path);
    c.insecureSkipTlsVerify = boolean(n, "insecure-skip-tls-verify", path);
    c.tlsServerName = str(n, "tls-server-name", path);
    c.proxyUrl = str(n, "proxy-url", path);
    return c;
}

Kubeconfig::User parseUser(const YAML::Node &n, const QString &path, const QString &baseDir)
{
    Kubeconfig::User u;
    u.clientCertificate = resolvePath(str(n, "client-certificate", path), baseDir);
    u.clientCertificateData = base64(n, "client-certificate-data", path);
    u.clientKey = resolvePath(str(n, "client-key", path), baseDir);
    u.clientKeyData = base64(n, "client-key-data", path);
    u.token = str(n, "token", path);
    u.tokenFile = resolvePath(str(n, "tokenFile", path), baseDir);
    u.username = str(n, "username", path);
    u.password = str(n, "password", path);
    const YAML::Node exec = mapping(n, "exec", path);
    if (present(exec))
        u.exec = parseExec(exec, path + QStringLiteral(".exec"), baseDir);
    const YAML::Node provider = mapping(n, "auth-provider", path);
    if (present(provider))
        u.authProvider = str(provider, "name", path + QStringLiteral(".auth-provider"));
    return u;
}

Kubeconfig::Context parseContext(const YAML::Node &n, const QString &path)
{
    Kubeconfig::Context c;
    c.cluster = str(n, "cluster", path);
    c.user = str(n, "user", path);
    c.ns = str(n, "namespace", path);
    return c;
}

// Walks one of the named lists (clusters / users / contexts): [{name: x, <inner>: {...}}].
template <typename T, typename Parse>
QList<T> namedList(const YAML::Node &root, const char *listKey, const char *innerKey, Parse parse)
{
    QList<T> out;
    QSet<QString> seen;
    const YAML::Node list = sequence(root, listKey, {});
    if (!present(list))
        return out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const QString itemPath = QStringLiteral("%1[%2]").arg(QLatin1String(listKey)).arg(i);
        const YAML::Node item = list[i];
        if (!item.IsMap())
            fail(itemPath, QStringLiteral("must be a mapping with name and %1, not %2").arg(QLatin1String(innerKey), kindName(item)), item);
        const QString name = str(item, "name", itemPath);
        if (name.isEmpty())
            fail(itemPath + QStringLiteral(".name"), QStringLiteral("is required"), item);
        // kubectl refuses a file that defines a name twice rather than guessing which one is meant.
        if (seen.contains(name))
            fail(itemPath + QStringLiteral(".name"), QStringLiteral("\"%1\" is defined twice").arg(name), item);
        seen.insert(name);
        const QString innerPath = itemPath + QLatin1Char('.') + QLatin1String(innerKey);
        const YAML::Node inner = mapping(item, innerKey, itemPath);
        T value = present(inner) ? parse(inner, innerPath) : T{};
        value.name = name;
        out.append(value);
    }
    return out;
}

} // namespace

Result<Kubeconfig> Kubeconfig::fromYaml(const QByteArray &yaml, const QString &baseDir, const QString &sourceName)
{
    const QString hint = QStringLiteral("fix the file or point KUBECONFIG elsewhere");
    auto configError = [&](const QString &message) {
        Error e;
        e.kind = Error::Kind::Config;
        e.message = message;
        e.hint = hint;
        return e;
    };

    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception &e) {
        return configError(QStringLiteral("kubeconfig %1 is not valid YAML: %2").arg(sourceName, QString::fromStdString(e.what())));
    }

    Kubeconfig kc;
    kc.m_sources << sourceName;
    // An empty file is a valid, empty kubeconfig (kubectl accepts it too).
    if (!present(root))
        return kc;
    if (!root.IsMap())
        return configError(QStringLiteral("kubeconfig %1 must be a mapping at the top level, not %2").arg(sourceName, kindName(root)));

    try {
        kc.m_clusters = namedList<Cluster>(root, "clusters", "cluster", [&](const YAML::Node &n, const QString &p) {
            return parseCluster(n, p, baseDir);
        });
        kc.m_users = namedList<User>(root, "users", "user", [&](const YAML::Node &n, const QString &p) {
            return parseUser(n, p, baseDir);
        });
        kc.m_contexts = namedList<Context>(root, "contexts", "context", [](const YAML::Node &n, const QString &p) {
            return parseContext(n, p);
        });
        kc.m_currentContext = str(root, "current-context", QString());
    } catch (const SchemaError &e) {
        QString field = e.field;
        if (field.startsWith(QLatin1Char('.')))
            field.remove(0, 1);
        return configError(QStringLiteral("kubeconfig %1: %2%3 %4").arg(sourceName, field, where(e.mark), e.problem));
    } catch (const YAML::Exception &e) {
        // Anything the helpers did not anticipate still becomes a message, never a crash.
        return configError(QStringLiteral("kubeconfig %1 has an unexpected structure: %2").arg(sourceName, QString::fromStdString(e.what())));
    } catch (const std::exception &e) {
        return configError(QStringLiteral("kubeconfig %1 could not be read: %2").arg(sourceName, QString::fromUtf8(e.what())));
    }
    return kc;
}

} // namespace spillway::kube
