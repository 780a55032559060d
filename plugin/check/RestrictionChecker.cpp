//===- RestrictionChecker.cpp - Runs every rule group ---------------------===//
//
// The order matters only for what one group needs from another: the kernels
// before their signatures and captures, the restrict(amp) functions and their
// calls before the call graph, the call graph before the tile_static rules
// (non-tiled reachability) and the per-kernel tile analysis.
//
//===----------------------------------------------------------------------===//
#include "RestrictionChecker.h"

#include "CheckContext.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ampvk;

bool ampvk::isUsableRecord(const RecordDecl *RD) {
  if (!RD || RD->isInvalidDecl() || RD->isDependentType())
    return false;
  const RecordDecl *Def = RD->getDefinition();
  return Def && Def->isCompleteDefinition() && !Def->isInvalidDecl();
}

bool ampvk::isInSystemHeader(ASTContext &Ctx, SourceLocation Loc) {
  return Loc.isValid() && Ctx.getSourceManager().isInSystemHeader(Loc);
}

void ampvk::checkRestrictions(ASTContext &Ctx, AmpDiagnostics &Diags,
                              const std::vector<Kernel> &Kernels, const LibraryFiles &Library,
                              const RestrictMacroLog *Log, bool HadErrorsBefore) {
  CheckContext C(Ctx, Diags, Kernels, Library);
  C.MacroLog = Log;
  C.HadErrorsBefore = HadErrorsBefore;
  C.HadHardErrorsBefore = Diags.engine().hasUncompilableErrorOccurred();
  checkRestrictionSyntax(C);
  checkLibraryGaps(C);
  checkKernelSignatures(C);
  checkKernelCaptures(C);
  collectAmpFunctions(C);
  checkAmpDeclarations(C);
  checkElementTypes(C);
  checkAmpBodies(C);
  analyzeCallGraph(C);
  checkCpuCalls(C);
  checkTileStaticDeclarations(C);
  checkTiledKernels(C);
}
