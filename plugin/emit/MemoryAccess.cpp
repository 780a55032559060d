//===- MemoryAccess.cpp - Loads, stores and addressing --------------------===//
//
// The capture block (push constants or a storage buffer) is an array of 32-bit
// words, so a captured value at any byte offset (also a dynamic one, for
// captured arrays) is read word by word and reassembled; Clang's record layout
// gives every offset.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/RecordLayout.h"

using namespace clang;
using namespace ampvk;

SpvId KernelEmitter::pointerType(const LValue &LV, QualType T) {
  return B.typePointer(LV.SC, Types.lower(T, LV.L, SourceLocation()));
}

void KernelEmitter::noteAccess(const LValue &LV, bool Write) {
  if (LV.Binding >= 0)
    Captures.Bindings[LV.Binding].Access |=
        Write ? static_cast<std::uint32_t>(binding_writes) : static_cast<std::uint32_t>(binding_reads);
}

LValue KernelEmitter::localVariable(QualType T, SourceLocation Loc, llvm::StringRef Name,
                                   SpvId Initializer) {
  LValue LV;
  if (getAmpClassName(T) == "array") {
    // Its storage is a binding of the kernel: only captured arrays have one.
    unsupported(Loc, ampdiag::err_unsupported_amp_copy);
    return LV;
  }
  std::uint64_t Bytes = T->isIncompleteType() ? 0 : sizeOf(T).getQuantity();
  if (Bytes > MaxPrivateObjectBytes) {
    unsupported(Loc, ampdiag::err_private_memory_limit)
        << (Name.empty() ? std::string("a temporary") : "'" + Name.str() + "'") << Bytes
        << static_cast<unsigned>(MaxPrivateObjectBytes);
    return LV;
  }
  SpvId Type = lower(T, Loc);
  if (!Type)
    return LV;
  LV.K = LValue::Memory;
  LV.Ptr = B.functionVariable(Type, Initializer);
  if (!Name.empty())
    B.name(LV.Ptr, Name);
  LV.SC = spv::StorageClass::Function;
  LV.L = Layout::Logical;
  LV.Type = T;
  return LV;
}

SpvId KernelEmitter::wordPointer(const LValue &LV, std::uint32_t ExtraBytes) {
  std::uint32_t Offset = LV.ConstOffset + ExtraBytes;
  SpvId Index;
  if (LV.DynOffset) {
    SpvId Bytes = B.emit(spv::Op::OpIAdd, intType(), {LV.DynOffset, B.constI32(Offset)});
    Index = B.emit(spv::Op::OpShiftRightArithmetic, intType(), {Bytes, B.constI32(2)});
  } else {
    Index = B.constI32(static_cast<std::int32_t>(Offset / 4));
  }
  if (LV.K == LValue::Words)
    return B.emit(spv::Op::OpAccessChain, B.typePointer(LV.SC, intType()),
                  {LV.Ptr, B.constI32(0), Index});
  return Iface.captureWord(Index);
}

SpvId KernelEmitter::loadCaptureWord(const LValue &LV, std::uint32_t ExtraBytes) {
  return B.emit(spv::Op::OpLoad, intType(), {wordPointer(LV, ExtraBytes)});
}

