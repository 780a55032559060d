//===- SpirvModuleBuilder.h - Writes SPIR-V words for one module ---------===//
//
// A small, self-contained SPIR-V writer: sections in the order the SPIR-V
// specification requires, de-duplicated types and constants, and one function
// at a time. The kernel emitter inlines every call, so a module has exactly one
// function (the entry point), but nothing here depends on that.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVMODULEBUILDER_H
#define AMPVK_PLUGIN_SPIRV_SPIRVMODULEBUILDER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <spirv/unified1/spirv.hpp11>

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace ampvk {

using SpvId = std::uint32_t;

class SpirvModuleBuilder {
public:
  SpirvModuleBuilder();

  SpvId newId() { return NextId++; }

  void addCapability(spv::Capability Cap) { Capabilities.insert(Cap); }
  SpvId glslStd450();

  // Types. Structs and arrays with explicit layout are never shared, because
  // they carry decorations; the others are de-duplicated.
  SpvId typeVoid();
  SpvId typeBool();
  SpvId typeInt(unsigned Width);   // always the signed flavour; signedness
                                   // lives in the operations, as in LLVM IR
  // The unsigned flavour, only for the few operations whose result type must
  // be unsigned (OpUDiv, OpUMod, OpConvertFToU, OpUConvert).
  SpvId typeUInt(unsigned Width);
  SpvId typeFloat(unsigned Width);
  SpvId typeVector(SpvId Elem, unsigned Count);
  SpvId typeArray(SpvId Elem, std::uint32_t Length, bool Unique = false);
  // An array whose length is the constant (or specialization constant) Length.
  SpvId typeArrayOfLength(SpvId Elem, SpvId Length);
  SpvId typeRuntimeArray(SpvId Elem);
  SpvId typeStruct(llvm::ArrayRef<SpvId> Members);
  SpvId typePointer(spv::StorageClass SC, SpvId Pointee);
  SpvId typeFunction(SpvId Ret, llvm::ArrayRef<SpvId> Params);
  // A non-arrayed single-sampled image: Sampled 1 (sampled) or 2 (storage).
  SpvId typeImage(SpvId SampledType, spv::Dim Dim, std::uint32_t Sampled,
                  spv::ImageFormat Format);
  SpvId typeSampler();
  SpvId typeSampledImage(SpvId Image);

  // Constants.
  SpvId constInt(unsigned Width, std::uint64_t Value);
  SpvId constI32(std::int32_t V) { return constInt(32, static_cast<std::uint32_t>(V)); }
  SpvId constFloat(unsigned Width, double Value);
  // An OpConstant of Type with these literal words, made once per value.
  SpvId constant(SpvId Type, llvm::ArrayRef<std::uint32_t> Literals);
  SpvId constBool(bool V);
  SpvId constNull(SpvId Type);
  // A 32-bit integer specialization constant with this SpecId (never shared).
  SpvId specConstantI32(std::uint32_t SpecId, std::int32_t Default);
  // The same of the unsigned flavour, for builtins that must be unsigned.
  SpvId specConstantU32(std::uint32_t SpecId, std::uint32_t Default);
  SpvId constComposite(SpvId Type, llvm::ArrayRef<SpvId> Parts);
  // An OpSpecConstantComposite (never shared).
  SpvId specConstComposite(SpvId Type, llvm::ArrayRef<SpvId> Parts);
  // An OpSpecConstantTrue/False with its SpecId, a new one at each call.
  SpvId specConstBool(std::uint32_t SpecId, bool Default);

  // Decorations and names.
  void decorate(SpvId Target, spv::Decoration D, llvm::ArrayRef<std::uint32_t> Args = {});
  void decorateMember(SpvId Struct, std::uint32_t Member, spv::Decoration D,
                      llvm::ArrayRef<std::uint32_t> Args = {});
  void name(SpvId Target, llvm::StringRef Name);

  // Module-scope variables (not Function storage).
  SpvId globalVariable(SpvId PointeeType, spv::StorageClass SC);

  // Entry point and execution modes.
  void entryPoint(spv::ExecutionModel Model, SpvId Fn, llvm::StringRef Name,
                  llvm::ArrayRef<SpvId> Interface);
  void executionMode(SpvId Fn, spv::ExecutionMode Mode,
                     llvm::ArrayRef<std::uint32_t> Args);

  // Function bodies.
  SpvId beginFunction(SpvId RetType, SpvId FnType);
  void endFunction();
  // Function-storage variables go to the top of the entry block, as SPIR-V
  // requires, wherever in the body they are declared. Initializer, when not 0,
  // is a constant of PointeeType the variable starts with.
  SpvId functionVariable(SpvId PointeeType, SpvId Initializer = 0);
  SpvId newLabel() { return newId(); }
  void beginBlock(SpvId Label);
  SpvId currentBlock() const { return CurrentBlock; }
  // Words of the functions ended so far.
  std::size_t endedFunctionWords() const { return Functions.size(); }
  // Blocks of the function ended last.
  std::size_t endedFunctionBlocks() const { return EndedFunctionBlocks; }
  // Gives the function ended last the DontInline control, which SPIRV-Tools'
  // inliner respects.
  void keepEndedFunctionOutOfLine();
  bool isTerminated() const { return Terminated; }

  // Appends an instruction with a result to the current block.
  SpvId emit(spv::Op Op, SpvId ResultType, llvm::ArrayRef<std::uint32_t> Operands);
  // Appends an instruction without a result (or with no type: none here).
  void emitVoid(spv::Op Op, llvm::ArrayRef<std::uint32_t> Operands);

  std::vector<std::uint32_t> finish(std::uint32_t Version = 0x00010300);
  // An instruction needed more words than SPIR-V's 16-bit count allows (a
  // composite of some 65000 members); it was left out and the module is void.
  bool instructionTooLong() const { return InstructionTooLong; }
  static constexpr std::size_t MaxInstructionWords = 0xFFFF;

  static void appendString(llvm::SmallVectorImpl<std::uint32_t> &Words, llvm::StringRef S);

private:
  using Words = std::vector<std::uint32_t>;
  void encode(Words &Out, spv::Op Op, llvm::ArrayRef<std::uint32_t> Operands);
  SpvId cachedType(spv::Op Op, llvm::ArrayRef<std::uint32_t> Operands);
  SpvId specConstant32(SpvId Type, std::uint32_t SpecId, std::uint32_t Default);

  SpvId NextId = 1;
  std::set<spv::Capability> Capabilities;
  SpvId GlslImport = 0;
  Words EntryPoints, ExecutionModes, Names, Annotations, TypesAndGlobals;
  Words FunctionHeader, FunctionVariables, FunctionBody, Functions;
  std::map<std::vector<std::uint32_t>, SpvId> TypeCache;
  std::map<std::vector<std::uint32_t>, SpvId> ConstCache;
  SpvId CurrentBlock = 0;
  bool Terminated = true;
  bool InstructionTooLong = false;
  bool FirstBlockOpen = false;
  std::size_t FunctionBlocks = 0, EndedFunctionBlocks = 0;
  std::size_t EndedFunctionAt = 0; // its OpFunction in Functions
};

} // namespace ampvk

#endif
