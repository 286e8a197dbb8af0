#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

#include <optional>

namespace spillway::virtualkubelet {

// What the apiserver asks a kubelet for on its HTTPS endpoint, as far as a virtual kubelet
// answers it: `kubectl logs` reaches GET /containerLogs/{namespace}/{pod}/{container}?follow=…,
// `kubectl exec` and `attach` an upgrade to /exec|/attach/{namespace}/{pod}/{container}?command=…
// &input=1&output=1&error=1&tty=1, `kubectl port-forward` one to /portForward/{namespace}/{pod}.
// Everything here is untrusted input from the network; a request that does not parse is None.
struct KubeletRequest {
    enum class Kind { None, ContainerLogs, ResourceMetrics, Healthz, Exec, Attach, PortForward };
    Kind kind = Kind::None;
    QByteArray method;
    QString ns, pod, container;
    QUrlQuery query;       // only the PodLogOptions the provider's apiserver understands
    // exec and attach (the apiserver's streamParams); port-forward's ports
    QStringList command;
    bool stdinOn = false, stdoutOn = false, stderrOn = false, tty = false;
    QStringList ports;

    bool isStreaming() const { return kind == Kind::Exec || kind == Kind::Attach || kind == Kind::PortForward; }
};

// Parses the request line's method and target ("/containerLogs/ns/pod/c?tailLines=10").
KubeletRequest parseKubeletRequest(const QByteArray &method, const QByteArray &target);

// The kubelet authorizes a request as a verb on a nodes subresource (its webhook mode):
// /containerLogs and /exec are nodes/proxy, /metrics/* nodes/metrics, /healthz needs nothing.
struct NodeAccess {
    QString verb, subresource;
};
std::optional<NodeAccess> accessFor(const KubeletRequest &request);

// The provider's pods/exec, pods/attach or pods/portforward request target (path and encoded
// query, after the apiserver's base path) for a streaming request's remote twin.
QByteArray remoteStreamTarget(const KubeletRequest &request, const QString &remoteNamespace);

// The provider's pods/log request for the local pod's remote twin.
QString remoteLogPath(const QString &remoteNamespace, const QString &pod);
QUrlQuery remoteLogQuery(const KubeletRequest &request);

} // namespace spillway::virtualkubelet
