//===- PrintIntrinsics.cpp - direct3d_printf, direct3d_errorf, abort ------===//
//
// A call writes a record into the launch's print buffer (kernel_image.h,
// "Kernel output"): it reserves 1 + record_words words with one atomic add
// on word 0 and, when all of them fit, writes the site's number + 1 and its
// arguments' words; a record that does not fit counts in word 1 instead, and
// an errorf or abort call that does not fit leaves its site in word 2, so
// that the launch fails all the same.
// The format and string arguments stay in the image's print-site table, and
// the runtime formats each record on the host (runtime/src/diagnostics/kernel_print.cpp),
// so a call costs the kernel an atomic and a few stores, and a kernel without
// one has no buffer at all. plugin/check/PrintCallRules.cpp has checked the
// format against the arguments.
//
//   debug.printf  print_action::print
//   debug.errorf  print_action::error: printed, and the launch throws
//   debug.abort   print_action::abort: the launch throws
// (LoopWitness.cpp appends loop_cut records the same way.)
//
// The calling thread goes on after errorf and abort: Vulkan has no way to
// end a dispatch from inside, and a thread leaving early would miss the
// barriers its tile still waits at.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

void KernelEmitter::printArgumentWords(const Expr *Arg, print_site &Site,
                                       llvm::SmallVectorImpl<SpvId> &Words) {
  SourceLocation Loc = Arg->getExprLoc();
  if (const auto *S = dyn_cast<StringLiteral>(Arg->IgnoreParenImpCasts())) {
    Site.args.push_back(static_cast<std::uint32_t>(print_arg::string));
    Site.strings.push_back(S->getString().str());
    return;
  }
  QualType T = Arg->getType().getNonReferenceType().getCanonicalType();
  if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType().getCanonicalType();
  SpvId V = emitRValue(Arg);
  if (!V)
    return;
  const SpvId Pair = B.typeVector(intType(), 2);
  auto TwoWords = [&](SpvId Wide) {
    SpvId Halves = B.emit(Op::OpBitcast, Pair, {Wide});
    Words.push_back(B.emit(Op::OpCompositeExtract, intType(), {Halves, 0}));
    Words.push_back(B.emit(Op::OpCompositeExtract, intType(), {Halves, 1}));
  };
  print_arg Kind;
  if (T->isBooleanType()) {
    Kind = print_arg::boolean;
    Words.push_back(B.emit(Op::OpSelect, intType(), {V, B.constI32(1), B.constI32(0)}));
  } else if (T->isIntegerType()) {
    const bool Wide = Ctx.getTypeSize(T) == 64;
    const bool Signed = T->isSignedIntegerType();
    Kind = Wide ? (Signed ? print_arg::int64 : print_arg::uint64)
                : (Signed ? print_arg::int32 : print_arg::uint32);
    if (Wide)
      TwoWords(V);
    else
      Words.push_back(toInt32(V, T));
  } else if (T->isSpecificBuiltinType(BuiltinType::Float)) {
    Kind = print_arg::float32;
    Words.push_back(B.emit(Op::OpBitcast, intType(), {V}));
  } else if (T->isSpecificBuiltinType(BuiltinType::Double)) {
    Kind = print_arg::float64;
    TwoWords(V);
  } else {
    // PrintCallRules.cpp reported it already.
    internalError(Loc, "a direct3d_printf argument of type " + T.getAsString());
    return;
  }
  Site.args.push_back(static_cast<std::uint32_t>(Kind));
}

KernelEmitter::CallResult KernelEmitter::emitPrint(IntrinsicId Id,
                                                   llvm::ArrayRef<const Expr *> Args,
                                                   SourceLocation Loc) {
  CallResult R;
  print_site Site;
  const bool Abort = Id == IntrinsicId::DebugAbort;
  Site.entry.action = static_cast<std::uint32_t>(Id == IntrinsicId::DebugPrintf   ? print_action::print
                                                 : Id == IntrinsicId::DebugErrorf ? print_action::error
                                                                                  : print_action::abort);
  if (!Abort) {
    const auto *Format = Args.empty() ? nullptr
                                      : dyn_cast<StringLiteral>(Args[0]->IgnoreParenImpCasts());
    if (!Format) {
      unsupported(Loc, ampdiag::err_print_format_not_literal)
          << (Id == IntrinsicId::DebugPrintf ? "direct3d_printf" : "direct3d_errorf");
      return R;
    }
    Site.format = Format->getString().str();
  }
  llvm::SmallVector<SpvId, 8> Words;
  for (const Expr *Arg : Args.drop_front(Abort ? 0 : 1)) {
    printArgumentWords(Arg, Site, Words);
    if (failed())
      return R;
  }
  appendPrintRecord(std::move(Site), Words, Loc);
  return R;
}

void KernelEmitter::appendPrintRecord(print_site Site, llvm::ArrayRef<SpvId> Words,
                                      SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(userLocation(Loc)));
  Site.entry.line = P.isValid() ? P.getLine() : 0;
  Site.entry.column = P.isValid() ? P.getColumn() : 0;
  Site.file = P.isValid() ? P.getFilename() : "";
  const bool Fails = Site.entry.action != static_cast<std::uint32_t>(print_action::print);
  const std::int32_t SiteNumber = Iface.addPrintSite(std::move(Site));

  const SpvId Buffer = Iface.printBuffer();
  const SpvId WordPtr = B.typePointer(spv::StorageClass::StorageBuffer, intType());
  auto Word = [&](SpvId Index) {
    return B.emit(Op::OpAccessChain, WordPtr, {Buffer, B.constI32(0), Index});
  };
  const SpvId Device = B.constI32(static_cast<std::int32_t>(spv::Scope::Device));
  const SpvId Relaxed = B.constI32(0);
  const auto Size = static_cast<std::int32_t>(1 + Words.size());
  const SpvId At = B.emit(Op::OpAtomicIAdd, intType(),
                          {Word(B.constI32(0)), Device, Relaxed, B.constI32(Size)});
  // Unsigned: the count only grows, and a record fits when it ends within
  // the buffer's words after the two counters.
  const SpvId Length = B.emit(Op::OpBitcast, intType(),
                              {B.emit(Op::OpArrayLength, B.typeUInt(32), {Buffer, 0})});
  const auto Counters = static_cast<std::int32_t>(print_counter_words);
  const SpvId End = B.emit(Op::OpIAdd, intType(), {At, B.constI32(Size + Counters)});
  const SpvId Fits = B.emit(Op::OpULessThanEqual, boolType(), {End, Length});
  underGuard(Fits, 0, [&] {
    SpvId First = B.emit(Op::OpIAdd, intType(), {At, B.constI32(Counters)});
    B.emitVoid(Op::OpStore, {Word(First), B.constI32(SiteNumber + 1)});
    for (unsigned I = 0; I < Words.size(); ++I) {
      SpvId Index =
          B.emit(Op::OpIAdd, intType(), {First, B.constI32(static_cast<std::int32_t>(I + 1))});
      B.emitVoid(Op::OpStore, {Word(Index), Words[I]});
    }
    return 0;
  });
  underGuard(B.emit(Op::OpLogicalNot, boolType(), {Fits}), 0, [&] {
    B.emit(Op::OpAtomicIAdd, intType(), {Word(B.constI32(1)), Device, Relaxed, B.constI32(1)});
    if (Fails)
      B.emit(Op::OpAtomicCompareExchange, intType(),
             {Word(B.constI32(2)), Device, Relaxed, Relaxed, B.constI32(SiteNumber + 1),
              B.constI32(0)});
    return 0;
  });
}
