#pragma once

#include "common/Error.h"
#include "installer/InstallOptions.h"

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <optional>

namespace spillway::installer {

// Why a Node cannot run the agents' pods, in words for the user; empty when it can. A node runs
// them when a kubelet of its own backs it (not KWOK's simulation, not a virtual node), it is
// Ready and schedulable, and no NoSchedule/NoExecute taint keeps pods off it.
QString whyNodeCannotRunPods(const nlohmann::json &node);

struct RuntimeChoice {
    Runtime runtime = Runtime::Local;
    QString reason;            // one sentence: which runtime and why
    QStringList capableNodes;  // nodes that can run the agents' pods
};

// The runtime an install uses. Asked for nothing: kubernetes when a node can run pods, else
// local. Asked for kubernetes with no such node: refused, naming each node's reason and the fix.
// NODES is a NodeList.
Result<RuntimeChoice> chooseRuntime(std::optional<Runtime> asked, const nlohmann::json &nodes);

// The three agent images an install with these --set values references (defaults filled in).
QStringList agentImageRefs(const QMap<QString, QString> &values);

// The agent images (REFS) that no capable node reports having (node.status.images), for the hint
// an install gives before its pods would wait on ErrImageNeverPull or a pull from a registry
// that may not exist. Empty when every image is on some capable node.
QStringList imagesMissingFromNodes(const QStringList &refs, const nlohmann::json &nodes, const QStringList &capableNodes);

} // namespace spillway::installer
