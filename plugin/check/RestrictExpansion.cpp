//===- RestrictExpansion.cpp - What one restrict(...) expands to -----------===//
//
// The macro `restrict` expands to one of three helper macros, and the plugin
// swaps the helper's name in its body just before each expansion (the
// preprocessor has read the arguments by then, and reads the body after).
// The helper of the name form expands to `restrict(...)` again, which the
// preprocessor does not expand a second time (a macro's name inside its own
// expansion is an ordinary identifier).
//
// Which form a use takes is decided from the tokens as written around it, the
// way a C++ AMP compiler decides whether `restrict` is the contextual keyword:
// after a function's or lambda's parameter list and its qualifiers, or at the
// start of a declaration with a list of specifiers, it is the specifier;
// anywhere else it is an identifier.
//
//===----------------------------------------------------------------------===//
#include "RestrictExpansion.h"

#include "attrs/AmpAttributes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace ampvk;

namespace {

const char *const NameHelper = "__ampvk_restrict_name";
const char *const DeclHelper = "__ampvk_restrict_decl";
const char *const TypeHelper = "__ampvk_restrict_type";
const char *const AmpOnlyHelper = "__ampvk_restrict_amp_only";
const char *const NothingHelper = "__ampvk_restrict_nothing";
const char *const HelperPrefix = "__ampvk_restrict_";

const char *helperOf(RestrictForm F) {
  switch (F) {
  case RestrictForm::Name:
    return NameHelper;
  case RestrictForm::DeclAttribute:
    return DeclHelper;
  case RestrictForm::AmpOnlyDeclAttribute:
    return AmpOnlyHelper;
  case RestrictForm::TypeAttribute:
    return TypeHelper;
  case RestrictForm::Nothing:
    return NothingHelper;
  }
  return DeclHelper;
}

bool isOneOf(const RawTok &T, std::initializer_list<llvm::StringRef> Words) {
  if (T.Kind != tok::raw_identifier)
    return false;
  for (llvm::StringRef W : Words)
    if (T.Text == W)
      return true;
  return false;
}

// `amp`, `cpu, amp`, `foo`: identifiers separated by commas (unknown ones are
// still meant as specifiers and get err_restrict_specifier).
bool isSpecifierList(const std::vector<RawTok> &Toks, int Open, int Close) {
  if (Close - Open < 2)
    return false;
  for (int J = Open + 1; J < Close; ++J) {
    bool WantIdent = (J - Open) % 2 == 1;
    if (WantIdent ? Toks[J].Kind != tok::raw_identifier : Toks[J].Kind != tok::comma)
      return false;
  }
  return Toks[Close - 1].Kind == tok::raw_identifier;
}

// Only `amp` and `cpu`.
bool isKnownSpecifierList(const std::vector<RawTok> &Toks, int Open, int Close) {
  if (!isSpecifierList(Toks, Open, Close))
    return false;
  for (int J = Open + 1; J < Close; J += 2)
    if (!isOneOf(Toks[J], {"amp", "cpu"}))
      return false;
  return true;
}

// The legacy ampvk spelling `restrict(amp) auto f() -> T` at the start of a
// declaration, as opposed to a call `restrict(x);` there.
bool isDeclarationStart(const std::vector<RawTok> &Toks, int I, int ArgsEnd) {
  if (!isSpecifierList(Toks, I + 1, ArgsEnd))
    return false;
  if (ArgsEnd + 1 >= static_cast<int>(Toks.size()))
    return false;
  const RawTok &Next = Toks[ArgsEnd + 1];
  return Next.Kind == tok::raw_identifier || Next.Kind == tok::l_square ||
         Next.Kind == tok::coloncolon;
}

// Prev is the `)` closing some parenthesized group: a parameter list (or an
// exception specification, an attribute) makes `restrict` the specifier; a
// condition, a cast, sizeof(...) or decltype(...) makes it a name.
bool closesDeclaratorGroup(const std::vector<RawTok> &Toks, int Prev) {
  int Open = RawTokenCache::matchBackward(Toks, Prev, tok::l_paren, tok::r_paren);
  if (Open <= 0)
    return false;
  const RawTok &B = Toks[Open - 1];
  if (B.Kind == tok::raw_identifier)
    return !isOneOf(B, {"if", "while", "for", "switch", "sizeof", "alignof", "decltype",
                        "typeid", "return", "case", "new", "delete", "co_return", "co_yield",
                        "co_await", "static_assert", "_Alignof", "__typeof__", "typeof"});
  if (B.Kind == tok::r_paren || B.Kind == tok::r_square || B.Kind == tok::greater)
    return true; // (*p)(int), operator()(int), a lambda's [..](..), f<T>(..)
  // `operator+(...)`, `operator op##=(...)` in a macro: the punctuators are
  // the operator's name.
  for (int K = Open - 2; K >= 0 && Open - K <= 5; --K) {
    if (isIdent(Toks[K], "operator"))
      return true;
    tok::TokenKind Kind = Toks[K].Kind;
    if (Kind == tok::semi || Kind == tok::l_brace || Kind == tok::r_brace ||
        Kind == tok::l_paren || Kind == tok::r_paren)
      break;
  }
  return false;
}

// After a trailing return type (`-> int restrict(amp)`): the specifier, which
// Clang then ignores; RestrictionSyntax.cpp reports it.
bool followsTrailingReturnType(const std::vector<RawTok> &Toks, int Prev) {
  for (int K = Prev; K >= 0 && Prev - K < 32; --K) {
    tok::TokenKind Kind = Toks[K].Kind;
    if (Kind == tok::arrow)
      return K > 0 && Toks[K - 1].Kind != tok::raw_identifier; // `) ->`, `const ->`...
    if (Kind != tok::raw_identifier && Kind != tok::coloncolon && Kind != tok::less &&
        Kind != tok::greater && Kind != tok::star && Kind != tok::amp &&
        Kind != tok::ampamp && Kind != tok::comma && Kind != tok::numeric_constant)
      return false;
  }
  return false;
}

bool isSpecifierPosition(const std::vector<RawTok> &Toks, int I, int ArgsEnd,
                         bool InMacroBody) {
  if (I == 0)
    return isDeclarationStart(Toks, I, ArgsEnd);
  int Prev = I - 1;
  const RawTok &P = Toks[Prev];
  // `#define AMP restrict(amp)`, `#define AMP(x) restrict(x)`: the body's
  // context is unknown; a macro body that spells restrict(...) first means
  // the specifier.
  if (InMacroBody) {
    if (Prev >= 2 && isIdent(Toks[Prev - 1], "define") && Toks[Prev - 2].Kind == tok::hash)
      return true;
    if (P.Kind == tok::r_paren) {
      int Open = RawTokenCache::matchBackward(Toks, Prev, tok::l_paren, tok::r_paren);
      if (Open >= 3 && isIdent(Toks[Open - 2], "define") && Toks[Open - 3].Kind == tok::hash)
        return true;
    }
  }
  switch (P.Kind) {
  case tok::r_paren:
    return closesDeclaratorGroup(Toks, Prev);
  case tok::amp:
  case tok::ampamp: {
    // A ref-qualifier follows the parameter list or a cv-qualifier; `a & f(x)`
    // is an expression.
    if (Prev == 0)
      return false;
    const RawTok &B = Toks[Prev - 1];
    return B.Kind == tok::r_paren || isOneOf(B, {"const", "volatile"});
  }
  case tok::semi:
  case tok::l_brace:
  case tok::r_brace:
  case tok::colon:
  case tok::greater:
    return isDeclarationStart(Toks, I, ArgsEnd);
  case tok::raw_identifier:
    break;
  default:
    return false; // `(`, `,`, `=`, `~`, `.`, an operator: a name
  }
  if (isOneOf(P, {"mutable", "noexcept", "constexpr", "consteval", "override", "final"}))
    return true;
  if (isOneOf(P, {"const", "volatile"})) {
    // `int f() const restrict(amp)`, but `int const restrict(5);` declares a
    // variable.
    int K = Prev;
    while (K > 0 && isOneOf(Toks[K], {"const", "volatile"}))
      --K;
    return Toks[K].Kind == tok::r_paren;
  }
  // `int v restrict(amp);` (an error: restrict on a variable) but
  // `Foo restrict(x);`, `int restrict(int a)` (a variable, a function).
  return followsTrailingReturnType(Toks, Prev) || isKnownSpecifierList(Toks, I + 1, ArgsEnd);
}

// restrict(amp) (only amp) on a function that may have a restrict(cpu)
// sibling: not a lambda (lambdas are not overloaded) and not a destructor (a
// class has one).
bool isAmpOnlyFunction(const std::vector<RawTok> &Toks, int I, int ArgsEnd) {
  bool AnyAmp = false;
  for (int J = I + 2; J < ArgsEnd; ++J) {
    if (Toks[J].Kind == tok::comma)
      continue;
    if (!isIdent(Toks[J], "amp"))
      return false;
    AnyAmp = true;
  }
  if (!AnyAmp || isLambdaDeclarator(Toks, I))
    return false;
  // restrict(cpu) restrict(amp): the set is the sum.
  if (ArgsEnd + 1 < static_cast<int>(Toks.size()) && isIdent(Toks[ArgsEnd + 1], "restrict"))
    return false;
  // Walk back to the parameter list and look at the declarator's name.
  int J = I - 1;
  while (J >= 0 && (isOneOf(Toks[J], {"const", "volatile", "noexcept"}) ||
                    Toks[J].Kind == tok::amp || Toks[J].Kind == tok::ampamp))
    --J;
  if (J < 0)
    return true;
  if (Toks[J].Kind != tok::r_paren) // `restrict(amp) auto f()`, not `-> T restrict(amp)`
    return J == I - 1 && (Toks[J].Kind == tok::semi || Toks[J].Kind == tok::l_brace ||
                          Toks[J].Kind == tok::r_brace || Toks[J].Kind == tok::colon ||
                          Toks[J].Kind == tok::greater);
  int Open = RawTokenCache::matchBackward(Toks, J, tok::l_paren, tok::r_paren);
  if (Open >= 1 && isIdent(Toks[Open - 1], "restrict"))
    return false;
  if (Open >= 1 && isOneOf(Toks[Open - 1], {"noexcept", "throw"})) {
    J = Open - 2;
    if (J < 0 || Toks[J].Kind != tok::r_paren)
      return true;
    Open = RawTokenCache::matchBackward(Toks, J, tok::l_paren, tok::r_paren);
  }
  if (Open < 1 || (Open >= 2 && Toks[Open - 2].Kind == tok::tilde))
    return false; // a destructor
  // `(*p)(int)`: a pointer to function, but `operator()(int)`: a function.
  if (Toks[Open - 1].Kind == tok::r_paren) {
    int Inner = RawTokenCache::matchBackward(Toks, Open - 1, tok::l_paren, tok::r_paren);
    return Inner >= 1 && isIdent(Toks[Inner - 1], "operator");
  }
  // `typedef int F(int) restrict(amp);`
  for (int K = Open - 1; K >= 0 && Open - K < 64; --K) {
    if (Toks[K].Kind == tok::semi || Toks[K].Kind == tok::l_brace ||
        Toks[K].Kind == tok::r_brace)
      break;
    if (isIdent(Toks[K], "typedef"))
      return false;
  }
  return true;
}

// The `)` closing the parameter list that the restrict(...) at Toks[I]
// follows, over cv- and ref-qualifiers and an exception specification; -1
// when there is none.
int parameterListEnd(const std::vector<RawTok> &Toks, int I) {
  int J = I - 1;
  while (J >= 0) {
    if (isOneOf(Toks[J], {"const", "volatile", "noexcept"}) || Toks[J].Kind == tok::amp ||
        Toks[J].Kind == tok::ampamp) {
      --J;
      continue;
    }
    if (Toks[J].Kind != tok::r_paren)
      return -1;
    int Open = RawTokenCache::matchBackward(Toks, J, tok::l_paren, tok::r_paren);
    if (Open > 0 && isOneOf(Toks[Open - 1], {"noexcept", "throw"})) {
      J = Open - 2;
      continue;
    }
    return J;
  }
  return -1;
}

} // namespace

