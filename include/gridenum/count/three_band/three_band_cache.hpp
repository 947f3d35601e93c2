// The three-band counter's F table on disk: the table takes 5 to 7 minutes to build for 4x3
// on 2 threads, and every session of a 4x3 job, every shard of a Slurm array and every
// `verify completions` would build it again. Read back, it takes seconds.
//
// The file (one per shape, three-band-RxC.ftab in the cache directory; 1.2 GB for 4x3) holds a
// header -- format version, shape, pair types, slots per type, the counter's layout fingerprint
// (what the slots are indexed by: partitions, pair types, representatives), the build's figures,
// one checksum per type and one of the header -- then every type's slots (F / R!, u32, native
// byte order, which the header's marker checks). It is written to a temporary file and renamed,
// so a reader never sees half a file, and several writers (the shards of one array) only race to
// put the same bytes in place.
//
// Nothing read is trusted: a file that is missing, short, of another version, shape or layout,
// or whose checksums differ is set aside and the table built (and written) again, with a note
// saying why. Every byte of the slots is checked against the SHA-256 the header records (core/
// digest.hpp), and the table a count used is named by that digest in its result ("table":
// "sha256"), whether built or read. A table of at most kThreeBandCacheRebuildSlots slots (every
// shape but 4x3: milliseconds to build) is built again and compared whole, so a file forged with
// its checksums and digest recomputed is refused too. For 4x3 (300 million slots, minutes to
// build) a consistent forgery is not caught on read: the result's digest names the table, which
// anyone can compare with a table they built (the digest is printed with every three-band result),
// and random bands are spot-checked against the colouring count (three_band_fillings).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "gridenum/core/shape.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum {

// What happened to the cache when a counter was asked for.
struct ThreeBandCacheNote {
  enum class Outcome { None, Loaded, Written, NotWritten };
  Outcome outcome = Outcome::None;  // None: no cache directory given (built, nothing written)
  std::filesystem::path file;
  std::string why;        // why no cache was read (missing, damaged, ...) or none written
  double seconds = 0;     // reading and checking, or building and writing
  int spot_checks = 0;    // random bands whose F was recounted after reading
  std::string sha256;     // SHA-256 of the table the counter holds (built or read), hex
  std::string str() const;  // one line for the log and the result
};

// Tables of at most this many slots are built again and compared whole after a read (2x3, 3x3;
// 4x3 has 300 million).
inline constexpr std::uint64_t kThreeBandCacheRebuildSlots = std::uint64_t{1} << 22;

// DIR/three-band-RxC.ftab.
std::filesystem::path three_band_cache_file(const std::filesystem::path& dir, Shape s);

// Writes the counter's F table to `file` (temporary file in the same directory, then renamed;
// the directory is created). Throws std::runtime_error naming the file and the system error
// (ENOSPC, EACCES ...); no temporary is left behind.
void save_three_band_cache(const ThreeBandCounter& counter, const std::filesystem::path& file);

// The counter for s with its F table read from `file`, every check passed (see above), or
// nullptr with *why saying what was wrong. spot_checks: random bands recounted (0: none).
// *sha256 (when given) receives the table's verified digest. A table of at most rebuild_up_to
// slots is also built again and compared whole (0: never; the tests use it to reach the spot checks).
std::unique_ptr<ThreeBandCounter> load_three_band_cache(Shape s, int threads, const std::filesystem::path& file,
                                                        int spot_checks, std::string* why, std::string* sha256 = nullptr,
                                                        std::uint64_t rebuild_up_to = kThreeBandCacheRebuildSlots);

// SHA-256 of a counter's F table: the slots' bytes, type after type (as the cache file holds them).
std::string three_band_table_sha256(const ThreeBandCounter& counter);

// The counter for s: read from DIR's cache file when it passes every check, else built on
// `threads` and written there (a failure to write is a note, never an error: the cache only
// saves time). An empty dir: built, nothing read or written.
std::unique_ptr<ThreeBandCounter> three_band_counter_cached(Shape s, int threads, const std::filesystem::path& dir,
                                                            ThreeBandCacheNote* note = nullptr);

// Random bands recounted after a read (three_band_counter_cached).
inline constexpr int kThreeBandCacheSpotChecks = 64;

}  // namespace gridenum
