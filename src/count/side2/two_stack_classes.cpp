// Two-stack route, class generator: orbits of digit-type histograms under B_m (two_stack.hpp).
//
// Why types. A choice S = (S_1..S_m) of top-row sets is a map digit -> type v_d in {0,1}^m. A
// relabelling permutes the digits and keeps the multiset of types; two choices with the same
// multiset differ by a relabelling. So up to relabelling a choice *is* its type histogram h, and
// the choices with histogram h number N! / prod_v h(v)! (the ways to hand the types to the
// digits). Permuting boxes permutes the coordinates of every type; swapping the rows of box k
// flips coordinate k of every type (S_k -> complement: still m ones, as N = 2m). Together: the
// hyperoctahedral group B_m (2^m m! elements: 3840 for m = 5) acting on the type space.
//
// The three steps, each a loop over small data:
//   1. Every histogram (N types, each coordinate with exactly m ones) is listed by a depth-first
//      search over the types from the highest down, choosing how many digits get each type,
//      pruned by each coordinate's remaining need. m = 5: 1,024,992 histograms... see the
//      tests for the figure; they are packed into 128-bit keys and sorted.
//   2. Orbit marking: walking the keys in increasing order, the first key not yet marked is the
//      smallest of a new orbit; its images under all of B_m are computed (a type -> type table
//      per group element, a counting sort of the N mapped types), looked up by binary search
//      and marked with the class index. Orbit size = distinct images.
//   3. Weight = orbit size x N! / prod h(v)! (every histogram of the orbit has the same
//      multiplicities), checked to sum to C(N,m)^m by the caller's tests.
// Cost for m = 5 (AMD EPYC family 23 model 1, 2026-11-30, perf record): 1.0 s in all, of which
// the marking (355 x 3840 images, each looked up by binary search among the 589,392 keys) about
// two thirds and the listing a quarter; the listing took 3 s more before its search stopped at
// needs that no type left can meet. Keeping every key (16 bytes each) is what lets class_of() classify any
// configuration by one binary search (the census in verify uses it 10^8 times).
#include "gridenum/count/side2/two_stack.hpp"

#include <oneapi/tbb/parallel_sort.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

// Packs N types (already in decreasing order), the first in the most significant position.
u128 pack(const std::uint8_t* types, int n, int m) {
  u128 k = 0;
  for (int i = 0; i < n; ++i) k = (k << m) | types[i];
  return k;
}

void unpack(u128 key, int n, int m, std::uint8_t* types) {
  const u128 mask = (u128{1} << m) - 1;
  for (int i = n - 1; i >= 0; --i) {
    types[i] = static_cast<std::uint8_t>(key & mask);
    key >>= m;
  }
}

// Type of a digit: bit (m-1-k) set when the digit is in S_k (box 1 the most significant).
std::uint8_t type_bit(int m, int k) { return static_cast<std::uint8_t>(1u << (m - 1 - k)); }

struct HistogramLister {
  int m, n, T;
  std::vector<u128>* out;
  const Phase* phase;  // heard every 2^16 nodes: the listing is most of the generator's time
  std::uint8_t types[16];
  int need[8];
  std::uint64_t nodes = 0;

  void run() {
    for (int k = 0; k < m; ++k) need[k] = m;
    rec(T - 1, 0);
  }
  // Types > t are placed (pos digits so far); choose how many digits get type t.
  void rec(int t, int pos) {
    if ((++nodes & 0xffff) == 0) phase->check();
    const int rem = n - pos;
    if (rem == 0) {
      for (int k = 0; k < m; ++k)
        if (need[k] != 0) return;
      out->push_back(pack(types, n, m));
      return;
    }
    if (t < 0) return;
    // Most copies first is not needed for correctness; the keys are sorted afterwards.
    int max_c = rem;
    for (int k = 0; k < m; ++k)
      if (t & type_bit(m, k)) max_c = std::min(max_c, need[k]);
    for (int c = 0; c <= max_c; ++c) {
      for (int k = 0; k < m; ++k)
        if (t & type_bit(m, k)) need[k] -= c;
      for (int i = 0; i < c; ++i) types[pos + i] = static_cast<std::uint8_t>(t);
      // Prune: every coordinate's need must still fit in the digits left, and in the types left:
      // the types below t carry coordinate k only if they are at least type_bit(m, k), so a need
      // left on a coordinate whose bit is t or more can no longer be met (without this the
      // search went on down to type 0 under every such branch: 2x5's listing took 4 s).
      bool ok = true;
      for (int k = 0; k < m && ok; ++k) ok = need[k] <= rem - c && (need[k] == 0 || type_bit(m, k) < t);
      if (ok) rec(t - 1, pos + c);
      for (int k = 0; k < m; ++k)
        if (t & type_bit(m, k)) need[k] += c;
    }
  }
};

