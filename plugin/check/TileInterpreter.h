//===- TileInterpreter.h - The tile-uniformity interpreter ----------------===//
//
// Private to the tile analysis: only TileAnalysis.cpp and the
// TileInterpreter*.cpp files include it. The rest of the checker (and the
// listeners) see TileAnalysis.h alone.
//
// The interpreter walks a tiled kernel's AST with a State (the class of every
// local variable and what is known about each tile_static variable), following
// calls into their bodies. Each enclosing if, loop, switch and inlined function
// has a Frame that collects the states and control-flow classes escaping it
// (break, continue, return). The work is split by concern:
//   TileInterpreter.cpp       running a kernel, states, loads and stores
//   TileInterpreterStmts.cpp  statements, control flow, escapes
//   TileInterpreterExprs.cpp  expressions and the places lvalues name
//   TileInterpreterCalls.cpp  calls and constructors (followed, or assumed)
//   TileInterpreterAtomics.cpp  concurrency::atomic_* calls
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_TILEINTERPRETER_H
#define AMPVK_PLUGIN_CHECK_TILEINTERPRETER_H

#include "TileAnalysis.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <optional>
#include <vector>

namespace ampvk::tile {

// What is known at a program point, for the threads that reach it.
struct State {
  bool Live = true;
  Uni Reach;
  llvm::DenseMap<const clang::ValueDecl *, Uni> Vars;
  llvm::DenseMap<const clang::VarDecl *, TileFlags> Tiles;
  // Integer locals known to hold a ThreadIndex (the same on every path here).
  llvm::DenseMap<const clang::ValueDecl *, ThreadIndex> Indexes;

  static State dead();
  void joinWith(const State &O);
  bool sameAs(const State &O) const;
};

// Where an lvalue lives.
struct LV {
  enum Kind { None, Local, This, Tile, Global, Field } K = None;
  const clang::ValueDecl *Root = nullptr; // Local: the variable; Tile: the tile_static variable
  Uni Addr;                               // class of the place (subscripts, pointers)
  Uni Value;                              // Field: the value (tiled_index members)
  bool Whole = true;                      // the whole variable, not a part of it
};

enum class FrameKind { If, Loop, Switch, Function };

struct Frame {
  explicit Frame(FrameKind Kind) : Kind(Kind) {}
  FrameKind Kind;
  Uni Acc;       // If/Switch: reach of escapes passing through
  Uni BreakAcc;  // Loop: reach of breaks (later iterations lose those threads)
  Uni ReturnAcc; // Loop/Switch: reach of returns passing through
  State Breaks = State::dead();
  State Continues = State::dead();
  State SwitchEntry = State::dead();
  // Function frames.
  const clang::FunctionDecl *FD = nullptr;
  Uni ThisCls;
  Uni ThisWrites;
  Uni RetCls;
  bool HasRetLV = false;
  LV RetLV;
  State Returns = State::dead();
  // Reference parameters bound to tile_static memory: the caller's place.
  llvm::DenseMap<const clang::ValueDecl *, LV> TileRefs;
};

class Interpreter {
public:
  Interpreter(CheckContext &C, llvm::ArrayRef<TileListener *> Listeners)
      : C(C), Listeners(Listeners) {}

  // Analyzes one kernel, telling the listeners; false if it gave up.
  bool run(const Kernel &K);

  // The work one kernel's analysis may take (statements and expressions
  // interpreted, loops until their fixpoint, calls inlined).
  static constexpr unsigned MaxSteps = 400000;

private:
  // TileInterpreter.cpp: helpers, state and memory.
  bool quiet() const { return Quiet > 0 || GaveUp; }
  bool step() {
    if (++Steps > MaxSteps)
      GaveUp = true;
    return !GaveUp;
  }
  Frame &function();
  static bool isTiledIndex(clang::QualType T);
  static bool isGlobalMemoryClass(clang::QualType T);
  Uni varClass(const State &S, const clang::ValueDecl *D);
  // The class of the value at Place, without telling anyone (no load event).
  Uni peek(const LV &Place, const State &S);
  Uni load(const LV &Place, const clang::Expr *E, State &S);
  void escape(const LV &Place, State &S);
  // TileInterpreterIndexes.cpp: thread indexes and the reads at them.
  std::optional<ThreadIndex> threadIndexOf(const clang::Expr *E, const State &S);
  // The one-dimensional tile_static array an access E indexes at a
  // ThreadIndex, and that index.
  const clang::VarDecl *threadSlotAccess(const clang::Expr *E, const State &S,
                                         ThreadIndex &Index);
  bool otherThreadsSlot(const ThreadIndex &Read, const ThreadIndex &Write) const;
  // A read (a plain write) of tile_static memory: when every thread makes
  // it, judged against the writes (reads) since the last barrier, then
  // remembered.
  void noteThreadAccess(const clang::Expr *E, State &S, bool Write);
  // After a store to a whole local variable: what it holds now.
  void setThreadIndex(const clang::ValueDecl *D, const clang::Expr *Value, State &S);
  void store(const LV &Place, Uni V, const clang::Expr *E, State &S, bool RMW, bool Weak = false);

