#pragma once

#include <QByteArray>
#include <QString>
#include <QUrlQuery>

#include <optional>

namespace spillway::virtualkubelet {

// What the apiserver asks a kubelet for on its HTTPS endpoint, as far as a virtual kubelet
// answers it: `kubectl logs` reaches GET /containerLogs/{namespace}/{pod}/{container}?follow=…
// Everything here is untrusted input from the network; a request that does not parse is None.
struct KubeletRequest {
    enum class Kind { None, ContainerLogs, ResourceMetrics, Healthz };
    Kind kind = Kind::None;
    QByteArray method;
    QString ns, pod, container;
    QUrlQuery query;       // only the PodLogOptions the provider's apiserver understands
};

// Parses the request line's method and target ("/containerLogs/ns/pod/c?tailLines=10").
KubeletRequest parseKubeletRequest(const QByteArray &method, const QByteArray &target);

// The kubelet authorizes a request as a verb on a nodes subresource (its webhook mode):
// /containerLogs and /exec are nodes/proxy, /metrics/* nodes/metrics, /healthz needs nothing.
struct NodeAccess {
    QString verb, subresource;
};
std::optional<NodeAccess> accessFor(const KubeletRequest &request);

// The provider's pods/log request for the local pod's remote twin.
QString remoteLogPath(const QString &remoteNamespace, const QString &pod);
QUrlQuery remoteLogQuery(const KubeletRequest &request);

} // namespace spillway::virtualkubelet
