//===- KernelEmitter.h - One parallel_for_each kernel to SPIR-V -----------===//
//
// Walks the Clang AST of a kernel's operator() and emits a Vulkan GLCompute
// shader. Every call is inlined at emission (restrict(amp) forbids recursion),
// so references, `this` and pointers never need to exist as SPIR-V values:
// they are tracked here as LValues that keep their real storage class.
//
// The work is split by concern:
//   KernelEntry.cpp         entry point, the index/tiled_index argument
//   FoldedGrid.cpp          workgroup numbers of a grid the runtime folded
//   ItemLoop.cpp            several work items per thread for untiled kernels
//   StmtEmitter.cpp         statements and structured control flow
//   LoopUnrollHints.cpp     Clang's loop hints as SPIR-V loop controls
//   ExprEmitter.cpp         expressions as values: the dispatch, temporaries
//   Constants.cpp           folded values, zero/one, namespace-scope constants
//   Conversions.cpp         casts and scalar conversions
//   Arithmetic.cpp          operators, assignment, increment and decrement
//   Conditionals.cpp        ?: as a value, a place and a class copy
//   Places.cpp              variables, members, elements, pointers
//   Pointers.cpp            pointer variables: assignment, arithmetic, comparison
//   Lambdas.cpp             closure objects of lambdas written in kernels
//   CallInliner.cpp         calls, constructors, initialization
//   Destructors.cpp         scopes, temporaries and the destructors they run
//   MemoryAccess.cpp        loads/stores, member/element addressing, captures
//   AggregateCopy.cpp       copies of large objects, place to place
//   Intrinsics.cpp          barriers, fences, buffer access; dispatch to:
//   ViewIntrinsics.cpp      array_view objects made in kernel code, view offsets
//   TextureIntrinsics.cpp   textures, texture views and samplers: image access
//   AtomicIntrinsics.cpp    concurrency::atomic_* (spec chapter 6)
//   Direct3dIntrinsics.cpp  concurrency::direct3d bit operations
//   BoundsChecks.cpp        checked mode: element accesses within extents
//   PrintIntrinsics.cpp     direct3d_printf, direct3d_errorf, direct3d_abort
//   MathIntrinsics.cpp      <amp_math.h>: GLSL.std.450, bit casts, device twins
//   LoopWitness.cpp         loops a driver cut short fail the launch
//   RaceChecks.cpp          checked mode: tile_static races
// and beside the class, each owning its state:
//   KernelInterface         every global of the module's interface (builtins,
//                           workgroup size, capture block, buffer variables,
//                           report/print/witness buffers, race shadow,
//                           switches), the image's sites and facts
//   CleanupStack.h          the open scopes and the objects they destroy
//   PlaceNames.h            which access chains name the same place
//   TypeLowering            C++ types to SPIR-V types and layouts
//   LValue.h                places and pointer values
//   EmitDiagnostics.h       the emitter's errors
//   NodeKinds               how each kind of AST node is treated, for the
//                           test that every kind is decided
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_KERNELEMITTER_H
#define AMPVK_PLUGIN_EMIT_KERNELEMITTER_H

#include "ampvk/kernel_image.h"
#include "attrs/AmpAttributes.h"
#include "attrs/LibraryContract.h"
#include "emit/EmitDiagnostics.h"
#include "emit/CleanupStack.h"
#include "emit/KernelInterface.h"
#include "emit/LValue.h"
#include "emit/PlaceNames.h"
#include "kernel/Kernel.h"
#include "emit/TypeLowering.h"
#include "spirv/SpirvModuleBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <climits>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ampvk {

class AmpDiagnostics;

// The field of RD called Name (a library class's member: _M_extent,
// _M_offset), or null.
const clang::FieldDecl *fieldNamed(const clang::CXXRecordDecl *RD, llvm::StringRef Name);

class KernelEmitter {
public:
  // Library tells which files are <amp.h>'s: errors inside them are reported
  // at the user's call that led there.
  // BoundsChecks: checked mode (-fplugin-arg-ampvk-check). LoopWitness:
  // loops a driver cuts short fail the launch (LoopWitness.cpp; off with
  // -fplugin-arg-ampvk-loop-witness=off).
  KernelEmitter(clang::ASTContext &Ctx, AmpDiagnostics &Diags, const Kernel &K,
                const LibraryFiles &Library, bool BoundsChecks = false,
                bool LoopWitness = true);
  ~KernelEmitter();

