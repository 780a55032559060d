//===- NodeKinds.cpp - Which kinds of AST node the emitter lowers ---------===//
#include "emit/NodeKinds.h"

using namespace clang;

bool ampvk::emitterHandles(Stmt::StmtClass Kind) {
  switch (Kind) {
  // Statements (StmtEmitter.cpp).
  case Stmt::CompoundStmtClass:
  case Stmt::DeclStmtClass:
  case Stmt::NullStmtClass:
  case Stmt::IfStmtClass:
  case Stmt::ForStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
  case Stmt::AttributedStmtClass:
  case Stmt::SwitchStmtClass:
  case Stmt::CaseStmtClass:    // only as a label of its switch's body
  case Stmt::DefaultStmtClass: // likewise
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
  case Stmt::ReturnStmtClass:
  case Stmt::CXXForRangeStmtClass: // rejected by name
  // Names, members, elements (Places.cpp, MemoryAccess.cpp).
  case Stmt::DeclRefExprClass:
  case Stmt::MemberExprClass:
  case Stmt::ArraySubscriptExprClass:
  case Stmt::CXXThisExprClass:
  case Stmt::ParenExprClass:
  case Stmt::ChooseExprClass:           // seen through, as parentheses are
  case Stmt::GenericSelectionExprClass: // (Expr::IgnoreParens)
  // Operators.
  case Stmt::UnaryOperatorClass:
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: // rejected by name
  case Stmt::CXXRewrittenBinaryOperatorClass:
  // Casts (Conversions.cpp, emitCast: each cast kind is checked there).
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXReinterpretCastExprClass:
  // Calls (CallInliner.cpp, Destructors.cpp).
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
  case Stmt::UserDefinedLiteralClass:
  case Stmt::CXXPseudoDestructorExprClass:
  // Objects: construction, initialization, temporaries and their lifetimes.
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
  case Stmt::InitListExprClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
  case Stmt::ArrayInitLoopExprClass:
  case Stmt::CXXDefaultArgExprClass:
  case Stmt::CXXDefaultInitExprClass:
  case Stmt::MaterializeTemporaryExprClass:
  case Stmt::CXXBindTemporaryExprClass:
  case Stmt::ExprWithCleanupsClass:
  case Stmt::OpaqueValueExprClass:
  case Stmt::PseudoObjectExprClass: // __declspec(property) accesses
  // Values Clang computes (Constants.cpp, tryConstant).
  case Stmt::ConstantExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::TypeTraitExprClass:
  case Stmt::ArrayTypeTraitExprClass:
  case Stmt::ExpressionTraitExprClass:
  case Stmt::CXXNoexceptExprClass:
  case Stmt::OffsetOfExprClass:
  case Stmt::SizeOfPackExprClass:
  case Stmt::SourceLocExprClass:
  case Stmt::ConceptSpecializationExprClass:
  case Stmt::RequiresExprClass:
  // Rejected by name where they are met.
  case Stmt::StringLiteralClass:
  case Stmt::LambdaExprClass:
    return true;
  default:
    return false;
  }
}

bool ampvk::emitterHandles(Decl::Kind Kind) {
  switch (Kind) {
  case Decl::Var:
  case Decl::Decomposition:
  // No run-time effect.
  case Decl::Typedef:
  case Decl::TypeAlias:
  case Decl::TypeAliasTemplate:
  case Decl::Record:
  case Decl::CXXRecord:
  case Decl::Enum:
  case Decl::StaticAssert:
  case Decl::Using:
  case Decl::UsingDirective:
  case Decl::UsingEnum:
  case Decl::UsingShadow:
  case Decl::NamespaceAlias:
  case Decl::Function: // a local declaration of a function
  case Decl::Empty:
    return true;
  default:
    return false;
  }
}
