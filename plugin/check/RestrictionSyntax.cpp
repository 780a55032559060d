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
#include "RawTokens.h"
#include "RestrictExpansion.h"
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

class RestrictWatcher : public PPCallbacks {
public:
  RestrictWatcher(Preprocessor &PP, std::shared_ptr<RestrictMacroLog> Log,
                  const WarningOptions &Opts)
      : PP(PP), SM(PP.getSourceManager()), Raw(SM, PP.getLangOpts()), Log(std::move(Log)),
        Opts(Opts) {}

  void MacroExpands(const Token &MacroNameTok, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *) override {
    const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
    MacroInfo *MI = MD.getMacroInfo();
    if (II && MI && (II->getName() == "noexcept" || II->getName() == "throw") &&
        isDeferredRestrictMacro(*MI)) {
      // The one-shot macro of deferPastExceptionSpec has done its job.
      PP.appendMacroDirective(const_cast<IdentifierInfo *>(II),
                              new (PP.getPreprocessorAllocator())
                                  UndefMacroDirective(MacroNameTok.getLocation()));
      return;
    }
    if (!II || II->getName() != "restrict" || !MI || !MI->isFunctionLike())
      return;
    SourceLocation Loc = MacroNameTok.getLocation();
    // Judge the tokens as written: in a macro argument, where the argument
    // was spelled; in a macro body, in the #define.
    SourceLocation Spelled = SM.getSpellingLoc(Loc);
    FileID FID = SM.getFileID(Spelled);
    const std::vector<RawTok> &Toks = Raw.tokens(FID);
    int I = RawTokenCache::indexAt(Toks, SM.getFileOffset(Spelled));
    if (I < 0)
      return;
    bool InMacroBody = Loc.isMacroID() && SM.isMacroBodyExpansion(Loc);
    // A macro body that is all of restrict(...): judged where it is used,
    // with nothing to report here (the use is in a macro).
    if (std::optional<UseSite> Use = InMacroBody ? useOfWholeBody(Toks, I, Loc) : std::nullopt) {
      selectRestrictForm(PP, *MI,
                         chooseRestrictForm(Use->Toks, Use->I, Use->ArgsEnd, Use->InMacroBody));
      return;
    }
    int ArgsEnd = RawTokenCache::matchForward(Toks, I + 1);
    if (ArgsEnd < 0)
      return;
    RestrictForm Form = chooseRestrictForm(Toks, I, ArgsEnd, InMacroBody);
    // `restrict(amp) noexcept`: C++ AMP's order, which Clang cannot parse
    // with an attribute in between; the attribute moves past the exception
    // specification. (Right after a lambda's parameter list Clang takes it.)
    SourceLocation AppliedAt;
    int SpecEnd = exceptionSpecAfter(Toks, ArgsEnd);
    if (Form != RestrictForm::Name && SpecEnd >= 0 && Loc.isFileID() &&
        !(Form == RestrictForm::DeclAttribute && isLambdaDeclarator(Toks, I))) {
      RestrictForm Past = formPastExceptionSpec(Toks, I, ArgsEnd, SpecEnd);
      if (deferPastExceptionSpec(PP, Toks, I, ArgsEnd, Past, Loc)) {
        Form = RestrictForm::Nothing;
        AppliedAt = SM.getComposedLoc(FID, Toks[ArgsEnd + 1].Offset);
      }
    }
    if (!selectRestrictForm(PP, *MI, Form) || Form == RestrictForm::Name)
      return;
    if (!Loc.isFileID() || !Range.getEnd().isFileID())
      return;
    RestrictMacroLog::Use U;
    U.Loc = Loc;
    U.End = Range.getEnd();
    U.AppliedAt = AppliedAt;
    classify(U, Toks, I, ArgsEnd, FID, Form);
    Log->Uses.push_back(U);
  }

private:
  // The tokens around the use of a macro whose whole body is restrict(...)
  // (`#define AMP restrict(amp)`, `#define R(x) restrict(x)`) or the bare
  // name (`#define RESTRICT restrict`), with the use spelled as
  // restrict(...) there: what a C++ AMP compiler sees, so the form is judged
  // there. A window of the tokens before and after is enough for
  // chooseRestrictForm's look-arounds.
  struct UseSite {
    std::vector<RawTok> Toks;
    int I = 0, ArgsEnd = 0;
    bool InMacroBody = false;
  };
  std::optional<UseSite> useOfWholeBody(const std::vector<RawTok> &Body, int I,
                                        SourceLocation Loc) {
    auto N = static_cast<int>(Body.size());
    auto EndsLine = [&](int K) { return K >= N || Body[K].StartOfLine; };
    // `# define NAME restrict...` or `# define NAME ( params ) restrict...`.
    int Name = -1, ParamsOpen = -1;
    if (I >= 3 && Body[I - 1].Kind == tok::raw_identifier && isIdent(Body[I - 2], "define") &&
        Body[I - 3].Kind == tok::hash) {
      Name = I - 1;
    } else if (I >= 1 && Body[I - 1].Kind == tok::r_paren) {
      int Open = RawTokenCache::matchBackward(Body, I - 1, tok::l_paren, tok::r_paren);
      if (Open >= 3 && Body[Open - 1].Kind == tok::raw_identifier &&
          isIdent(Body[Open - 2], "define") && Body[Open - 3].Kind == tok::hash) {
        Name = Open - 1;
        ParamsOpen = Open;
      }
    }
    if (Name < 0)
      return std::nullopt;
    bool Bare = EndsLine(I + 1);
    int BodyArgsEnd = Bare ? I : RawTokenCache::matchForward(Body, I + 1);
    if (BodyArgsEnd < 0 || !EndsLine(BodyArgsEnd + 1))
      return std::nullopt;
    SourceLocation UseLoc = SM.getImmediateExpansionRange(Loc).getBegin();
    SourceLocation UseSpelled = SM.getSpellingLoc(UseLoc);
    const std::vector<RawTok> &Around = Raw.tokens(SM.getFileID(UseSpelled));
    int U = RawTokenCache::indexAt(Around, SM.getFileOffset(UseSpelled));
    if (U < 0 || Around[U].Kind != tok::raw_identifier)
      return std::nullopt;
    // The specifiers: the use's own parenthesized group for a bare name, or
    // for a function-like macro that passes its parameters on unchanged;
    // else the body's.
    int UseEnd = U;
    if (ParamsOpen >= 0 || Bare) {
      UseEnd = RawTokenCache::matchForward(Around, U + 1);
      if (UseEnd < 0)
        return std::nullopt;
    }
    bool ArgsOfUse = Bare;
    if (ParamsOpen >= 0 && !Bare) {
      int Params = ParamsOpen + 1, Args = I + 2;
      while (Args < BodyArgsEnd && Params < I - 1 && Body[Args].Kind == Body[Params].Kind &&
             Body[Args].Text == Body[Params].Text)
        ++Args, ++Params;
      ArgsOfUse = Args == BodyArgsEnd && Params == I - 1;
    }
    UseSite Site;
    int From = std::max(0, U - 512);
    Site.Toks.assign(Around.begin() + From, Around.begin() + U);
    RawTok Keyword = Around[U];
    Keyword.Text = "restrict";
    Site.I = static_cast<int>(Site.Toks.size());
    Site.Toks.push_back(Keyword);
    if (ArgsOfUse)
      Site.Toks.insert(Site.Toks.end(), Around.begin() + U + 1, Around.begin() + UseEnd + 1);
    else
      Site.Toks.insert(Site.Toks.end(), Body.begin() + I + 1, Body.begin() + BodyArgsEnd + 1);
    Site.ArgsEnd = static_cast<int>(Site.Toks.size()) - 1;
    int To = std::min(static_cast<int>(Around.size()), UseEnd + 65);
    Site.Toks.insert(Site.Toks.end(), Around.begin() + UseEnd + 1, Around.begin() + To);
    Site.InMacroBody = UseLoc.isMacroID() && SM.isMacroBodyExpansion(UseLoc);
    return Site;
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

  void classify(RestrictMacroLog::Use &U, const std::vector<RawTok> &Toks, int I,
                int ArgsEnd, FileID FID, RestrictForm Form) {
    std::string Spec = text(Toks, I, ArgsEnd, FID);

    // Walk back over the specifiers between the parameter list and restrict.
    int J = I - 1;
    static const llvm::StringSet<> Words = {"mutable", "constexpr", "consteval",
                                            "noexcept", "const",     "volatile",
                                            "override", "final",     "throw"};
    int ParamOpen = -1;
    bool Arrow = false;
    while (J >= 0) {
      const RawTok &T = Toks[J];
      if ((T.Kind == tok::raw_identifier && Words.count(T.Text)) || T.Kind == tok::amp ||
          T.Kind == tok::ampamp) {
        --J;
        continue;
      }
      if (T.Kind == tok::r_paren) {
        int K = RawTokenCache::matchBackward(Toks, J, tok::l_paren, tok::r_paren);
        if (K < 0)
          return;
        if (K > 0 && (isIdent(Toks[K - 1], "noexcept") || isIdent(Toks[K - 1], "throw") ||
                      isIdent(Toks[K - 1], "restrict") ||
                      isIdent(Toks[K - 1], "__attribute__"))) {
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
            ParamOpen = RawTokenCache::matchBackward(Toks, P, tok::l_paren, tok::r_paren);
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
        Before = RawTokenCache::matchBackward(Toks, Before, tok::less, tok::greater) - 1;
      InLambda = Before >= 0 && Toks[Before].Kind == tok::r_square;
    }
    U.InLambda = InLambda;
    U.AfterTrailingReturn = Arrow;
    if (Arrow)
      return; // Clang drops it with a warning; reported after parsing

    // What follows restrict(...) must parse after the attribute it became.
    int After = ArgsEnd + 1;
    if (After >= static_cast<int>(Toks.size()))
      return;
    const RawTok &N = Toks[After];
    if (InLambda) {
      // After `mutable` (an attribute on the function type) Clang takes no
      // further lambda specifier or exception specification; right after the
      // parameter list (a declaration attribute) it takes them all.
      if (Form == RestrictForm::TypeAttribute &&
          (isIdent(N, "noexcept") || isIdent(N, "throw") || isIdent(N, "mutable") ||
           isIdent(N, "constexpr") || isIdent(N, "consteval")))
        report(U, ampdiag::err_restrict_lambda_order)
            << Spec << text(Toks, After, qualifierRunEnd(Toks, After), FID);
      return;
    }
    // A function declarator: cv- and ref-qualifiers and noexcept must come
    // before restrict(...).
    bool Qualifier = isIdent(N, "const") || isIdent(N, "volatile") || N.Kind == tok::amp ||
                     N.Kind == tok::ampamp ||
                     (Form != RestrictForm::Nothing &&
                      (isIdent(N, "noexcept") || isIdent(N, "throw")));
    if (Qualifier) {
      std::string Words = text(Toks, After, qualifierRunEnd(Toks, After), FID);
      report(U, ampdiag::err_restrict_after_qualifier) << Spec << Words;
    }
  }

  // The last token of the run of qualifiers and lambda specifiers starting at
  // First (noexcept(...) and throw(...) whole), for messages.
  static int qualifierRunEnd(const std::vector<RawTok> &Toks, int First) {
    int Last = First;
    while (Last + 1 < static_cast<int>(Toks.size())) {
      const RawTok &T = Toks[Last + 1];
      if (isIdent(T, "const") || isIdent(T, "volatile") || T.Kind == tok::amp ||
          T.Kind == tok::ampamp || isIdent(T, "noexcept") || isIdent(T, "throw") ||
          isIdent(T, "mutable") || isIdent(T, "constexpr") || isIdent(T, "consteval")) {
        ++Last;
      } else if (T.Kind == tok::l_paren &&
                 (isIdent(Toks[Last], "noexcept") || isIdent(Toks[Last], "throw"))) {
        int E = RawTokenCache::matchForward(Toks, Last + 1);
        if (E < 0)
          break;
        Last = E;
      } else {
        break;
      }
    }
    return Last;
  }

  Preprocessor &PP;
  SourceManager &SM;
  RawTokenCache Raw;
  std::shared_ptr<RestrictMacroLog> Log;
  WarningOptions Opts;
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
  // restrict(...) on a function type that declares no function (a typedef,
  // a pointer to function): its specifiers are checked here.
  bool VisitAttributedTypeLoc(AttributedTypeLoc TL) {
    const auto *A = dyn_cast_or_null<AnnotateTypeAttr>(TL.getAttr());
    auto P = A ? parseAnnotation(A->getAnnotation()) : std::nullopt;
    if (!P || P->first != Annotation::Restrict)
      return true;
    markSeen(A);
    if (FunctionAttrs.count(A))
      return true;
    std::optional<RestrictionSpec> Spec = getFunctionTypeRestrictions(TL);
    if (!Spec || !Reported.insert(Spec->Loc).second)
      return true;
    SourceLocation Loc = SM.getExpansionLoc(Spec->Loc);
    if (!Spec->Unknown.empty())
      C.Diags.report(Loc, ampdiag::err_restrict_specifier) << 0 << Spec->Unknown;
    else if (Spec->Empty && !Spec->Bits)
      C.Diags.report(Loc, ampdiag::err_restrict_specifier) << 1;
    return true;
  }

private:
  void visitDecl(const Decl *D) {
    if (!Visited.insert(D).second)
      return;
    forEachRestrictAnnotation(D, [&](llvm::StringRef, const Attr *A, bool Inherited) {
      markSeen(A);
      FunctionAttrs.insert(A);
      if (!Inherited && !isa<FunctionDecl>(D))
        C.Diags.report(SM.getExpansionLoc(A->getLocation()), ampdiag::err_restrict_not_function);
    });
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

  // The macro log has the `restrict` token where it was written; inside a
  // macro argument that is a step of the attribute's expansion chain.
  void markSeen(const Attr *A) {
    SourceLocation L = A->getLocation();
    for (; L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L))
      Seen.insert(SM.getSpellingLoc(L));
    Seen.insert(L);
  }

  CheckContext &C;
  SourceManager &SM;
  llvm::DenseSet<const Decl *> Visited;
  llvm::DenseSet<const Attr *> FunctionAttrs; // checked with their function
  llvm::DenseSet<SourceLocation> Reported;
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
    if (U.Reported || F.Seen.count(U.Loc) || (U.AppliedAt.isValid() && F.Seen.count(U.AppliedAt)))
      continue;
    if (U.AfterTrailingReturn) {
      C.Diags.report(U.Loc, ampdiag::err_restrict_after_trailing_return) << U.InLambda;
      continue;
    }
    if (!C.HadErrorsBefore)
      C.Diags.report(U.Loc, ampdiag::err_restrict_ignored);
  }
}
