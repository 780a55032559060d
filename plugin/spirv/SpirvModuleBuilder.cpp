//===- SpirvModuleBuilder.cpp ---------------------------------------------===//
#include "SpirvModuleBuilder.h"
#include "SpirvWords.h"

#include <cstring>

using namespace ampvk;

SpirvModuleBuilder::SpirvModuleBuilder() {}

void SpirvModuleBuilder::encode(Words &Out, spv::Op Op,
                                llvm::ArrayRef<std::uint32_t> Operands) {
  // The word count is 16 bits; a longer instruction would corrupt the module.
  if (Operands.size() + 1 > MaxInstructionWords) {
    InstructionTooLong = true;
    return;
  }
  Out.push_back(static_cast<std::uint32_t>((Operands.size() + 1) << 16) |
                static_cast<std::uint32_t>(Op));
  Out.insert(Out.end(), Operands.begin(), Operands.end());
}

void SpirvModuleBuilder::appendString(llvm::SmallVectorImpl<std::uint32_t> &W,
                                      llvm::StringRef S) {
  // Nul-terminated, padded to a whole word.
  std::size_t NumWords = S.size() / 4 + 1;
  std::size_t Base = W.size();
  W.resize(Base + NumWords, 0);
  std::memcpy(W.data() + Base, S.data(), S.size());
}

SpvId SpirvModuleBuilder::glslStd450() {
  if (!GlslImport)
    GlslImport = newId();
  return GlslImport;
}

SpvId SpirvModuleBuilder::cachedType(spv::Op Op,
                                     llvm::ArrayRef<std::uint32_t> Operands) {
  std::vector<std::uint32_t> Key;
  Key.push_back(static_cast<std::uint32_t>(Op));
  Key.insert(Key.end(), Operands.begin(), Operands.end());
  auto It = TypeCache.find(Key);
  if (It != TypeCache.end())
    return It->second;
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 8> Ops;
  Ops.push_back(Id);
  Ops.append(Operands.begin(), Operands.end());
  encode(TypesAndGlobals, Op, Ops);
  TypeCache.emplace(std::move(Key), Id);
  return Id;
}

SpvId SpirvModuleBuilder::typeImage(SpvId SampledType, spv::Dim Dim, std::uint32_t Sampled,
                                    spv::ImageFormat Format) {
  return cachedType(spv::Op::OpTypeImage,
                    {SampledType, static_cast<std::uint32_t>(Dim), 0, 0, 0, Sampled,
                     static_cast<std::uint32_t>(Format)});
}

SpvId SpirvModuleBuilder::typeSampler() { return cachedType(spv::Op::OpTypeSampler, {}); }

SpvId SpirvModuleBuilder::typeSampledImage(SpvId Image) {
  return cachedType(spv::Op::OpTypeSampledImage, {Image});
}

SpvId SpirvModuleBuilder::typeVoid() { return cachedType(spv::Op::OpTypeVoid, {}); }
SpvId SpirvModuleBuilder::typeBool() { return cachedType(spv::Op::OpTypeBool, {}); }

SpvId SpirvModuleBuilder::typeInt(unsigned Width) {
  if (Width == 64)
    addCapability(spv::Capability::Int64);
  return cachedType(spv::Op::OpTypeInt, {Width, 1});
}

SpvId SpirvModuleBuilder::typeUInt(unsigned Width) {
  if (Width == 64)
    addCapability(spv::Capability::Int64);
  return cachedType(spv::Op::OpTypeInt, {Width, 0});
}

SpvId SpirvModuleBuilder::typeFloat(unsigned Width) {
  if (Width == 64)
    addCapability(spv::Capability::Float64);
  return cachedType(spv::Op::OpTypeFloat, {Width});
}

SpvId SpirvModuleBuilder::typeVector(SpvId Elem, unsigned Count) {
  return cachedType(spv::Op::OpTypeVector, {Elem, Count});
}

SpvId SpirvModuleBuilder::typeArray(SpvId Elem, std::uint32_t Length, bool Unique) {
  SpvId Len = constInt(32, Length);
  if (!Unique)
    return cachedType(spv::Op::OpTypeArray, {Elem, Len});
  SpvId Id = newId();
  encode(TypesAndGlobals, spv::Op::OpTypeArray, {Id, Elem, Len});
  return Id;
}