  // The kernel's SPIR-V as emitted (before SPIRV-Tools) and its launch facts
  // (AliasedSpirv stays empty: spirv/AliasedVariant.h makes it from Spirv);
  // nothing when a diagnostic was reported.
  std::optional<KernelCode> run();
  // The texture references (image binding numbers) to bind as storage
  // images: those a first run found written (writtenSampledTextures); the
  // kernel is then emitted again, by a new emitter.
  void setStorageTextures(std::set<unsigned> Bindings) { StorageTextures = std::move(Bindings); }
  const std::set<unsigned> &writtenSampledTextures() const { return WrittenSampledTextures; }

private:
  // A pointer variable (Pointers.cpp): its object at compile time, its
  // element index (or NullIndex) at run time.
  struct PointerVar {
    PointerValue Root;  // Target and IntoArray, once Bound
    bool Bound = false;
    SpvId IndexVar = 0; // int Function variable
    // For messages: a variable (Name), what ?: chooses, or what the
    // function Name returns.
    enum Kind { Variable, Conditional, Returned } What = Variable;
    std::string Name;
  };
  static constexpr std::int32_t NullIndex = INT32_MIN;

  // Per inlined function call.
  struct Frame {
    const clang::FunctionDecl *FD = nullptr;
    const clang::Expr *Site = nullptr; // the call expression, when there is one
    PointerValue This;
    llvm::DenseMap<const clang::ValueDecl *, LValue> Refs;   // objects and references
    llvm::DenseMap<const clang::ValueDecl *, PointerVar> PointerVars;
    llvm::DenseMap<const clang::OpaqueValueExpr *, LValue> Opaques;
    clang::QualType RetType;
    SpvId RetVar = 0;
    LValue RetRef;
    PointerVar RetPointer; // a function returning a pointer
    bool ReturnsPointer = false;
    SpvId ReturnFlag = 0;   // set when a return leaves nested loops
    unsigned WrapperTarget = ~0u; // index in Targets of the single-trip loop
    unsigned ScopeBase = 0; // Lifetimes.depth() when the body began: a return ends those above
    bool IsKernel = false;
  };
  struct BreakTarget {
    SpvId Merge = 0;
    SpvId Continue = 0;
    bool IsWrapper = false;
    bool IsSwitch = false; // `continue` passes through to the enclosing loop
    clang::SourceLocation Loc; // a loop's statement, for loop_cut
    // A loop whose cut the kernel catches (LoopWitness.cpp): its ways out set
    // the witness, its merge checks it.
    bool Witnessed = false;
    bool MergeUsed = false; // something branches to Merge
    bool SawReturn = false;
    Frame *Owner = nullptr;
    // The scopes a break (or continue) ends: those from this index up.
    unsigned BreakScopes = 0;
    unsigned ContinueScopes = 0;
    // A do-while whose condition is computed before each way to the continue
    // target, into DoConditionVar (emitDoWhile).
    const clang::Expr *DoCondition = nullptr;
    SpvId DoConditionVar = 0;
  };

  // KernelEntry.cpp
  bool declareCaptureBlock();
  bool emitEntryPoint();
  void bindKernelArgument(const clang::ParmVarDecl *P, SpvId GlobalId, SpvId LocalId,
                          SpvId GroupId);
  void storeIndexComponents(const LValue &IndexObj, llvm::ArrayRef<SpvId> Comps);

  // FoldedGrid.cpp: when the runtime folded the grid (the specialization
  // constant grid_folded_spec_id), GroupId and GlobalId become the domain's
  // numbers.
  void renumberFoldedGrid(SpvId LocalId, SpvId &GroupId, SpvId &GlobalId);
  // ItemLoop.cpp: the entry point of a kernel that is not tiled, calling the
  // kernel body once per work item of its thread that lies in the domain
  // (ItemVar holds the item's global id for the body).
  // With OneItem, the body is called once with the thread's own global id.
  SpvId emitItemLoopEntry(SpvId BodyFn, SpvId ItemVar, bool OneItem);

