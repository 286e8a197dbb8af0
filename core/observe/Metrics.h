#pragma once

#include <QByteArray>
#include <QString>

#include <functional>
#include <map>
#include <vector>
#include <mutex>
#include <string>

namespace spillway::observe {

// A small Prometheus registry: counters and gauges with fixed label sets, rendered in the
// text exposition format. Thread-safe; values may also be read at scrape time (callbacks).
class Metrics
{
public:
    void describe(const std::string &name, const std::string &help, const std::string &type);
    void add(const std::string &name, double delta, const std::string &labels = {});
    void set(const std::string &name, double value, const std::string &labels = {});
    void setCallback(const std::string &name, std::function<double()> read, const std::string &labels = {});
    // One observation of a histogram (describe it with type "histogram"); the first observation
    // of a label set fixes its upper bounds.
    void observe(const std::string &name, double value, const std::vector<double> &bounds, const std::string &labels = {});
    double value(const std::string &name, const std::string &labels = {}) const;
    QByteArray render() const;

private:
    struct Histogram {
        std::vector<double> bounds;
        std::vector<quint64> counts;   // per bound, not cumulative
        double sum = 0;
        quint64 count = 0;
    };
    struct Family {
        std::string help, type;
        std::map<std::string, Histogram> histograms;                 // labels -> histogram
        std::map<std::string, double> values;                        // labels -> value
        std::map<std::string, std::function<double()>> callbacks;
    };
    mutable std::mutex m_mutex;
    std::map<std::string, Family> m_families;
};

} // namespace spillway::observe
