//===- CallGraph.cpp - Calls between restrict(amp) functions --------------===//
//
// From the calls AmpBodyRules recorded:
//  - which functions each kernel reaches (breadth-first, so the chain of
//    calls shown in notes is a shortest one);
//  - calls to functions that are not restrict(amp), with a note at the callee
//    and the chain of calls back to the kernel;
//  - functions a kernel reaches whose definition is not in this translation
//    unit (C++ AMP inlines the whole call graph of a kernel);
//  - recursion, direct or through other functions, with the cycle as notes.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "llvm/ADT/DenseSet.h"

#include <deque>

#include <optional>

using namespace clang;
using namespace ampvk;

const FunctionDecl *ampvk::definitionOf(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Def = FD->getDefinition())
    return Def;
  return FD;
}

std::string ampvk::describeFunction(const FunctionDecl *FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return "the lambda";
  return "'" + FD->getQualifiedNameAsString() + "'";
}

static void bfs(CheckContext &C, bool Tiled, bool NonTiled,
                llvm::DenseMap<const FunctionDecl *, CheckContext::Reach> &Out) {
  std::deque<const FunctionDecl *> Queue;
  for (const Kernel &K : C.Kernels) {
    if ((K.Tiled && !Tiled) || (!K.Tiled && !NonTiled))
      continue;
    const FunctionDecl *Op = definitionOf(K.CallOperator);
    if (!Op || !C.AmpFunctions.count(Op) || Out.count(Op))
      continue;
    CheckContext::Reach R;
    R.Kernel = &K;
    Out[Op] = R;
    Queue.push_back(Op);
  }
  while (!Queue.empty()) {
    const FunctionDecl *F = Queue.front();
    Queue.pop_front();
    auto It = C.Calls.find(F);
    if (It == C.Calls.end())
      continue;
    const Kernel *K = Out[F].Kernel;
    for (const CallEdge &E : It->second) {
      const FunctionDecl *Callee = definitionOf(E.Callee);
      if (!C.AmpFunctions.count(Callee) || Out.count(Callee))
        continue;
      CheckContext::Reach R;
      R.Caller = F;
      R.Edge = E;
      R.Kernel = K;
      Out[Callee] = R;
      Queue.push_back(Callee);
    }
  }
}

void CheckContext::noteCallChain(const FunctionDecl *FD,
                                 const llvm::DenseMap<const FunctionDecl *, Reach> &Map) {
  const FunctionDecl *Cur = definitionOf(FD);
  for (int Steps = 0; Steps < 12; ++Steps) {
    auto It = Map.find(Cur);
    if (It == Map.end())
      return;
    const Reach &R = It->second;
    if (!R.Caller) {
      if (R.Kernel && R.Kernel->LaunchLoc.isValid())
        Diags.report(R.Kernel->LaunchLoc, ampdiag::note_in_kernel_launched_here) << R.Kernel->Tiled;
      return;
    }
    Diags.report(R.Edge.Loc, ampdiag::note_called_from)
        << describeFunction(Cur) << describeFunction(R.Caller) << R.Edge.Range;
    Cur = R.Caller;
  }
}

void CheckContext::noteCallChain(const FunctionDecl *FD) { noteCallChain(FD, Reachable); }

namespace {
// Tarjan's strongly connected components over the restrict(amp) functions.
class Recursion {
public:
  explicit Recursion(CheckContext &C) : C(C) {}

  void run() {
    for (const FunctionDecl *F : C.AmpFunctions)
      if (!F->isDependentContext() && !Index.count(F))
        visit(F);
  }

private:
  std::vector<const FunctionDecl *> callees(const FunctionDecl *F) {
    std::vector<const FunctionDecl *> Out;
    auto It = C.Calls.find(F);
    if (It == C.Calls.end())
      return Out;
    for (const CallEdge &E : It->second) {
      const FunctionDecl *T = definitionOf(E.Callee);
      if (C.AmpFunctions.count(T))
        Out.push_back(T);
    }
    return Out;
  }

  const CallEdge *edge(const FunctionDecl *From, const FunctionDecl *To) {
    auto It = C.Calls.find(From);
    if (It == C.Calls.end())
      return nullptr;
    for (const CallEdge &E : It->second)
      if (definitionOf(E.Callee) == To)
        return &E;
    return nullptr;
  }

