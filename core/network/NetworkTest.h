#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "network/NetworkInit.h"

#include <functional>
#include <vector>

namespace spillway::network {

// liqoctl's `test network`, for gateways that run in network namespaces of this machine (the
// local runtime: the testbed's and `./run demo`'s clusters). Each side gets a test pod — a network
// namespace with an address from its cluster's first pod CIDR, attached to its cluster's gateway
// namespace as a CNI attaches a pod (a /32 route to it, a link-local next hop) — then, both ways,
// ICMP and TCP to the other test pod at the address this cluster reaches it by; TCP also says which
// source the other pod saw, which must be the sender as its peer knows it. The test pods are
// removed at the end, whatever happened.
class NetworkTest
{
public:
    struct End : NetworkInit::End {
        QString netns;   // the gateway's network namespace; empty: what the gateway says; "host": this machine's own
    };
    struct Options {
        int probeTimeoutMs = 5000;
        quint16 port = 8099;
        QString suffix;  // keeps concurrent tests' namespaces apart (default: this process's ID)
        std::function<void(const QString &)> progress = [](const QString &) {};
    };
    struct Probe {
        QString from, to;                  // cluster IDs
        QString target;                    // the other test pod as `from` reaches it
        QString expectedSource;            // the sending test pod as `to` knows it
        QString icmp, tcp, seenSource;     // "ok 0.41 ms" / what failed; the source `to` saw
        bool icmpOk = false, tcpOk = false;
        bool ok() const { return icmpOk && tcpOk && seenSource == expectedSource; }
    };
    struct TestPod {
        QString clusterId, gatewayNetns, netns, address, link;
    };

    NetworkTest(End first, End second, Options options);
    Result<std::vector<Probe>> run();
    // The address a cluster's test pod takes: the last but one of its first pod CIDR.
    static Result<QString> testPodAddress(const QString &podCidr);

private:
    Result<QString> gatewayNetns(const End &end, const QString &peerId) const;
    Result<nlohmann::json> configuration(const End &end, const QString &peerId) const;
    Result<void> attach(const TestPod &pod) const;
    void detach(const TestPod &pod) const;
    Probe probe(const TestPod &from, const TestPod &to, const QString &target, const QString &expectedSource) const;

    End m_first, m_second;
    Options m_o;
};

} // namespace spillway::network