SpvId SpirvModuleBuilder::typeArrayOfLength(SpvId Elem, SpvId Length) {
  return cachedType(spv::Op::OpTypeArray, {Elem, Length});
}

SpvId SpirvModuleBuilder::typeRuntimeArray(SpvId Elem) {
  SpvId Id = newId();
  encode(TypesAndGlobals, spv::Op::OpTypeRuntimeArray, {Id, Elem});
  return Id;
}

SpvId SpirvModuleBuilder::typeStruct(llvm::ArrayRef<SpvId> Members) {
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 8> Ops{Id};
  Ops.append(Members.begin(), Members.end());
  encode(TypesAndGlobals, spv::Op::OpTypeStruct, Ops);
  return Id;
}

SpvId SpirvModuleBuilder::typePointer(spv::StorageClass SC, SpvId Pointee) {
  return cachedType(spv::Op::OpTypePointer,
                    {static_cast<std::uint32_t>(SC), Pointee});
}

SpvId SpirvModuleBuilder::typeFunction(SpvId Ret, llvm::ArrayRef<SpvId> Params) {
  llvm::SmallVector<std::uint32_t, 4> Ops{Ret};
  Ops.append(Params.begin(), Params.end());
  return cachedType(spv::Op::OpTypeFunction, Ops);
}

SpvId SpirvModuleBuilder::constant(SpvId Type, llvm::ArrayRef<std::uint32_t> Literals) {
  std::vector<std::uint32_t> Key{static_cast<std::uint32_t>(spv::Op::OpConstant), Type};
  Key.insert(Key.end(), Literals.begin(), Literals.end());
  auto It = ConstCache.find(Key);
  if (It != ConstCache.end())
    return It->second;
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 4> Ops{Type, Id};
  Ops.append(Literals.begin(), Literals.end());
  encode(TypesAndGlobals, spv::Op::OpConstant, Ops);
  ConstCache.emplace(std::move(Key), Id);
  return Id;
}

SpvId SpirvModuleBuilder::specConstant32(SpvId Type, std::uint32_t SpecId, std::uint32_t Default) {
  SpvId Id = newId();
  encode(TypesAndGlobals, spv::Op::OpSpecConstant, {Type, Id, Default});
  decorate(Id, spv::Decoration::SpecId, {SpecId});
  return Id;
}

SpvId SpirvModuleBuilder::specConstantI32(std::uint32_t SpecId, std::int32_t Default) {
  return specConstant32(typeInt(32), SpecId, static_cast<std::uint32_t>(Default));
}

SpvId SpirvModuleBuilder::specConstantU32(std::uint32_t SpecId, std::uint32_t Default) {
  return specConstant32(typeUInt(32), SpecId, Default);
}

SpvId SpirvModuleBuilder::constInt(unsigned Width, std::uint64_t Value) {
  std::uint32_t Words[2] = {static_cast<std::uint32_t>(Value),
                            static_cast<std::uint32_t>(Value >> 32)};
  return constant(typeInt(Width), llvm::ArrayRef<std::uint32_t>(Words, Width == 64 ? 2 : 1));
}

SpvId SpirvModuleBuilder::constFloat(unsigned Width, double Value) {
  if (Width == 32) {
    float F = static_cast<float>(Value);
    std::uint32_t Bits;
    std::memcpy(&Bits, &F, 4);
    return constant(typeFloat(32), {Bits});
  }
  std::uint64_t Bits;
  std::memcpy(&Bits, &Value, 8);
  return constant(typeFloat(Width), {static_cast<std::uint32_t>(Bits),
                                     static_cast<std::uint32_t>(Bits >> 32)});
}

SpvId SpirvModuleBuilder::specConstComposite(SpvId Type, llvm::ArrayRef<SpvId> Parts) {
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 6> Operands{Type, Id};
  Operands.append(Parts.begin(), Parts.end());
  encode(TypesAndGlobals, spv::Op::OpSpecConstantComposite, Operands);
  return Id;
}

