#include "observe/Metrics.h"

#include <sstream>

namespace spillway::observe {

void Metrics::describe(const std::string &name, const std::string &help, const std::string &type)
{
    std::lock_guard l(m_mutex);
    auto &f = m_families[name];
    f.help = help;
    f.type = type;
}

void Metrics::add(const std::string &name, double delta, const std::string &labels)
{
    std::lock_guard l(m_mutex);
    m_families[name].values[labels] += delta;
}

void Metrics::set(const std::string &name, double value, const std::string &labels)
{
    std::lock_guard l(m_mutex);
    m_families[name].values[labels] = value;
}

void Metrics::setCallback(const std::string &name, std::function<double()> read, const std::string &labels)
{
    std::lock_guard l(m_mutex);
    m_families[name].callbacks[labels] = std::move(read);
}

void Metrics::observe(const std::string &name, double value, const std::vector<double> &bounds, const std::string &labels)
{
    std::lock_guard l(m_mutex);
    Histogram &h = m_families[name].histograms[labels];
    if (h.bounds.empty()) {
        h.bounds = bounds;
        h.counts.assign(bounds.size(), 0);
    }
    for (size_t i = 0; i < h.bounds.size(); ++i)
        if (value <= h.bounds[i]) {
            ++h.counts[i];
            break;
        }
    h.sum += value;
    ++h.count;
}

double Metrics::value(const std::string &name, const std::string &labels) const
{
    std::lock_guard l(m_mutex);
    auto f = m_families.find(name);
    if (f == m_families.end())
        return 0;
    if (auto cb = f->second.callbacks.find(labels); cb != f->second.callbacks.end())
        return cb->second();
    auto v = f->second.values.find(labels);
    return v == f->second.values.end() ? 0 : v->second;
}

QByteArray Metrics::render() const
{
    std::lock_guard l(m_mutex);
    std::ostringstream out;
    for (const auto &[name, f] : m_families) {
        if (!f.help.empty())
            out << "# HELP " << name << ' ' << f.help << '\n';
        if (!f.type.empty())
            out << "# TYPE " << name << ' ' << f.type << '\n';
        auto line = [&out, &family = name](const std::string &labels, double v) {
            out << family;
            if (!labels.empty())
                out << '{' << labels << '}';
            out << ' ' << v << '\n';
        };
        for (const auto &[labels, v] : f.values)
            line(labels, v);
        for (const auto &[labels, cb] : f.callbacks)
            line(labels, cb());
        const std::string sep = ",";
        for (const auto &[labels, h] : f.histograms) {
            quint64 cumulative = 0;
            for (size_t i = 0; i < h.bounds.size(); ++i) {
                cumulative += h.counts[i];
                out << name << "_bucket{" << labels << (labels.empty() ? "" : sep) << "le=\"" << h.bounds[i] << "\"} " << cumulative << '\n';
            }
            out << name << "_bucket{" << labels << (labels.empty() ? "" : sep) << "le=\"+Inf\"} " << h.count << '\n';
            out << name << "_sum" << (labels.empty() ? "" : "{" + labels + "}") << ' ' << h.sum << '\n';
            out << name << "_count" << (labels.empty() ? "" : "{" + labels + "}") << ' ' << h.count << '\n';
        }
    }
    return QByteArray::fromStdString(out.str());
}

} // namespace spillway::observe
