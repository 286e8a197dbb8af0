#pragma once

#include <QMainWindow>

class QLabel;

namespace spillway::views {

// The console's top-level window. Views are added as their backends land.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    QString placeholderText() const;

private:
    QLabel *m_placeholder = nullptr;
};

} // namespace spillway::views