SpvId KernelEmitter::loadCapture(const LValue &LV, SourceLocation Loc) {
  QualType T = LV.Type;
  if (Types.isScalar(T)) {
    SpvId Type = lower(T, Loc);
    if (!Type)
      return 0;
    if (Types.isBool(T) || Types.bitWidth(T) < 32) {
      unsupported(Loc, ampdiag::err_unsupported_capture_read) << T;
      return 0;
    }
    if (LV.ConstOffset % 4) {
      unsupported(Loc, UnsupportedConstruct::UnalignedCapture);
      return 0;
    }
    if (Types.bitWidth(T) == 32) {
      SpvId Word = loadCaptureWord(LV, 0);
      return Types.isFloat(T) ? B.emit(spv::Op::OpBitcast, Type, {Word}) : Word;
    }
    SpvId Lo = loadCaptureWord(LV, 0), Hi = loadCaptureWord(LV, 4);
    SpvId Pair = B.emit(spv::Op::OpCompositeConstruct, B.typeVector(intType(), 2), {Lo, Hi});
    return B.emit(spv::Op::OpBitcast, Type, {Pair});
  }
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    llvm::SmallVector<std::uint32_t, 16> Parts;
    std::uint32_t Stride = sizeOf(AT->getElementType()).getQuantity();
    for (std::uint64_t I = 0, E = AT->getSize().getZExtValue(); I < E; ++I) {
      LValue Elem = LV;
      Elem.Type = AT->getElementType();
      Elem.ConstOffset += I * Stride;
      Parts.push_back(loadCapture(Elem, Loc));
    }
    return B.emit(spv::Op::OpCompositeConstruct, lower(T, Loc), Parts);
  }
  const auto *RD = T->getAsCXXRecordDecl();
  const RecordLowering *R = RD ? Types.record(RD, Layout::Logical, Loc) : nullptr;
  if (!R)
    return 0;
  if (R->Empty)
    return B.constNull(R->Type);
  if (RD->isUnion()) { // its words, as an array of int
    LValue Words = LV;
    Words.Type = R->MemberTypes.front();
    SpvId Array = loadCapture(Words, Loc);
    return Array ? B.emit(spv::Op::OpCompositeConstruct, R->Type, {Array}) : 0;
  }
  llvm::SmallVector<std::uint32_t, 16> Parts(R->MemberTypes.size(), 0);
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
    auto It = R->BaseIndex.find(Base);
    if (It != R->BaseIndex.end())
      Parts[It->second] = loadCapture(baseClass(LV, Base, Loc), Loc);
  }
  for (const FieldDecl *FD : RD->fields()) {
    auto It = R->FieldIndex.find(FD);
    if (It != R->FieldIndex.end())
      Parts[It->second] = loadCapture(field(LV, FD, Loc), Loc);
  }
  if (failed())
    return 0;
  return B.emit(spv::Op::OpCompositeConstruct, R->Type, Parts);
}

void KernelEmitter::storeWords(const LValue &LV, SpvId Value, SourceLocation Loc) {
  QualType T = LV.Type;
  if (Types.isScalar(T)) {
    if (Types.isBool(T) || (Types.bitWidth(T) != 32 && Types.bitWidth(T) != 64)) {
      unsupported(Loc, UnsupportedConstruct::Union);
      return;
    }
    if (Types.bitWidth(T) == 32) {
      SpvId Word = Types.isFloat(T) ? B.emit(spv::Op::OpBitcast, intType(), {Value}) : Value;
      B.emitVoid(spv::Op::OpStore, {wordPointer(LV, 0), Word});
      return;
    }
    SpvId Pair = B.emit(spv::Op::OpBitcast, B.typeVector(intType(), 2), {Value});
    for (std::uint32_t Half = 0; Half < 2; ++Half)
      B.emitVoid(spv::Op::OpStore,
                 {wordPointer(LV, 4 * Half),
                  B.emit(spv::Op::OpCompositeExtract, intType(), {Pair, Half})});
    return;
  }
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    QualType ET = AT->getElementType();
    std::uint32_t Stride = sizeOf(ET).getQuantity();
    for (std::uint32_t I = 0, E = AT->getSize().getZExtValue(); I < E && !failed(); ++I) {
      LValue Elem = LV;
      Elem.Type = ET;
      Elem.ConstOffset += I * Stride;
      storeWords(Elem, B.emit(spv::Op::OpCompositeExtract, lower(ET, Loc), {Value, I}), Loc);
    }
    return;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  const RecordLowering *R = RD ? Types.record(RD, Layout::Logical, Loc) : nullptr;
  if (!R || R->Empty)
    return;
  auto Part = [&](std::uint32_t Index, const LValue &To) {
    storeWords(To, B.emit(spv::Op::OpCompositeExtract, lower(To.Type, Loc), {Value, Index}),
               Loc);
  };
  if (RD->isUnion()) { // a union inside a union: its words, at its place
    LValue Inner = LV;
    Inner.Type = R->MemberTypes.front();
    return Part(0, Inner);
  }
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
    auto It = R->BaseIndex.find(Base);
    if (It != R->BaseIndex.end())
      Part(It->second, baseClass(LV, Base, Loc));
  }
  for (const FieldDecl *FD : RD->fields()) {
    auto It = R->FieldIndex.find(FD);
    if (It != R->FieldIndex.end())
      Part(It->second, field(LV, FD, Loc));
  }
}

