//===- LoopUnrollHints.cpp - Clang's loop hints as SPIR-V loop controls ---===//
//
// A kernel's `#pragma unroll` becomes SPIR-V's Unroll loop control, which the
// optimizer's unroller (FullLoopUnroll.h; with unroll=driver, the driver's
// compiler) honours by unrolling the loop fully. The other hints say something else:
// `#pragma nounroll`, `#pragma unroll 1` and `unroll(disable)` ask for no
// unrolling (DontUnroll), and `#pragma unroll N` for unrolling by N, which
// SPIR-V 1.3 (Vulkan 1.1) cannot say (PartialCount came in SPIR-V 1.4): it
// is a full unroll when the loop runs at most N times, and otherwise left to
// the driver. A full unroll costs compile time and memory in proportion to
// the unrolled size, so, as Clang's own unroller does, ampvk declines beyond
// a limit and says so (warn_loop_not_unrolled).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <optional>

using namespace clang;
using namespace ampvk;

// Statements and expressions a fully unrolled loop nest may hold, counted as
// unrolledSize counts them. The sgemm sample's largest nest counts 31600. A
// loop of 5300 iterations over `s += a[(i + k) % 1024]` (98 each, the calls
// to <amp.h> counted; just under the limit) compiles in 7 s and 240 MB (plain
// clang: 2.5 s), and time and memory grow in proportion (20000 iterations:
// 21 s and 0.5 GB).
static constexpr std::uint64_t MaxUnrolledSize = 1 << 19;

static const VarDecl *counterOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

static std::optional<std::int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (V.isSigned() ? V.getSignificantBits() > 62 : V.getActiveBits() > 61)
    return std::nullopt;
  return V.getExtValue();
}