  // Iterative Tarjan (call graphs of templates can be deep).
  void visit(const FunctionDecl *Root) {
    struct Frame {
      const FunctionDecl *F;
      std::vector<const FunctionDecl *> Next;
      size_t I = 0;
    };
    std::vector<Frame> Work;
    auto Push = [&](const FunctionDecl *F) {
      Index[F] = Low[F] = Counter++;
      Stack.push_back(F);
      OnStack.insert(F);
      Work.push_back(Frame{F, callees(F)});
    };
    Push(Root);
    while (!Work.empty()) {
      Frame &Fr = Work.back();
      if (Fr.I < Fr.Next.size()) {
        const FunctionDecl *T = Fr.Next[Fr.I++];
        if (!Index.count(T))
          Push(T);
        else if (OnStack.count(T))
          Low[Fr.F] = std::min(Low[Fr.F], Index[T]);
        continue;
      }
      const FunctionDecl *F = Fr.F;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().F] = std::min(Low[Work.back().F], Low[F]);
      if (Low[F] != Index[F])
        continue;
      std::vector<const FunctionDecl *> SCC;
      const FunctionDecl *X;
      do {
        X = Stack.back();
        Stack.pop_back();
        OnStack.erase(X);
        SCC.push_back(X);
      } while (X != F);
      report(SCC);
    }
  }

  void report(std::vector<const FunctionDecl *> &SCC) {
    if (SCC.size() == 1) {
      const CallEdge *Self = edge(SCC[0], SCC[0]);
      if (!Self)
        return;
      C.Diags.report(Self->Loc, ampdiag::err_call_recursive)
          << describeFunction(SCC[0]) << false << "" << Self->Range;
      return;
    }
    // A cycle through the component: start at the function defined first.
    std::sort(SCC.begin(), SCC.end(), [](const FunctionDecl *A, const FunctionDecl *B) {
      return A->getLocation().getRawEncoding() < B->getLocation().getRawEncoding();
    });
    llvm::DenseSet<const FunctionDecl *> InSCC(SCC.begin(), SCC.end());
    const FunctionDecl *Start = SCC.front();
    // Shortest path Start -> ... -> Start within the component.
    llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> Parent;
    std::deque<const FunctionDecl *> Q{Start};
    const FunctionDecl *Last = nullptr;
    while (!Q.empty() && !Last) {
      const FunctionDecl *F = Q.front();
      Q.pop_front();
      for (const FunctionDecl *T : callees(F)) {
        if (!InSCC.count(T))
          continue;
        if (T == Start) {
          Last = F;
          break;
        }
        if (!Parent.count(T)) {
          Parent[T] = F;
          Q.push_back(T);
        }
      }
    }
    if (!Last)
      return;
    std::vector<const FunctionDecl *> Cycle{Start};
    std::vector<const FunctionDecl *> Back;
    for (const FunctionDecl *F = Last; F != Start; F = Parent[F])
      Back.push_back(F);
    Cycle.insert(Cycle.end(), Back.rbegin(), Back.rend());
    // Cycle = Start, f1, ..., fn; edges Start->f1, ..., fn->Start.
    const CallEdge *First = edge(Cycle[0], Cycle.size() > 1 ? Cycle[1] : Start);
    if (!First)
      return;
    std::string Through;
    for (size_t I = 1; I < Cycle.size(); ++I)
      Through += (I > 1 ? ", " : "") + describeFunction(Cycle[I]);
    C.Diags.report(First->Loc, ampdiag::err_call_recursive)
        << describeFunction(Start) << true << Through << First->Range;
    for (size_t I = 1; I < Cycle.size(); ++I) {
      const FunctionDecl *To = I + 1 < Cycle.size() ? Cycle[I + 1] : Start;
      if (const CallEdge *E = edge(Cycle[I], To))
        C.Diags.report(E->Loc, ampdiag::note_calls_here)
            << describeFunction(Cycle[I]) << describeFunction(To) << E->Range;
    }
  }

  CheckContext &C;
  llvm::DenseMap<const FunctionDecl *, unsigned> Index, Low;
  std::vector<const FunctionDecl *> Stack;
  llvm::DenseSet<const FunctionDecl *> OnStack;
  unsigned Counter = 0;
};
} // namespace

// Calling the standard library from a kernel is the most common C++ AMP
// mistake; say what to write instead (note_call_std_library's %select).
enum class StdAlternative { WriteOne, Helper, AmpMath };
struct StdLibraryAdvice {
  StdAlternative Kind;
  std::string Text; // the helper, or the <amp_math.h> name
};

