//===- RestrictionSyntax.cpp - restrict(...) spelling and placement -------===//
//
// restrict(...) is a macro over a GNU attribute (include/ampvk/detail/keywords.h).
// Clang parses it where a GNU attribute may stand; elsewhere it either fails
// with a parse error that says nothing about restrict, or drops the attribute
// with a warning. The watcher below sees each expansion while the file is
// parsed and says what to write instead; the checks after parsing cover
// restrict(...) that was dropped, unknown or empty specifier lists, restrict on
// something that is not a function, and redeclarations that disagree.
//
//===----------------------------------------------------------------------===//
#include "RestrictionChecker.h"

#include "CheckContext.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

using namespace clang;
using namespace ampvk;

namespace {

struct RawTok {
  tok::TokenKind Kind;
  llvm::StringRef Text; // spelling for identifiers, empty otherwise
  unsigned Offset;
};

bool isIdent(const RawTok &T, llvm::StringRef Name) {
  return T.Kind == tok::raw_identifier && T.Text == Name;
}

class RestrictWatcher : public PPCallbacks {
public:
  RestrictWatcher(Preprocessor &PP, std::shared_ptr<RestrictMacroLog> Log,
                  const WarningOptions &Opts)
      : PP(PP), SM(PP.getSourceManager()), Log(std::move(Log)), Opts(Opts) {}

  void MacroExpands(const Token &MacroNameTok, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *) override {
    const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
    if (!II || II->getName() != "restrict" || !MD.getMacroInfo() ||
        !MD.getMacroInfo()->isFunctionLike())
      return;
    SourceLocation Loc = MacroNameTok.getLocation();
    if (!Loc.isFileID() || !Range.getEnd().isFileID())
      return;
    RestrictMacroLog::Use U;
    U.Loc = Loc;
    U.End = Range.getEnd();
    classify(U);
    Log->Uses.push_back(U);
  }

private:
  const std::vector<RawTok> &tokens(FileID FID) {
    auto It = Cache.find(FID);
    if (It != Cache.end())
      return It->second;
    std::vector<RawTok> &Out = Cache[FID];
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return Out;
    Lexer L(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buf.begin(), Buf.begin(),
            Buf.end());
    Token T;
    for (;;) {
      L.LexFromRawLexer(T);
      if (T.is(tok::eof))
        break;
      RawTok R;
      R.Kind = T.getKind();
      R.Text = T.is(tok::raw_identifier) ? T.getRawIdentifier() : llvm::StringRef();
      R.Offset = SM.getFileOffset(T.getLocation());
      Out.push_back(R);
    }
    return Out;
  }

  // Index of the token starting at Offset, or -1.
  static int indexAt(const std::vector<RawTok> &Toks, unsigned Offset) {
    auto It = std::lower_bound(Toks.begin(), Toks.end(), Offset,
                               [](const RawTok &T, unsigned O) { return T.Offset < O; });
    if (It == Toks.end() || It->Offset != Offset)
      return -1;
    return static_cast<int>(It - Toks.begin());
  }

  // Index of the bracket matching the closing one at I (scanning backwards).
  static int matchBackward(const std::vector<RawTok> &Toks, int I, tok::TokenKind Open,
                           tok::TokenKind Close) {
    int Depth = 0;
    for (int J = I; J >= 0 && I - J < 4096; --J) {
      if (Toks[J].Kind == Close)
        ++Depth;
      else if (Toks[J].Kind == Open && --Depth == 0)
        return J;
    }
    return -1;
  }
  static int matchForward(const std::vector<RawTok> &Toks, int I) {
    int Depth = 0;
    for (int J = I; J < static_cast<int>(Toks.size()) && J - I < 4096; ++J) {
      if (Toks[J].Kind == tok::l_paren)
        ++Depth;
      else if (Toks[J].Kind == tok::r_paren && --Depth == 0)
        return J;
    }
    return -1;
  }

  std::string text(const std::vector<RawTok> &Toks, int From, int To, FileID FID) {
    if (From > To || From < 0)
      return std::string();
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return std::string();
    SourceLocation EndTokLoc =
        SM.getComposedLoc(FID, Toks[To].Offset);
    unsigned EndOff =
        Toks[To].Offset + Lexer::MeasureTokenLength(EndTokLoc, SM, PP.getLangOpts());
    std::string S = Buf.substr(Toks[From].Offset, EndOff - Toks[From].Offset).str();
    // One line, single spaces.
    std::string Out;
    bool Space = false;
    for (char C : S) {
      if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
        Space = !Out.empty();
        continue;
      }
      if (Space)
        Out += ' ';
      Space = false;
      Out += C;
    }
    return Out;
  }

  DiagnosticReport report(RestrictMacroLog::Use &U, ampdiag::Kind K) {
    U.Reported = true;
    if (!Diags)
      Diags.emplace(PP.getDiagnostics(), Opts);
    return Diags->report(U.Loc, K);
  }

