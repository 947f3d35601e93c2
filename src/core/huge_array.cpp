// Large arrays on transparent huge pages (huge_array.hpp): mmap, trim to a 2 MiB boundary,
// madvise, munmap.
#include "gridenum/core/huge_array.hpp"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gridenum {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;  // x86-64's transparent huge page

std::size_t round_up(std::size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

}  // namespace

#if defined(__linux__)

// The mapping is the block rounded up to whole huge pages; one huge page more is mapped and the
// unaligned head and tail are unmapped again, so the block starts on a 2 MiB boundary (the
// kernel backs with a huge page only an aligned 2 MiB range of an advised mapping).
void* huge_alloc(std::size_t bytes) {
  if (bytes < kHugeArrayMinBytes) {
    void* p = std::aligned_alloc(16, (bytes + 15) & ~std::size_t{15});
    if (p == nullptr) throw std::bad_alloc();
    return p;
  }
  const std::size_t size = round_up(bytes);
  if (size < bytes) throw std::bad_alloc();  // overflow
  void* raw = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto lo = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t start = (lo + kHugePage - 1) & ~std::uintptr_t{kHugePage - 1};
  const std::size_t head = start - lo, tail = kHugePage - head;
  if (head) munmap(raw, head);
  if (tail) munmap(reinterpret_cast<void*>(start + size), tail);
  // A refusal leaves ordinary pages: slower, never wrong (huge_array.hpp).
  (void)madvise(reinterpret_cast<void*>(start), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(start);
}

void huge_free(void* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
  if (bytes < kHugeArrayMinBytes) {
    std::free(p);
    return;
  }
  munmap(p, round_up(bytes));
}

#else

void* huge_alloc(std::size_t bytes) {
  void* p = std::aligned_alloc(16, (bytes + 15) & ~std::size_t{15});
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void huge_free(void* p, std::size_t) noexcept { std::free(p); }

#endif

}  // namespace gridenum
