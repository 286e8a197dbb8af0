#pragma once

class QApplication;

namespace spillway::views {
class MainWindow;
}

// bench/console's probe, run once the page has settled: paints the window (printing "painted"),
// then for `seconds` samples how late a 10 ms timer fires on the GUI thread, and prints the
// stall percentiles and the peak resident memory as `metric` lines before quitting.
void measureResponsiveness(spillway::views::MainWindow &window, QApplication &app, int seconds);
