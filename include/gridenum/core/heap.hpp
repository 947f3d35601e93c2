// A heap on huge pages for the short, allocation-heavy counts (docs/performance.md, "The heap:
// huge pages for the 9x9 count").
//
// The idea: the stack method's 9x9 count builds and frees about 30 MB of small and medium
// vectors in a tenth of a second (36,288 catalogue bands, the structure keys of the class
// closure, the stack list, the class tables), and on a virtual machine a first touch of a 4 KiB
// page costs microseconds: the page faults, and the TLB misses of the hot loops over 4 KiB
// pages, were as long as the catalogue and the stack list put together. glibc can put its heap
// on transparent huge pages (the glibc.malloc.hugetlb tunable), but only from an environment
// variable read before main. So the count asks for it itself, once, before its plan allocates:
//   - one malloc arena (worker threads allocate from the main heap, which is the advised one);
//   - the main heap grown now by `bytes` in one step (M_TOP_PAD) and advised MADV_HUGEPAGE, so
//     its pages come 2 MiB at a time (the kernel's "madvise" mode, Debian's default);
//   - blocks up to 32 MiB (glibc's largest threshold) taken from that heap rather than from
//     fresh mappings, and freed memory kept for reuse instead of returned at every free.
// Why not for every command: it keeps what the process frees, and a long 12-digit count frees
// gigabytes of tables that its memory limit expects to be returned; so only counts whose whole
// working set is small call it (the stack method, boxes of at most 9 digits).
// Nothing here changes a result: it is a policy of the allocator, and any step the system
// refuses (another allocator, as under AddressSanitizer; a kernel without transparent huge
// pages) leaves the ordinary heap, which is only slower.
#pragma once

#include <cstddef>

namespace gridenum {

// What prepare_huge_page_heap did: the bytes the heap grew by in its one step, the bytes of that
// growth it advised (0 when it could not, or when an earlier call already did it), and the first
// failing step when one failed. The advice runs from the first 2 MiB boundary of the growth to
// the heap's end, so advised_bytes lies in (grown_bytes - 2 MiB, grown_bytes].
struct HugePageHeap {
  std::size_t grown_bytes = 0;
  std::size_t advised_bytes = 0;
  const char* failed_step = nullptr;  // e.g. "madvise(MADV_HUGEPAGE)"; nullptr on success
};

// The policy above, for the whole process. Idempotent: the first call decides, later ones
// return {0, nullptr}. Call it before the threads that will allocate are started.
HugePageHeap prepare_huge_page_heap(std::size_t bytes);

}  // namespace gridenum