  // TileInterpreterStmts.cpp: frames and escapes.
  void escapeTo(FrameKind Target, State &St);
  // The innermost loop or switch a `break` leaves.
  FrameKind breakTarget();

  // TileInterpreterStmts.cpp: statements.
  void exec(const clang::Stmt *St, State &S);
  static bool containsCase(const clang::Stmt *St);
  // A statement that may be reached through a case label although the
  // statement before it does not fall through.
  void execMaybeDead(const clang::Stmt *St, State &S);
  void reviveAtCase(State &S);
  void declare(const clang::VarDecl *VD, State &S);
  void execIf(const clang::IfStmt *If, State &S);
  void execLoop(const clang::Stmt *CondVar, const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, const clang::Stmt *LoopVar, bool IsDo, State &S);
  void execSwitch(const clang::SwitchStmt *Sw, State &S);
  void execSwitchBody(const clang::Stmt *Body, State &S);

  // TileInterpreterExprs.cpp: expressions.
  LV evalLV(const clang::Expr *E, State &S);
  // The place an lvalue names, for an expression already evaluated.
  LV evalLVNoEffects(const clang::Expr *E, State &S);
  Uni evalAssign(const clang::BinaryOperator *BO, State &S);
  Uni evalConditional(const clang::AbstractConditionalOperator *CO, State &S);
  Uni eval(const clang::Expr *E, State &S);
  // Runs E's semantic expressions for their effects (a property write is the
  // setter call) and returns its result expression, null if it has none.
  const clang::Expr *evalPseudoObjectEffects(const clang::PseudoObjectExpr *E, State &S);

  // TileInterpreterCalls.cpp: calls.
  struct CallResult {
    Uni Ret;
    bool HasLV = false;
    LV Place;
  };

  struct Arg {
    const clang::Expr *E = nullptr;
    bool ByRef = false, Mutable = false;
    LV Place;
    Uni Value;
  };

  // A tile_static place passed by reference is bound to the parameter of a
  // call that is followed (inlineCall); escapeArgs gives up on those of one
  // that is not.
  Arg evalArg(const clang::Expr *E, clang::QualType ParamType, State &S);
  void escapeArgs(llvm::ArrayRef<Arg> Args, State &S);
  CallResult evalCall(const clang::CallExpr *CE, State &S);
  // concurrency::atomic_*: the memory they update is not a race, and taking
  // its address for them lets nothing escape.
  CallResult evalAtomic(const clang::CallExpr *CE, llvm::StringRef Intrinsic, State &S);
  bool onStack(const clang::FunctionDecl *FD);
  // After a call we did not follow: what it may have written through its
  // non-const reference parameters and its object.
  void writeBack(llvm::ArrayRef<Arg> Args, const LV *ObjPlace, const clang::CXXMethodDecl *MD,
                 Uni V, State &S);
  CallResult inlineCall(const clang::FunctionDecl *Def, clang::SourceLocation Loc, Uni ThisCls,
                        const LV *ObjPlace, clang::QualType ObjType, llvm::ArrayRef<Arg> Args,
                        const clang::Expr *CallE, State &S);
  Uni evalConstruct(const clang::CXXConstructExpr *CE, State &S);

  // Loops already analyzed from an entry (execLoop). A loop's result depends
  // only on its entry state and its function's `this`, so a loop met again
  // from the same entry (an enclosing loop's next trip, its reporting trip)
  // takes the result, or starts its reporting trip from the fixed point,
  // instead of iterating again: nested loops cost their size, not the
  // product of their trip counts. Loops with a `return` (an effect on the
  // enclosing function) or a case label of an enclosing switch are always
  // analyzed.
  struct LoopRecord {
    State Entry;
    Uni ThisCls, ThisWrites;
    llvm::DenseMap<const clang::ValueDecl *, LV> TileRefs;
    State Fixpoint;
    Uni BreakAcc, ReturnAcc;
    State Result;
    Uni ThisWritesAfter;
  };
  static constexpr unsigned MaxLoopRecords = 32; // per loop
  bool loopReusable(const clang::Stmt *Body);
  const LoopRecord *findLoopRecord(const clang::Stmt *Body, const State &Entry);
  llvm::DenseMap<const clang::Stmt *, std::vector<LoopRecord>> LoopRecords;
  llvm::DenseMap<const clang::Stmt *, bool> LoopReusable;

  CheckContext &C;
  llvm::ArrayRef<TileListener *> Listeners;
  int TileExtent[3] = {0, 0, 0}; // the kernel's tile, C++ AMP dimension order
  int TileRank = 0;
  std::deque<Frame> Frames; // a deque: references stay valid when it grows
  std::vector<CallSite> Stack;
  int Quiet = 0;
  unsigned Steps = 0;
  bool GaveUp = false;
  bool BreakNotContinue = true;
};

} // namespace ampvk::tile

#endif
