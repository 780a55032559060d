//===- CleanupStack.h - The objects each open scope will destroy ----------===//
//
// The bookkeeping of C++ object lifetimes in a kernel (Destructors.cpp emits
// the destructors' code): the scopes open at the point being emitted, from
// the kernel's body to the innermost full-expression, and the objects each
// one destroys when it ends, in the order they were made. Depths index the
// scopes from the outermost; a scope's objects are those from its first
// cleanup up to the next scope's first.
//
// A temporary made in one arm of ?:, && or || exists only when that arm ran:
// the stack counts the arms being emitted inside each other, and an object
// made deeper than its scope began gets a flag saying whether it lives.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_CLEANUPSTACK_H
#define AMPVK_PLUGIN_EMIT_CLEANUPSTACK_H

#include "emit/LValue.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace ampvk {

// An object whose destructor runs when its scope ends.
struct Cleanup {
  LValue Object;
  clang::SourceLocation Loc;
  const clang::VarDecl *Var = nullptr; // the variable, when it is one
  // A bool variable, true while the object lives (0: always alive).
  SpvId AliveFlag = 0;
};

class CleanupStack {
public:
  // Opens a scope (a full-expression's temporaries, or a block); its depth.
  unsigned open(bool FullExpression = false) {
    Scopes.push_back({static_cast<unsigned>(Cleanups.size()), ConditionalDepth, FullExpression});
    return static_cast<unsigned>(Scopes.size() - 1);
  }
  // The depth the next scope opened gets.
  unsigned depth() const { return static_cast<unsigned>(Scopes.size()); }
  bool empty() const { return Scopes.empty(); }
  // Closes the scopes from Depth up, forgetting their objects.
  void drop(unsigned Depth) {
    if (Depth >= Scopes.size())
      return;
    Cleanups.resize(std::min<std::size_t>(Cleanups.size(), Scopes[Depth].FirstCleanup));
    Scopes.resize(Depth);
  }
  // Forgets the objects of the scopes from Depth up, keeping them open.
  void forgetObjectsFrom(unsigned Depth) {
    if (Depth < Scopes.size())
      Cleanups.resize(Scopes[Depth].FirstCleanup);
  }
  void clear() {
    Cleanups.clear();
    Scopes.clear();
  }

  // The objects of the scopes from Depth up: indices [firstObject(Depth),
  // objectCount()), the last made last. Destroying one opens and closes
  // scopes above them, so callers copy an entry before emitting its code.
  std::size_t firstObject(unsigned Depth) const { return Scopes[Depth].FirstCleanup; }
  std::size_t objectCount() const { return Cleanups.size(); }
  const Cleanup &object(std::size_t I) const { return Cleanups[I]; }
  bool hasObjectsFrom(unsigned Depth) const {
    return Depth < Scopes.size() && Cleanups.size() > Scopes[Depth].FirstCleanup;
  }

  // The scope an object made now belongs to: the innermost, or with Extended
  // (a temporary bound to a reference) the innermost block scope.
  unsigned ownerScope(bool Extended) const {
    unsigned Target = static_cast<unsigned>(Scopes.size() - 1);
    if (Extended)
      while (Target > 0 && Scopes[Target].FullExpression)
        --Target;
    return Target;
  }
  // Whether an object made now in scope Target may not exist at its end: it
  // is made in an arm of ?:, && or || that began after the scope.
  bool madeConditionally(unsigned Target) const {
    return ConditionalDepth > Scopes[Target].ConditionalDepth;
  }
  // Adds C to scope Target. An extended temporary joins a block scope below
  // the full-expression scopes still open: it goes before their objects.
  void push(unsigned Target, const Cleanup &C) {
    std::size_t At =
        Target + 1 < Scopes.size() ? Scopes[Target + 1].FirstCleanup : Cleanups.size();
    Cleanups.insert(Cleanups.begin() + At, C);
    for (std::size_t S = Target + 1; S < Scopes.size(); ++S)
      ++Scopes[S].FirstCleanup;
  }

  // Around the code of one arm of ?:, && or ||.
  void enterConditional() { ++ConditionalDepth; }
  void leaveConditional() { --ConditionalDepth; }

private:
  struct Scope {
    unsigned FirstCleanup = 0; // index in Cleanups
    unsigned ConditionalDepth = 0;
    bool FullExpression = false; // temporaries of one full-expression
  };
  std::vector<Cleanup> Cleanups;
  std::vector<Scope> Scopes;
  unsigned ConditionalDepth = 0;
};

} // namespace ampvk

#endif
