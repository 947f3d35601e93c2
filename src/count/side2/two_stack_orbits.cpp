// Two-stack route, class generator without listing the histograms (two_stack.hpp,
// TwoStackOrbitClasses): the B_m-orbits of digit-type histograms for m = 6, where
// two_stack_classes.cpp's listing (every histogram, 2.3e9 for m = 6) does not fit.
//
// The objects. A histogram is a 2m x m 0/1 matrix up to row order (rows = digits, columns =
// boxes, every column with m ones); B_m permutes and complements the columns. A *partial*
// histogram of level j keeps the first j columns only (2m types of j bits, each column still with
// m ones); B_j acts on it the same way.
//
// 1. Augmentation, one column at a time. The orbits of level j + 1 are found from the orbit
//    representatives of level j: every level-(j+1) histogram H drops its last column to a
//    level-j histogram, which some g in B_j maps onto a representative R; g (fixing column j + 1)
//    maps H onto a child of R, i.e. R with a new column of m ones. So canonicalising every child
//    of every representative (choosing, for each type v of R with multiplicity h(v), how many
//    c(v) of its digits get a 1, sum c(v) = m) and removing duplicates gives exactly the orbits
//    of level j + 1. Level 1 is the single histogram {1 x m, 0 x m}. For m = 6 the levels have
//    1, 4, 17, 137, 2,072, 63,199 orbits and 1,008,954 children are canonicalised in all, most
//    of them the children of level 5; this is the classic "generate children, canonical form, deduplicate"
//    scheme (McKay, "Isomorph-free exhaustive generation", J. Algorithms 26 (1998), in its
//    simplest form: the hash-set variant, no canonical-parent test).
//
// 2. Canonical form by refinement. The key of a histogram image at *depth* p is the sorted
//    (decreasing) list of its digits' p-bit prefixes (columns 1..p), packed first-highest. A
//    group element g in B_j is built column by column (which original column, complemented or
//    not, goes to position p), so after p steps the depth-p key of g(H) is known. The canonical
//    image is the one whose keys at depths 1, 2, .., j are lexicographically greatest (depth 1
//    first): a breadth-first search keeps, at each depth, only the partial elements whose key
//    equals the best, the others' completions can never win. The depth-j key is the histogram
//    itself, so the survivors at depth j all map H onto the same image (the canonical form), and
//    they are exactly the g with g(H) = that image: their number is |Aut(H)|, so the orbit size
//    |B_j| / |Aut(H)| comes for free. The order differs from two_stack_classes.cpp's (smallest
//    depth-m key over the whole orbit), which is why the two generators' representatives
//    differ; the classes and weights are the same (tests).
//    Why refinement, not the 46,080-element table: most partial elements are cut at depth 2-3
//    (the key at depth 2 is the overlap of two columns), so a canonical form costs a few hundred
//    key evaluations instead of 46,080 images; the survivors stay at |Aut(H)| per depth at worst.
//
// 3. Weight = |B_m| / |Aut(H)| x N! / prod h(v)! per class, summed and checked against C(N,m)^m.
//
// Data layout (hot loop, canonicalise()): the histogram as k <= 16 distinct (type, multiplicity)
// pairs; a search state is one byte of used columns and one byte per distinct type (its image
// prefix so far); states of a depth in one vector, the next depth's in another (thread-local
// scratch, no allocation after warm-up).
//
//   State: [ used | prefix[0] prefix[1] ... prefix[k-1] ]      (17 bytes)
//   key(state, depth p) = pack(sort-decreasing(prefix[i] repeated mult[i] times), p bits each)
//
// Parallel: level j -> j + 1 is a parallel_for over the level-j representatives, each thread
// collecting child keys in its own vector; the vectors are concatenated, sorted and made unique.
#include "gridenum/count/side2/two_stack.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <utility>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/core/threads.hpp"

