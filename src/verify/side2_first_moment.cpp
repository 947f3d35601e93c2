// The first moment of a side-2 count, by another path than the class table
// (side2_first_moment.hpp; docs/methods/side2.md, "The first moment").
//
// The identity. Take the two-stack route (boxes 2 x m, N = 2m digits; the two-band route is its
// transpose and has the same moment). Sum over the classes of weight x F counts the fillings of one
// stack alone: 2m rows by m columns, every column a permutation of the N digits, every 2 x m box
// holding each digit once. In such a filling each digit d meets every box once and every column
// once, so it defines a permutation pi_d : boxes -> columns; and a box b meets a column c in two
// cells, which hold exactly the two digits with pi_d(b) = c. Conversely the N permutations, as the
// rows of an N x m array (row d, column b, value pi_d(b)) in which every column holds every value
// exactly twice, fix which two digits share each box-column pair, and the pair's two cells take
// them in 2 orders, independently for the m^2 pairs. So
//
//     sum weight x F = 2^(m^2) x D(m),
//     D(m) = #{ 2m x m arrays: rows permutations of 0..m-1, every column every value twice }.
//
// (Checked by brute force for m = 2, 3, 4: D = 6, 900, 12,640,320; tests/verify.)
//
// D(m), column by column. After k columns, row d has used a k-set U_d of values; what the next
// columns may do depends on the rows only through the histogram h(S) = #{d : U_d = S}. Adding a
// column gives each row one value outside its set, every value to exactly two rows: a transport
// a(S, x) >= 0 with sum over x of a(S, x) = h(S) and sum over S of a(S, x) = 2, reached from one
// fixed labelled row tuple in prod over S of multinomial(h(S); a(S, .)) ways; the new histogram is
// h'(S + x) = sum a(S, x). Let B_k(h) be the number of k-column arrays whose row sets have
// histogram h: B_{k+1}(h') = sum_h B_k(h) x ways(h -> h'), and D(m) = B_m(all rows full).
//
// Symmetry. Permuting the values maps arrays to arrays, so B_k is constant on orbits of S_m; the
// programme keeps one histogram per orbit, holding the orbit's total: since ways(g h, g h') =
// ways(h, h'), the total flowing into an orbit O' is sum over orbits O of B(O) x (ways from O's
// representative into all of O'), so transitions start at representatives only and their targets
// are canonicalised (the least image under the m! value permutations; a canonical-form cache keeps
// that to once per target met). For m = 6 a few thousand orbits per level; well under a second.
//
// This shares nothing with the class generators or the F counters: no configuration, weight,
// footprint or box filling appears in it.
#include "gridenum/verify/side2_first_moment.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

// A histogram over the 2^m value sets (bitmasks), m <= 6: 64 counts of at most N = 12 rows.
using Histogram = std::array<std::uint8_t, 64>;

struct HistogramHash {
  std::size_t operator()(const Histogram& h) const noexcept {
    std::uint64_t x = 1469598103934665603ull;
    for (std::uint8_t c : h) x = (x ^ c) * 1099511628211ull;
    return static_cast<std::size_t>(x);
  }
};

