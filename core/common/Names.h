#pragma once

#include <QString>

namespace spillway {

// Shapes of names Kubernetes and Liqo accept, checked before anything is sent.
bool isValidCidr(const QString &text);               // a network, no host bits: 10.244.0.0/16
bool isValidClusterId(const QString &id);            // Liqo's ClusterID: an RFC 1123 label
bool isValidLabelKey(const QString &key);            // [prefix/]name
bool isValidLabelValue(const QString &value);

} // namespace spillway