  // StmtEmitter.cpp
  void emitStmt(const clang::Stmt *S);
  // S in a scope of its own (an if's branch, a loop's body).
  void emitScoped(const clang::Stmt *S);
  void emitCompound(const clang::CompoundStmt *CS);
  void emitDeclStmt(const clang::DeclStmt *DS);
  void emitLocalVar(const clang::VarDecl *VD);
  void emitIf(const clang::IfStmt *S);
  void emitIfInScope(const clang::IfStmt *S);
  struct LoopLabels {
    SpvId Header = 0, First = 0, Continue = 0, Merge = 0;
    unsigned Target = 0; // index in Targets
  };
  // Branches into a new loop header and opens its first block.
  LoopLabels openLoop(spv::LoopControlMask Control, bool IsWrapper,
                      clang::SourceLocation Loc = clang::SourceLocation());
  void emitLoop(const clang::Stmt *Init, const clang::Expr *Cond, const clang::Stmt *Inc,
                const clang::Stmt *Body, const clang::VarDecl *CondVar,
                spv::LoopControlMask Control, clang::SourceLocation Loc);
  void emitDoWhile(const clang::DoStmt *S, spv::LoopControlMask Control);
  // A for, while or do loop, bare or under loop hints (Control).
  void emitLoopStmt(const clang::Stmt *S, spv::LoopControlMask Control);

  // LoopUnrollHints.cpp
  // The loop control for a loop written with Clang's loop hints (#pragma
  // unroll and the others); warns where a full unroll would be too large.
  spv::LoopControlMask loopControlOf(const clang::AttributedStmt *AS);
  std::uint64_t unrolledSize(const clang::Stmt *S);
  void emitSwitch(const clang::SwitchStmt *S);
  void emitSwitchInScope(const clang::SwitchStmt *S);
  void emitReturn(const clang::ReturnStmt *S);
  void emitBreakOrContinue(bool IsBreak, clang::SourceLocation Loc);
  void afterLoop(unsigned TargetIndex);
  void ensureBlock();

  // ExprEmitter.cpp
  SpvId emitRValue(const clang::Expr *E);
  SpvId emitCondition(const clang::Expr *E);
  void emitDiscarded(const clang::Expr *E);
  // Reports S when the emitter has no code for its kind (emit/NodeKinds.h).
  bool rejectUnhandled(const clang::Stmt *S, bool AsObject = false);
  LValue temporary(clang::QualType T, const clang::Expr *Init);
  // Evaluates E's semantic expressions but its result, which it returns
  // (null for a property write) for the caller to emit.
  const clang::Expr *bindOpaques(const clang::PseudoObjectExpr *E);

  // Constants.cpp
  SpvId constantFor(const clang::APValue &V, clang::QualType T, clang::SourceLocation Loc);
  // The kernel's copy of a global constant (attrs/AmpAttributes.h
  // getAmpConstantValue), made on first use.
  LValue constantVariable(const clang::VarDecl *VD, clang::SourceLocation Loc);
  std::optional<SpvId> tryConstant(const clang::Expr *E);
  SpvId zero(clang::QualType T);
  SpvId one(clang::QualType T);

  // Conversions.cpp
  SpvId emitCast(const clang::CastExpr *E);
  SpvId convertScalar(SpvId V, clang::QualType From, clang::QualType To);
  SpvId unsignedOp(spv::Op Opcode, SpvId ResultType, unsigned Width,
                   llvm::ArrayRef<SpvId> Operands);

  // Arithmetic.cpp
  SpvId emitBinary(const clang::BinaryOperator *E);
  SpvId arith(clang::BinaryOperatorKind Op, SpvId L, SpvId R, clang::QualType T,
              clang::QualType OperandType);
  SpvId arithOp(clang::BinaryOperatorKind Op, SpvId L, SpvId R, clang::QualType T,
                clang::QualType OperandType);
  SpvId signedDivide(SpvId L, SpvId R, SpvId ResultType, unsigned Width);
  SpvId emitLogical(const clang::BinaryOperator *E);
  SpvId emitUnary(const clang::UnaryOperator *E);
  LValue emitIncDec(const clang::UnaryOperator *E, SpvId *OldValue);
  LValue emitAssign(const clang::BinaryOperator *E);

