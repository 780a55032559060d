// A header of an ampvk that spoke contract version 0.
namespace concurrency {
namespace detail {
struct __attribute__((annotate("amp.contract:0"))) contract_version;
}
} // namespace concurrency
