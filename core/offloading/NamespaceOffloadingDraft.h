#pragma once

#include "common/Error.h"
#include "offloading/PodPlacementMutator.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace spillway::offloading {

// A NamespaceOffloading as the user writes it — in the console's form, in its YAML pane or with
// `spillctl offload namespace` flags — and the one object all of them send. The form and the YAML
// are two views of this: toYaml(fromYaml(x)) keeps what the form shows, and what it does not show
// (labels, other annotations) is carried through untouched.
struct NamespaceOffloadingDraft {
    // One requirement of the clusterSelector; rows with the same term are ANDed, terms are ORed.
    struct Requirement {
        int term = 0;
        QString key;
        QString op = QStringLiteral("In");   // In, NotIn, Exists, DoesNotExist, Gt, Lt
        QStringList values;
        friend bool operator==(const Requirement &, const Requirement &) = default;
    };
    // What is wrong with one field, for the form to show beside it. `field` is the object's path
    // ("spec.remoteNamespaceName", "spec.clusterSelector[1]").
    struct Problem {
        QString field, message;
    };

    QString namespaceName;
    QString mapping = QStringLiteral("DefaultName");             // spec.namespaceMappingStrategy
    QString podStrategy = QStringLiteral("LocalAndRemote");      // spec.podOffloadingStrategy
    QString remoteNamespaceName;                                 // SelectedName only
    std::vector<Requirement> selector;                           // empty: every peer
    std::optional<bool> preferLocal;                             // annotation spillway.dev/prefer-local
    std::optional<int> failoverSeconds;                          // annotation spillway.dev/failover-seconds
    nlohmann::json otherMetadata = nlohmann::json::object();     // labels and annotations the form does not edit

    // The object to apply (apiVersion, kind, metadata name "offloading" and namespace, spec).
    nlohmann::json toObject() const;
    QByteArray toYaml() const;
    // From an object someone wrote or the server returned (status and server fields are dropped).
    // An object that is not a NamespaceOffloading, or whose fields have the wrong shape, is an
    // error naming the field; values the form can hold but Liqo refuses come back from problems().
    static Result<NamespaceOffloadingDraft> fromObject(const nlohmann::json &object);
    // Invalid YAML is an error with its line and column.
    static Result<NamespaceOffloadingDraft> fromYaml(const QByteArray &yaml);

    // Liqo's rules, checked before anything is sent: names, strategies, SelectedName's remote
    // name, selector operators and their values, the failover delay.
    std::vector<Problem> problems() const;

    // The selector as a core/v1 NodeSelector (null when empty), and rows from one.
    nlohmann::json clusterSelector() const;
    static Result<std::vector<Requirement>> requirementsOf(const nlohmann::json &nodeSelector);
    int termCount() const;

    friend bool operator==(const NamespaceOffloadingDraft &a, const NamespaceOffloadingDraft &b)
    {
        return a.toObject() == b.toObject();
    }
};

inline const QStringList kNamespaceMappingStrategyNames = {QStringLiteral("DefaultName"), QStringLiteral("EnforceSameName"), QStringLiteral("SelectedName")};
inline const QStringList kPodOffloadingStrategyNames = {QStringLiteral("LocalAndRemote"), QStringLiteral("Remote"), QStringLiteral("Local")};
inline const QStringList kSelectorOperatorNames = {QStringLiteral("In"), QStringLiteral("NotIn"), QStringLiteral("Exists"),
                                                   QStringLiteral("DoesNotExist"), QStringLiteral("Gt"), QStringLiteral("Lt")};

} // namespace spillway::offloading
