// A run of the three-band route (three_band.hpp) over a range of top-band signature classes
// (band_signatures.hpp): each class's representative, size, band fillings F and completions,
// and -- when the range is every class -- the grid total
//     grids = sum over classes of size x F x completions.
// What `gridenum count --shape 4x3 --classes A:B` prints, and a 4x3 job's engine (units = classes). Classes are numbered from 1 in the
// catalogue's order (increasing canonical key). A shape 3 x C (3x2, 3x4) is counted through its
// transpose C x 3 (same number of grids): the classes are the transpose's, and the result says so.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/three_band/three_band_cache.hpp"
#include "gridenum/count/unit_hooks.hpp"

namespace gridenum {

struct ThreeBandClassCount {
  std::uint64_t index = 0;      // 1-based class number
  SignatureKey key = 0;
  std::string columns;          // signature_string of the representative
  std::uint64_t size = 0;       // configurations in the class
  u128 count = 0;               // F x completions: the class's unit count in a job
  bool counted = false;         // counted in this run (else read from a job's journal)
  std::uint64_t fillings = 0;   // F of the representative   } when counted
  u128 completions = 0;         //                           } in this run
  std::uint64_t group = 0;      // 1-based prefix group within the run (classes sharing R-1 boxes)
  std::uint64_t group_size = 0; // classes of the run in that group
  double seconds = 0;           // wall time of its chunk's completions / classes in the chunk
};

struct ThreeBandRun {
  Shape shape;            // as asked
  Shape counted;          // the R x 3 shape actually counted (shape, or its transpose)
  int threads_used = 0;
  std::uint64_t first = 0, last = 0;  // 1-based, inclusive
  std::uint64_t catalogue_classes = 0;
  std::uint64_t groups = 0;               // prefix groups the range falls into
  std::uint64_t counted_here = 0;         // classes counted (not read from a journal)
  SignatureCatalogueStats catalogue_stats;
  ThreeBandStats table_stats;             // zero when every class was known (no table built)
  std::string table_source;               // built, or read from / written to a cache (ThreeBandCacheNote)
  std::string table_sha256;               // the F table's SHA-256: which table the counts came from
  std::vector<ThreeBandClassCount> classes;
  bool complete = false;  // every class counted: total holds the grid count
  BigInt total;
  double catalogue_seconds = 0, table_seconds = 0, classes_seconds = 0, total_seconds = 0;
};

// Classes counted together, at most (one group may be cut into several chunks): the chunk's
// per-class lists stay in L2 beside the row pair (about 2.8 KB per class for 4x3).
inline constexpr std::size_t kThreeBandChunk = 256;

// The catalogue and the tables, built once and kept between runs (a job's sessions, a dry run's
// rounds): the tables take minutes and 1.4 GB for 4x3, and are only built when a class needs them.
struct ThreeBandState {
  Shape counted;
  std::filesystem::path table_cache;               // directory of the F table cache (empty: none)
  ThreeBandCacheNote cache_note;                   // what the cache did when the tables were made
  std::optional<SignatureCatalogue> catalogue;
  std::vector<SignaturePrefixForm> forms;          // per class, prefix form (empty columns: not computed yet)
  std::unique_ptr<ThreeBandCounter> counter;
  double table_seconds = 0;
  // Bytes the tables may take (three_band_table_bytes; 0: no limit): checked before they are built
  // or read, so a run that would not fit says so at once instead of meeting the OOM killer.
  std::uint64_t memory_limit = 0;
};

// The R x 3 shape counting s: s, or its transpose for 3 x C; std::invalid_argument if neither.
Shape three_band_counted_shape(Shape s);

// The state for s (its catalogue built; threads = 0: all cores).
std::unique_ptr<ThreeBandState> three_band_state(Shape s, int threads);

// The bytes of the counted shape's tables (three_band_table_bytes); std::runtime_error saying what
// to do when they need more than `limit` (0: no limit).
std::uint64_t three_band_check_memory(Shape counted, std::uint64_t limit);

// Builds the state's tables unless it has them (threads = 0: all cores): read from the state's
// table cache when it holds a good one, else built and written there (three_band_cache.hpp).
// std::runtime_error, before anything is allocated, when they need more than st.memory_limit.
void three_band_build_tables(ThreeBandState& st, int threads);

// Chunks of the selected class indices (1-based) first..last: classes of one prefix group
// together, at most kThreeBandChunk per chunk, groups in order of prefix key.
std::vector<std::vector<std::uint64_t>> three_band_chunks(ThreeBandState& st, std::uint64_t first, std::uint64_t last,
                                                          const std::function<bool(std::uint32_t)>& select = {});

// A fixed sample of whole chunks, one per size G in `sizes`: the first G classes (1-based, in
// chunk order) of the smallest prefix group with at least G classes (ties: the first in prefix
// key order); the largest group's first chunk when none is that large. What 4x3's chunk
// benchmark (bench_three_band.cpp) and the kernels' long test time and compare: every prefix-
// group size, G = 1 a class alone in its group. Deterministic (the catalogue and its order are).
std::vector<std::vector<std::uint64_t>> three_band_sample_chunks(ThreeBandState& st, const std::vector<std::size_t>& sizes);

// Counts classes first..last (1-based, inclusive; 0:0 = all), steered by hooks (unit_hooks.hpp)
// whose unit ids are class index - 1; a unit's count is F x completions (below 2^128, checked).
// stop is checked between chunks and, from the worker threads, inside a chunk's sum about every
// millisecond per class: a chunk stopped midway is abandoned (none of its classes reach done()),
// then Interrupted. At most one chunk's work is lost, and a stop takes effect within a second.
// Counts classes first..last of s or, for 3 x C, of its transpose.
// std::invalid_argument for a shape neither takes, or a range outside 1..classes. With a state,
// its catalogue and tables are used (and the tables built into it when needed).
ThreeBandRun run_three_band(Shape s, std::uint64_t first, std::uint64_t last, int threads, const UnitHooks& hooks = {},
                            ThreeBandState* state = nullptr);

// The result of every class from its unit count (a job's merge): no table needed.
ThreeBandRun three_band_result_from_counts(Shape s, const SignatureCatalogue& cat, const std::vector<u128>& counts, int threads);

std::string format_text(const ThreeBandRun& r);
nlohmann::json to_json(const ThreeBandRun& r);

}  // namespace gridenum
