// The two counting kernels behind count_fixed_grids (fixed_grids.hpp), library-internal.
#pragma once

#include <oneapi/tbb/parallel_for.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum::detail {

struct KernelStats {
  std::uint64_t relabellings = 0;
  std::uint64_t searched = 0;
  std::uint64_t states = 0;
  std::uint64_t memo_drops = 0;  // line orbits: a level's memo dropped at the ceiling
};

// f(g) by filling orbits of lines with the first row fixed (fixed_line_orbits.cpp). `types`
// are the cycle types pi may have (relabelling_types). Any g, N <= 12. parts: FixedOptions::parts
// (the orbits of roots in up to 64 parts), or nullptr. memo_ceiling: FixedOptions::line_memo_states.
u128 count_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                          KernelStats& stats, const FixedParts* parts = nullptr,
                          std::size_t memo_ceiling = std::size_t{1} << 24);

// Every grid X fixed by g (X(g(cell)) = pi(X(cell))) with row 0 reading 0..N-1, for one pi of each
// orbit of roots under the root symmetries (fixed_line_orbits.cpp): the grids count_by_line_orbits
// counts, less those of the other roots of each orbit, which are images of these under elements
// of the group. So every orbit of grids under G whose stabiliser holds g is met at least once --
// what a census of grids with automorphisms needs (automorphism_census.cpp) -- but not each grid
// once. visit gets N*N 0-based digits in reading order, on oneTBB tasks of the caller's arena
// (one call at a time per thread). Returns the grids visited, and their sum weighted by their
// roots' orbits (= f(g): the count's sum without the memo).
FixedListing enumerate_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                                       const std::function<void(const std::vector<std::uint8_t>&)>& visit);

// f(g) by band signatures (fixed_signatures.cpp). s must have two bands (s.cols == 2) and g
// must be untransposed; the caller turns 2 x C shapes round first.
// wide: the 12-digit edge sets whatever the shape (FixedOptions::wide_edges).
// share_walks_from, band_memo_states: FixedOptions::share_walks_from, ::band_memo_states.
// parts: FixedOptions::parts (the signature orbits of each relabelling type in up to 64 parts;
// the histogram sums of trivial band symmetry, which take seconds, have none), or nullptr.
u128 count_by_signatures(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                         const PlainBandCounts* plain, KernelStats& stats, bool wide = false,
                         std::uint64_t share_walks_from = std::uint64_t{1} << 20,
                         std::size_t band_memo_states = std::size_t{1} << 20, const FixedParts* parts = nullptr);

// True when g (untransposed, s with two bands: s.cols == 2) swaps the bands and the band symmetry
// it induces, (a1 a0, h^2, pi^2), is trivial: then the signature kernel sums plain band counts
// F(S) over digit-type histograms (fixed_signatures.cpp), from PlainBandCounts when given.
bool trivial_band_symmetry(Shape s, const GeometricSymmetry& g);

// Band cycles (fixed_band_cycles.cpp): f(g) for an untransposed g whose rows cycle every band of
// s, summed over the relabelling types `types`; parts keyed "bc1.<type>.<bucket>/64" (the
// search) or "bcs1.<type>.<bucket>/64" (stack by stack), the number the listing's version.
bool band_cycles_apply_directly(Shape s, const GeometricSymmetry& g);
// For such a g: g^C is the identity on band 0's cells (rho^C on its rows, gamma^C), so the bands
// keep no symmetry of their own and pi^C must be the identity.
bool bands_keep_no_symmetry(Shape s, const GeometricSymmetry& g);
// Band cycles apply directly and are quick (fixed_band_cycles.cpp): what Auto asks for.
bool band_cycles_quick(Shape s, const GeometricSymmetry& g);
u128 count_by_band_cycles(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& stats,
                          const FixedParts* parts = nullptr);
// Band classes (fixed_band_classes.cpp): band cycles where g^C is the identity on band 0's cells
// (the bands keep no symmetry) and the three-band catalogue takes s; f(g) as a sum over the
// catalogue's classes, parts keyed "bk1.<bucket>/64".
bool band_classes_apply(Shape s, const GeometricSymmetry& g);
u128 count_by_band_classes(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& stats,
                           const FixedParts* parts = nullptr);

// Band swaps (fixed_band_swaps.cpp): untransposed g of an R x 3 shape the three-band catalogue
// takes, swapping two bands and keeping the third; f(g) as a sum over the catalogue's classes of
// the first band's signature, parts keyed "bw1.<bucket>/64"; pair_closed_form: the band
// counter's last row pair in closed form, else searched (FixedOptions::band_pair_closed_form).
bool band_swaps_apply_directly(Shape s, const GeometricSymmetry& g);
u128 count_by_band_swaps(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& stats,
                         const FixedParts* parts = nullptr, bool pair_closed_form = true);

