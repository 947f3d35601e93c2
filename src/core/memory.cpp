// Peak memory (memory.hpp): getrusage(RUSAGE_SELF).ru_maxrss, which Linux reports in KiB.
#include "gridenum/core/memory.hpp"

#include <sys/resource.h>

namespace gridenum {

long peak_rss_kib() {
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return u.ru_maxrss;
}

}  // namespace gridenum
