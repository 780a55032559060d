//===- RaceChecks.cpp - Checked mode: tile_static races --------------------===//
//
// With -fplugin-arg-ampvk-check a tiled kernel checks every access of its
// tile_static memory against a shadow of it, and reports the first access
// that meets another thread's access between the same two barriers, one of
// them a plain (not atomic) write: kernel_image.h, race_check_spec_id, has
// the shadow's words and the report.
//
// Each scalar of a tile_static variable is one shadow slot (LValue::Slot is
// the slot of an object's first scalar, carried through members, elements,
// pointers and references as Ptr is); bytes of a union are tracked per 4.
// C++ AMP has no tile_static types smaller than 4 bytes apart from bool, so a
// scalar is the byte range the rules speak of.
//
// Everything here is behind the specialization constant race_check_spec_id:
// off, it does nothing (NVIDIA's driver still compiles the kernel less well
// around it), and the shadow (sized by another specialization constant) is
// one word. Accesses are checked with relaxed Workgroup atomics;
// the barriers order the shadow's clearing against both epochs.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"


using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {
constexpr std::uint32_t ThreadMask = (1u << race_thread_bits) - 1;
// Checks of more slots than this (a copy of a large struct) run as a loop.
constexpr std::uint32_t MaxUnrolledSlots = 8;

std::int32_t scope(spv::Scope S) { return static_cast<std::int32_t>(S); }
} // namespace

std::uint32_t KernelEmitter::raceSlotCount(QualType T) {
  T = T.getCanonicalType();
  if (const auto *AT = Ctx.getAsConstantArrayType(T))
    return static_cast<std::uint32_t>(AT->getSize().getZExtValue()) *
           raceSlotCount(AT->getElementType());
  const auto *RD = T->getAsRecordDecl();
  if (!RD)
    return 1;
  if (RD->isUnion())
    return static_cast<std::uint32_t>((sizeOf(T).getQuantity() + 3) / 4);
  std::uint32_t N = 0;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &BS : CRD->bases())
      N += raceSlotCount(BS.getType());
  for (const FieldDecl *FD : RD->fields())
    N += raceSlotCount(FD->getType());
  return N;
}

std::uint32_t KernelEmitter::raceSlotOffset(const RecordDecl *RD, const Decl *Member) {
  // Bases first, then fields, as raceSlotCount counts them.
  std::uint32_t N = 0;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &BS : CRD->bases()) {
      const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
      if (Base && Member == Base->getCanonicalDecl())
        return N;
      N += raceSlotCount(BS.getType());
    }
  for (const FieldDecl *FD : RD->fields()) {
    if (FD == Member)
      return N;
    N += raceSlotCount(FD->getType());
  }
  return N;
}

SpvId KernelEmitter::raceSlotPlus(SpvId Slot, SpvId Index, std::uint32_t PerIndex) {
  if (!Slot || !raceChecks())
    return 0;
  SpvId Add = PerIndex == 1 ? Index
                            : B.emit(Op::OpIMul, intType(),
                                     {Index, B.constI32(static_cast<std::int32_t>(PerIndex))});
  return B.emit(Op::OpIAdd, intType(), {Slot, Add});
}

SpvId KernelEmitter::raceShadowWord(SpvId Word) {
  const SpvId Shadow = Iface.raceShadow();
  return B.emit(Op::OpAccessChain, B.typePointer(spv::StorageClass::Workgroup, intType()),
                {Shadow, Word});
}

void KernelEmitter::clearRaceShadow() {
  if (!raceChecks())
    return;
  underGuard(Iface.racesEnabled(), 0, [&] {
    raceShadowWord(B.constI32(0)); // declares the shadow
    const SpvId RaceShadowWords = Iface.raceShadowWords();
    std::int32_t Threads = 1;
    for (int D = 0; D < K.Rank; ++D)
      Threads *= K.Tile[D];
    // Thread t clears words t, t + Threads, ...
    SpvId Rounds = B.emit(Op::OpSDiv, intType(),
                          {B.emit(Op::OpIAdd, intType(), {RaceShadowWords, B.constI32(Threads - 1)}),
                           B.constI32(Threads)});
    SpvId Me = Iface.localInvocationIndex();
    emitCountedLoop(B.constI32(0), Rounds, [&](SpvId Round) {
      SpvId Word = B.emit(Op::OpIAdd, intType(),
                          {B.emit(Op::OpIMul, intType(), {Round, B.constI32(Threads)}), Me});
      underGuard(B.emit(Op::OpSLessThan, boolType(), {Word, RaceShadowWords}), 0, [&] {
        B.emitVoid(Op::OpStore, {raceShadowWord(Word), B.constI32(0)});
        return 0;
      });
    });
    // No thread may record an access of the next epoch into a word not yet
    // cleared.
    tileBarrier(static_cast<std::uint32_t>(spv::Scope::Workgroup),
                static_cast<std::uint32_t>(spv::MemorySemanticsMask::AcquireRelease |
                                           spv::MemorySemanticsMask::WorkgroupMemory));
    return 0;
  });
}