// The iterations of `for (i = A; i OP B; i += S)` (or ++i, i--, i = i + S,
// ...) with A, B and S constants, i compared in its own type, and, for an
// unsigned i, only counted up with < or != (no wrap-around); nothing for any
// other loop. The body is not searched for other assignments to i: the count
// only decides hints, and the unroller (FullLoopUnroll.h, or SPIRV-Tools')
// leaves a loop whose count it cannot prove.
static std::optional<std::uint64_t> constantTripCount(const Stmt *Loop, const ASTContext &Ctx) {
  const auto *FS = dyn_cast<ForStmt>(Loop);
  if (!FS || !FS->getCond() || !FS->getInc())
    return std::nullopt;
  const VarDecl *Counter = nullptr;
  std::optional<std::int64_t> From;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()); DS && DS->isSingleDecl()) {
    Counter = dyn_cast<VarDecl>(DS->getSingleDecl());
    From = Counter ? constantValue(Counter->getInit(), Ctx) : std::nullopt;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    Counter = counterOf(BO->getLHS());
    From = constantValue(BO->getRHS(), Ctx);
  }
  if (!Counter || !From || !Counter->getType()->isIntegerType())
    return std::nullopt;

  std::optional<std::int64_t> Step;
  const Expr *Inc = FS->getInc()->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && counterOf(UO->getSubExpr()) == Counter)
    Step = UO->isIncrementOp() ? 1 : UO->isDecrementOp() ? -1 : std::optional<std::int64_t>();
  else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
           CA && counterOf(CA->getLHS()) == Counter) {
    std::optional<std::int64_t> By = constantValue(CA->getRHS(), Ctx);
    if (By && CA->getOpcode() == BO_AddAssign)
      Step = *By;
    else if (By && CA->getOpcode() == BO_SubAssign)
      Step = -*By;
  } else if (const auto *AO = dyn_cast<BinaryOperator>(Inc);
             AO && AO->getOpcode() == BO_Assign && counterOf(AO->getLHS()) == Counter) {
    // i = i + S, i = S + i, i = i - S
    const auto *Sum = dyn_cast<BinaryOperator>(AO->getRHS()->IgnoreParenImpCasts());
    if (Sum && (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub)) {
      const Expr *Other = counterOf(Sum->getLHS()) == Counter ? Sum->getRHS()
                          : Sum->getOpcode() == BO_Add && counterOf(Sum->getRHS()) == Counter
                              ? Sum->getLHS()
                              : nullptr;
      std::optional<std::int64_t> By = Other ? constantValue(Other, Ctx) : std::nullopt;
      if (By && (Sum->getOpcode() == BO_Add || Other == Sum->getRHS()))
        Step = Sum->getOpcode() == BO_Add ? *By : -*By;
    }
  }
  if (!Step || *Step == 0)
    return std::nullopt;

  const auto *Cond = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!Cond || !Cond->isComparisonOp())
    return std::nullopt;
  // Compared in i's own type (as promoted): `int i; i < 10u` compares unsigned.
  QualType Compared = Cond->getLHS()->getType();
  bool Unsigned = Counter->getType()->isUnsignedIntegerType();
  if (Compared->isUnsignedIntegerType() != Unsigned ||
      Ctx.getTypeSize(Compared) < Ctx.getTypeSize(Counter->getType()))
    return std::nullopt;
  BinaryOperatorKind Op = Cond->getOpcode();
  std::optional<std::int64_t> To;
  if (counterOf(Cond->getLHS()) == Counter) {
    To = constantValue(Cond->getRHS(), Ctx);
  } else if (counterOf(Cond->getRHS()) == Counter) {
    To = constantValue(Cond->getLHS(), Ctx);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!To)
    return std::nullopt;

  std::int64_t A = *From, B = *To, S = *Step;
  if (Unsigned && (S < 0 || (Op != BO_LT && Op != BO_NE)))
    return std::nullopt;
  auto Count = [](std::int64_t Distance, std::int64_t By) -> std::uint64_t {
    return Distance <= 0 ? 0 : static_cast<std::uint64_t>((Distance + By - 1) / By);
  };
  switch (Op) {
  case BO_LT:
    return S > 0 ? std::optional<std::uint64_t>(Count(B - A, S)) : std::nullopt;
  case BO_LE:
    return S > 0 ? std::optional<std::uint64_t>(Count(B - A + 1, S)) : std::nullopt;
  case BO_GT:
    return S < 0 ? std::optional<std::uint64_t>(Count(A - B, -S)) : std::nullopt;
  case BO_GE:
    return S < 0 ? std::optional<std::uint64_t>(Count(A - B + 1, -S)) : std::nullopt;
  case BO_NE:
    if ((B - A) % S != 0 || (B - A) / S < 0)
      return std::nullopt;
    return static_cast<std::uint64_t>((B - A) / S);
  default:
    return std::nullopt;
  }
}

static const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *FS = dyn_cast<ForStmt>(Loop))
    return FS->getBody();
  if (const auto *WS = dyn_cast<WhileStmt>(Loop))
    return WS->getBody();
  if (const auto *DS = dyn_cast<DoStmt>(Loop))
    return DS->getBody();
  return nullptr;
}

// What the hints on a loop ask for, before any limit: N for Count.
enum class UnrollRequest { None, Full, Never, Count };

static UnrollRequest requestOf(const AttributedStmt *AS, const ASTContext &Ctx,
                               std::uint64_t &CountOut) {
  UnrollRequest Request = UnrollRequest::None;
  for (const Attr *A : AS->getAttrs()) {
    const auto *LH = dyn_cast<LoopHintAttr>(A);
    if (!LH)
      continue;
    if (LH->getOption() == LoopHintAttr::Unroll)
      Request = LH->getState() == LoopHintAttr::Disable ? UnrollRequest::Never
                                                        : UnrollRequest::Full;
    else if (LH->getOption() == LoopHintAttr::UnrollCount) {
      std::optional<std::int64_t> N = constantValue(LH->getValue(), Ctx);
      if (!N)
        continue;
      Request = *N <= 1 ? UnrollRequest::Never : UnrollRequest::Count;
      CountOut = static_cast<std::uint64_t>(*N);
    }
  }
  return Request;
}

