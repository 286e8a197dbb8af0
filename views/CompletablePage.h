#pragma once

#include <QWizardPage>

#include <functional>

namespace spillway::views {

// A wizard page whose Next/Finish follows what its wizard says (the progress pages: complete once
// the operation they run has succeeded); changed() asks the wizard to look again.
class CompletablePage : public QWizardPage
{
public:
    std::function<bool()> complete = [] { return false; };
    bool isComplete() const override { return complete(); }
    void changed() { emit completeChanged(); }
};

} // namespace spillway::views
