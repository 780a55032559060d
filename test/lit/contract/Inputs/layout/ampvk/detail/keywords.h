// A header whose array_view keeps its buffer pointer second.
namespace concurrency {
namespace detail {
struct __attribute__((annotate("amp.contract:4"))) contract_version;
}
template <typename T, int N>
class __attribute__((annotate("amp.class:array_view"))) array_view {
  int size;
  void *buffer;
};
} // namespace concurrency