SpvId KernelEmitter::load(const LValue &LV, SourceLocation Loc) {
  if (failed())
    return 0;
  if (!LV.valid()) {
    // Every path that gives up reports why; reaching here silently would
    // drop the access and leave a wrong value behind.
    internalError(Loc, "an expression without a place to read from");
    return 0;
  }
  SpvId V;
  if (LV.K == LValue::Capture) {
    V = loadCapture(LV, Loc);
  } else if (LV.K == LValue::Words) {
    noteAccess(LV, /*Write=*/false);
    checkTileStaticAccess(LV, check_access::tile_static_read, Loc);
    V = underGuard(LV.Guard, lower(LV.Type, Loc), [&] { return loadCapture(LV, Loc); });
  } else {
    if (!LV.Ptr) // an empty object: nothing to read
      return B.constNull(lower(LV.Type, Loc));
    noteAccess(LV, /*Write=*/false);
    SpvId Type = Types.lower(LV.Type, LV.L, Loc);
    if (!Type)
      return 0;
    checkTileStaticAccess(LV, check_access::tile_static_read, Loc);
    V = underGuard(LV.Guard, lower(LV.Type, Loc), [&] {
      return Types.convert(B.emit(spv::Op::OpLoad, Type, {LV.Ptr}), LV.Type, LV.L,
                           Layout::Logical);
    });
  }
  noteViewLoad(V, LV);
  return V;
}

void KernelEmitter::store(const LValue &LV, SpvId Value, SourceLocation Loc) {
  if (failed())
    return;
  if (!LV.valid() || !Value) {
    internalError(Loc, "an assignment without a place or a value");
    return;
  }
  if (LV.K == LValue::Capture) {
    unsupported(Loc, UnsupportedConstruct::CaptureModification);
    return;
  }
  if (LV.K == LValue::Words) {
    noteAccess(LV, /*Write=*/true);
    checkTileStaticAccess(LV, check_access::tile_static_write, Loc);
    underGuard(LV.Guard, 0, [&] {
      storeWords(LV, Value, Loc);
      return 0;
    });
    return;
  }
  if (!LV.Ptr)
    return;
  noteAccess(LV, /*Write=*/true);
  noteViewStore(LV, Value, Loc);
  checkTileStaticAccess(LV, check_access::tile_static_write, Loc);
  underGuard(LV.Guard, 0, [&] {
    B.emitVoid(spv::Op::OpStore, {LV.Ptr, Types.convert(Value, LV.Type, Layout::Logical, LV.L)});
    return 0;
  });
}

void KernelEmitter::copy(const LValue &Dst, const LValue &Src, SourceLocation Loc) {
  if (copiesByParts(Dst, Src))
    return copyByParts(Dst, Src, Loc);
  store(Dst, load(Src, Loc), Loc);
}

const FieldDecl *ampvk::fieldNamed(const CXXRecordDecl *RD, llvm::StringRef Name) {
  for (const FieldDecl *FD : RD->fields())
    if (FD->getName() == Name)
      return FD;
  return nullptr;
}