bool ampvk::isFunctionTypeDeclarator(const std::vector<RawTok> &Toks, int I) {
  int Close = parameterListEnd(Toks, I);
  if (Close < 0)
    return false;
  int Open = RawTokenCache::matchBackward(Toks, Close, tok::l_paren, tok::r_paren);
  if (Open < 1)
    return false;
  const RawTok &B = Toks[Open - 1];
  // `(*p)(int)`, `(&r)(int)`, `(S::*m)(int)`, `(*)(int)`; not `operator()(int)`.
  if (B.Kind == tok::r_paren) {
    int Inner = RawTokenCache::matchBackward(Toks, Open - 1, tok::l_paren, tok::r_paren);
    if (Inner < 1 || isIdent(Toks[Inner - 1], "operator"))
      return false;
    for (int K = Inner + 1; K < Open - 1; ++K)
      if (Toks[K].Kind == tok::star || Toks[K].Kind == tok::amp || Toks[K].Kind == tok::ampamp)
        return true;
    return false;
  }
  if (B.Kind != tok::raw_identifier && B.Kind != tok::greater && B.Kind != tok::star &&
      B.Kind != tok::amp)
    return false;
  // `function<int(int) restrict(cpu)>`: a type-id right after `<` or `,`.
  if (Open >= 2 && B.Kind == tok::raw_identifier &&
      (Toks[Open - 2].Kind == tok::less || Toks[Open - 2].Kind == tok::comma))
    return true;
  // `typedef ... F(...)`, `using G = ...(...)` in the same statement.
  for (int K = Open - 1; K >= 0 && Open - K < 64; --K) {
    tok::TokenKind Kind = Toks[K].Kind;
    if (Kind == tok::semi || Kind == tok::l_brace || Kind == tok::r_brace)
      break;
    if (isIdent(Toks[K], "typedef"))
      return true;
    if (Kind == tok::equal && K >= 2 && isIdent(Toks[K - 2], "using"))
      return true;
  }
  return false;
}