  // Conditionals.cpp
  SpvId emitConditional(const clang::AbstractConditionalOperator *E);
  const clang::ConditionalOperator *
  plainConditional(const clang::AbstractConditionalOperator *E);
  void emitConditionalBranches(const clang::ConditionalOperator *CO,
                               llvm::function_ref<void(const clang::Expr *)> Arm);
  LValue emitConditionalCopy(const clang::ConditionalOperator *CO);
  LValue emitConditionalLValue(const clang::AbstractConditionalOperator *E);
  bool isOnlyRead(const clang::Expr *E);
  bool isOnlyReadFrom(const clang::Expr *E, const clang::Expr *KnownParent,
                      unsigned FrameIndex);

  // Places.cpp
  LValue emitLValue(const clang::Expr *E);
  PointerValue emitPointer(const clang::Expr *E);
  PointerValue elementPointer(const clang::ArraySubscriptExpr *AS);
  LValue emitDeclRef(const clang::DeclRefExpr *E);
  LValue emitMember(const clang::MemberExpr *E);

  // CallInliner.cpp
  struct CallResult {
    SpvId Value = 0;
    LValue Ref;
    PointerValue Ptr; // a returned pointer
  };
  CallResult emitCall(const clang::CallExpr *E);
  CallResult inlineCall(const clang::FunctionDecl *FD, const PointerValue *This,
                        llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc,
                        const clang::Expr *Site = nullptr);
  void emitInitInto(const LValue &Dst, const clang::Expr *Init);
  void emitConstruct(const LValue &Dst, const clang::CXXConstructExpr *E);
  void constructElements(const LValue &Array, const clang::CXXConstructorDecl *Ctor,
                         llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc);
  // Site: the construct expression, for errors inside <amp.h>'s constructors.
  void runConstructor(const LValue &Dst, const clang::CXXConstructorDecl *Ctor,
                      llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc,
                      const clang::Expr *Site = nullptr);
  void emitInitList(const LValue &Dst, const clang::InitListExpr *E);
  // Lambdas.cpp: the closure object of a lambda written in kernel code.
  void emitLambdaInto(const LValue &Dst, const clang::LambdaExpr *E);
  void emitElementLoop(const LValue &Array, std::uint64_t From, std::uint64_t To,
                       clang::SourceLocation Loc,
                       llvm::function_ref<void(const LValue &)> Body);
  // for (I = From; I < To; ++I) Body(I), I a 32-bit int; Unroll asks the
  // optimizer to unroll it fully (SPIR-V's Unroll loop control).
  void emitCountedLoop(std::uint64_t From, std::uint64_t To,
                       llvm::function_ref<void(SpvId)> Body, bool Unroll = false);
  // The same with bounds given as SPIR-V ids (a specialization constant).
  // Witnessed: whether a driver cutting it short fails the launch
  // (LoopWitness.cpp); the item loop is only where the kernel has other loops.
  void emitCountedLoop(SpvId From, SpvId To, llvm::function_ref<void(SpvId)> Body,
                       bool Unroll = false, bool Witnessed = true);
  void emitMemberInit(const LValue &Aggregate, const LValue &Member, const clang::Expr *Init);
  PointerValue objectArgument(const clang::Expr *Obj, bool IsArrow);

  // Destructors.cpp: C++'s object lifetimes. A scope collects the objects
  // made in it (variables, temporaries) and runs their destructors in
  // reverse order where it ends, and on every break, continue and return
  // that leaves it.
  unsigned openScope(bool FullExpression = false);
  // Runs the destructors of the scopes from Depth up, unless the block has
  // ended (a return or break ran them), and closes those scopes.
  void closeScope(unsigned Depth);
  // Closes the scopes from Depth up without running anything.
  void dropScopes(unsigned Depth);
  // Runs, without closing anything, the destructors of the scopes from Depth
  // up: what a jump out of them runs. Skip: a variable not to destroy (the
  // one a return leaves in the return slot).
  void emitCleanupsFrom(unsigned Depth, const clang::VarDecl *Skip = nullptr);
  // The object's destructor runs at the end of the innermost scope, or of
  // the innermost block scope when Extended (a temporary bound to a
  // reference lives as long as the reference).
  void pushCleanup(const LValue &Obj, clang::SourceLocation Loc,
                   const clang::VarDecl *Var = nullptr, bool Extended = false);
  bool hasDestructor(clang::QualType T) const;
  // A temporary initialized by Init, destroyed at the end of the full
  // expression (or of the reference's scope when Extended).
  LValue materialize(clang::QualType T, const clang::Expr *Init, bool Extended = false);
  // Runs the destructor of the object (of each element, last first, for an
  // array): its body, then its members' and bases' destructors.
  void destroyObject(const LValue &Obj, clang::SourceLocation Loc);
  void destroyMembersAndBases(const LValue &Obj, const clang::CXXRecordDecl *RD,
                              clang::SourceLocation Loc);
  // A call to a destructor written in the code: `t.~T()`, `p->~T()`, or
  // `i.~I()` for a scalar (a pseudo-destructor: it only evaluates `i`).
  CallResult emitDestructorCall(const clang::CXXMemberCallExpr *E,
                                const clang::CXXDestructorDecl *Dtor);
  void emitPseudoDestructorCall(const clang::CXXPseudoDestructorExpr *E);

