#pragma once

#include "common/Error.h"

#include <QStringList>

namespace spillway::peering {

// What a provider hands a consumer for out-of-band peering: where its authentication endpoint
// is, who it is, a single-use token, and the endpoint certificate's SHA-256 fingerprint (so the
// consumer can verify the endpoint without a shared CA). It travels as one shell line,
// `spillctl peer out-of-band NAME --auth-url U --cluster-id ID --auth-token T --auth-fingerprint F`,
// which the console's "Paste invitation" parses too; the text is untrusted input.
struct PeerInvitation {
    QString name;          // what the consumer calls the provider (defaults to its cluster ID)
    QString authUrl;       // https://host:port
    QString clusterId;
    QString token;         // <id>.<secret>
    QString fingerprint;   // sha256:<64 hex digits>, or empty to trust the system CAs

    QString toCommand() const;
    // Every problem at once, each naming the flag.
    QStringList problems() const;
    // A pasted line (with or without the leading `spillctl peer out-of-band`); flags may be
    // written `--flag value` or `--flag=value`, values may be single- or double-quoted.
    static Result<PeerInvitation> parse(const QString &line);
};

// Tokens are `<8 hex digits>.<43 base64url characters>`: the id names the Secret that holds the
// secret's SHA-256, the secret never leaves the invitation.
struct PeerToken {
    QString id, secret;
    static std::optional<PeerToken> parse(const QString &token);
    QString toString() const { return id + QLatin1Char('.') + secret; }
};

} // namespace spillway::peering