// Band keeps (fixed_band_keeps.cpp): untransposed g other than the identity of an R x 3 shape the
// three-band catalogue takes, keeping every band; f(g) as a sum over the catalogue's classes of
// the first band's signature and the invariant second bands, parts keyed "keep1.<bucket>/64";
// join: the second and third bands by the stack-cycle join (band_keep_join.hpp), else band by
// band (FixedOptions::band_keep_join).
bool band_keeps_apply_directly(Shape s, const GeometricSymmetry& g);
u128 count_by_band_keeps(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& stats,
                         const FixedParts* parts = nullptr, bool join = true);

// Cell search (fixed_cell_search.cpp): f(g) for any g, every fixed grid with box 0 reading
// 0..N-1 met once by a plain search with pi built on the fly; g's cell permutation is all it
// uses (not the relabelling types, so it counts the classes step 1 rules out too, as 0).
// stats.searched: the nodes searched; stats.relabellings: the subtrees the threads shared.
u128 count_by_cell_search(Shape s, const GeometricSymmetry& g, KernelStats& stats);

// The allowed signature multisets the signature kernel would walk for g (s.cols == 2, untransposed),
// summed over the relabelling types: how much work the class is, known in microseconds (the
// histogram sums of trivial band symmetry, not estimated, count as the most: UINT64_MAX).
std::uint64_t signature_family_members(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types);

// The parts of a kernel's count (FixedParts, fixed_grids.hpp). A kernel sums the shares of n
// items (line orbits: orbits of roots; signatures: orbits of signatures of one relabelling type),
// each with an id that names it whatever the order of work (its orbit's smallest member). The items
// are hashed by id into kPartBuckets buckets; a bucket is a part, keyed "<prefix><bucket>/64". The
// items are counted in one parallel loop, bucket by bucket; the thread that finishes a bucket's
// last item reports the bucket's sum; a bucket given back is not counted. A journal then holds at
// most 64 records a family however many items it has (3x4 class 147: 40,819 orbits of roots).
// share(k): item k's share (any thread); returns the sum of every share, the known ones included.
inline constexpr std::uint64_t kPartBuckets = 64;

template <class Share>
u128 sum_in_parts(std::size_t n, const std::function<std::uint64_t(std::size_t)>& id, const std::string& prefix,
                  const FixedParts* parts, Share&& share) {
  const auto bucket_of = [](std::uint64_t x) { return (x * 0x9E3779B97F4A7C15ull) >> 58; };
  static_assert(kPartBuckets == std::uint64_t{1} << (64 - 58));
  std::vector<std::uint64_t> bucket(n);
  std::vector<std::size_t> first(kPartBuckets + 1, 0);  // bucket b: order[first[b] .. first[b + 1])
  for (std::size_t k = 0; k < n; ++k) ++first[(bucket[k] = bucket_of(id(k))) + 1];
  for (std::uint64_t b = 0; b < kPartBuckets; ++b) first[b + 1] += first[b];
  std::vector<std::size_t> order(n);
  {
    std::vector<std::size_t> next(first.begin(), first.end() - 1);
    for (std::size_t k = 0; k < n; ++k) order[next[bucket[k]]++] = k;
  }
  const bool keyed = parts && (parts->known || parts->done);
  std::vector<std::string> key(kPartBuckets);
  std::vector<std::optional<u128>> known(kPartBuckets);
  std::vector<std::atomic<std::size_t>> left(kPartBuckets);
  for (std::uint64_t b = 0; b < kPartBuckets; ++b) {
    left[b] = first[b + 1] - first[b];
    if (!keyed || left[b] == 0) continue;
    key[b] = part_key(prefix, static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(kPartBuckets));
    if (parts->known) known[b] = parts->known(key[b]);
  }
  std::vector<u128> got(n, 0);  // by position in `order`
  tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
    const std::size_t k = order[i];
    const std::uint64_t b = bucket[k];
    if (known[b]) return;
    got[i] = share(k);
    if (left[b].fetch_sub(1, std::memory_order_acq_rel) == 1 && keyed && parts->done) {
      u128 sum = 0;  // every share of the bucket is written: the countdown orders them before this
      for (std::size_t j = first[b]; j < first[b + 1]; ++j) sum = checked_add(sum, got[j]);
      parts->done(key[b], sum);
    }
  });
  u128 total = 0;
  for (std::uint64_t b = 0; b < kPartBuckets; ++b) {
    if (known[b]) {
      total = checked_add(total, *known[b]);
      continue;
    }
    for (std::size_t j = first[b]; j < first[b + 1]; ++j) total = checked_add(total, got[j]);
  }
  return total;
}

}  // namespace gridenum::detail