  // MemoryAccess.cpp
  SpvId load(const LValue &LV, clang::SourceLocation Loc);
  void store(const LValue &LV, SpvId Value, clang::SourceLocation Loc);
  void copy(const LValue &Dst, const LValue &Src, clang::SourceLocation Loc);
  // AggregateCopy.cpp: large objects copied place to place across layouts.
  bool copiesByParts(const LValue &Dst, const LValue &Src);
  // At most as many scalars as an object copied by value: small enough for
  // the optimizer to keep in registers (SSA values) once every index into it
  // is a constant.
  bool isRegisterSized(clang::QualType T);
  void copyByParts(const LValue &Dst, const LValue &Src, clang::SourceLocation Loc);
  LValue field(const LValue &Base, const clang::FieldDecl *FD, clang::SourceLocation Loc);
  LValue baseClass(const LValue &Derived, const clang::CXXRecordDecl *Base,
                   clang::SourceLocation Loc);
  LValue element(const LValue &Array, SpvId Index, clang::SourceLocation Loc);
  LValue derivedClass(const LValue &Base, const clang::CXXRecordDecl *Derived,
                      clang::SourceLocation Loc);
  LValue deref(const PointerValue &P, clang::SourceLocation Loc);
  // A Function variable; Initializer, when not 0, is the constant it starts with.
  LValue localVariable(clang::QualType T, clang::SourceLocation Loc, llvm::StringRef Name,
                       SpvId Initializer = 0);
  // The word at byte LV.ConstOffset + ExtraBytes (+ DynOffset) of the
  // capture block, or of the union words LV (LValue::Words) points to.
  SpvId wordPointer(const LValue &LV, std::uint32_t ExtraBytes);
  SpvId loadCaptureWord(const LValue &LV, std::uint32_t ExtraBytes);
  // A value of LV.Type assembled from the words of a Capture or Words place.
  SpvId loadCapture(const LValue &LV, clang::SourceLocation Loc);
  // Value taken apart into the words of a Words place.
  void storeWords(const LValue &LV, SpvId Value, clang::SourceLocation Loc);
  // Capture or Words: addressed by byte offsets, not access chains.
  static bool byOffset(const LValue &LV) {
    return LV.K == LValue::Capture || LV.K == LValue::Words;
  }
  SpvId pointerType(const LValue &LV, clang::QualType T);
  void noteAccess(const LValue &LV, bool Write);

  // Pointers.cpp: pointer variables, arithmetic, comparison, null.
  bool sameRoot(const PointerValue &A, const PointerValue &B) const;
  SpvId pointerIndex(const PointerValue &P);
  PointerVar *pointerVariable(const clang::Expr *E);
  PointerVar newPointerVariable(llvm::StringRef Name);
  // A pointer declared without an object takes the one array every
  // assignment to it in the function names (it is null until then).
  void prebindPointer(PointerVar &V, const clang::ValueDecl *Var);
  void assignPointer(PointerVar &V, const PointerValue &P, clang::SourceLocation Loc);
  PointerValue readPointer(const PointerVar &V);
  // ++/-- of a pointer variable, or =, += and -= to one: the expression's value.
  PointerValue updatePointer(const clang::Expr *E);
  SpvId emitPointerBinary(const clang::BinaryOperator *E);
  SpvId pointerIsNotNull(const clang::Expr *E);
  PointerValue conditionalPointer(const clang::ConditionalOperator *CO);