LValue KernelEmitter::field(const LValue &Base, const FieldDecl *FD, SourceLocation Loc) {
  LValue Out;
  if (failed() || !Base.valid())
    return Out;
  const RecordDecl *RD = FD->getParent();
  std::uint32_t FieldOffset = static_cast<std::uint32_t>(
      Ctx.toCharUnitsFromBits(Ctx.getASTRecordLayout(RD).getFieldOffset(FD->getFieldIndex()))
          .getQuantity());
  QualType FT = FD->getType();

  if (FT->isReferenceType()) {
    // A closure object made in the kernel that captured an array by
    // reference (Lambdas.cpp).
    if (Base.K == LValue::Memory && Base.Ptr) {
      auto Ref = ClosureRefs.find({PlaceIds.place(Base.Ptr), FD});
      if (Ref != ClosureRefs.end())
        return Ref->second;
    }
    // Otherwise only the kernel object may hold references: to arrays and
    // textures, which the runtime binds and whose objects it copies into the
    // capture block.
    int Index = -1, Texture = -1;
    if (Base.K == LValue::Capture && !Base.DynOffset &&
        Base.ConstOffset >= launch_header_bytes) {
      const std::uint32_t HostOffset = Base.ConstOffset - launch_header_bytes + FieldOffset;
      Index = Captures.referenceAtHostOffset(HostOffset);
      Texture = Captures.textureReferenceAtHostOffset(HostOffset);
    }
    if (Index < 0 && Texture < 0) {
      unsupported(Loc, UnsupportedConstruct::ReferenceMember);
      return Out;
    }
    Out.K = LValue::Capture;
    Out.ConstOffset = Index >= 0 ? Captures.Bindings[Index].ImageOffset
                                 : Captures.ImageBindings[Texture].ImageOffset;
    Out.Type = FT->getPointeeType();
    return Out;
  }

  Out = Base;
  Out.Type = FT;
  Out.BufferVar = Out.BufferIndex = 0; // a member is no element of the buffer
  if (byOffset(Base)) {
    Out.ConstOffset += FieldOffset;
    return Out;
  }
  if (!Base.Ptr)
    return Out;
  if (RD->isUnion()) {
    // A member of a union in memory: at its offset in the union's words.
    if (!Types.record(RD, Base.L, Loc))
      return LValue();
    Out.K = LValue::Words;
    Out.ConstOffset = FieldOffset;
    Out.DynOffset = 0;
    return Out;
  }
  if (const auto *FR = FT->getAsCXXRecordDecl())
    if (FR->isEmpty()) {
      Out.Ptr = 0;
      return Out;
    }
  const RecordLowering *R = Types.record(RD, Base.L, Loc);
  if (!R)
    return LValue();
  auto It = R->FieldIndex.find(FD);
  if (It == R->FieldIndex.end()) {
    unsupported(Loc, UnsupportedConstruct::Member);
    return LValue();
  }
  Out.Ptr = B.emit(spv::Op::OpAccessChain, pointerType(Base, FT),
                   {Base.Ptr, B.constI32(static_cast<std::int32_t>(It->second))});
  PlaceIds.noteMemberChain(Out.Ptr, Base.Ptr, It->second);
  if (Base.Slot)
    Out.Slot = raceSlotPlus(Base.Slot, B.constI32(static_cast<std::int32_t>(raceSlotOffset(RD, FD))),
                            1);
  return Out;
}

LValue KernelEmitter::baseClass(const LValue &Derived, const CXXRecordDecl *Base,
                                SourceLocation Loc) {
  LValue Out = Derived;
  if (failed() || !Derived.valid())
    return LValue();
  const auto *RD = Derived.Type->getAsCXXRecordDecl();
  Out.Type = Ctx.getRecordType(Base);
  if (!RD || RD->getCanonicalDecl() == Base->getCanonicalDecl())
    return Derived;
  // Walk one level at a time so that indirect bases work.
  const CXXRecordDecl *Direct = nullptr;
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    const CXXRecordDecl *Cand = BS.getType()->getAsCXXRecordDecl();
    if (Cand->getCanonicalDecl() == Base->getCanonicalDecl() ||
        Cand->isDerivedFrom(Base)) {
      Direct = Cand;
      break;
    }
  }
  if (!Direct) {
    unsupported(Loc, UnsupportedConstruct::BaseConversion);
    return LValue();
  }
  LValue Step = Derived;
  Step.Type = Ctx.getRecordType(Direct);
  if (byOffset(Derived)) {
    Step.ConstOffset += Ctx.getASTRecordLayout(RD).getBaseClassOffset(Direct).getQuantity();
  } else if (Derived.Ptr) {
    if (Direct->isEmpty()) {
      Step.Ptr = 0;
    } else {
      const RecordLowering *R = Types.record(RD, Derived.L, Loc);
      if (!R)
        return LValue();
      std::uint32_t Member = R->BaseIndex.lookup(Direct);
      Step.Ptr = B.emit(spv::Op::OpAccessChain, pointerType(Derived, Step.Type),
                        {Derived.Ptr, B.constI32(static_cast<std::int32_t>(Member))});
      PlaceIds.noteMemberChain(Step.Ptr, Derived.Ptr, Member);
      if (Derived.Slot)
        Step.Slot = raceSlotPlus(
            Derived.Slot,
            B.constI32(static_cast<std::int32_t>(raceSlotOffset(RD, Direct->getCanonicalDecl()))),
            1);
      DerivedOrigins[Step.Ptr] = Derived;
    }
  }
  if (Direct->getCanonicalDecl() == Base->getCanonicalDecl())
    return Step;
  return baseClass(Step, Base, Loc);
}