int ampvk::exceptionSpecAfter(const std::vector<RawTok> &Toks, int ArgsEnd) {
  int N = static_cast<int>(Toks.size());
  int K = ArgsEnd + 1;
  if (K >= N || !isOneOf(Toks[K], {"noexcept", "throw"}))
    return -1;
  if (K + 1 < N && Toks[K + 1].Kind == tok::l_paren && !Toks[K + 1].StartOfLine)
    return RawTokenCache::matchForward(Toks, K + 1);
  return isIdent(Toks[K], "noexcept") ? K : -1; // `throw` alone is an expression
}

RestrictForm ampvk::formPastExceptionSpec(const std::vector<RawTok> &Toks, int I, int ArgsEnd,
                                          int SpecEnd) {
  // After an exception specification Clang takes a GNU attribute on a
  // function declaration only; on a lambda, a function type and before a
  // trailing return type, a C++11 attribute on the function type.
  bool Arrow = SpecEnd + 1 < static_cast<int>(Toks.size()) &&
               Toks[SpecEnd + 1].Kind == tok::arrow;
  if (Arrow || isLambdaDeclarator(Toks, I) || isFunctionTypeDeclarator(Toks, I))
    return RestrictForm::TypeAttribute;
  return isAmpOnlyFunction(Toks, I, ArgsEnd) ? RestrictForm::AmpOnlyDeclAttribute
                                              : RestrictForm::DeclAttribute;
}