  // Intrinsics.cpp
  bool isIntrinsic(const clang::FunctionDecl *FD) const;
  // Every intrinsic's lowering, chosen by its IntrinsicId (one switch).
  CallResult emitIntrinsic(const clang::FunctionDecl *FD, IntrinsicId Id,
                           const PointerValue *This,
                           llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc);
  CallResult emitBarrier(IntrinsicId Id, clang::SourceLocation Loc);
  CallResult emitFence(IntrinsicId Id, llvm::ArrayRef<const clang::Expr *> Args);
  CallResult emitBufferElement(const PointerValue *This, llvm::ArrayRef<const clang::Expr *> Args,
                               clang::SourceLocation Loc);
  // OpControlBarrier for the tile's work-items (execution scope Workgroup).
  void tileBarrier(std::uint32_t MemoryScope, std::uint32_t Semantics);

  // ViewIntrinsics.cpp: views made inside the kernel; a view's offset
  // (view.origin).
  CallResult emitViewIntrinsic(IntrinsicId Id, const PointerValue *This,
                               llvm::ArrayRef<const clang::Expr *> Args,
                               clang::SourceLocation Loc);
  SpvId emitViewOrigin(const PointerValue *This, clang::SourceLocation Loc);
  // array_view(extent, T*) in a kernel: View takes the binding and element
  // the pointer PointerArg points to.
  void viewElementsAt(const LValue &View, const clang::Expr *PointerArg,
                      clang::SourceLocation Loc);
  // The binding whose data the view object at View refers to, or -1.
  int viewBinding(const LValue &View) const;
  void bindView(const LValue &View, int Binding, clang::SourceLocation Loc);
  void noteViewLoad(SpvId Value, const LValue &From);
  void noteViewStore(const LValue &To, SpvId Value, clang::SourceLocation Loc);
  // Whether T is a class with an array_view among its members or bases.
  bool holdsViews(clang::QualType T);
  // The bindings of the views inside an object of type T, from Src to the
  // object at place DstPlace (a class value copied whole: returned, stored).
  void copyViewBindings(SpvId DstPlace, const LValue &Src, clang::QualType T,
                        clang::SourceLocation Loc);

  // TextureIntrinsics.cpp: textures, texture views and samplers. Their
  // bindings are numbered from ImageBindingBase wherever view bindings are
  // (viewBinding, ViewBindings): binding I of set image_binding_set.
  static constexpr int ImageBindingBase = 1 << 20;
  enum class ImageUse { Sampled, StorageRead, StorageWrite, Sampler };
  CallResult emitTextureIntrinsic(const clang::FunctionDecl *FD, IntrinsicId Id,
                                  const PointerValue *This,
                                  llvm::ArrayRef<const clang::Expr *> Args,
                                  clang::SourceLocation Loc);
  static bool isImageClass(clang::QualType T);
  const CaptureBinding *imageBindingOf(int Binding) const;
  std::string bindingName(int Binding) const;
  int textureBinding(const PointerValue *This, clang::SourceLocation Loc);
  bool isSampledBinding(int Binding) const;
  SpvId imageVariable(int Binding, ImageUse Use);
  SpvId imageType(int Binding, ImageUse Use);
  SpvId loadImage(int Binding, ImageUse Use, clang::SourceLocation Loc);
  int fixedSampler(std::uint32_t Filter, std::uint32_t Address);
  SpvId sampledImage(int Binding, const clang::Expr *SamplerArg, std::uint32_t Filter,
                     std::uint32_t Address, clang::SourceLocation Loc);
  SpvId texelScalarType(clang::QualType Value);
  spv::ImageFormat storageFormat(clang::QualType Value);
  SpvId imageCoordinate(const clang::Expr *IndexArg, int Rank, clang::SourceLocation Loc);
  SpvId floatCoordinate(const clang::Expr *Arg, clang::SourceLocation Loc);
  void scalarLeaves(const LValue &Obj, llvm::SmallVectorImpl<LValue> &Out,
                    clang::SourceLocation Loc);
  SpvId texelToValue(SpvId Texel, clang::QualType T, clang::SourceLocation Loc);
  SpvId valueToTexel(SpvId Value, clang::QualType T, clang::SourceLocation Loc);

