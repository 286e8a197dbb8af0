#pragma once

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

// Liqo's virtual storage class: a PVC of class `liqo` waits for its first pod (WaitForFirstConsumer);
// the node the scheduler picks decides where the data lives — a twin PVC in the provider's mapped
// namespace (virtual node) or in the storage namespace with the real local class (physical node) —
// and a virtual PV, pinned to where the data is, binds the PVC. Pure functions, tested without a
// cluster; the provisioners (RemoteVolumeProvisioner, LocalVolumeProvisioner) apply them.
namespace spillway::storage {

inline constexpr const char *kProvisioner = "liqo.io/storage";                    // Liqo's provisioner name
inline constexpr const char *kStorageAvailableLabel = "storage.liqo.io/available"; // on virtual nodes with remote classes
inline constexpr const char *kSelectedNodeAnnotation = "volume.kubernetes.io/selected-node";
inline constexpr const char *kProvisionedByAnnotation = "pv.kubernetes.io/provisioned-by";
inline constexpr const char *kCsiDriver = "storage.liqo.io";                      // the virtual PV's source; no kubelet mounts it
// On virtual PVs: where the data is.
inline constexpr const char *kLocationLabel = "storage.spillway.dev/location";         // "local" or the provider's cluster ID
inline constexpr const char *kClaimNamespaceLabel = "storage.spillway.dev/claim-namespace";
inline constexpr const char *kTwinAnnotation = "storage.spillway.dev/twin";            // "ns/name" of the real PVC
// On real (twin) PVCs made for a local volume: the virtual PVC they serve.
inline constexpr const char *kOriginNamespaceLabel = "storage.spillway.dev/origin-namespace";
inline constexpr const char *kOriginNameLabel = "storage.spillway.dev/origin-name";
// Mirrored from the provider's PVC onto the consumer's.
inline constexpr const char *kRemotePhaseAnnotation = "storage.spillway.dev/remote-phase";
inline constexpr const char *kRemoteCapacityAnnotation = "storage.spillway.dev/remote-capacity";
inline constexpr const char *kRemoteAccessModesAnnotation = "storage.spillway.dev/remote-access-modes";
inline constexpr const char *kLocalLocation = "local";
// On twins: the UID of the claim they serve (a claim recreated under the same name is another).
inline constexpr const char *kClaimUidLabel = "storage.spillway.dev/claim-uid";
// On the consumer's claims of other classes the virtual kubelet reflected as they are: the peer.
inline constexpr const char *kReflectedToAnnotation = "storage.spillway.dev/reflected-to";

// storageClassList: a StorageClassList, or the array of its items (an informer's store).
// The names of the classes served by Spillway (provisioner liqo.io/storage) among them.
QStringList virtualClassNames(const nlohmann::json &storageClassList);
// The class a local volume is made with: `configured` when set, else the cluster's default class
// that is not a virtual one; nullopt when there is none.
std::optional<QString> realLocalClass(const nlohmann::json &storageClassList, const QString &configured);
// A provider's storage classes as a ResourceSlice advertises them ({storageClassName, default}),
// the virtual ones left out.
nlohmann::json advertisedClasses(const nlohmann::json &storageClassList);
// The provider class a remote volume is made with: the advertised default, else the first; empty
// (the provider's own default) when none is advertised.
QString remoteClass(const nlohmann::json &advertised);

// A PVC this provisioner is asked for: of a virtual class, not bound yet, not being deleted, with
// the scheduler's selected node. Returns that node.
std::optional<QString> claimToProvision(const nlohmann::json &pvc, const QStringList &virtualClasses);

// The twin of `pvc` in `ns` with storage class `storageClass` (empty: the cluster's default).
// `labels` are added to the twin's.
nlohmann::json twinClaim(const nlohmann::json &pvc, const QString &name, const QString &ns, const QString &storageClass,
                         const nlohmann::json &labels, const nlohmann::json &annotations = nlohmann::json::object());

// The virtual PV for `pvc` whose data is in the provider `providerId`, namespace `remoteNs`:
// pinned to the virtual node, so later pods of the claim go back to the cluster holding the data.
nlohmann::json remoteVirtualVolume(const nlohmann::json &pvc, const QString &virtualNode, const QString &providerId, const QString &remoteNs);

// The virtual PV for `pvc` whose data is the real PV `realPv` (bound to the twin claim `twinKey`):
// the same source and node affinity, and never a virtual node.
nlohmann::json localVirtualVolume(const nlohmann::json &pvc, const nlohmann::json &realPv, const QString &twinKey);

// The virtual PV's name for a claim (Kubernetes' own pattern for provisioned volumes).
QString virtualVolumeName(const nlohmann::json &pvc);

// A virtual PV whose claim is gone and whose policy is Delete: its twin is to be deleted, then it.
bool releasedForDeletion(const nlohmann::json &pv);

// Whether `twin` serves `pvc` (same claim UID) and is not going away.
bool twinServes(const nlohmann::json &twin, const nlohmann::json &pvc);

// "Reason: message" of the newest Warning in an EventList (fields may be missing or null), or empty.
QString newestWarning(const nlohmann::json &eventList);

// The annotations that mirror the provider's PVC (phase, capacity, access modes) on the
// consumer's; a missing remote claim is phase "Lost".
nlohmann::json mirroredStatus(const std::optional<nlohmann::json> &remotePvc);

} // namespace spillway::storage