// <cmath> functions <amp_math.h> has under the same name in precise_math
// and fast_math.
static bool isAmpMathName(llvm::StringRef Name) {
  static const char *const Names[] = {
      "acos",  "acosh", "asin",  "asinh", "atan",  "atan2", "atanh", "cbrt",  "ceil",
      "copysign", "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "fdim",
      "floor", "fma", "fmax", "fmin", "fmod", "frexp", "hypot", "ilogb", "isfinite",
      "isinf", "isnan", "isnormal", "ldexp", "lgamma", "log", "log10", "log1p", "log2",
      "logb", "modf", "nearbyint", "nextafter", "pow", "remainder", "remquo", "round",
      "scalbn", "signbit", "sin", "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc"};
  for (const char *N : Names)
    if (Name == N)
      return true;
  // The float spellings (sqrtf, ...).
  return Name.ends_with("f") && Name.size() > 2 && isAmpMathName(Name.drop_back());
}

static std::optional<StdLibraryAdvice> standardLibraryAlternative(const FunctionDecl *FD) {
  if (!FD->getIdentifier())
    return std::nullopt;
  llvm::StringRef Name = FD->getName();
  // <cmath>'s functions are also ::sqrt etc. (glibc's <math.h>).
  bool FromMath =
      FD->isInStdNamespace() || FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
  if (FromMath && isAmpMathName(Name) && isInSystemHeader(FD->getASTContext(), FD->getLocation()))
    return StdLibraryAdvice{StdAlternative::AmpMath, Name.str()};
  if (!FD->isInStdNamespace())
    return std::nullopt;
  static const struct {
    const char *Name, *Helper;
  } Helpers[] = {
      {"min", "template <class T> T amp_min(T a, T b) restrict(cpu, amp) "
              "{ return b < a ? b : a; }"},
      {"max", "template <class T> T amp_max(T a, T b) restrict(cpu, amp) "
              "{ return a < b ? b : a; }"},
      {"abs", "template <class T> T amp_abs(T x) restrict(cpu, amp) { return x < 0 ? -x : x; }"},
      {"swap", "template <class T> void amp_swap(T &a, T &b) restrict(cpu, amp) "
               "{ T t = a; a = b; b = t; }"},
  };
  for (const auto &H : Helpers)
    if (Name == H.Name)
      return StdLibraryAdvice{StdAlternative::Helper, H.Helper};
  return StdLibraryAdvice{StdAlternative::WriteOne, ""};
}

void ampvk::analyzeCallGraph(CheckContext &C) {
  bfs(C, true, true, C.Reachable);
  bfs(C, false, true, C.ReachableNonTiled);

  for (const CheckContext::NonAmpCall &NC : C.NonAmpCalls) {
    C.Diags.report(NC.Loc, ampdiag::err_call_not_amp) << NC.What << NC.Name << NC.Var << NC.Range;
    const FunctionDecl *Decl = NC.Callee->getCanonicalDecl();
    if (Decl->getLocation().isValid() && !Decl->isImplicit())
      C.Diags.report(Decl->getLocation(), ampdiag::note_call_not_amp_declared)
          << describeFunction(NC.Callee);
    if (const FunctionDecl *Blocker = generatedMemberBlocker(NC.Callee, RestrictAmp))
      C.Diags.report(Blocker->getLocation(), ampdiag::note_generated_member_calls)
          << describeFunction(NC.Callee) << describeFunction(Blocker) << 1;
    if (std::optional<StdLibraryAdvice> Advice = standardLibraryAlternative(NC.Callee))
      C.Diags.report(NC.Loc, ampdiag::note_call_std_library)
          << static_cast<unsigned>(Advice->Kind) << Advice->Text;
    C.noteCallChain(NC.Caller);
  }

  // Functions a kernel calls must be defined here (API declared
  // AMPVK_NOT_YET has its own error, LibraryGaps.cpp).
  for (const auto &Entry : C.Reachable) {
    auto It = C.Calls.find(Entry.first);
    if (It == C.Calls.end())
      continue;
    for (const CallEdge &E : It->second) {
      const FunctionDecl *T = E.Callee;
      if (!isAmpCallable(T) || T->isImplicit() || T->isDefaulted() || T->isDeleted() ||
          !getIntrinsicName(T).empty() || getNotYetName(T).data() || T->getBuiltinID())
        continue;
      if (const auto *MD = dyn_cast<CXXMethodDecl>(T))
        if (MD->isTrivial())
          continue;
      if (T->isDefined() || T->getTemplateInstantiationPattern())
        continue;
      C.Diags.report(E.Loc, ampdiag::err_call_undefined) << describeFunction(T) << E.Range;
      C.Diags.report(T->getLocation(), ampdiag::note_declared_here) << describeFunction(T);
      C.noteCallChain(Entry.first);
    }
  }

  Recursion(C).run();
}