LValue KernelEmitter::derivedClass(const LValue &Base, const CXXRecordDecl *Derived,
                                   SourceLocation Loc) {
  if (failed() || !Base.valid())
    return LValue();
  const CXXRecordDecl *From = Base.Type->getAsCXXRecordDecl();
  if (From && From->getCanonicalDecl() == Derived->getCanonicalDecl())
    return Base;
  if (byOffset(Base) && From) {
    LValue Out = Base;
    Out.ConstOffset -=
        Ctx.getASTRecordLayout(Derived).getBaseClassOffset(From).getQuantity();
    Out.Type = Ctx.getRecordType(Derived);
    return Out;
  }
  auto It = DerivedOrigins.find(Base.Ptr);
  if (Base.Ptr && It != DerivedOrigins.end())
    return derivedClass(It->second, Derived, Loc);
  unsupported(Loc, UnsupportedConstruct::BaseToDerivedCast);
  return LValue();
}

LValue KernelEmitter::element(const LValue &Array, SpvId Index, SourceLocation Loc) {
  if (failed() || !Array.valid())
    return LValue();
  // A constant-size array, or a storage buffer's runtime array (Places.cpp).
  const ArrayType *AT = Ctx.getAsConstantArrayType(Array.Type);
  if (!AT && Array.SC == spv::StorageClass::StorageBuffer)
    AT = Ctx.getAsIncompleteArrayType(Array.Type);
  if (!AT) {
    unsupported(Loc, UnsupportedConstruct::IndexNonArray);
    return LValue();
  }
  LValue Out = Array;
  Out.Type = AT->getElementType();
  Out.BufferVar = Out.BufferIndex = 0;
  if (byOffset(Array)) {
    auto Size = static_cast<std::int32_t>(sizeOf(Out.Type).getQuantity());
    SpvId Bytes = B.emit(spv::Op::OpIMul, intType(), {Index, B.constI32(Size)});
    Out.DynOffset = Array.DynOffset
                        ? B.emit(spv::Op::OpIAdd, intType(), {Array.DynOffset, Bytes})
                        : Bytes;
    return Out;
  }
  if (!Array.Ptr)
    return Out;
  Out.Ptr = B.emit(spv::Op::OpAccessChain, pointerType(Array, Out.Type), {Array.Ptr, Index});
  Out.Slot = raceSlotPlus(Array.Slot, Index, Array.Slot ? raceSlotCount(Out.Type) : 0);
  // Every element is one place: the views of an array's elements must all
  // see one binding, whatever the index.
  PlaceIds.noteMemberChain(Out.Ptr, Array.Ptr, PlaceNames::AnyElement);
  return Out;
}

LValue KernelEmitter::deref(const PointerValue &P, SourceLocation Loc) {
  if (P.Null && !failed()) {
    unsupported(Loc, ampdiag::err_pointer_null_dereference);
    return LValue();
  }
  if (!P.IntoArray)
    return P.Target;
  return element(P.Target, P.Index ? P.Index : B.constI32(0), Loc);
}