// How a loop's hints read once its count is known (or not): Unroll (to be
// checked against the limit), DontUnroll, or no hint.
static spv::LoopControlMask askedControl(UnrollRequest R, std::uint64_t N,
                                         std::optional<std::uint64_t> Trips) {
  switch (R) {
  case UnrollRequest::None:
    return spv::LoopControlMask::MaskNone;
  case UnrollRequest::Never:
    return spv::LoopControlMask::DontUnroll;
  case UnrollRequest::Count:
    return Trips && *Trips <= N ? spv::LoopControlMask::Unroll : spv::LoopControlMask::MaskNone;
  case UnrollRequest::Full:
    break;
  }
  // A count this cannot see (a while loop, a counter declared before its
  // for): the unroller unrolls it if it finds one, with no limit.
  return spv::LoopControlMask::Unroll;
}

// Whether Trips copies of a body of size Body stay within the limit.
static bool withinLimit(std::uint64_t Trips, std::uint64_t Body) {
  return Trips <= MaxUnrolledSize / Body;
}

// A statement's size as compiled: nodes counted, each call with its callee's
// body (every call is inlined), and each loop inside it that will be fully
// unrolled as many times as it runs (one declined for its size: once).
std::uint64_t KernelEmitter::unrolledSize(const Stmt *S) {
  if (!S)
    return 0;
  const std::uint64_t TooLarge = MaxUnrolledSize + 1;
  if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    const Stmt *Loop = AS->getSubStmt();
    std::uint64_t N = 0;
    UnrollRequest R = requestOf(AS, Ctx, N);
    std::optional<std::uint64_t> Trips = constantTripCount(Loop, Ctx);
    if (Trips && askedControl(R, N, Trips) == spv::LoopControlMask::Unroll) {
      std::uint64_t Body = unrolledSize(loopBody(Loop)) + 1;
      return withinLimit(*Trips, Body) ? *Trips * Body : std::min(Body, TooLarge);
    }
  }
  std::uint64_t Size = 1;
  const FunctionDecl *Callee = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    Callee = CE->getDirectCallee();
  else if (const auto *CC = dyn_cast<CXXConstructExpr>(S))
    Callee = CC->getConstructor();
  const FunctionDecl *Definition = nullptr;
  if (Callee && Callee->hasBody(Definition)) {
    // Inserted first, so that a call cycle (rejected elsewhere) ends here;
    // stored by key afterwards, as the recursion may grow the map.
    if (InlinedSizes.try_emplace(Definition, 0).second) {
      std::uint64_t Inlined = unrolledSize(Definition->getBody());
      InlinedSizes[Definition] = Inlined;
    }
    Size += InlinedSizes.lookup(Definition);
  }
  for (const Stmt *Child : S->children())
    Size = std::min(Size + unrolledSize(Child), TooLarge);
  return std::min(Size, TooLarge);
}

spv::LoopControlMask KernelEmitter::loopControlOf(const AttributedStmt *AS) {
  const Stmt *Loop = AS->getSubStmt();
  std::uint64_t N = 0;
  UnrollRequest R = requestOf(AS, Ctx, N);
  std::optional<std::uint64_t> Trips = constantTripCount(Loop, Ctx);
  spv::LoopControlMask Control = askedControl(R, N, Trips);
  if (Control != spv::LoopControlMask::Unroll || !Trips ||
      withinLimit(*Trips, unrolledSize(loopBody(Loop)) + 1))
    return Control;
  Diags.report(Loop->getBeginLoc(), ampdiag::warn_loop_not_unrolled)
      << *Trips << std::uint64_t(MaxUnrolledSize) << Loop->getSourceRange();
  return spv::LoopControlMask::MaskNone;
}