SpvId SpirvModuleBuilder::specConstBool(std::uint32_t SpecId, bool Default) {
  SpvId Id = newId();
  encode(TypesAndGlobals, Default ? spv::Op::OpSpecConstantTrue : spv::Op::OpSpecConstantFalse,
         {typeBool(), Id});
  decorate(Id, spv::Decoration::SpecId, {SpecId});
  return Id;
}

SpvId SpirvModuleBuilder::constBool(bool V) {
  spv::Op Op = V ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse;
  SpvId Type = typeBool();
  std::vector<std::uint32_t> Key{static_cast<std::uint32_t>(Op), Type};
  auto It = ConstCache.find(Key);
  if (It != ConstCache.end())
    return It->second;
  SpvId Id = newId();
  encode(TypesAndGlobals, Op, {Type, Id});
  ConstCache.emplace(std::move(Key), Id);
  return Id;
}

SpvId SpirvModuleBuilder::constNull(SpvId Type) {
  std::vector<std::uint32_t> Key{static_cast<std::uint32_t>(spv::Op::OpConstantNull), Type};
  auto It = ConstCache.find(Key);
  if (It != ConstCache.end())
    return It->second;
  SpvId Id = newId();
  encode(TypesAndGlobals, spv::Op::OpConstantNull, {Type, Id});
  ConstCache.emplace(std::move(Key), Id);
  return Id;
}

SpvId SpirvModuleBuilder::constComposite(SpvId Type, llvm::ArrayRef<SpvId> Parts) {
  std::vector<std::uint32_t> Key{static_cast<std::uint32_t>(spv::Op::OpConstantComposite),
                                 Type};
  Key.insert(Key.end(), Parts.begin(), Parts.end());
  auto It = ConstCache.find(Key);
  if (It != ConstCache.end())
    return It->second;
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 8> Ops{Type, Id};
  Ops.append(Parts.begin(), Parts.end());
  encode(TypesAndGlobals, spv::Op::OpConstantComposite, Ops);
  ConstCache.emplace(std::move(Key), Id);
  return Id;
}

void SpirvModuleBuilder::decorate(SpvId Target, spv::Decoration D,
                                  llvm::ArrayRef<std::uint32_t> Args) {
  llvm::SmallVector<std::uint32_t, 4> Ops{Target, static_cast<std::uint32_t>(D)};
  Ops.append(Args.begin(), Args.end());
  encode(Annotations, spv::Op::OpDecorate, Ops);
}

void SpirvModuleBuilder::decorateMember(SpvId Struct, std::uint32_t Member,
                                        spv::Decoration D,
                                        llvm::ArrayRef<std::uint32_t> Args) {
  llvm::SmallVector<std::uint32_t, 4> Ops{Struct, Member,
                                          static_cast<std::uint32_t>(D)};
  Ops.append(Args.begin(), Args.end());
  encode(Annotations, spv::Op::OpMemberDecorate, Ops);
}

void SpirvModuleBuilder::name(SpvId Target, llvm::StringRef Name) {
  llvm::SmallVector<std::uint32_t, 8> Ops{Target};
  appendString(Ops, Name);
  encode(Names, spv::Op::OpName, Ops);
}

SpvId SpirvModuleBuilder::globalVariable(SpvId PointeeType, spv::StorageClass SC) {
  SpvId PtrType = typePointer(SC, PointeeType);
  SpvId Id = newId();
  encode(TypesAndGlobals, spv::Op::OpVariable,
         {PtrType, Id, static_cast<std::uint32_t>(SC)});
  return Id;
}

void SpirvModuleBuilder::entryPoint(spv::ExecutionModel Model, SpvId Fn,
                                    llvm::StringRef Name,
                                    llvm::ArrayRef<SpvId> Interface) {
  llvm::SmallVector<std::uint32_t, 8> Ops{static_cast<std::uint32_t>(Model), Fn};
  appendString(Ops, Name);
  Ops.append(Interface.begin(), Interface.end());
  encode(EntryPoints, spv::Op::OpEntryPoint, Ops);
}

void SpirvModuleBuilder::executionMode(SpvId Fn, spv::ExecutionMode Mode,
                                       llvm::ArrayRef<std::uint32_t> Args) {
  llvm::SmallVector<std::uint32_t, 4> Ops{Fn, static_cast<std::uint32_t>(Mode)};
  Ops.append(Args.begin(), Args.end());
  encode(ExecutionModes, spv::Op::OpExecutionMode, Ops);
}

