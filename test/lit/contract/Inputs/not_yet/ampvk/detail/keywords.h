// A header that declares API ampvk does not implement yet.
#define NOT_YET(what) __attribute__((annotate("amp.not_yet:" what)))
namespace concurrency {
namespace detail {
struct __attribute__((annotate("amp.contract:4"))) contract_version;
}
void copy_async(int n) NOT_YET("concurrency::copy_async");
class NOT_YET("concurrency::completion_future") completion_future {};
template <typename T> class view {
public:
  view() {}
  explicit view(T *p) NOT_YET("concurrency::array_view(T*) without an extent") {}
  int section(int i) const __attribute__((annotate("amp.restrict:cpu,amp")))
      NOT_YET("concurrency::array_view::section") { return i; }
  int size() const { return 1; }
};
} // namespace concurrency