  void classify(RestrictMacroLog::Use &U) {
    FileID FID = SM.getFileID(U.Loc);
    const std::vector<RawTok> &Toks = tokens(FID);
    int I = indexAt(Toks, SM.getFileOffset(U.Loc));
    if (I < 0)
      return;
    int ArgsEnd = matchForward(Toks, I + 1);
    if (ArgsEnd < 0)
      return;
    std::string Spec = text(Toks, I, ArgsEnd, FID);

    // Walk back over the specifiers between the parameter list and restrict.
    int J = I - 1;
    int FirstBetween = -1;
    std::vector<llvm::StringRef> Between;
    static const llvm::StringSet<> Words = {"mutable", "constexpr", "consteval",
                                            "noexcept", "const",     "volatile",
                                            "override", "final",     "throw"};
    int ParamOpen = -1;
    bool Arrow = false;
    while (J >= 0) {
      const RawTok &T = Toks[J];
      if (T.Kind == tok::raw_identifier && Words.count(T.Text)) {
        Between.push_back(T.Text);
        FirstBetween = J;
        --J;
        continue;
      }
      if (T.Kind == tok::amp || T.Kind == tok::ampamp) {
        Between.push_back(T.Kind == tok::amp ? "&" : "&&");
        FirstBetween = J;
        --J;
        continue;
      }
      if (T.Kind == tok::r_paren) {
        int K = matchBackward(Toks, J, tok::l_paren, tok::r_paren);
        if (K < 0)
          return;
        if (K > 0 && (isIdent(Toks[K - 1], "noexcept") || isIdent(Toks[K - 1], "throw") ||
                      isIdent(Toks[K - 1], "restrict") ||
                      isIdent(Toks[K - 1], "__attribute__"))) {
          if (!isIdent(Toks[K - 1], "restrict") && !isIdent(Toks[K - 1], "__attribute__")) {
            Between.push_back(Toks[K - 1].Text);
            FirstBetween = K - 1;
          }
          J = K - 2;
          continue;
        }
        ParamOpen = K;
        break;
      }
      // Something else: perhaps the type of a trailing return type.
      for (int K = J; K >= 0 && J - K < 64; --K) {
        tok::TokenKind Kind = Toks[K].Kind;
        if (Kind == tok::arrow) {
          Arrow = true;
          // The parameter list before the arrow tells lambda from function.
          int P = K - 1;
          while (P >= 0 && Toks[P].Kind != tok::r_paren)
            --P;
          if (P >= 0)
            ParamOpen = matchBackward(Toks, P, tok::l_paren, tok::r_paren);
          break;
        }
        if (Kind == tok::semi || Kind == tok::l_brace || Kind == tok::r_brace ||
            Kind == tok::r_paren)
          break;
      }
      break;
    }
    if (ParamOpen < 0)
      return; // at the start of a declaration, or somewhere we do not judge
    bool InLambda = false;
    if (ParamOpen > 0) {
      int Before = ParamOpen - 1;
      if (Toks[Before].Kind == tok::greater)
        Before = matchBackward(Toks, Before, tok::less, tok::greater) - 1;
      InLambda = Before >= 0 && Toks[Before].Kind == tok::r_square;
    }
    U.InLambda = InLambda;
    U.AfterTrailingReturn = Arrow;
    if (Arrow)
      return; // Clang drops it with a warning; reported after parsing

    std::reverse(Between.begin(), Between.end());
    if (InLambda) {
      // A lambda's restrict(...) must follow the parameter list directly.
      bool Bad = false;
      for (llvm::StringRef W : Between)
        Bad |= W == "mutable" || W == "constexpr" || W == "consteval" || W == "noexcept" ||
               W == "throw";
      if (Bad) {
        std::string Words = text(Toks, FirstBetween, I - 1, FID);
        report(U, ampdiag::err_restrict_lambda_order) << Spec << Words;
      }
      return;
    }
    // A function declarator: cv- and ref-qualifiers, noexcept and a trailing
    // return type must come before restrict(...).
    int After = ArgsEnd + 1;
    if (After >= static_cast<int>(Toks.size()))
      return;
    const RawTok &N = Toks[After];
    int Last = After;
    bool Qualifier = isIdent(N, "const") || isIdent(N, "volatile") || N.Kind == tok::amp ||
                     N.Kind == tok::ampamp || isIdent(N, "noexcept") || isIdent(N, "throw");
    if (Qualifier) {
      // Take the whole run of qualifiers for the message.
      while (Last + 1 < static_cast<int>(Toks.size())) {
        const RawTok &T = Toks[Last + 1];
        if (isIdent(T, "const") || isIdent(T, "volatile") || T.Kind == tok::amp ||
            T.Kind == tok::ampamp || isIdent(T, "noexcept") || isIdent(T, "throw")) {
          ++Last;
        } else if (T.Kind == tok::l_paren &&
                   (isIdent(Toks[Last], "noexcept") || isIdent(Toks[Last], "throw"))) {
          int E = matchForward(Toks, Last + 1);
          if (E < 0)
            break;
          Last = E;
        } else {
          break;
        }
      }
      std::string Words = text(Toks, After, Last, FID);
      report(U, ampdiag::err_restrict_after_qualifier) << Spec << Words;
      return;
    }
    if (N.Kind == tok::arrow)
      report(U, ampdiag::err_restrict_before_trailing_return) << Spec;
  }

