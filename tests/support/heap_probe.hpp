// What the huge-page heap (core/heap.hpp) leaves behind, read from /proc/self/smaps: whether a
// block the program allocates now lies in a mapping advised for transparent huge pages (the "hg"
// flag on its VmFlags line). And whether this build's allocator is a sanitizer's, which keeps
// its own heap and refuses glibc's mallopt: there the policy must report the step it could not take.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace gridenum::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizerAllocator = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizerAllocator = true;
#else
inline constexpr bool kSanitizerAllocator = false;
#endif
#else
inline constexpr bool kSanitizerAllocator = false;
#endif

// The VmFlags line of the mapping that holds `address` (" rd wr mr ... hg " with a space at
// each end), or "" when no mapping holds it.
inline std::string mapping_flags(const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {  // a mapping's first line
      inside = lo <= a && a < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return " " + line.substr(8) + " ";
  }
  return "";
}

// True when the mapping that holds `address` has the "hg" (MADV_HUGEPAGE) flag.
inline bool advised_for_huge_pages(const void* address) {
  return mapping_flags(address).find(" hg ") != std::string::npos;
}

// A 4 MiB block (below the policy's 32 MiB mmap threshold, above glibc's default 128 KiB one)
// that the allocator hands out now: true when its last byte lies in an advised mapping. (Its
// start may lie in the part of the heap that was there before the advice, which begins at the
// first 2 MiB boundary of the growth.)
inline bool next_block_is_on_huge_pages() {
  constexpr std::size_t kBytes = std::size_t{4} << 20;
  char* volatile block = static_cast<char*>(std::malloc(kBytes));
  const bool advised = advised_for_huge_pages(block + kBytes - 1);
  std::free(block);
  return advised;
}

}  // namespace gridenum::testing