  // AtomicIntrinsics.cpp
  CallResult emitAtomic(const clang::FunctionDecl *FD, IntrinsicId Id,
                        llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc);
  // The memory an atomic operates on, with the scope it is shared at; reports
  // thread-private memory.
  LValue atomicTarget(const clang::FunctionDecl *FD, const clang::Expr *Dest,
                      std::uint32_t &Scope);

  // Direct3dIntrinsics.cpp
  CallResult emitDirect3d(const clang::FunctionDecl *FD, IntrinsicId Id,
                          llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc);

  // BoundsChecks.cpp: bounds.check and bounds.row.
  CallResult emitBoundsIntrinsic(IntrinsicId Id, const PointerValue *This,
                                 llvm::ArrayRef<const clang::Expr *> Args,
                                 clang::SourceLocation Loc);
  // The guard of an access to View at Index (its components), recording a
  // failure in the report buffer.
  SpvId checkIndex(const LValue &View, llvm::ArrayRef<SpvId> Index, check_access Access,
                   clang::SourceLocation Loc);
  // The report of checked mode's first failure in a launch
  // (kernel_image.h, check_report_words): word 0 is claimed for Kind by a
  // compare-exchange from 0, and only the work-item that claimed it runs
  // Fill, which writes the other words through Put(word, value).
  using ReportPut = llvm::function_ref<void(std::uint32_t, SpvId)>;
  void reportFirstFailure(std::uint32_t Kind, llvm::function_ref<void(ReportPut)> Fill);
  // Appends a check site at Loc (in the user's code) naming View; its number.
  std::int32_t addCheckSite(clang::SourceLocation Loc, check_access Access, llvm::StringRef View);
  // Body's code runs only when Guard (a bool; 0: always) holds; its value,
  // or a null of ResultType when skipped (ResultType 0: no value).
  SpvId underGuard(SpvId Guard, SpvId ResultType, llvm::function_ref<SpvId()> Body);
  // The `int _M_base[N]` of an index<N> or extent<N>.
  LValue coordinateArray(const LValue &Obj, clang::SourceLocation Loc);

  // PrintIntrinsics.cpp: direct3d_printf, direct3d_errorf, direct3d_abort.
  CallResult emitPrint(IntrinsicId Id, llvm::ArrayRef<const clang::Expr *> Args,
                       clang::SourceLocation Loc);
  // The words of one argument in a record; its print_arg (and a string
  // argument's text) into Site.
  void printArgumentWords(const clang::Expr *Arg, print_site &Site,
                          llvm::SmallVectorImpl<SpvId> &Words);
  // Appends Site's record (its words: Words) to the print buffer, Site at
  // Loc in the user's code.
  void appendPrintRecord(print_site Site, llvm::ArrayRef<SpvId> Words,
                         clang::SourceLocation Loc);

  // LoopWitness.cpp: loops a driver cut short (kernel_image.h,
  // loop_witness_spec_id).
  SpvId witnessWord();
  void witnessStore(SpvId Value);
  // On a way out of a loop: Leaving (a bool; 0: certainly) says whether the
  // loop is left.
  void witnessLeaving(SpvId Leaving = 0);
  // At the merge of the loop at LoopLoc.
  void witnessCheck(clang::SourceLocation LoopLoc);

  // RaceChecks.cpp: tile_static races (kernel_image.h, race_check_spec_id).
  bool raceChecks() const { return BoundsChecks && K.Tiled; }
  // Shadow slots of an object of type T, and of the members of RD before
  // Member (a base class's canonical declaration, or a field).
  std::uint32_t raceSlotCount(clang::QualType T);
  std::uint32_t raceSlotOffset(const clang::RecordDecl *RD, const clang::Decl *Member);
  // Slot + Index * PerIndex (0 when Slot is 0).
  SpvId raceSlotPlus(SpvId Slot, SpvId Index, std::uint32_t PerIndex);
  SpvId raceShadowWord(SpvId Word);
  // At the kernel's start and after each barrier: clears the shadow and
  // waits for the tile.
  void clearRaceShadow();
  // Before an access of LV's memory (nothing unless it is tile_static).
  void checkTileStaticAccess(const LValue &LV, check_access Access, clang::SourceLocation Loc);
  void checkRaceSlot(SpvId Slot, check_access Access, SpvId Record, SpvId MeTag,
                     std::int32_t SiteNumber);