bool ampvk::deferPastExceptionSpec(Preprocessor &PP, const std::vector<RawTok> &Toks, int I,
                                   int ArgsEnd, RestrictForm F, SourceLocation Loc) {
  if (!isSpecifierList(Toks, I + 1, ArgsEnd) && ArgsEnd != I + 2)
    return false;
  const RawTok &Keyword = Toks[ArgsEnd + 1];
  bool WithOperand = ArgsEnd + 2 < static_cast<int>(Toks.size()) &&
                     Toks[ArgsEnd + 2].Kind == tok::l_paren;
  // Tokens spelled in the scratch buffer, so that #__VA_ARGS__ in the
  // helper spells them right.
  auto Make = [&](tok::TokenKind Kind, llvm::StringRef Text, bool LeadingSpace) {
    Token T;
    T.startToken();
    T.setKind(Kind);
    PP.CreateString(Text, T);
    if (Kind == tok::raw_identifier)
      PP.LookUpIdentifierInfo(T);
    if (LeadingSpace)
      T.setFlag(Token::LeadingSpace);
    return T;
  };
  llvm::SmallVector<Token, 16> Body;
  Body.push_back(Make(tok::raw_identifier, Keyword.Text, false));
  IdentifierInfo *VaArgs = PP.getIdentifierInfo("__VA_ARGS__");
  if (WithOperand) {
    Body.push_back(Make(tok::l_paren, "(", false));
    Body.push_back(Make(tok::raw_identifier, "__VA_ARGS__", false));
    Body.push_back(Make(tok::r_paren, ")", false));
  }
  Body.push_back(Make(tok::raw_identifier, helperOf(F), true));
  Body.push_back(Make(tok::l_paren, "(", false));
  for (int J = I + 2; J < ArgsEnd; ++J)
    Body.push_back(Toks[J].Kind == tok::comma ? Make(tok::comma, ",", false)
                                              : Make(tok::raw_identifier, Toks[J].Text, J > I + 2));
  Body.push_back(Make(tok::r_paren, ")", false));
  MacroInfo *MI = PP.AllocateMacroInfo(Loc);
  MI->setDefinitionEndLoc(Loc);
  if (WithOperand) {
    MI->setIsFunctionLike();
    MI->setIsC99Varargs();
    MI->setParameterList({VaArgs}, PP.getPreprocessorAllocator());
  }
  MI->setTokens(Body, PP.getPreprocessorAllocator());
  PP.appendDefMacroDirective(PP.getIdentifierInfo(Keyword.Text), MI, Loc);
  return true;
}