void KernelEmitter::checkTileStaticAccess(const LValue &LV, check_access Access,
                                          SourceLocation Loc) {
  if (!raceChecks() || !LV.Slot || LV.SC != spv::StorageClass::Workgroup || failed())
    return;
  // The slots the access touches.
  SpvId First = LV.Slot;
  std::uint32_t Count;
  if (LV.K == LValue::Words) {
    std::uint64_t Bytes = sizeOf(LV.Type).getQuantity();
    SpvId Byte = B.constI32(static_cast<std::int32_t>(LV.ConstOffset));
    if (LV.DynOffset)
      Byte = B.emit(Op::OpIAdd, intType(), {Byte, LV.DynOffset});
    First = B.emit(Op::OpIAdd, intType(),
                   {First, B.emit(Op::OpShiftRightArithmetic, intType(), {Byte, B.constI32(2)})});
    Count = static_cast<std::uint32_t>(
        LV.DynOffset ? (Bytes + 3) / 4 : (LV.ConstOffset % 4 + Bytes + 3) / 4);
  } else {
    Count = raceSlotCount(LV.Type);
  }
  if (!Count)
    return;

  // The site's view is the variable.
  auto SiteNumber = addCheckSite(Loc, Access, LV.TileVar ? LV.TileVar->getName() : "");
  Iface.checkReport();

  underGuard(Iface.racesEnabled(), 0, [&] {
    SpvId Me = Iface.localInvocationIndex();
    SpvId MeTag = B.emit(Op::OpIAdd, intType(), {Me, B.constI32(1)});
    SpvId Record = B.emit(Op::OpBitwiseOr, intType(),
                          {B.constI32(SiteNumber << race_thread_bits), MeTag});
    auto Check = [&](SpvId Slot) { checkRaceSlot(Slot, Access, Record, MeTag, SiteNumber); };
    if (Count <= MaxUnrolledSlots) {
      for (std::uint32_t I = 0; I < Count; ++I)
        Check(I ? B.emit(Op::OpIAdd, intType(), {First, B.constI32(static_cast<std::int32_t>(I))})
                : First);
    } else {
      emitCountedLoop(B.constI32(0), B.constI32(static_cast<std::int32_t>(Count)),
                      [&](SpvId I) { Check(B.emit(Op::OpIAdd, intType(), {First, I})); });
    }
    return 0;
  });
}

void KernelEmitter::checkRaceSlot(SpvId Slot, check_access Access, SpvId Record, SpvId MeTag,
                                  std::int32_t SiteNumber) {
  const SpvId Int = intType(), Bool = boolType();
  const SpvId Workgroup = B.constI32(scope(spv::Scope::Workgroup));
  const SpvId Relaxed = B.constI32(0);
  SpvId Base = B.emit(Op::OpIMul, Int,
                      {Slot, B.constI32(static_cast<std::int32_t>(race_shadow_words_per_slot))});
  auto Word = [&](std::int32_t I) {
    return raceShadowWord(I ? B.emit(Op::OpIAdd, Int, {Base, B.constI32(I)}) : Base);
  };
  // Another thread's record: not empty and not ours.
  auto Foreign = [&](SpvId Rec) {
    return B.emit(Op::OpLogicalAnd, Bool,
                  {B.emit(Op::OpINotEqual, Bool, {Rec, B.constI32(0)}),
                   B.emit(Op::OpINotEqual, Bool,
                          {B.emit(Op::OpBitwiseAnd, Int,
                                  {Rec, B.constI32(static_cast<std::int32_t>(ThreadMask))}),
                           MeTag})});
  };
  auto Load = [&](SpvId Ptr) { return B.emit(Op::OpAtomicLoad, Int, {Ptr, Workgroup, Relaxed}); };

  SpvId Found, Other;
  if (Access == check_access::tile_static_write) {
    SpvId W = B.emit(Op::OpAtomicExchange, Int, {Word(0), Workgroup, Relaxed, Record});
    SpvId R = Load(Word(1)), M = Load(Word(2));
    SpvId FW = Foreign(W), FR = Foreign(R), FM = Foreign(M);
    Found = B.emit(Op::OpLogicalOr, Bool, {FW, B.emit(Op::OpLogicalOr, Bool, {FR, FM})});
    Other = B.emit(Op::OpSelect, Int, {FW, W, B.emit(Op::OpSelect, Int, {FR, R, M})});
  } else {
    // A read or an atomic meets plain writes only; then it is a reader.
    Other = Load(Word(0));
    Found = Foreign(Other);
    SpvId Replaced = B.emit(Op::OpAtomicExchange, Int, {Word(1), Workgroup, Relaxed, Record});
    underGuard(Foreign(Replaced), 0, [&] {
      B.emitVoid(Op::OpAtomicStore, {Word(2), Workgroup, Relaxed, Replaced});
      return 0;
    });
  }
  underGuard(Found, 0, [&] {
    reportFirstFailure(race_report_kind, [&](ReportPut Put) {
      Put(1, B.constI32(SiteNumber));
      Put(2, B.emit(Op::OpShiftRightLogical, Int,
                    {Other, B.constI32(static_cast<std::int32_t>(race_thread_bits))}));
      Put(3, B.emit(Op::OpISub, Int, {MeTag, B.constI32(1)}));
      Put(4, B.emit(Op::OpISub, Int,
                    {B.emit(Op::OpBitwiseAnd, Int,
                            {Other, B.constI32(static_cast<std::int32_t>(ThreadMask))}),
                     B.constI32(1)}));
      for (unsigned D = 0; D < TileNumber.size(); ++D)
        Put(5 + D, TileNumber[D]);
    });
    return 0;
  });
}