  // MathIntrinsics.cpp
  CallResult emitMathIntrinsic(const clang::FunctionDecl *FD, IntrinsicId Id,
                               llvm::ArrayRef<const clang::Expr *> Args,
                               clang::SourceLocation Loc);

  // Helpers shared by all parts.
  // The kernel's one failure (emit/EmitDiagnostics.h): row K with the
  // arguments streamed into the result, or a construct of
  // err_unsupported_construct, or an internal error.
  EmitFailure unsupported(clang::SourceLocation Loc, ampdiag::Kind Row);
  // Loc, or when it is inside <amp.h>, the innermost inlined call from the
  // user's code.
  clang::SourceLocation userLocation(clang::SourceLocation Loc) const;
  void unsupported(clang::SourceLocation Loc, UnsupportedConstruct What);
  void internalError(clang::SourceLocation Loc, const llvm::Twine &What);
  bool failed() const { return Failed; }
  Frame &frame() { return *Frames.back(); }
  SpvId intType() { return B.typeInt(32); }
  SpvId boolType() { return B.typeBool(); }
  SpvId lower(clang::QualType T, clang::SourceLocation Loc) {
    return Types.lower(T, Layout::Logical, Loc);
  }
  SpvId toInt32(SpvId V, clang::QualType From);
  clang::CharUnits sizeOf(clang::QualType T) const { return Ctx.getTypeSizeInChars(T); }

  clang::ASTContext &Ctx;
  AmpDiagnostics &Diags;
  const Kernel &K;
  const LibraryFiles &Library;
  SpirvModuleBuilder B;
  TypeLowering Types;
  CaptureLayout Captures;
  // The module's global declarations and the image's facts (KernelInterface.h).
  KernelInterface Iface;
  bool Failed = false;
  const bool BoundsChecks;
  const bool LoopWitness;
  // A tiled kernel's tile number, per dimension (KernelEntry.cpp).
  llvm::SmallVector<SpvId, 3> TileNumber;
  // unrolledSize of each inlined function's body (LoopUnrollHints.cpp).
  llvm::DenseMap<const clang::FunctionDecl *, std::uint64_t> InlinedSizes;
  // Calls inlined into this kernel so far (CallInliner.cpp).
  unsigned InlinedCalls = 0;
  static constexpr unsigned MaxInlinedCalls = 10000;
  // Texture references bound as storage images (setStorageTextures), and
  // those written while bound as sampled ones (writtenSampledTextures).
  std::set<unsigned> StorageTextures, WrittenSampledTextures;
  // Each image binding's variables, by (binding, ImageUse).
  std::map<std::pair<int, int>, SpvId> ImageVars;
  // One object in a work-item's private (Function) memory. Vulkan sets no
  // limit, but drivers keep such memory in registers or spill it to slow
  // scratch memory, and some fail to build pipelines with huge ones; a clear
  // error beats a driver failure at launch.
  static constexpr std::uint64_t MaxPrivateObjectBytes = 64 * 1024;

  // The binding of each view variable and whole-view value made in the kernel.
  llvm::DenseMap<SpvId, int> ViewBindings;
  // Which access chains name one place (PlaceNames.h): ViewBindings,
  // ClosureRefs and ObjectLoads are kept by a place's first chain.
  PlaceNames PlaceIds;
  // The array each closure object's by-reference capture refers to, by the
  // object's place (Lambdas.cpp): known at compile time, as view bindings
  // are, and copied with the object by copyViewBindings.
  llvm::DenseMap<std::pair<SpvId, const clang::FieldDecl *>, LValue> ClosureRefs;
  // Where each class value holding views was loaded from (ViewIntrinsics.cpp).
  llvm::DenseMap<SpvId, LValue> ObjectLoads;
  llvm::DenseMap<const clang::Type *, bool> HoldsViews;
  // For base-to-derived casts (CRTP): the object each base-subobject pointer
  // was derived from.
  llvm::DenseMap<SpvId, LValue> DerivedOrigins;
  llvm::DenseMap<const clang::VarDecl *, LValue> TileStatics;
  llvm::DenseMap<const clang::VarDecl *, LValue> ConstantVariables;
  std::vector<std::unique_ptr<Frame>> Frames;
  std::vector<BreakTarget> Targets;
  // The open scopes and the objects they destroy (CleanupStack.h).
  CleanupStack Lifetimes;
};

} // namespace ampvk

#endif
