//===- LibraryGaps.cpp - Uses of C++ AMP API that ampvk lacks -------------===//
//
// <amp.h> declares the parts of Microsoft's C++ AMP API that ampvk does not
// implement yet with AMPVK_NOT_YET("name"). A program that names one (a call,
// a constructor, a type, a member) gets err_unsupported at that use, in host
// and kernel code alike, instead of Clang's "no member named" or an undefined
// reference at link time.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

namespace {

class GapFinder : public RecursiveASTVisitor<GapFinder> {
public:
  explicit GapFinder(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    use(E->getDecl(), E->getLocation(), E->getSourceRange());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    use(E->getMemberDecl(), E->getMemberLoc(), E->getSourceRange());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    use(E->getConstructor(), E->getBeginLoc(), E->getSourceRange());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    use(TL.getDecl(), TL.getNameLoc(), TL.getSourceRange());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    if (TemplateDecl *TD = TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      use(TD->getTemplatedDecl(), TL.getTemplateNameLoc(), TL.getSourceRange());
    return true;
  }

private:
  void use(const Decl *D, SourceLocation Loc, SourceRange Range) {
    if (!D || Loc.isInvalid())
      return;
    llvm::StringRef Name = getNotYetName(D);
    // The library's own declarations mention their names; only uses count.
    if (Name.data() && !isInSystemHeader(C.Ctx, Loc) && !C.isLibraryLocation(Loc))
      C.Diags.report(C.Ctx.getSourceManager().getExpansionLoc(Loc), ampdiag::err_unsupported)
          << Name << Range;
  }

  CheckContext &C;
};

} // namespace

void ampvk::checkLibraryGaps(CheckContext &C) {
  GapFinder(C).TraverseDecl(C.Ctx.getTranslationUnitDecl());
}
