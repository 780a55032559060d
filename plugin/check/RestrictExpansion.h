//===- RestrictExpansion.h - What one restrict(...) expands to -------------===//
//
// C++ AMP's `restrict` is a contextual keyword. ampvk spells it as a
// function-like macro that the plugin predefines (so no #include is needed
// first) and whose expansion it picks at each use from the tokens around it:
//
//   int f() restrict(amp);              a GNU annotate attribute on the declaration
//   [=]() mutable restrict(amp) {...}   an annotate_type attribute on the function
//   auto f() restrict(amp) -> int;      type, where Clang takes no GNU attribute
//   int f() restrict(amp);              amp only (not a lambda): also enable_if(1),
//                                       which makes it an overload of a restrict(cpu) f
//   typedef int F(int) restrict(amp);   a function type: annotate_type on the type
//   int f() restrict(amp) noexcept;     nothing here; the attribute follows the
//                                       exception specification (deferPastExceptionSpec)
//   int restrict(int); restrict(x);     the plain identifier: a function,
//   Foo restrict(3); class restrict;    variable or class named restrict
//
// <amp.h> defines the same macro (the declaration-attribute form) when the
// plugin is not loaded, for IDEs that parse the headers without it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_RESTRICTEXPANSION_H
#define AMPVK_PLUGIN_CHECK_RESTRICTEXPANSION_H

#include "RawTokens.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace ampvk {

enum class RestrictForm {
  Name,          // not a restriction specifier: the identifier `restrict`
  DeclAttribute, // __attribute__((annotate("amp.restrict:...")))
  AmpOnlyDeclAttribute, // the same plus enable_if(1, ...) on restrict(amp) only
                        // functions, so that they overload a restrict(cpu) sibling
                        // (attrs/RestrictionOverloads.h)
  TypeAttribute, // [[clang::annotate_type("amp.restrict:...")]]
  Nothing,       // no tokens: the attribute comes after the exception
                 // specification that follows (deferPastExceptionSpec)
};

// The #defines the plugin adds to the predefines of a C++ compilation.
std::string restrictMacroDefinitions();

// The form of the restrict(...) whose name is Toks[I] and whose argument list
// closes at Toks[ArgsEnd]. InMacroBody: it is spelled in a #define.
RestrictForm chooseRestrictForm(const std::vector<RawTok> &Toks, int I, int ArgsEnd,
                                bool InMacroBody);

// Whether the restrict(...) at Toks[I] belongs to a lambda's declarator.
bool isLambdaDeclarator(const std::vector<RawTok> &Toks, int I);

// Whether the restrict(...) at Toks[I] belongs to a function type that
// declares no function: a typedef or alias (`typedef int F(int) restrict(amp)`,
// `using G = int(int) restrict(cpu)`), a pointer, reference or member pointer
// to function (`int (*p)(int) restrict(cpu)`), a type-id in a template
// argument list.
bool isFunctionTypeDeclarator(const std::vector<RawTok> &Toks, int I);

// C++ AMP writes the restriction before the exception specification
// (`int f() const restrict(amp) noexcept`, `[]() mutable restrict(amp)
// noexcept`), where Clang takes no attribute. When the restrict(...) closing
// at Toks[ArgsEnd] is followed by `noexcept`, `noexcept(...)`, `throw(...)`:
// the index of the last token of that specification, else -1.
int exceptionSpecAfter(const std::vector<RawTok> &Toks, int ArgsEnd);

// The form the restrict(...) at Toks[I] takes once moved past the exception
// specification ending at Toks[SpecEnd].
RestrictForm formPastExceptionSpec(const std::vector<RawTok> &Toks, int I, int ArgsEnd,
                                   int SpecEnd);

// Makes the next `noexcept` or `throw` token (Toks[ArgsEnd + 1], read next by
// PP) expand to itself, its parenthesized operand, then the restrict(...) at
// Toks[I] in form F: a one-shot macro on the keyword, which
// isDeferredRestrictMacro recognizes and the caller removes when it expands.
// False when the specifier list is not plain identifiers and commas.
bool deferPastExceptionSpec(clang::Preprocessor &PP, const std::vector<RawTok> &Toks, int I,
                            int ArgsEnd, RestrictForm F, clang::SourceLocation Loc);
bool isDeferredRestrictMacro(const clang::MacroInfo &MI);

// Makes MI (the macro `restrict`, about to be expanded) expand to form F;
// false when MI is not the plugin's macro (the program redefined it).
bool selectRestrictForm(clang::Preprocessor &PP, clang::MacroInfo &MI, RestrictForm F);

} // namespace ampvk

#endif
