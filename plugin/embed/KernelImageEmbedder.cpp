//===- KernelImageEmbedder.cpp --------------------------------------------===//
#include "KernelImageEmbedder.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

bool ampvk::embedKernelImage(ASTContext &Ctx, FunctionDecl *Fn, llvm::StringRef Bytes) {
  auto *Body = dyn_cast_or_null<CompoundStmt>(Fn->getBody());
  if (!Body)
    return false;
  for (Stmt *S : Body->body()) {
    auto *Ret = dyn_cast<ReturnStmt>(S);
    if (!Ret)
      continue;
    auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(Ret->getRetValue());
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay ||
        !isa<StringLiteral>(Decay->getSubExpr()))
      return false;
    QualType ArrayTy = Ctx.getConstantArrayType(
        Ctx.CharTy.withConst(), llvm::APInt(64, Bytes.size() + 1), nullptr,
        ArraySizeModifier::Normal, 0);
    StringLiteral *Image =
        StringLiteral::Create(Ctx, Bytes, StringLiteralKind::Ordinary, /*Pascal=*/false,
                              ArrayTy, Decay->getSubExpr()->getBeginLoc());
    Decay->setSubExpr(Image);
    // No CPU code for the kernel (KernelImageEmbedder.h).
    Fn->setBody(CompoundStmt::Create(Ctx, {Ret}, FPOptionsOverride(), Body->getLBracLoc(),
                                     Body->getRBracLoc()));
    return true;
  }
  return false;
}
