// Route "two-stack" of the side-2 count (side2.hpp): native on 2 x m boxes, a 2m x m stack.
//
// Class generator (two_stack_classes.cpp): a choice S = (S_1..S_m) is, up to relabelling, the
// multiset of the N digits' *types* v_d in {0,1}^m (v_d[k] = 1 iff d is in S_k), each coordinate
// having exactly m ones; the choices with type histogram h number N! / prod_v h(v)!. Box
// permutations and row swaps act on types as the hyperoctahedral group B_m (coordinate
// permutations and flips, 2^m m! elements), so classes are the B_m-orbits of histograms.
//
// F counter (two_stack_fillings.cpp, class MatchingRemoval): stack fillings column by column: a
// column is a perfect matching rows -> digits; F_k(G) = k * sum over perfect matchings M
// containing a fixed edge of F_{k-1}(G - M), F_2 = 2^cycles, memoised residual graphs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "gridenum/count/side2/side2.hpp"

namespace gridenum {

// The type-histogram classes of m (2 <= m <= kSide2MaxClassHalf) with an index of every
// histogram, so that any configuration can be classified.
//
// Order: a histogram is keyed by its N types sorted in decreasing order (box 1 the most
// significant bit of a type), packed m bits each, the first type highest; every histogram is
// listed and sorted by key, and a class's key is the smallest key in its orbit. Classes are in
// increasing order of that key. The representative gives digit i (1-based) the i-th type of the
// class key, so S_1 = {1..m} always.
class TwoStackClasses {
 public:
  explicit TwoStackClasses(int m, int threads = 0);
  const Side2Classes& table() const { return table_; }
  // Index (into table().classes) of the class of a configuration. Throws on an invalid one.
  std::uint32_t class_of(const Side2Config& c) const;
  std::uint64_t histograms() const { return keys_.size(); }

 private:
  Side2Classes table_;
  std::vector<u128> keys_;           // every histogram's key, sorted
  std::vector<std::uint32_t> cls_;   // class of keys_[i]
};

// The same classes without listing the histograms (two_stack_orbits.cpp): orbit representatives
// built one box (coordinate) at a time, each partial histogram reduced to a canonical form under
// B_j by a refinement search that also counts its automorphisms. Needed for m = 6 (2.3e9
// histograms, 63,199 classes); takes 2 <= m <= kSide2MaxOrbitHalf.
//
// Order: a histogram's canonical key has the same packing as TwoStackClasses' keys (types sorted
// in decreasing order, box 1 the most significant bit, the first type highest), but the canonical
// member of an orbit is chosen differently (see the .cpp), so class indices differ from
// TwoStackClasses' for m <= 5; the classes and weights are the same. Classes are in increasing
// order of canonical key; the representative gives digit i the i-th type of that key (S_1 =
// {1..m}). class_of() canonicalises the configuration's histogram and looks the key up.
class TwoStackOrbitClasses {
 public:
  explicit TwoStackOrbitClasses(int m, int threads = 0);
  const Side2Classes& table() const { return table_; }
  std::uint32_t class_of(const Side2Config& c) const;
  // Canonical keys built at each level j = 1..m (partial histograms of j boxes, up to B_j):
  // level_classes()[j - 1]; the last is the class count.
  const std::vector<std::uint64_t>& level_classes() const { return levels_; }
  // Partial histograms canonicalised in all (the generator's work).
  std::uint64_t canonicalised() const { return table_.enumerated; }

 private:
  Side2Classes table_;
  std::vector<u128> keys_;  // canonical key of each class, increasing (index = class index)
  std::vector<std::uint64_t> levels_;
};

// F of one configuration, stack fillings column by column (matching removal).
u128 two_stack_fillings(const Side2Config& c);

// Statistics of one F computation (tests and the benchmark's notes).
struct TwoStackStats {
  std::uint64_t matchings = 0;  // perfect matchings enumerated, all levels
  std::uint64_t memo_hits = 0, memo_entries = 0;
  std::uint64_t memo_clears = 0;  // levels of the memo emptied to stay within memo_bytes
};
// memo_bytes: a ceiling on the memo (0: none). The memo is a cache: past the ceiling the level
// holding the most graphs is emptied and refilled as the count goes on; F is the same, the time
// longer. A generic 2x6 class fills gigabytes (docs/methods/side2.md).
u128 two_stack_fillings(const Side2Config& c, TwoStackStats* stats, std::uint64_t memo_bytes = 0);
// What one memo entry costs, for memo_bytes: key, value, the node and its bucket (measured).
inline constexpr std::uint64_t kTwoStackMemoEntryBytes = 96;

// The F counter itself, for other callers than two_stack_fillings: F_k(G), the number of ordered
// 1-factorisations of a k-regular bipartite graph G (k perfect matchings in order, together
// covering every edge once), by the matching removal above. G is given as n "rows", each the mask
// of the digits (bit d = digit d, 0..15) it is joined to: 1 <= n <= 16, 0 <= k <= kSide2MaxHalf,
// every row and every digit of degree k (std::invalid_argument naming what is wrong otherwise).
// F_0 = 1 (the empty graph), F_1 = 1.
//
// Why a class: the memo of residual graphs lives as long as the object and serves every later
// call, which is what a caller asking about many related graphs wants (the 8x8 ranker,
// grid/two_band_rank.hpp, asks about the 160,000 column-set structures and then about the
// residual graphs of every grid it ranks). memo_bytes: a ceiling on the memo, as above (0: none).
// Not thread-safe: one object per thread.
class MatchingRemoval {
 public:
  explicit MatchingRemoval(TwoStackStats* stats = nullptr, std::uint64_t memo_bytes = 0);
  ~MatchingRemoval();
  MatchingRemoval(MatchingRemoval&&) noexcept;
  MatchingRemoval& operator=(MatchingRemoval&&) noexcept;

  // F_k of the graph rows[0..n).
  u128 count(const std::uint16_t* rows, int n, int k);
  // The memo's key of the graph rows[0..n) of degree k: the graph relabelled (rows sorted, digits
  // renumbered by refinement). Equal keys mean isomorphic graphs, hence equal F_k; isomorphic
  // graphs may still have different keys (it is not a canonical form).
  static std::array<std::uint16_t, 16> key(const std::uint16_t* rows, int n, int k);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// F of one configuration by the same counter, its first level a loop of its own
// (two_stack_parallel.cpp): F = m x the sum, over the perfect matchings M of the stack's graph G
// through a fixed edge, of F_{m-1}(G - M) -- the "first terms" -- isomorphic terms counted once.
// over_threads: the terms are counted in parallel in the caller's task arena, each thread with a
// MatchingRemoval of its own (one class on many cores; the memos are not shared, so it costs more
// CPU than one thread: 1.6x on a symmetric 2x6 class); else one after another with one counter.
// memo_bytes_per_thread: each counter's memo ceiling (0: none). on_terms(n), if set, is called
// (from any thread) as n more first terms are done: the count's progress (a term of a generic 2x6
// class takes seconds). The same F as two_stack_fillings; std::invalid_argument on an invalid
// configuration.
u128 two_stack_fillings_by_terms(const Side2Config& c, std::uint64_t memo_bytes_per_thread, bool over_threads,
                                 const std::function<void(std::uint64_t)>& on_terms = {});
// The number of first terms of a configuration (a 2x6 class: about 33,000; milliseconds).
std::uint64_t two_stack_first_terms(const Side2Config& c);

}  // namespace gridenum
