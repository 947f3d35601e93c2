// Large arrays on transparent huge pages, for the hash tables of the 12-digit counts
// (docs/methods/side2.md, "Huge pages for the state tables").
//
// The idea: the footprint counter's state tables (count/side2/two_stack_split.cpp) are hundreds
// of megabytes to gigabytes, touched at random one 16-byte slot at a time. On 4 KiB pages almost
// every touch misses the TLB as well as the caches, and a software prefetch waits for its page
// walk; the second-level TLB (1,536 entries on Zen 1 and 2) covers 6 MiB of 4 KiB pages but
// 3 GiB of 2 MiB ones. glibc puts blocks this large in mappings of their own, which Debian's
// kernel (transparent huge pages in "madvise" mode) backs with 4 KiB pages unless they are
// advised. So such an array gets a mapping of its own, aligned to 2 MiB and advised
// MADV_HUGEPAGE before its first touch.
//
// Why not the huge-page heap (heap.hpp): that one keeps what the process frees, and these tables
// are freed class by class under a memory limit that expects them returned; a mapping of its own
// is returned to the system by munmap when the array goes.
// Nothing here changes a result: if the system refuses the advice (a kernel without transparent
// huge pages, THP "never") the array is on ordinary pages, only slower; a refused mapping throws
// std::bad_alloc, as new would.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace gridenum {

// Blocks below this size come from the ordinary heap: a huge page would be mostly empty.
inline constexpr std::size_t kHugeArrayMinBytes = std::size_t{2} << 20;

// Allocates `bytes` (> 0) aligned to at least 16 bytes: from the heap below kHugeArrayMinBytes,
// else a 2 MiB-aligned mapping of its own advised for huge pages. Throws std::bad_alloc. The
// memory is not initialised. Free with huge_free(p, bytes), the same byte count.
void* huge_alloc(std::size_t bytes);
void huge_free(void* p, std::size_t bytes) noexcept;

struct HugeArrayDeleter {
  std::size_t bytes = 0;
  void operator()(void* p) const noexcept { huge_free(p, bytes); }
};
template <class T>
using HugeArray = std::unique_ptr<T[], HugeArrayDeleter>;

// n uninitialised elements of a trivial type (the caller fills them).
template <class T>
HugeArray<T> make_huge_array(std::size_t n) {
  static_assert(std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>,
                "make_huge_array: elements are neither constructed nor destroyed");
  static_assert(alignof(T) <= 16, "make_huge_array: alignment above 16 bytes");
  if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
  const std::size_t bytes = n * sizeof(T) == 0 ? sizeof(T) : n * sizeof(T);
  return HugeArray<T>(static_cast<T*>(huge_alloc(bytes)), HugeArrayDeleter{bytes});
}

}  // namespace gridenum