// The m! value permutations, each as its action on the 2^m sets.
std::vector<std::array<std::uint8_t, 64>> set_permutations(int m) {
  std::vector<int> p(static_cast<std::size_t>(m));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::array<std::uint8_t, 64>> out;
  do {
    std::array<std::uint8_t, 64> map{};
    for (unsigned s = 0; s < (1u << m); ++s) {
      unsigned t = 0;
      for (int x = 0; x < m; ++x)
        if ((s >> x) & 1u) t |= 1u << p[static_cast<std::size_t>(x)];
      map[s] = static_cast<std::uint8_t>(t);
    }
    out.push_back(map);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

class Programme {
 public:
  explicit Programme(int m) : m_(m), sets_(1u << m), perms_(set_permutations(m)) {
    for (std::uint64_t x = 1; x < factorial_.size(); ++x) factorial_[x] = factorial_[x - 1] * x;
  }

  Side2FirstMoment run() {
    const auto start = SteadyClock::now();
    std::map<Histogram, BigInt> level;
    Histogram empty{};
    empty[0] = static_cast<std::uint8_t>(2 * m_);
    level.emplace(empty, BigInt(1));
    std::uint64_t states = 1;
    for (int k = 0; k < m_; ++k) {
      std::map<Histogram, BigInt> next;
      for (const auto& [h, b] : level) {
        throw_if_stop_requested("the side-2 first moment");
        ways_.clear();
        from_ = h;
        remaining_ = h;
        target_ = Histogram{};
        assign(0, 1);
        for (const auto& [to, w] : ways_) next[canonical(to)] += b * w;
      }
      states += next.size();
      level = std::move(next);
    }
    Histogram full{};
    full[sets_ - 1] = static_cast<std::uint8_t>(2 * m_);
    // Every row has used every value after m columns: one histogram is left.
    if (level.size() != 1 || level.begin()->first != full)
      throw std::logic_error("side2_first_moment: the last level is not the full histogram");
    Side2FirstMoment r;
    r.m = m_;
    r.arrays = level.begin()->second;
    r.first_moment = r.arrays << (m_ * m_);
    r.states = states;
    r.seconds = seconds_since(start);
    return r;
  }

 private:
  // Values x, x+1, ... still to be given to two rows each; `weight` is the product so far of
  // 1 / a! over the transport's entries (kept as the integer prod h(S)! / prod a! at the end).
  // Value x goes to two rows whose sets S, S' (S <= S' as bitmasks) lack x and still have rows
  // waiting in `remaining_`.
  void assign(int x, std::uint64_t halvings) {
    if (x == m_) {
      std::uint64_t w = 1;
      for (unsigned s = 0; s < sets_; ++s) w *= factorial_[from_[s]];
      ways_[target_] += w / halvings;
      return;
    }
    const unsigned bit = 1u << x;
    // sets_ = 2^m <= 64 (m <= 6), so S | x < 64; the mask says so to GCC 12, whose -Warray-bounds
    // otherwise sees an index 64 through the recursive inlining (a false positive).
    for (unsigned s = 0; s < sets_; ++s) {
      if ((s & bit) || remaining_[s] == 0) continue;
      const unsigned sx = (s | bit) & 63u;
      --remaining_[s];
      ++target_[sx];
      for (unsigned t = s; t < sets_; ++t) {
        if ((t & bit) || remaining_[t] == 0) continue;
        const unsigned tx = (t | bit) & 63u;
        --remaining_[t];
        ++target_[tx];
        // Two rows of the same set S take x together: a(S, x) = 2, a factor 1/2!.
        assign(x + 1, t == s ? halvings * 2 : halvings);
        --target_[tx];
        ++remaining_[t];
      }
      --target_[sx];
      ++remaining_[s];
    }
  }

  Histogram canonical(const Histogram& h) {
    if (auto it = canon_.find(h); it != canon_.end()) return it->second;
    Histogram best = h;
    for (const auto& p : perms_) {
      Histogram img{};
      for (unsigned s = 0; s < sets_; ++s) img[p[s]] = h[s];
      if (img < best) best = img;
    }
    canon_.emplace(h, best);
    return best;
  }

  int m_;
  unsigned sets_;
  std::vector<std::array<std::uint8_t, 64>> perms_;
  std::array<std::uint64_t, 13> factorial_{1};
  std::unordered_map<Histogram, Histogram, HistogramHash> canon_;
  std::map<Histogram, std::uint64_t> ways_;
  Histogram from_{}, remaining_{}, target_{};
};

}  // namespace

Side2FirstMoment side2_first_moment(int m) {
  if (m < 1 || m > 6)
    throw std::invalid_argument("side2_first_moment: m = " + std::to_string(m) + " is outside 1..6 (boxes 2 x m)");
  return Programme(m).run();
}

}  // namespace gridenum
