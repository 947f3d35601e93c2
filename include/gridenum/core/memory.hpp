// Peak memory of this process, for the "peak memory" figure commands print.
#pragma once

namespace gridenum {

// Peak resident set size so far, in KiB (getrusage's ru_maxrss on Linux); 0 if unavailable.
long peak_rss_kib();

}  // namespace gridenum