// B_m as a table: image[g * T + t] for every (coordinate permutation, flip mask) g.
std::vector<std::uint8_t> hyperoctahedral_images(int m) {
  const int T = 1 << m;
  std::vector<int> perm(m);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::uint8_t> img;
  do {
    for (int flip = 0; flip < T; ++flip)
      for (int t = 0; t < T; ++t) {
        int u = 0;
        for (int k = 0; k < m; ++k)
          if (t & type_bit(m, k)) u |= type_bit(m, perm[k]);
        img.push_back(static_cast<std::uint8_t>(u ^ flip));
      }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return img;
}

}  // namespace

TwoStackClasses::TwoStackClasses(int m, int threads) {
  (void)threads;  // the generator is serial; its cost is tens of milliseconds at m = 5
  if (m < 2 || m > kSide2MaxClassHalf)
    throw std::invalid_argument("two-stack classes: m must be 2.." + std::to_string(kSide2MaxClassHalf) + ", got " +
                                std::to_string(m));
  const auto t0 = SteadyClock::now();
  const int n = 2 * m, T = 1 << m;
  table_.route = MethodId::TwoStack;
  table_.m = m;
  table_.configurations = 1;
  for (int k = 0; k < m; ++k) table_.configurations *= binomial(n, m);

  // Shown while it runs (2x6: seconds), stopped between histograms (core/phase.hpp).
  Phase phase(fmt::format("two-stack classes of 2x{} boxes", m), 0, "histograms");
  // 1. Every histogram.
  HistogramLister lister{m, n, T, &keys_, &phase, {}, {}};
  lister.run();
  tbb::parallel_sort(keys_.begin(), keys_.end());
  assert(std::adjacent_find(keys_.begin(), keys_.end()) == keys_.end());
  table_.enumerated = keys_.size();

  // 2. Orbit marking.
  const std::vector<std::uint8_t> img = hyperoctahedral_images(m);
  const std::size_t G = img.size() / T;
  table_.group_order = G;
  constexpr std::uint32_t kNone = ~0u;
  cls_.assign(keys_.size(), kNone);
  std::uint8_t types[16], mapped[16];
  phase.set_total(keys_.size());
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if ((i & 0xfff) == 0xfff) phase.step(0x1000);
    if (cls_[i] != kNone) continue;
    const auto id = static_cast<std::uint32_t>(table_.classes.size());
    unpack(keys_[i], n, m, types);
    std::uint64_t orbit = 0;
    for (std::size_t g = 0; g < G; ++g) {
      const std::uint8_t* row = img.data() + g * T;
      int count[256] = {0};
      for (int j = 0; j < n; ++j) ++count[row[types[j]]];
      int pos = 0;
      for (int t = T - 1; t >= 0; --t)
        for (int c = 0; c < count[t]; ++c) mapped[pos++] = static_cast<std::uint8_t>(t);
      const u128 k = pack(mapped, n, m);
      const auto it = std::lower_bound(keys_.begin(), keys_.end(), k);
      if (it == keys_.end() || *it != k) throw std::logic_error("two-stack classes: an image of a histogram is not a histogram");
      auto& c = cls_[static_cast<std::size_t>(it - keys_.begin())];
      if (c == kNone) {
        c = id;
        ++orbit;
      } else if (c != id) {
        throw std::logic_error("two-stack classes: orbits overlap");
      }
    }
    // 3. Weight: orbit size x N! / prod h(v)!.
    const std::uint64_t multinomial = multinomial_of_runs(types, n);
    Side2Class cl;
    cl.representative.m = m;
    for (int d = 0; d < n; ++d)
      for (int k = 0; k < m; ++k)
        if (types[d] & type_bit(m, k)) cl.representative.sets[k] |= static_cast<std::uint16_t>(1u << d);
    cl.weight = orbit * multinomial;
    table_.classes.push_back(cl);
  }
  phase.step(keys_.size() & 0xfff);
  table_.seconds = seconds_since(t0);
}

std::uint32_t TwoStackClasses::class_of(const Side2Config& c) const {
  if (c.m != table_.m || !is_valid_config(c)) throw std::invalid_argument("two-stack classes: not a configuration of m = " + std::to_string(table_.m));
  const int m = c.m, n = 2 * m;
  int count[256] = {0};
  for (int d = 0; d < n; ++d) {
    int t = 0;
    for (int k = 0; k < m; ++k)
      if (c.sets[k] >> d & 1) t |= type_bit(m, k);
    ++count[t];
  }
  std::uint8_t types[16];
  int pos = 0;
  for (int t = (1 << m) - 1; t >= 0; --t)
    for (int j = 0; j < count[t]; ++j) types[pos++] = static_cast<std::uint8_t>(t);
  const u128 k = pack(types, n, m);
  const auto it = std::lower_bound(keys_.begin(), keys_.end(), k);
  if (it == keys_.end() || *it != k) throw std::logic_error("two-stack classes: a configuration's histogram is not listed");
  return cls_[static_cast<std::size_t>(it - keys_.begin())];
}

}  // namespace gridenum
