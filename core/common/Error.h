#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace spillway {

// An error as a value: what failed, where, and what the server said. Every field that is known
// is filled so the message that reaches the user names the cluster, the object and the cause.
struct Error {
    enum class Kind {
        Config,      // kubeconfig / flags / local files
        Transport,   // DNS, connect, TLS, proxy, dropped connection
        Tls,         // certificate verification or client-certificate problems
        Auth,        // 401 / exec plugin failures
        Api,         // the apiserver answered with a Status (HTTP >= 400)
        Decode,      // the response was not what Kubernetes sends
        Timeout,
        Cancelled,
        Internal,
    };

    Kind kind = Kind::Internal;
    QString message;       // human text, already actionable where we know the fix
    QString cluster;       // kubeconfig cluster / context name
    QString resource;      // e.g. "configmaps default/foo"
    int httpStatus = 0;    // 0 when no HTTP response
    QString reason;        // Kubernetes Status reason (NotFound, Conflict, Gone, ...)
    QString hint;          // how to fix it, when known

    bool isNotFound() const { return httpStatus == 404; }
    bool isConflict() const { return httpStatus == 409; }
    bool isGone() const { return httpStatus == 410; }
    bool isAlreadyExists() const { return httpStatus == 409 && reason == QLatin1String("AlreadyExists"); }

    static Error of(Kind kind, QString message, QString hint = {})
    {
        Error e;
        e.kind = kind;
        e.message = std::move(message);
        e.hint = std::move(hint);
        return e;
    }

    // One line for logs and CLIs: "cluster X: configmaps default/foo: 409 Conflict: <message> (hint)".
    QString toString() const;
};

// A value or an Error (C++20 has no std::expected).
template <typename T>
class Result
{
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<T>(m_v); }
    const T &value() const { return std::get<T>(m_v); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

template <>
class Result<void>
{
public:
    Result() = default;
    Result(Error error) : m_e(std::move(error)) {}
    bool ok() const { return !m_e.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_e; }

private:
    std::optional<Error> m_e;
};

} // namespace spillway
