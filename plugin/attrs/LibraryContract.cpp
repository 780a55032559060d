//===- LibraryContract.cpp - Do these headers speak this plugin's contract? ===//
//
// The plugin and <amp.h> agree on annotations, intrinsic names and a few
// layout facts (include/ampvk/annotations.h). A header installed by another
// ampvk version would otherwise surface as wrong code or an internal error
// deep in the emitter; here it is one clear error before anything else runs.
// User code that spells one of the library's private annotations gets an
// error too (the plugin would take it for a library hook).
//
//===----------------------------------------------------------------------===//
#include "attrs/LibraryContract.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace ampvk;

namespace {

struct Annotated {
  const Decl *D;
  const AnnotateAttr *A;
  SourceLocation Loc; // where the annotation was written (expansion location)
};

class AnnotationCollector : public RecursiveASTVisitor<AnnotationCollector> {
public:
  explicit AnnotationCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDecl(Decl *D) {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (!A->isInherited() && A->getAnnotation().starts_with("amp."))
        Found.push_back({D, A, SM.getExpansionLoc(A->getLocation())});
    return true;
  }
  std::vector<Annotated> Found;

private:
  const SourceManager &SM;
};

const char *const IntrinsicNames[] = {
#define AMPVK_X(Enumerator, Spelling) Spelling,
    AMPVK_INTRINSIC_NAMES(AMPVK_X)
#undef AMPVK_X
};
const char *const ClassRoles[] = {
#define AMPVK_X(Enumerator, Spelling) Spelling,
    AMPVK_CLASS_NAMES(AMPVK_X)
#undef AMPVK_X
};

template <std::size_t Size>
bool isOneOf(llvm::StringRef Name, const char *const (&Known)[Size]) {
  return llvm::is_contained(llvm::ArrayRef<const char *>(Known), Name);
}

// array and array_view start with their ampvk::rt::buffer*: the runtime finds
// the buffer of a binding there (kernel_image.h).
bool startsWithPointer(const Decl *D) {
  const auto *RD = dyn_cast<CXXRecordDecl>(D);
  if (!RD || !RD->hasDefinition())
    return true; // a forward declaration says nothing
  auto First = RD->getDefinition()->field_begin();
  return First != RD->getDefinition()->field_end() && First->getType()->isPointerType();
}

} // namespace

LibraryFiles::LibraryFiles(const SourceManager &SM, SourceLocation ContractLoc) : SM(&SM) {
  // ContractLoc is in <root>/ampvk/detail/keywords.h.
  llvm::StringRef File = SM.getFilename(SM.getExpansionLoc(ContractLoc));
  Root = llvm::sys::path::parent_path(
             llvm::sys::path::parent_path(llvm::sys::path::parent_path(File)))
             .str();
}

bool LibraryFiles::contains(SourceLocation Loc) const {
  if (!SM || Root.empty() || Loc.isInvalid())
    return false;
  llvm::StringRef File = SM->getFilename(SM->getExpansionLoc(Loc));
  if (File.empty())
    return false;
  if (llvm::sys::path::parent_path(File) == Root)
    return llvm::sys::path::filename(File).starts_with("amp");
  return File.starts_with(Root + llvm::sys::path::get_separator().str() + "ampvk");
}

bool ampvk::checkLibraryContract(ASTContext &Ctx, AmpDiagnostics &Diags, LibraryFiles &Files) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnnotationCollector Collector(SM);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());

  const Annotated *Contract = nullptr;
  const Annotated *FirstLibraryHook = nullptr;
  for (const Annotated &An : Collector.Found) {
    auto P = parseAnnotation(An.A->getAnnotation());
    if (P && P->first == Annotation::Contract && !Contract)
      Contract = &An;
    else if ((!P || isPrivate(P->first)) && !FirstLibraryHook)
      FirstLibraryHook = &An;
  }
  if (!Contract) {
    if (!FirstLibraryHook)
      return true; // no C++ AMP library here
    Diags.report(FirstLibraryHook->Loc, ampdiag::err_contract_missing)
        << AMPVK_CONTRACT_VERSION;
    return false;
  }
  llvm::StringRef Version = parseAnnotation(Contract->A->getAnnotation())->second;
  if (Version != AMPVK_STRINGIZE_VALUE(AMPVK_CONTRACT_VERSION)) {
    Diags.report(Contract->Loc, ampdiag::err_contract_version)
        << Version << AMPVK_CONTRACT_VERSION;
    return false;
  }

  enum class Unknown { Annotation, Intrinsic, ClassRole };
  LibraryFiles Library(SM, Contract->Loc);
  Files = Library;
  bool Agree = true;
  for (const Annotated &An : Collector.Found) {
    auto P = parseAnnotation(An.A->getAnnotation());
    bool InLibrary = Library.contains(An.Loc);
    if (!InLibrary) {
      if (P && isPrivate(P->first))
        Diags.report(An.Loc, ampdiag::err_private_annotation) << An.A->getAnnotation();
      continue; // other "amp." strings in user code are the user's own
    }
    if (!P) {
      Diags.report(An.Loc, ampdiag::err_contract_unknown_name)
          << Unknown::Annotation << An.A->getAnnotation();
      Agree = false;
    } else if (P->first == Annotation::Intrinsic && !isOneOf(P->second, IntrinsicNames)) {
      Diags.report(An.Loc, ampdiag::err_contract_unknown_name) << Unknown::Intrinsic << P->second;
      Agree = false;
    } else if (P->first == Annotation::Class) {
      if (!isOneOf(P->second, ClassRoles)) {
        Diags.report(An.Loc, ampdiag::err_contract_unknown_name)
            << Unknown::ClassRole << P->second;
        Agree = false;
      } else if ((P->second == "array" || P->second == "array_view") &&
                 !startsWithPointer(An.D)) {
        Diags.report(An.Loc, ampdiag::err_contract_layout) << ("concurrency::" + P->second);
        Agree = false;
      }
    }
  }
  return Agree;
}
