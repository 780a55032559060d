//===- PlaceNames.h - Which access chains name the same place -------------===//
//
// A member reached twice (`s.v` in a constructor, then in the destructor) is
// two access chains but one place. What the emitter knows about a place at
// compile time (the binding of a view stored there, the array a closure's
// reference names) is kept by its first chain: place() maps any later chain
// to it. A member no chain reached yet (copying an object's views member by
// member) gets a made-up place, numbered above every id, so that the facts
// copied into it are found when a chain to it comes.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_PLACENAMES_H
#define AMPVK_PLUGIN_EMIT_PLACENAMES_H

#include "spirv/SpirvModuleBuilder.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <utility>

namespace ampvk {

class PlaceNames {
public:
  // The member number that stands for every element of an array.
  static constexpr std::uint32_t AnyElement = ~0u;

  // Ptr, or the first access chain to the same place.
  SpvId place(SpvId Ptr) const {
    auto It = FirstChains.find(Ptr);
    return It == FirstChains.end() ? Ptr : It->second;
  }
  // Chain is member Member of the object at BasePtr.
  void noteMemberChain(SpvId Chain, SpvId BasePtr, std::uint32_t Member) {
    auto [It, New] = MemberChains.try_emplace({place(BasePtr), Member}, Chain);
    if (!New)
      FirstChains[Chain] = It->second;
  }
  // The place of member Member of the object at BasePlace, made up when no
  // chain reached it yet.
  SpvId memberPlace(SpvId BasePlace, std::uint32_t Member) {
    auto [It, New] = MemberChains.try_emplace({place(BasePlace), Member}, 0);
    if (New)
      It->second = NextUnreachedPlace++;
    return It->second;
  }

private:
  llvm::DenseMap<SpvId, SpvId> FirstChains;
  llvm::DenseMap<std::pair<SpvId, std::uint32_t>, SpvId> MemberChains;
  SpvId NextUnreachedPlace = 0x80000000u;
};

} // namespace ampvk

#endif
