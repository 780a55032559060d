//===- CompositePhis.cpp --------------------------------------------------===//
#include "spirv/passes/CompositePhis.h"
#include "spirv/SpirvEdits.h"
#include "spirv/SpirvWords.h"

#include <map>
#include <unordered_map>
#include <unordered_set>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

struct SplitPhi {
  std::size_t At;                   // offset of the OpPhi
  std::uint32_t Block;              // label of its block
  std::vector<std::uint32_t> Parts; // component types
  std::vector<std::uint32_t> Ids;   // the scalar phis
};

} // namespace

unsigned ampvk::splitCompositePhis(SpirvModule &M) {
  const std::vector<std::uint32_t> &W = M.words();
  const std::vector<std::size_t> Offsets = instructionOffsets(W);
  if (Offsets.empty())
    return 0;

  // Component types of the vectors and structs of scalars.
  std::unordered_set<std::uint32_t> Scalars;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> PartsOf;
  for (std::size_t At : Offsets) {
    const Op O = opcode(W[At]);
    const std::uint32_t Count = wordCount(W[At]);
    if (O == Op::OpTypeInt || O == Op::OpTypeFloat || O == Op::OpTypeBool)
      Scalars.insert(W[At + 1]);
    else if (O == Op::OpTypeVector && Count == 4 && Scalars.count(W[At + 2]))
      PartsOf[W[At + 1]] = std::vector<std::uint32_t>(W[At + 3], W[At + 2]);
    else if (O == Op::OpTypeStruct && Count > 2) {
      std::vector<std::uint32_t> Members(W.begin() + At + 2, W.begin() + At + Count);
      bool AllScalar = true;
      for (std::uint32_t T : Members)
        AllScalar = AllScalar && Scalars.count(T);
      if (AllScalar)
        PartsOf[W[At + 1]] = std::move(Members);
    }
  }
  if (PartsOf.empty())
    return 0;

  // The phis to split, and per block where its phis end and where an
  // instruction may go before its merge instruction or terminator.
  std::uint32_t Bound = W[BoundWord];
  std::vector<SplitPhi> Phis;
  std::unordered_map<std::uint32_t, std::size_t> PhiByResult; // result id -> Phis index
  std::unordered_map<std::uint32_t, std::size_t> AfterPhis;   // block -> offset
  std::unordered_map<std::uint32_t, std::size_t> BlockEnd;    // block -> offset
  std::uint32_t Block = 0;
  bool InPhis = false;
  for (std::size_t K = 0; K < Offsets.size(); ++K) {
    const std::size_t At = Offsets[K];
    const Op O = opcode(W[At]);
    if (O == Op::OpLabel) {
      Block = W[At + 1];
      InPhis = true;
      continue;
    }
    if (!Block)
      continue;
    if (InPhis && O != Op::OpPhi) {
      AfterPhis[Block] = At;
      InPhis = false;
    }
    if (O == Op::OpPhi) {
      auto It = PartsOf.find(W[At + 1]);
      if (It == PartsOf.end())
        continue;
      SplitPhi P{At, Block, It->second, {}};
      for (std::size_t C = 0; C < P.Parts.size(); ++C)
        P.Ids.push_back(Bound++);
      PhiByResult[W[At + 2]] = Phis.size();
      Phis.push_back(std::move(P));
    } else if (isTerminator(O)) {
      const bool Merged = K > 0 && isMergeInstruction(opcode(W[Offsets[K - 1]]));
      BlockEnd[Block] = Merged ? Offsets[K - 1] : At;
      Block = 0;
    }
  }
  if (Phis.empty())
    return 0;

  // What each split phi's scalar phis take from each predecessor: the
  // components of another split phi, or extracts at the predecessor's end.
  // Before the instruction at an offset go the composites put back together
  // first (an extract at the same place may read one), then the extracts.
  std::map<std::size_t, std::vector<std::uint32_t>> ConstructsAt, ExtractsAt;
  SpirvEdits Edits;
  for (const SplitPhi &P : Phis) {
    const std::uint32_t Count = wordCount(W[P.At]);
    const std::size_t Parts = P.Parts.size();
    std::vector<std::vector<std::uint32_t>> Scalar(Parts);
    for (std::size_t C = 0; C < Parts; ++C)
      Scalar[C] = {firstWord(Op::OpPhi, Count), P.Parts[C], P.Ids[C]};
    for (std::uint32_t I = 3; I + 1 < Count; I += 2) {
      const std::uint32_t Value = W[P.At + I], From = W[P.At + I + 1];
      auto Split = PhiByResult.find(Value);
      auto End = BlockEnd.find(From);
      for (std::size_t C = 0; C < Parts; ++C) {
        std::uint32_t Part;
        if (Split != PhiByResult.end() && Phis[Split->second].Parts == P.Parts) {
          Part = Phis[Split->second].Ids[C];
        } else {
          if (End == BlockEnd.end())
            return 0; // a predecessor this cannot find: leave the module as it is
          Part = Bound++;
          std::vector<std::uint32_t> &Out = ExtractsAt[End->second];
          Out.insert(Out.end(), {firstWord(Op::OpCompositeExtract, 5), P.Parts[C], Part, Value,
                                 static_cast<std::uint32_t>(C)});
        }
        Scalar[C].push_back(Part);
        Scalar[C].push_back(From);
      }
    }
    std::vector<std::uint32_t> ScalarPhis;
    for (const std::vector<std::uint32_t> &S : Scalar)
      ScalarPhis.insert(ScalarPhis.end(), S.begin(), S.end());
    Edits.replace(P.At, std::move(ScalarPhis));
    // The composite again, after the block's phis, under the phi's own id.
    auto After = AfterPhis.find(P.Block);
    if (After == AfterPhis.end())
      return 0; // a block of phis only: not valid SPIR-V
    std::vector<std::uint32_t> &Join = ConstructsAt[After->second];
    Join.push_back(firstWord(Op::OpCompositeConstruct, static_cast<std::uint32_t>(3 + Parts)));
    Join.push_back(W[P.At + 1]);
    Join.push_back(W[P.At + 2]);
    Join.insert(Join.end(), P.Ids.begin(), P.Ids.end());
  }

  for (auto *Before : {&ConstructsAt, &ExtractsAt})
    for (const auto &[At, Words] : *Before)
      Edits.before(At).insert(Edits.before(At).end(), Words.begin(), Words.end());
  M.replace(Edits.apply(W, Offsets, Bound));
  return static_cast<unsigned>(Phis.size());
}
