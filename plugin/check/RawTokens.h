//===- RawTokens.h - A source file's tokens as written ---------------------===//
//
// The restrict(...) macro is judged by the tokens around it as the user wrote
// them (before any macro expansion): which form it expands to
// (RestrictExpansion.cpp) and whether Clang can parse it where it stands
// (RestrictionSyntax.cpp). Both read a file's raw tokens through this cache.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_RAWTOKENS_H
#define AMPVK_PLUGIN_CHECK_RAWTOKENS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <vector>

namespace ampvk {

struct RawTok {
  clang::tok::TokenKind Kind;
  llvm::StringRef Text; // spelling for identifiers (keywords included), empty otherwise
  unsigned Offset;
  bool StartOfLine;
};

inline bool isIdent(const RawTok &T, llvm::StringRef Name) {
  return T.Kind == clang::tok::raw_identifier && T.Text == Name;
}

class RawTokenCache {
public:
  RawTokenCache(clang::SourceManager &SM, const clang::LangOptions &LO) : SM(SM), LO(LO) {}

  const std::vector<RawTok> &tokens(clang::FileID FID) {
    auto It = Cache.find(FID);
    if (It != Cache.end())
      return It->second;
    std::vector<RawTok> &Out = Cache[FID];
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return Out;
    clang::Lexer L(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin(), Buf.end());
    clang::Token T;
    for (;;) {
      L.LexFromRawLexer(T);
      if (T.is(clang::tok::eof))
        break;
      RawTok R;
      R.Kind = T.getKind();
      R.Text = T.is(clang::tok::raw_identifier) ? T.getRawIdentifier() : llvm::StringRef();
      R.Offset = SM.getFileOffset(T.getLocation());
      R.StartOfLine = T.isAtStartOfLine();
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
  static int matchBackward(const std::vector<RawTok> &Toks, int I, clang::tok::TokenKind Open,
                           clang::tok::TokenKind Close) {
    int Depth = 0;
    for (int J = I; J >= 0 && I - J < 4096; --J) {
      if (Toks[J].Kind == Close)
        ++Depth;
      else if (Toks[J].Kind == Open && --Depth == 0)
        return J;
    }
    return -1;
  }
  // Index of the ')' matching the '(' at I.
  static int matchForward(const std::vector<RawTok> &Toks, int I) {
    int Depth = 0;
    for (int J = I; J < static_cast<int>(Toks.size()) && J - I < 4096; ++J) {
      if (Toks[J].Kind == clang::tok::l_paren)
        ++Depth;
      else if (Toks[J].Kind == clang::tok::r_paren && --Depth == 0)
        return J;
    }
    return -1;
  }

private:
  clang::SourceManager &SM;
  const clang::LangOptions &LO;
  llvm::DenseMap<clang::FileID, std::vector<RawTok>> Cache;
};

} // namespace ampvk

#endif