bool ampvk::isDeferredRestrictMacro(const MacroInfo &MI) {
  for (const Token &T : MI.tokens())
    if (const IdentifierInfo *II = T.is(tok::raw_identifier) || T.isLiteral() || T.isAnnotation()
                                       ? nullptr
                                       : T.getIdentifierInfo())
      if (II->getName().starts_with(HelperPrefix) && II->getName() != "__VA_ARGS__")
        return true;
  return false;
}

std::string ampvk::restrictMacroDefinitions() {
  std::string Spelling = ("\"" + spellingOf(Annotation::Restrict) + "\"").str();
  std::string S;
  S += "#define " + std::string(DeclHelper) + "(...) __attribute__((annotate(" + Spelling +
       " #__VA_ARGS__)))\n";
  // -Wgcc-compat would call enable_if "a clang extension" at the user's
  // restrict(amp).
  S += "#define " + std::string(AmpOnlyHelper) + "(...) __attribute__((annotate(" + Spelling +
       " #__VA_ARGS__))) _Pragma(\"clang diagnostic push\") _Pragma(\"clang diagnostic "
       "ignored \\\"-Wgcc-compat\\\"\") __attribute__((enable_if(1, \"restrict(amp)\"))) "
       "_Pragma(\"clang diagnostic pop\")\n";
  S += "#define " + std::string(TypeHelper) + "(...) [[clang::annotate_type(" + Spelling +
       " #__VA_ARGS__)]]\n";
  S += "#define " + std::string(NameHelper) + "(...) restrict(__VA_ARGS__)\n";
  S += "#define " + std::string(NothingHelper) + "(...)\n";
  S += "#define restrict(...) " + std::string(DeclHelper) + "(__VA_ARGS__)\n";
  return S;
}

