// Walks every kind of statement, expression and declaration node of the Clang
// it is built against, and prints how the kernel emitter treats each one
// (plugin/emit/NodeKinds.h): "handled" kinds have code in the emitter,
// "rejected" ones are an error naming the node wherever a kernel has one.
// test/lit/emitter/node_kinds.test compares the list with the reviewed one, so
// a kind Clang adds, or a change to the table, shows up there by name.
#include "emit/NodeKinds.h"

#include <cstdio>

using namespace clang;

static void print(const char *What, const char *Name, bool Handled) {
  std::printf("%s %s %s\n", What, Name, Handled ? "handled" : "rejected");
}

int main() {
  unsigned Handled = 0, Total = 0;
#define ABSTRACT_STMT(Type)
#define STMT(Type, Base)                                                                           \
  ++Total;                                                                                         \
  Handled += ampvk::emitterHandles(Stmt::Type##Class);                                             \
  print("stmt", #Type, ampvk::emitterHandles(Stmt::Type##Class));
#include "clang/AST/StmtNodes.inc"
  std::printf("stmt kinds: %u, handled: %u\n", Total, Handled);
  Handled = Total = 0;
#define ABSTRACT_DECL(Type)
#define DECL(Type, Base)                                                                           \
  ++Total;                                                                                         \
  Handled += ampvk::emitterHandles(Decl::Type);                                                    \
  print("decl", #Type, ampvk::emitterHandles(Decl::Type));
#include "clang/AST/DeclNodes.inc"
  std::printf("decl kinds: %u, handled: %u\n", Total, Handled);
  return 0;
}
