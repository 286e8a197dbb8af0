#include "MapLayout.h"

#include <QtMath>

#include <algorithm>
#include <set>

namespace spillway::console {

std::map<QString, QPointF> MapLayout::place(const std::vector<QString> &ids)
{
    const std::set<QString> present(ids.begin(), ids.end());
    std::erase_if(m_slots, [&](const auto &slot) { return !present.count(slot.first); });
    std::set<int> taken;
    for (const auto &[id, slot] : m_slots)
        taken.insert(slot);
    int next = 0;
    std::map<QString, QPointF> at;
    for (const QString &id : ids) {
        auto it = m_slots.find(id);
        if (it == m_slots.end()) {
            while (taken.count(next))
                ++next;
            it = m_slots.emplace(id, next).first;
            taken.insert(next);
        }
        at[id] = position(it->second);
    }
    return at;
}

int MapLayout::slotOf(const QString &clusterId) const
{
    const auto it = m_slots.find(clusterId);
    return it == m_slots.end() ? -1 : it->second;
}

QPointF MapLayout::position(int slot) const
{
    // Ring k (from 1) holds 6k slots; the rings before it hold 3k(k-1).
    int ring = 1;
    while (slot >= 3 * ring * (ring + 1))
        ++ring;
    const int index = slot - 3 * ring * (ring - 1), count = 6 * ring;
    const double angle = 2 * M_PI * index / count - M_PI / 2;
    const double radius = m_spacing * ring;
    return {radius * std::cos(angle), radius * std::sin(angle)};
}

} // namespace spillway::console