bool ampvk::isLambdaDeclarator(const std::vector<RawTok> &Toks, int I) {
  // Walk back over the lambda specifiers and the exception specification to
  // the parameter list.
  int J = I - 1;
  while (J >= 0) {
    if (isOneOf(Toks[J], {"mutable", "constexpr", "consteval", "noexcept", "static"})) {
      --J;
      continue;
    }
    if (Toks[J].Kind != tok::r_paren)
      return false;
    int Open = RawTokenCache::matchBackward(Toks, J, tok::l_paren, tok::r_paren);
    if (Open <= 0)
      return false;
    if (isOneOf(Toks[Open - 1], {"noexcept", "throw", "__attribute__"})) {
      J = Open - 2;
      continue;
    }
    int Before = Open - 1;
    if (Toks[Before].Kind == tok::greater)
      Before = RawTokenCache::matchBackward(Toks, Before, tok::less, tok::greater) - 1;
    return Before >= 0 && Toks[Before].Kind == tok::r_square;
  }
  return false;
}

RestrictForm ampvk::chooseRestrictForm(const std::vector<RawTok> &Toks, int I, int ArgsEnd,
                                       bool InMacroBody) {
  if (!isSpecifierPosition(Toks, I, ArgsEnd, InMacroBody))
    return RestrictForm::Name;
  const RawTok *Next =
      ArgsEnd + 1 < static_cast<int>(Toks.size()) ? &Toks[ArgsEnd + 1] : nullptr;
  if (Next && InMacroBody && Next->StartOfLine)
    Next = nullptr; // past the end of the #define
  // Clang takes a GNU attribute neither before a trailing return type nor
  // after a lambda's specifiers; a C++11 attribute on the function type it
  // takes in both places.
  if (Next && Next->Kind == tok::arrow)
    return RestrictForm::TypeAttribute;
  if (isFunctionTypeDeclarator(Toks, I))
    return RestrictForm::TypeAttribute;
  const RawTok &P = Toks[I - 1];
  if (isOneOf(P, {"mutable", "constexpr", "consteval"}))
    return RestrictForm::TypeAttribute;
  bool AfterExceptionSpec = isIdent(P, "noexcept");
  if (P.Kind == tok::r_paren) {
    int Open = RawTokenCache::matchBackward(Toks, I - 1, tok::l_paren, tok::r_paren);
    AfterExceptionSpec = Open > 0 && isOneOf(Toks[Open - 1], {"noexcept", "throw"});
  }
  if (AfterExceptionSpec && isLambdaDeclarator(Toks, I))
    return RestrictForm::TypeAttribute;
  return isAmpOnlyFunction(Toks, I, ArgsEnd) ? RestrictForm::AmpOnlyDeclAttribute
                                              : RestrictForm::DeclAttribute;
}

bool ampvk::selectRestrictForm(Preprocessor &PP, MacroInfo &MI, RestrictForm F) {
  if (!MI.isFunctionLike() || MI.getNumTokens() != 4)
    return false;
  const IdentifierInfo *Current = MI.getReplacementToken(0).getIdentifierInfo();
  if (!Current || !Current->getName().starts_with(HelperPrefix))
    return false;
  const char *Want = helperOf(F);
  if (Current->getName() == Want)
    return true;
  llvm::SmallVector<Token, 4> Body(MI.tokens().begin(), MI.tokens().end());
  Body[0].setIdentifierInfo(PP.getIdentifierInfo(Want));
  MI.setTokens(Body, PP.getPreprocessorAllocator());
  return true;
}