SpvId SpirvModuleBuilder::beginFunction(SpvId RetType, SpvId FnType) {
  SpvId Id = newId();
  FunctionHeader.clear();
  FunctionVariables.clear();
  FunctionBody.clear();
  encode(FunctionHeader, spv::Op::OpFunction,
         {RetType, Id, static_cast<std::uint32_t>(spv::FunctionControlMask::MaskNone),
          FnType});
  FirstBlockOpen = true;
  FunctionBlocks = 0;
  return Id;
}

void SpirvModuleBuilder::endFunction() {
  // The first OpLabel of FunctionBody starts the entry block: the variables
  // go right after it.
  EndedFunctionAt = Functions.size();
  Functions.insert(Functions.end(), FunctionHeader.begin(), FunctionHeader.end());
  if (!FunctionBody.empty()) {
    Functions.insert(Functions.end(), FunctionBody.begin(), FunctionBody.begin() + 2);
    Functions.insert(Functions.end(), FunctionVariables.begin(), FunctionVariables.end());
    Functions.insert(Functions.end(), FunctionBody.begin() + 2, FunctionBody.end());
  }
  encode(Functions, spv::Op::OpFunctionEnd, {});
  Terminated = true;
  EndedFunctionBlocks = FunctionBlocks;
}

void SpirvModuleBuilder::keepEndedFunctionOutOfLine() {
  // OpFunction's words: opcode, result type, result id, function control.
  Functions[EndedFunctionAt + 3] |=
      static_cast<std::uint32_t>(spv::FunctionControlMask::DontInline);
}

SpvId SpirvModuleBuilder::functionVariable(SpvId PointeeType, SpvId Initializer) {
  SpvId PtrType = typePointer(spv::StorageClass::Function, PointeeType);
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 4> Ops{
      PtrType, Id, static_cast<std::uint32_t>(spv::StorageClass::Function)};
  if (Initializer)
    Ops.push_back(Initializer);
  encode(FunctionVariables, spv::Op::OpVariable, Ops);
  return Id;
}

void SpirvModuleBuilder::beginBlock(SpvId Label) {
  encode(FunctionBody, spv::Op::OpLabel, {Label});
  CurrentBlock = Label;
  Terminated = false;
  ++FunctionBlocks;
}

SpvId SpirvModuleBuilder::emit(spv::Op Op, SpvId ResultType,
                               llvm::ArrayRef<std::uint32_t> Operands) {
  SpvId Id = newId();
  llvm::SmallVector<std::uint32_t, 8> Ops{ResultType, Id};
  Ops.append(Operands.begin(), Operands.end());
  encode(FunctionBody, Op, Ops);
  return Id;
}

void SpirvModuleBuilder::emitVoid(spv::Op Op, llvm::ArrayRef<std::uint32_t> Operands) {
  encode(FunctionBody, Op, Operands);
  if (spirvwords::isTerminator(Op))
    Terminated = true;
}

std::vector<std::uint32_t> SpirvModuleBuilder::finish(std::uint32_t Version) {
  Words Out;
  Out.push_back(spv::MagicNumber);
  Out.push_back(Version);
  Out.push_back(0x00AB0000u); // generator: unregistered tool, version 0
  Out.push_back(NextId);      // bound
  Out.push_back(0);
  for (spv::Capability Cap : Capabilities)
    encode(Out, spv::Op::OpCapability, {static_cast<std::uint32_t>(Cap)});
  if (GlslImport) {
    llvm::SmallVector<std::uint32_t, 8> Ops{GlslImport};
    appendString(Ops, "GLSL.std.450");
    encode(Out, spv::Op::OpExtInstImport, Ops);
  }
  encode(Out, spv::Op::OpMemoryModel,
         {static_cast<std::uint32_t>(spv::AddressingModel::Logical),
          static_cast<std::uint32_t>(spv::MemoryModel::GLSL450)});
  for (const Words *Section : {&EntryPoints, &ExecutionModes, &Names, &Annotations,
                               &TypesAndGlobals, &Functions})
    Out.insert(Out.end(), Section->begin(), Section->end());
  Out[3] = NextId;
  return Out;
}
