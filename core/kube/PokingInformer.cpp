#include "kube/PokingInformer.h"

namespace spillway::kube {

std::unique_ptr<Informer> startPokingInformer(KubeClient *client, ResourceRef resource, Informer::Options options, QObject *owner,
                                              std::function<void()> poke)
{
    auto informer = std::make_unique<Informer>(client, std::move(resource), std::move(options), owner);
    informer->addHandlers({[poke](const nlohmann::json &) { poke(); }, [poke](const nlohmann::json &, const nlohmann::json &) { poke(); },
                           [poke](const nlohmann::json &, bool) { poke(); }});
    QObject::connect(informer.get(), &Informer::synced, owner, poke);
    informer->start();
    return informer;
}

} // namespace spillway::kube
