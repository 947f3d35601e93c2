// The huge-page heap (heap.hpp): glibc's mallopt, one step of heap growth, madvise.
#include "gridenum/core/heap.hpp"

#include <cstdint>
#include <cstdlib>
#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace gridenum {

namespace {

#if defined(__GLIBC__)
HugePageHeap prepare(std::size_t bytes) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;  // x86-64's transparent huge page
  HugePageHeap r;
  // mallopt returns 1 on success. 32 MiB is glibc's largest mmap threshold on 64-bit
  // (DEFAULT_MMAP_THRESHOLD_MAX); a larger value is refused.
  if (mallopt(M_ARENA_MAX, 1) != 1) r.failed_step = "mallopt(M_ARENA_MAX)";
  else if (mallopt(M_MMAP_THRESHOLD, 32 << 20) != 1) r.failed_step = "mallopt(M_MMAP_THRESHOLD)";
  else if (mallopt(M_TRIM_THRESHOLD, static_cast<int>(1u << 30)) != 1) r.failed_step = "mallopt(M_TRIM_THRESHOLD)";
  else if (mallopt(M_TOP_PAD, static_cast<int>(bytes)) != 1) r.failed_step = "mallopt(M_TOP_PAD)";
  if (r.failed_step) return r;
  // One allocation that the top of the heap cannot serve makes glibc grow it by the request
  // plus the pad, in one sbrk; freed, the grown heap stays (the trim threshold is above it).
  // volatile: the compiler may otherwise remove the malloc/free pair, and the growth with it.
  const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
  void* volatile probe = std::malloc(std::size_t{1} << 20);
  std::free(probe);
  const auto after = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t lo = (before + kHuge - 1) & ~(kHuge - 1);
  if (after <= lo + kHuge) {  // the heap did not grow by sbrk (another allocator, or mmap)
    r.failed_step = "growing the heap by sbrk";
    return r;
  }
  if (madvise(reinterpret_cast<void*>(lo), after - lo, MADV_HUGEPAGE) != 0) {
    r.failed_step = "madvise(MADV_HUGEPAGE)";
    return r;
  }
  r.grown_bytes = after - before;
  r.advised_bytes = after - lo;
  return r;
}
#else
HugePageHeap prepare(std::size_t) { return {0, 0, "a C library other than glibc"}; }
#endif

}  // namespace

HugePageHeap prepare_huge_page_heap(std::size_t bytes) {
  static std::once_flag once;
  HugePageHeap r;
  std::call_once(once, [&] { r = prepare(bytes); });
  return r;
}

}  // namespace gridenum
