// Large arrays on transparent huge pages (core/huge_array.hpp): where a block comes from, that
// it is advised and aligned, that freeing returns it to the system, and that the footprint
// counter's table type goes through it whole.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>

#include "gridenum/core/huge_array.hpp"
#include "heap_probe.hpp"

namespace gridenum {
namespace {

constexpr std::size_t kOneMiB = std::size_t{1} << 20;  // (test_heap.cpp, in the same unity source, has kMiB)

// Whether this kernel has transparent huge pages at all (the sysfs switch exists). Without them
// madvise(MADV_HUGEPAGE) is refused and the array is on ordinary pages (huge_array.hpp).
bool kernel_has_thp() { return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good(); }

TEST(HugeArray, SmallBlocksComeFromTheHeapAligned) {
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{17}, std::size_t{4096}, kHugeArrayMinBytes - 1}) {
    void* p = huge_alloc(bytes);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 16, 0u) << bytes;
    std::memset(p, 0xA5, bytes);  // the whole block is writable (AddressSanitizer would see past it)
    EXPECT_EQ(static_cast<unsigned char*>(p)[bytes - 1], 0xA5);
    huge_free(p, bytes);
  }
}

TEST(HugeArray, LargeBlocksAreAlignedAdvisedMappingsReturnedOnFree) {
  const std::size_t bytes = 8 * kOneMiB + 16;  // not a multiple of the huge page: rounded up inside
  auto* p = static_cast<unsigned char*>(huge_alloc(bytes));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % (2 * kOneMiB), 0u);
  std::memset(p, 0x5A, bytes);
  EXPECT_EQ(p[0], 0x5A);
  EXPECT_EQ(p[bytes - 1], 0x5A);
  const std::string flags = gridenum::testing::mapping_flags(p + bytes - 1);
  ASSERT_FALSE(flags.empty());
  if (kernel_has_thp()) {
    EXPECT_NE(flags.find(" hg "), std::string::npos) << "VmFlags:" << flags;
  }
  // Its own mapping: the heap's huge-page advice (heap.hpp) is not involved, and munmap gives it
  // back -- no mapping holds the block afterwards.
  huge_free(p, bytes);
  EXPECT_EQ(gridenum::testing::mapping_flags(p), "");
  EXPECT_EQ(gridenum::testing::mapping_flags(p + bytes - 1), "");
}

TEST(HugeArray, TypedArraysOfSixteenByteSlots) {
  struct Slot {
    std::uint64_t key, count;
  };
  for (const std::size_t n : {std::size_t{1}, std::size_t{1} << 10, std::size_t{1} << 18}) {  // 16 B .. 4 MiB
    HugeArray<Slot> a = make_huge_array<Slot>(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = {i, ~i};
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += a[i].key + (a[i].count == ~i ? 1 : 0);
    EXPECT_EQ(sum, n * (n - 1) / 2 + n) << n;
    EXPECT_EQ(a.get_deleter().bytes, n * sizeof(Slot));
  }
  EXPECT_THROW(make_huge_array<Slot>(~std::size_t{0} / 8), std::bad_alloc);  // n * 16 overflows
}

}  // namespace
}  // namespace gridenum
