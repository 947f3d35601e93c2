// Two-stack route, F counter: matching removal with its first level a loop of its own.
//
// The idea. Matching removal (two_stack_fillings.cpp) counts one configuration in one call:
//
//   F = F_m(G) = m * sum over perfect matchings M of G through a fixed edge e of F_{m-1}(G - M).
//
// On a 2x6 class that first level has 31,968 to 86,400 terms (median 33,184, over the 63,199
// classes), each a 5-regular graph that takes seconds on a class with a small stabiliser, where the
// whole class is tens of CPU-hours on one core (docs/methods/side2.md, *Matching removal on a heavy
// class*). Taking the loop out of the counter gives two things:
//
//  - progress: on_terms(n) as n more terms are done (from any thread), so a verify of such a class
//    shows how far it is and when it will end instead of "0 of 1 classes" for a day;
//  - the terms split over threads (over_threads), each thread with a MatchingRemoval of its own:
//    one class on many cores. The memos are not shared (no lock on the hot path; memo_bytes is per
//    thread), and that costs: the serial count's memo serves every later term, a thread's only the
//    terms it takes. oneTBB hands a thread neighbouring terms (the matchings are listed in
//    lexicographic order, so neighbours share most edges and meet in the memo), but on 2 threads
//    a symmetric class (63,170) still took 1.6x the CPU of one thread (1.2x faster in wall time),
//    so callers split only when they have fewer classes than threads.
//
// Terms with equal memo keys (MatchingRemoval::key: isomorphic graphs) are counted once, times
// their multiplicity: the serial count gets them from its memo, split threads would each count
// them. Stop requests are heard inside a term, as in the serial count (every 256 memo misses).
//
// Data layout: a term is G - M as 16 row masks (bit d = digit d), n = 2m rows of degree m - 1;
// a class's list is about 33,000 x 32 bytes (1 MB), plus its keys while they are sorted.
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <utility>
#include <stdexcept>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/side2/two_stack.hpp"

namespace gridenum {

namespace {

using Rows = std::array<std::uint16_t, 16>;

// The stack's graph: row 2k holds S_k, row 2k+1 its complement (two_stack_fillings.cpp).
Rows stack_graph(const Side2Config& c) {
  if (!is_valid_config(c)) throw std::invalid_argument("two-stack fillings: not a valid configuration");
  const int n = 2 * c.m;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  Rows rows{};
  for (int k = 0; k < c.m; ++k) {
    rows[static_cast<std::size_t>(2 * k)] = c.sets[static_cast<std::size_t>(k)];
    rows[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint16_t>(all & ~c.sets[static_cast<std::size_t>(k)]);
  }
  return rows;
}

// Every perfect matching through e = (row 0, its lowest digit), rows taken in order, digits in
// increasing order: visit(residual) for each, the residual graph G - M.
template <class Visit>
void for_each_first_matching(const Rows& g, int n, Visit&& visit) {
  Rows residual = g;
  const auto d0 = static_cast<std::uint16_t>(g[0] & (~g[0] + 1));
  residual[0] = static_cast<std::uint16_t>(g[0] & ~d0);
  auto match = [&](auto&& self, int i, std::uint16_t used) -> void {
    if (i == n) {
      visit(static_cast<const Rows&>(residual));
      return;
    }
    const auto row = static_cast<std::size_t>(i);
    for (unsigned o = g[row] & ~used & 0xffffu; o != 0; o &= o - 1) {
      const auto d = static_cast<std::uint16_t>(o & (~o + 1));
      residual[row] = static_cast<std::uint16_t>(g[row] & ~d);
      self(self, i + 1, static_cast<std::uint16_t>(used | d));
    }
    residual[row] = g[row];
  };
  match(match, 1, d0);
}

}  // namespace

std::uint64_t two_stack_first_terms(const Side2Config& c) {
  const Rows g = stack_graph(c);
  std::uint64_t terms = 0;
  for_each_first_matching(g, 2 * c.m, [&](const Rows&) { ++terms; });
  return terms;
}

u128 two_stack_fillings_by_terms(const Side2Config& c, std::uint64_t memo_bytes_per_thread, bool over_threads,
                                 const std::function<void(std::uint64_t)>& on_terms) {
  const Rows g = stack_graph(c);
  const int n = 2 * c.m;
  std::vector<Rows> all;
  for_each_first_matching(g, n, [&](const Rows& r) { all.push_back(r); });
  // A 1-regular or empty stack (m <= 1) has no second level: F = 1 (one filling), as the serial count.
  if (c.m <= 1) return 1;
  // Terms with equal memo keys are isomorphic graphs (MatchingRemoval::key): each is counted once,
  // times its multiplicity, in the order of its first appearance. The serial count has them from
  // its memo; split over threads with memos of their own, a symmetric class would count them
  // again on every thread (classes 63190-63194 split over 2 threads: 88 CPU-s without this step,
  // 80 with it, 54 unsplit -- most of the split's cost is the lower levels' memos, not these).
  std::vector<std::pair<Rows, std::size_t>> keyed(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto k = MatchingRemoval::key(all[i].data(), n, c.m - 1);
    std::copy(k.begin(), k.end(), keyed[i].first.begin());
    keyed[i].second = i;
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::pair<std::size_t, std::uint64_t>> firsts;  // (first index, multiplicity)
  for (std::size_t i = 0; i < keyed.size();) {
    std::size_t j = i;
    while (j < keyed.size() && keyed[j].first == keyed[i].first) ++j;
    firsts.emplace_back(keyed[i].second, j - i);  // sorted by index within equal keys: the first
    i = j;
  }
  std::sort(firsts.begin(), firsts.end());
  std::vector<Rows> terms(firsts.size());
  std::vector<std::uint64_t> times(firsts.size());
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    terms[i] = all[firsts[i].first];
    times[i] = firsts[i].second;
  }
  if (!over_threads) {
    MatchingRemoval counter(nullptr, memo_bytes_per_thread);
    u128 sum = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      sum = checked_add(sum, checked_mul(counter.count(terms[i].data(), n, c.m - 1), static_cast<u128>(times[i])));
      if (on_terms) on_terms(times[i]);
    }
    return checked_mul(sum, static_cast<u128>(c.m));
  }
  tbb::enumerable_thread_specific<MatchingRemoval> counters([&] { return MatchingRemoval(nullptr, memo_bytes_per_thread); });
  tbb::enumerable_thread_specific<u128> sums(u128{0});
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, terms.size()), [&](const tbb::blocked_range<std::size_t>& range) {
    MatchingRemoval& counter = counters.local();
    u128& sum = sums.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      sum = checked_add(sum, checked_mul(counter.count(terms[i].data(), n, c.m - 1), static_cast<u128>(times[i])));
      if (on_terms) on_terms(times[i]);
    }
  });
  u128 total = 0;
  for (const u128& s : sums) total = checked_add(total, s);
  return checked_mul(total, static_cast<u128>(c.m));
}

}  // namespace gridenum
