// A header that speaks this contract's version but uses names it lacks.
namespace concurrency {
namespace detail {
struct __attribute__((annotate("amp.contract:4"))) contract_version;
}
void sideways() __attribute__((annotate("amp.intrinsic:barrier.sideways")));
class __attribute__((annotate("amp.class:texture_cube"))) texture {};
void hook() __attribute__((annotate("amp.hook")));
} // namespace concurrency