  Preprocessor &PP;
  SourceManager &SM;
  std::shared_ptr<RestrictMacroLog> Log;
  WarningOptions Opts;
  llvm::DenseMap<FileID, std::vector<RawTok>> Cache;
  std::optional<AmpDiagnostics> Diags; // made at the first report
};

// The %select lists of err_restrict_redeclaration.
enum class RestrictionSet { Cpu, Amp, CpuAmp };
enum class UnwrittenRestriction { None, This, Previous }; // which declaration has no restrict

RestrictionSet restrictionSet(unsigned Bits) {
  if (Bits == (RestrictCpu | RestrictAmp))
    return RestrictionSet::CpuAmp;
  return Bits == RestrictAmp ? RestrictionSet::Amp : RestrictionSet::Cpu;
}

// Every restrict(...) annotation in the AST (patterns, not instantiations).
class AnnotationFinder : public RecursiveASTVisitor<AnnotationFinder> {
public:
  explicit AnnotationFinder(CheckContext &C) : C(C), SM(C.Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  llvm::DenseSet<SourceLocation> Seen; // expansion locations of restrict annotations

  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (const CXXMethodDecl *Op = LE->getCallOperator())
      visitDecl(Op);
    return true;
  }
  bool VisitDecl(Decl *D) {
    visitDecl(D);
    return true;
  }

private:
  void visitDecl(const Decl *D) {
    if (!Visited.insert(D).second)
      return;
    for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
      auto P = parseAnnotation(A->getAnnotation());
      if (!P || P->first != Annotation::Restrict)
        continue;
      Seen.insert(SM.getExpansionLoc(A->getLocation()));
      if (A->isInherited())
        continue;
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD) {
        C.Diags.report(SM.getExpansionLoc(A->getLocation()), ampdiag::err_restrict_not_function);
        continue;
      }
    }
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || FD->isImplicit())
      return;
    RestrictionSpec Own = getRestrictionsOfDeclaration(FD);
    if (Own.Written) {
      SourceLocation Loc = SM.getExpansionLoc(Own.Loc);
      if (!Own.Unknown.empty())
        C.Diags.report(Loc, ampdiag::err_restrict_specifier) << 0 << Own.Unknown;
      else if (Own.Empty && !Own.Bits)
        C.Diags.report(Loc, ampdiag::err_restrict_specifier) << 1;
    }
    // Every declaration of a function must carry the same restrictions (a
    // declaration without restrict(...) is restrict(cpu)).
    const FunctionDecl *Prev = FD->getPreviousDecl();
    if (!Prev || Prev->isImplicit() || FD->getFriendObjectKind() != Decl::FOK_None ||
        Prev->getFriendObjectKind() != Decl::FOK_None)
      return;
    RestrictionSpec PrevOwn = getRestrictionsOfDeclaration(Prev);
    if (!Own.Unknown.empty() || !PrevOwn.Unknown.empty() || (Own.Empty && !Own.Bits) ||
        (PrevOwn.Empty && !PrevOwn.Bits))
      return;
    unsigned Mine = Own.Written ? Own.Bits : unsigned(RestrictCpu);
    unsigned Theirs = PrevOwn.Written ? PrevOwn.Bits : unsigned(RestrictCpu);
    if (Mine == Theirs)
      return;
    UnwrittenRestriction Unwritten = !Own.Written       ? UnwrittenRestriction::This
                                     : !PrevOwn.Written ? UnwrittenRestriction::Previous
                                                        : UnwrittenRestriction::None;
    C.Diags.report(FD->getLocation(), ampdiag::err_restrict_redeclaration)
        << FD->getNameAsString() << restrictionSet(Mine) << restrictionSet(Theirs) << Unwritten;
    C.Diags.report(Prev->getLocation(), ampdiag::note_previous_declaration);
  }

  CheckContext &C;
  SourceManager &SM;
  llvm::DenseSet<const Decl *> Visited;
};

} // namespace

std::unique_ptr<PPCallbacks>
ampvk::watchRestrictMacro(Preprocessor &PP, std::shared_ptr<RestrictMacroLog> Log,
                          const WarningOptions &Opts) {
  return std::make_unique<RestrictWatcher>(PP, std::move(Log), Opts);
}

void ampvk::checkRestrictionSyntax(CheckContext &C) {
  AnnotationFinder F(C);
  F.TraverseDecl(C.Ctx.getTranslationUnitDecl());
  if (!C.MacroLog)
    return;
  // restrict(...) that Clang parsed but attached to nothing.
  for (const RestrictMacroLog::Use &U : C.MacroLog->Uses) {
    if (U.Reported || F.Seen.count(U.Loc))
      continue;
    if (U.AfterTrailingReturn) {
      C.Diags.report(U.Loc, ampdiag::err_restrict_after_trailing_return) << U.InLambda;
      continue;
    }
    if (!C.HadErrorsBefore)
      C.Diags.report(U.Loc, ampdiag::err_restrict_ignored);
  }
}