namespace gridenum {

namespace {

constexpr int kMaxDigits = 2 * kSide2MaxOrbitHalf;

// A partial histogram: k distinct types of j bits (bit j-1-p = column p) and their multiplicities.
struct Partial {
  int j = 0, k = 0;
  std::uint8_t type[kMaxDigits]{}, mult[kMaxDigits]{};
};

// Packs the digits' values (bits each) sorted in decreasing order, the first in the most
// significant position: value[i] repeated mult[i] times.
u128 pack_sorted(const std::uint8_t* value, const std::uint8_t* mult, int k, int bits) {
  std::pair<std::uint8_t, std::uint8_t> v[kMaxDigits];
  for (int i = 0; i < k; ++i) v[i] = {value[i], mult[i]};
  for (int i = 1; i < k; ++i)  // insertion sort, decreasing; k <= 12
    for (int a = i; a > 0 && v[a - 1].first < v[a].first; --a) std::swap(v[a - 1], v[a]);
  u128 key = 0;
  for (int i = 0; i < k; ++i)
    for (int r = 0; r < v[i].second; ++r) key = (key << bits) | v[i].first;
  return key;
}

Partial unpack_key(u128 key, int n, int j) {
  std::uint8_t t[kMaxDigits];
  const u128 mask = (u128{1} << j) - 1;
  for (int i = n - 1; i >= 0; --i) {
    t[i] = static_cast<std::uint8_t>(key & mask);
    key >>= j;
  }
  Partial h;
  h.j = j;
  for (int i = 0; i < n;) {
    int run = 1;
    while (i + run < n && t[i + run] == t[i]) ++run;
    h.type[h.k] = t[i];
    h.mult[h.k] = static_cast<std::uint8_t>(run);
    ++h.k;
    i += run;
  }
  return h;
}

// The refinement search of step 2 (one per thread: its vectors are reused).
class Canonicaliser {
 public:
  struct Result {
    u128 key = 0;
    std::uint64_t automorphisms = 0;  // |{g in B_j : g(H) = canonical image}| = |Aut(H)|
  };

  Result run(const Partial& h) {
    cur_.clear();
    int p = 1;
    if (h.j >= 2) {
      start_at_depth_two(h);
      p = 3;
    } else {
      cur_.push_back(State{});
    }
    u128 best = 0;
    for (; p <= h.j; ++p) {
      next_.clear();
      bool have = false;
      for (const State& s : cur_) {
        for (int c = 0; c < h.j; ++c) {
          if (s.used >> c & 1) continue;
          const int shift = h.j - 1 - c;
          for (int f = 0; f < 2; ++f) {
            State t;
            t.used = static_cast<std::uint8_t>(s.used | 1u << c);
            for (int i = 0; i < h.k; ++i)
              t.prefix[i] = static_cast<std::uint8_t>((s.prefix[i] << 1) | (((h.type[i] >> shift) & 1) ^ f));
            const u128 key = pack_sorted(t.prefix, h.mult, h.k, p);
            if (!have || key > best) {
              best = key;
              have = true;
              next_.clear();
            }
            if (key == best) next_.push_back(t);
          }
        }
      }
      std::swap(cur_, next_);
    }
    if (h.j == 2) best = pack_sorted(cur_.front().prefix, h.mult, h.k, 2);
    return {best, cur_.size()};
  }

 private:
  struct State {
    std::uint8_t used = 0;
    std::uint8_t prefix[kMaxDigits]{};
  };

