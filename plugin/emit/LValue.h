//===- LValue.h - Places and pointer values as the emitter tracks them -----===//
//
// Every call is inlined at emission, so references, `this` and pointers
// never exist as SPIR-V values: the emitter tracks them as LValues, places
// that keep their real storage class, and PointerValues, a place plus an
// element index.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_LVALUE_H
#define AMPVK_PLUGIN_EMIT_LVALUE_H

#include "emit/TypeLowering.h"
#include "spirv/SpirvModuleBuilder.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"

#include <cstdint>

namespace ampvk {

// A place in memory: a SPIR-V pointer with its storage class, or a byte offset
// into the capture block (which is typed as an array of words).
struct LValue {
  // Memory: Ptr points to an object of Type. Capture: the capture block's
  // bytes from ConstOffset (+ DynOffset). Words: a union's words, Ptr
  // pointing to its struct { uint words[N]; } in storage class SC, the
  // object at byte ConstOffset (+ DynOffset) of them (MemoryAccess.cpp).
  enum Kind { Invalid, Memory, Capture, Words } K = Invalid;
  SpvId Ptr = 0;
  spv::StorageClass SC = spv::StorageClass::Function;
  Layout L = Layout::Logical;
  std::uint32_t ConstOffset = 0;
  SpvId DynOffset = 0; // 32-bit int, added to ConstOffset; 0 when none
  clang::QualType Type;
  int Binding = -1; // storage buffer this memory belongs to
  // Checked mode: a bool; memory is touched only when it holds (an element
  // whose index was checked, emit/BoundsChecks.cpp). 0: always.
  SpvId Guard = 0;
  // An element of a storage buffer (av[i], a[i]): its buffer variable and
  // index, so that &av[i] can be a pointer into the whole buffer (Places.cpp).
  SpvId BufferVar = 0;
  SpvId BufferIndex = 0;
  // tile_static memory in a race-checked kernel (RaceChecks.cpp): the shadow
  // slot of the object's first scalar (a union's words: of its first word),
  // and the variable.
  SpvId Slot = 0;
  const clang::VarDecl *TileVar = nullptr;

  bool valid() const { return K != Invalid; }
};

// A pointer value: an object, or an element of an array plus a dynamic index.
struct PointerValue {
  LValue Target;      // the object, or the array whose element is pointed to
  bool IntoArray = false;
  SpvId Index = 0;    // element index when IntoArray (32-bit int)
  // nullptr, or a pointer variable never given an object so far (Target
  // invalid): comparable, not dereferenceable (Pointers.cpp).
  bool Null = false;
  bool valid() const { return Target.valid(); }
};

} // namespace ampvk

#endif
