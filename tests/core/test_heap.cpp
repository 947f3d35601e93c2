// The huge-page heap (core/heap.hpp). Each check runs in a fresh process of its own (a death test
// re-executes this test alone): the policy is decided once per process, and an earlier test of
// the same binary may have decided it already.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "gridenum/core/heap.hpp"
#include "heap_probe.hpp"

namespace gridenum {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Exit codes: 0 when every expectation holds, else the number of the first that failed.
[[noreturn]] void prepare_and_check() {
  // Before: glibc's default mmap threshold puts a 4 MiB block in a fresh mapping of its own,
  // not advised. The check below would pass without the policy otherwise.
  if (!gridenum::testing::kSanitizerAllocator && gridenum::testing::next_block_is_on_huge_pages()) std::_Exit(1);
  const HugePageHeap first = prepare_huge_page_heap(64 * kMiB);
  if (gridenum::testing::kSanitizerAllocator) {
    // The sanitizer's allocator keeps its own heap: the policy says which step it could not take.
    if (first.failed_step == nullptr || first.grown_bytes != 0 || first.advised_bytes != 0) std::_Exit(2);
  } else {
    if (first.failed_step != nullptr) std::_Exit(3);
    // glibc grows the heap by the 1 MiB probe plus the 64 MiB pad, less the free bytes already
    // at its top (fewer than the probe's, or it would not have grown): more than the pad. The
    // advice starts at the first 2 MiB boundary of the growth, which lies where the randomised
    // heap start puts it, so up to 2 MiB of the growth is left out: (grown - 2 MiB, grown].
    if (first.grown_bytes <= 64 * kMiB) std::_Exit(4);
    if (first.advised_bytes > first.grown_bytes || first.advised_bytes + 2 * kMiB <= first.grown_bytes) std::_Exit(7);
    if (!gridenum::testing::next_block_is_on_huge_pages()) std::_Exit(5);
  }
  const HugePageHeap again = prepare_huge_page_heap(64 * kMiB);  // decided once per process
  if (again.grown_bytes != 0 || again.advised_bytes != 0 || again.failed_step != nullptr) std::_Exit(6);
  std::_Exit(0);
}

TEST(HugePageHeapDeathTest, AdvisesTheHeapOnceAndServesBlocksFromIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(prepare_and_check(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace gridenum
