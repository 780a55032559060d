//===- PassRecipe.h - The order of every pass a kernel's module goes through ===//
//
// One list, from the emitter's module to the one the image ships: our passes
// (passes/, each `unsigned pass(SpirvModule &)`, the number of changes it
// made) and SPIRV-Tools' (by their flags), with the validations and the
// place where a kernel's variants part (AliasedVariant.h: everything after
// Finish runs on each variant). passRecipe() builds it for a compile's
// options; SpirvToolsPipeline.cpp runs it, and test/support/spirv_pass.cpp
// finds our passes in ownPasses() by the same names.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_PASSRECIPE_H
#define AMPVK_PLUGIN_SPIRV_PASSRECIPE_H

#include "spirv/SpirvModule.h"
#include "spirv/SpirvToolsPipeline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ampvk {

// One of our passes: its name (as spirv_pass and the recipe spell it), what
// it does, and the pass.
struct OwnPass {
  const char *Name;
  const char *What;
  unsigned (*Run)(SpirvModule &);
};

// Every pass of ours, in no particular order.
llvm::ArrayRef<OwnPass> ownPasses();
// The pass called Name, or null.
const OwnPass *findOwnPass(llvm::StringRef Name);

struct RecipeStep {
  enum class Kind {
    Ours,          // an OwnPass
    SpirvTools,    // SPIRV-Tools' pass whose flag is --Name
    ValidateInput, // spirv-val on the module so far, before legalization
    Measure,       // by Name: whether redundancy-elimination is affordable
                   // here (RedundancyEliminationCost.h) or if-conversion
                   // would change anything (IfConversionWork.h), for the
                   // next step of that name
    Finish,        // the variants part here
    Validate,      // spirv-val for Vulkan 1.1: the module is done
  };
  // When the step runs.
  enum class When {
    Always,
    LoopsMarkedUnroll,      // loops are still marked Unroll (hasLoopsMarkedUnroll)
    AfterSpirvToolsUnroll,  // the last loop-unroll step ran
    DominatorWideAffordable, // the last Measure found redundancy-elimination
                             // affordable; else Fallback runs instead
    IfConversionMayChange    // the Measure just before found a phi that
                             // if-conversion may replace
  };
  Kind K;
  std::string Name;
  const char *Why; // a short reason (SPIRV-Tools' steps: which of its recipes)
  When Condition = When::Always;
  std::string Fallback = {};
};

// The whole order for a compile with these options.
std::vector<RecipeStep> passRecipe(const SpirvPipelineOptions &Opts);

} // namespace ampvk

#endif
