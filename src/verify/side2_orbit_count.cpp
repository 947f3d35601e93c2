// Burnside count of the side-2 classes (side2_orbit_count.hpp).
//
// The classes are the orbits of B_m (permute the m coordinates, complement any of them) on
// histograms: multisets of N = 2m types v in {0,1}^m in which every coordinate is 1 in exactly m
// of the N types. Burnside: #orbits = (1/|B_m|) sum over g of Fix(g).
//
// Fix(g). A multiset is fixed by g iff its multiplicity is constant on every cycle of g acting
// on the 2^m types; choosing a multiplicity a_C >= 0 per type-cycle C gives N = sum a_C |C|
// digits and, at coordinate x, sum a_C ones_x(C) ones. The coordinate constraint need only be
// checked at one coordinate x per cycle of g's coordinate permutation: if g sends coordinate x
// to y, a fixed multiset has ones_y = ones_x or N - ones_x (as g complements x or not), and both
// are m when ones_x = m. So Fix(g) is the number of solutions, counted by a dynamic programme over
// the type-cycles with state (digits so far, ones at each representative coordinate): at most
// 13 x 7^6 = 1.5 million states for m = 6 (the identity: 64 one-type cycles).
//
// Fix depends on g only through its conjugacy class, the *signed cycle type* (the coordinate
// cycles' lengths, each with the parity of its complemented coordinates); the 2^m m! elements
// are walked once to count each class, and Fix is computed for one element per class (65 classes
// for m = 6).
#include "gridenum/verify/side2_orbit_count.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

struct Element {
  std::vector<int> to;   // coordinate x goes to to[x]
  unsigned flip = 0;     // bit x: coordinate x is complemented on the way
};

unsigned apply(const Element& g, unsigned t, int m) {
  unsigned u = 0;
  for (int x = 0; x < m; ++x)
    if (((t >> x) & 1u) ^ ((g.flip >> x) & 1u)) u |= 1u << g.to[x];
  return u;
}

// Signed cycle type: sorted (length, complemented-count parity) of the coordinate cycles.
std::vector<std::pair<int, int>> signed_cycle_type(const Element& g, int m, std::vector<int>* representatives) {
  std::vector<std::pair<int, int>> type;
  std::vector<char> seen(static_cast<std::size_t>(m), 0);
  for (int x = 0; x < m; ++x) {
    if (seen[static_cast<std::size_t>(x)]) continue;
    if (representatives) representatives->push_back(x);
    int len = 0, parity = 0;
    for (int y = x; !seen[static_cast<std::size_t>(y)]; y = g.to[static_cast<std::size_t>(y)]) {
      seen[static_cast<std::size_t>(y)] = 1;
      ++len;
      parity ^= static_cast<int>((g.flip >> y) & 1u);
    }
    type.emplace_back(len, parity);
  }
  std::sort(type.begin(), type.end());
  return type;
}

std::uint64_t fixed_histograms(const Element& g, int m) {
  const int n = 2 * m, T = 1 << m;
  std::vector<int> reps;
  signed_cycle_type(g, m, &reps);
  const int c = static_cast<int>(reps.size());
  // State index: digits so far (0..n) then ones at each representative coordinate (0..m).
  std::size_t states = static_cast<std::size_t>(n + 1);
  for (int i = 0; i < c; ++i) states *= static_cast<std::size_t>(m + 1);
  std::vector<std::uint64_t> dp(states, 0), next(states);
  dp[0] = 1;
  std::vector<char> seen(static_cast<std::size_t>(T), 0);
  for (unsigned t0 = 0; t0 < static_cast<unsigned>(T); ++t0) {
    if (seen[t0]) continue;
    int len = 0;
    std::array<int, 6> ones{};
    for (unsigned t = t0; !seen[t]; t = apply(g, t, m)) {
      seen[t] = 1;
      ++len;
      for (int i = 0; i < c; ++i) ones[static_cast<std::size_t>(i)] += static_cast<int>((t >> reps[static_cast<std::size_t>(i)]) & 1u);
    }
    // Step of one copy of the cycle in the mixed-radix index (digits least significant).
    std::fill(next.begin(), next.end(), 0);
    for (std::size_t s = 0; s < states; ++s) {
      if (!dp[s]) continue;
      std::size_t rest = s;
      const int digits = static_cast<int>(rest % static_cast<std::size_t>(n + 1));
      rest /= static_cast<std::size_t>(n + 1);
      std::array<int, 6> have{};
      for (int i = 0; i < c; ++i) {
        have[static_cast<std::size_t>(i)] = static_cast<int>(rest % static_cast<std::size_t>(m + 1));
        rest /= static_cast<std::size_t>(m + 1);
      }
      for (int a = 0;; ++a) {
        const int d2 = digits + a * len;
        if (d2 > n) break;
        bool ok = true;
        std::size_t idx = 0;
        for (int i = c - 1; i >= 0 && ok; --i) {
          const int o = have[static_cast<std::size_t>(i)] + a * ones[static_cast<std::size_t>(i)];
          ok = o <= m;
          idx = idx * static_cast<std::size_t>(m + 1) + static_cast<std::size_t>(o);
        }
        if (!ok) break;
        next[idx * static_cast<std::size_t>(n + 1) + static_cast<std::size_t>(d2)] += dp[s];
      }
    }
    std::swap(dp, next);
  }
  std::size_t goal = 0;
  for (int i = 0; i < c; ++i) goal = goal * static_cast<std::size_t>(m + 1) + static_cast<std::size_t>(m);
  return dp[goal * static_cast<std::size_t>(n + 1) + static_cast<std::size_t>(n)];
}

}  // namespace

HistogramOrbitCount count_histogram_orbits(int m) {
  if (m < 2 || m > 6) throw std::invalid_argument("histogram orbit count: m must be 2..6, got " + std::to_string(m));
  const auto t0 = SteadyClock::now();
  HistogramOrbitCount r;
  r.m = m;
  // Conjugacy classes: every element walked, one representative and a size per signed cycle type.
  std::map<std::vector<std::pair<int, int>>, std::pair<Element, std::uint64_t>> classes;
  Element g;
  g.to.resize(static_cast<std::size_t>(m));
  std::iota(g.to.begin(), g.to.end(), 0);
  do {
    for (unsigned flip = 0; flip < (1u << m); ++flip) {
      g.flip = flip;
      ++r.group_order;
      auto [it, fresh] = classes.try_emplace(signed_cycle_type(g, m, nullptr), g, 0);
      ++it->second.second;
    }
  } while (std::next_permutation(g.to.begin(), g.to.end()));
  r.conjugacy_classes = classes.size();
  unsigned __int128 sum = 0;
  for (const auto& [type, rep] : classes) {
    const std::uint64_t fix = fixed_histograms(rep.first, m);
    if (type.size() == static_cast<std::size_t>(m) &&
        std::all_of(type.begin(), type.end(), [](const auto& p) { return p.first == 1 && p.second == 0; }))
      r.histograms = fix;
    sum += static_cast<unsigned __int128>(fix) * rep.second;
  }
  if (sum % r.group_order != 0) throw std::logic_error("histogram orbit count: the Burnside sum is not a multiple of |B_m|");
  r.orbits = static_cast<std::uint64_t>(sum / r.group_order);
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace gridenum
