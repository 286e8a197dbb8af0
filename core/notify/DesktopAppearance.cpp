#include "notify/DesktopAppearance.h"

#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace spillway::notify {

namespace {

const QString kService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kInterface = QStringLiteral("org.freedesktop.portal.Settings");
const QString kNamespace = QStringLiteral("org.freedesktop.appearance");
const QString kKey = QStringLiteral("color-scheme");

// The portal's Read wraps the value in a variant inside a variant (ReadOne, newer, in one):
// unwrap until a number is left.
std::optional<uint> numberIn(QVariant v)
{
    for (int depth = 0; depth < 4; ++depth) {
        if (v.canConvert<QDBusVariant>() && v.metaType() == QMetaType::fromType<QDBusVariant>()) {
            v = qvariant_cast<QDBusVariant>(v).variant();
            continue;
        }
        if (v.metaType() == QMetaType::fromType<QDBusArgument>()) {
            QDBusVariant inner;
            qvariant_cast<QDBusArgument>(v) >> inner;
            v = inner.variant();
            continue;
        }
        break;
    }
    bool ok = false;
    const uint n = v.toUInt(&ok);
    return ok ? std::optional(n) : std::nullopt;
}

} // namespace

DesktopAppearance::DesktopAppearance(QDBusConnection bus, QObject *parent) : QObject(parent), m_bus(std::move(bus))
{
    if (!m_bus.isConnected())
        return;
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("SettingChanged"), this, SLOT(onSettingChanged(QDBusMessage)));
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Read"));
    call << kNamespace << kKey;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        QDBusPendingReply<QDBusVariant> reply = *w;
        m_answered = true;
        if (!reply.isError())
            take(QVariant::fromValue(reply.value()));
    });
}

void DesktopAppearance::onSettingChanged(const QDBusMessage &message)
{
    const QVariantList args = message.arguments();
    if (args.size() == 3 && args[0].toString() == kNamespace && args[1].toString() == kKey)
        take(args[2]);
}

void DesktopAppearance::take(const QVariant &value)
{
    const auto scheme = numberIn(value);
    if (!scheme || scheme == m_colorScheme)
        return;
    m_colorScheme = scheme;
    emit colorSchemeChanged(*scheme);
}

} // namespace spillway::notify
