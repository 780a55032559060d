// A header from before the contract was versioned.
namespace concurrency {
void wait_all() __attribute__((annotate("amp.intrinsic:barrier.all")));
} // namespace concurrency