  // Depths 1 and 2 in closed form (the survivors are the same as the general loop's; m = 6 went
  // from 25 s to 14 s with it, one thread, one run each under the same load). Depth 1: every column has m ones of 2m, all
  // 2j choices tie. Depth 2: with n11 digits having both image bits 1, the prefix counts are
  // 11: n11, 10: m - n11, 01: m - n11, 00: n11, so the key grows with n11; for columns c, d
  // with overlap x (digits with both bits 1), n11 = x when both or neither are complemented and
  // m - x otherwise. So the survivors are the ordered pairs with the largest max(x, m - x),
  // either complement on the first and the matching one(s) on the second.
  void start_at_depth_two(const Partial& h) {
    int m = 0;
    for (int i = 0; i < h.k; ++i) m += h.mult[i];
    m /= 2;
    int overlap[kSide2MaxOrbitHalf][kSide2MaxOrbitHalf] = {};
    int best = -1;
    for (int c = 0; c < h.j; ++c)
      for (int d = c + 1; d < h.j; ++d) {
        int x = 0;
        for (int i = 0; i < h.k; ++i)
          if ((h.type[i] >> (h.j - 1 - c) & 1) && (h.type[i] >> (h.j - 1 - d) & 1)) x += h.mult[i];
        overlap[c][d] = overlap[d][c] = x;
        best = std::max(best, std::max(x, m - x));
      }
    for (int c = 0; c < h.j; ++c)
      for (int d = 0; d < h.j; ++d) {
        if (c == d) continue;
        const int x = overlap[c][d];
        if (std::max(x, m - x) != best) continue;
        for (int f1 = 0; f1 < 2; ++f1)
          for (int f2 = 0; f2 < 2; ++f2) {
            if ((f1 == f2 ? x : m - x) != best) continue;
            State t;
            t.used = static_cast<std::uint8_t>(1u << c | 1u << d);
            for (int i = 0; i < h.k; ++i)
              t.prefix[i] = static_cast<std::uint8_t>((((h.type[i] >> (h.j - 1 - c)) & 1) ^ f1) << 1 |
                                                      (((h.type[i] >> (h.j - 1 - d)) & 1) ^ f2));
            cur_.push_back(t);
          }
      }
  }
  std::vector<State> cur_, next_;
};

// Every child of a level-j representative (one more column with m ones), canonicalised.
void children(const Partial& r, int m, Canonicaliser& canon, std::vector<u128>& out) {
  Partial child;
  child.j = r.j + 1;
  auto rec = [&](auto&& self, int i, int left) -> void {
    if (i == r.k) {
      if (left == 0) out.push_back(canon.run(child).key);
      return;
    }
    int rest = 0;  // digits of the types after i: the ones they can still take
    for (int a = i + 1; a < r.k; ++a) rest += r.mult[a];
    const int saved = child.k;
    for (int c = std::max(0, left - rest); c <= std::min<int>(r.mult[i], left); ++c) {
      child.k = saved;
      const auto t = static_cast<std::uint8_t>(r.type[i] << 1);
      if (c > 0) {
        child.type[child.k] = static_cast<std::uint8_t>(t | 1);
        child.mult[child.k++] = static_cast<std::uint8_t>(c);
      }
      if (r.mult[i] - c > 0) {
        child.type[child.k] = t;
        child.mult[child.k++] = static_cast<std::uint8_t>(r.mult[i] - c);
      }
      self(self, i + 1, left - c);
    }
    child.k = saved;
  };
  rec(rec, 0, m);
}

Partial histogram_of(const Side2Config& c) {
  const int m = c.m, n = 2 * m;
  int count[1 << kSide2MaxOrbitHalf] = {0};
  for (int d = 0; d < n; ++d) {
    int t = 0;
    for (int k = 0; k < m; ++k)
      if (c.sets[k] >> d & 1) t |= 1 << (m - 1 - k);
    ++count[t];
  }
  Partial h;
  h.j = m;
  for (int t = 0; t < (1 << m); ++t)
    if (count[t]) {
      h.type[h.k] = static_cast<std::uint8_t>(t);
      h.mult[h.k++] = static_cast<std::uint8_t>(count[t]);
    }
  return h;
}

}  // namespace

TwoStackOrbitClasses::TwoStackOrbitClasses(int m, int threads) {
  if (m < 2 || m > kSide2MaxOrbitHalf)
    throw std::invalid_argument("two-stack orbit classes: m must be 2.." + std::to_string(kSide2MaxOrbitHalf) + ", got " +
                                std::to_string(m));
  const auto t0 = SteadyClock::now();
  const int n = 2 * m;
  table_.route = MethodId::TwoStack;
  table_.m = m;
  table_.configurations = 1;
  for (int k = 0; k < m; ++k) table_.configurations *= binomial(n, m);
  table_.group_order = factorial_u64(m) << m;

  // Shown while it runs (m = 6: seconds), stopped between ranges of classes (core/phase.hpp):
  // a level at a time (its classes extended), then the weights.
  Phase phase("two-stack orbit classes of 2x" + std::to_string(m) + " boxes", 0, "classes");
  tbb::task_arena arena(resolve_threads(threads));
  arena.execute([&] {
    // 1. Level 1, then augmentation up to level m.
    Partial first;
    first.j = 1;
    first.k = 2;
    first.type[0] = 1, first.mult[0] = static_cast<std::uint8_t>(m);
    first.type[1] = 0, first.mult[1] = static_cast<std::uint8_t>(m);
    std::vector<u128> reps{Canonicaliser{}.run(first).key};
    levels_.push_back(reps.size());
    std::uint64_t work = 1;
    tbb::enumerable_thread_specific<Canonicaliser> canons;
    for (int j = 1; j < m; ++j) {
      tbb::enumerable_thread_specific<std::vector<u128>> found;
      // A step per representative, not per range: a range can hold hundreds of them (the
      // partitioner's choice), a representative's children at level 6 take milliseconds, and a
      // stop is heard at a step (within 2 s even on a loaded machine, tests/cli/*stop*).
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, reps.size(), 16), [&](const tbb::blocked_range<std::size_t>& range) {
        auto& out = found.local();
        auto& canon = canons.local();
        for (std::size_t i = range.begin(); i < range.end(); ++i) {
          phase.step();
          children(unpack_key(reps[i], n, j), m, canon, out);
        }
      });
      std::vector<u128> next;
      for (auto& v : found) {
        work += v.size();
        next.insert(next.end(), v.begin(), v.end());
      }
      tbb::parallel_sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      reps = std::move(next);
      levels_.push_back(reps.size());
    }
    keys_ = std::move(reps);
    table_.enumerated = work;

    // 3. Weights: orbit size from the automorphism count, times the relabellings.
    table_.classes.resize(keys_.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, keys_.size(), 64), [&](const tbb::blocked_range<std::size_t>& range) {
      phase.step(range.size());
      auto& canon = canons.local();
      for (std::size_t i = range.begin(); i < range.end(); ++i) {
        const Partial h = unpack_key(keys_[i], n, m);
        const Canonicaliser::Result r = canon.run(h);
        if (r.key != keys_[i] || table_.group_order % r.automorphisms != 0)
          throw std::logic_error("two-stack orbit classes: a class key is not canonical");
        const std::uint64_t orders = multinomial(h.mult, h.k);  // n! / prod mult!: the digits' orders
        Side2Class& cl = table_.classes[i];
        cl.representative.m = m;
        int d = 0;  // digit d gets the d-th type of the key (decreasing): h.type is in key order
        for (int a = 0; a < h.k; ++a)
          for (int r2 = 0; r2 < h.mult[a]; ++r2, ++d)
            for (int k = 0; k < m; ++k)
              if (h.type[a] >> (m - 1 - k) & 1) cl.representative.sets[k] |= static_cast<std::uint16_t>(1u << d);
        cl.weight = table_.group_order / r.automorphisms * orders;
      }
    });
  });
  std::uint64_t sum = 0;
  for (const auto& c : table_.classes) sum += c.weight;
  if (sum != table_.configurations)
    throw std::logic_error("two-stack orbit classes: weights sum to " + std::to_string(sum) + ", not C(N,m)^m = " +
                           std::to_string(table_.configurations));
  table_.seconds = seconds_since(t0);
}

std::uint32_t TwoStackOrbitClasses::class_of(const Side2Config& c) const {
  if (c.m != table_.m || !is_valid_config(c))
    throw std::invalid_argument("two-stack orbit classes: not a configuration of m = " + std::to_string(table_.m));
  const u128 key = Canonicaliser{}.run(histogram_of(c)).key;
  const auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) throw std::logic_error("two-stack orbit classes: a configuration's class is not listed");
  return static_cast<std::uint32_t>(it - keys_.begin());
}

}  // namespace gridenum
