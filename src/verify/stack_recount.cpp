// The stack recount of f(g) (stack_recount.hpp): row-set choices reduced by a stabiliser chain,
// each stack filled one rho-orbit of rows at a time with merged column masks. Uses nothing from
// src/symmetry but the element's description (rows, cols) and small permutation helpers.
#include "gridenum/verify/stack_recount.hpp"

#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <stdexcept>
#include <unordered_map>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/core/threads.hpp"

namespace gridenum {

namespace {

using Mask = std::uint32_t;
using DigitPerm = std::array<int, 16>;

// The element in the 2 x m view: rho on the N rows (band b = rows 2b, 2b+1); tau[s][c] is the
// position inside its stack of the image of column c of stack s; swap: the stacks trade places.
struct View {
  int m = 0, n = 0;
  bool swap = false;
  std::array<int, 16> rho{};
  std::array<std::array<int, 8>, 2> tau{};
};

Mask apply(const int* p, Mask set, int n) {
  Mask r = 0;
  for (int d = 0; d < n; ++d)
    if (set >> d & 1u) r |= Mask{1} << p[d];
  return r;
}

// One stack: rows 0..n-1, columns 0..m-1; row r holds exactly the digits of rows[r].
//
//   cell (r, c) --g--> (rho r, tau c), digit d --> pi d
//
// Placing a digit places its whole cell orbit (checking each image against the row's set, the
// row and the column); filling the first row of a rho-orbit of rows fills every row of that
// orbit, since the orbit of (r, c) visits the rows rho^i r with columns tau^i c, a bijection of
// the columns for every i. The layers are the rho-orbits; the state between layers is the m
// column masks (m * n <= 50 bits), and partial fillings with the same state are merged.
class StackFiller {
 public:
  StackFiller(const View& v, const int* rho, const int* tau, const int* pi) : v_(v), rho_(rho), tau_(tau), pi_(pi) {
    std::array<bool, 16> seen{};
    for (int r = 0; r < v.n; ++r) {
      if (seen[static_cast<std::size_t>(r)]) continue;
      firsts_.push_back(r);
      for (int x = r; !seen[static_cast<std::size_t>(x)]; x = rho[x]) seen[static_cast<std::size_t>(x)] = true;
    }
  }

  std::uint64_t count(const Mask* rows) {
    rows_ = rows;
    cur_.clear();
    cur_[0] = 1;
    for (int r0 : firsts_) {
      next_.clear();
      for (const auto& [key, ways] : cur_) {
        // One poll per merged state (core/stop.hpp): a class of 2x5 runs for minutes inside one
        // choice, and its parallel_for rethrows the Interrupted in the caller.
        if (stop_requested()) throw_if_stop_requested("fixed grids by the stack recount");
        std::memset(cell_, -1, sizeof cell_);
        std::memset(row_used_, 0, sizeof row_used_);
        for (int c = 0; c < v_.m; ++c) col_used_[c] = static_cast<Mask>(key >> (v_.n * c)) & ((Mask{1} << v_.n) - 1);
        trail_ = 0;
        ways_ = ways;
        fill_row(r0, 0);
      }
      std::swap(cur_, next_);
      if (cur_.empty()) return 0;
    }
    std::uint64_t total = 0;
    for (const auto& [key, ways] : cur_) total += ways;
    return total;
  }

 private:
  std::uint64_t key() const {
    std::uint64_t k = 0;
    for (int c = 0; c < v_.m; ++c) k |= std::uint64_t{col_used_[c]} << (v_.n * c);
    return k;
  }

  // Places d at (r, c) and every image along the cell orbit; false (nothing changed) on a clash.
  bool place(int r, int c, int d) {
    const int start = trail_;
    int cr = r, cc = c, val = d;
    for (;;) {
      int& here = cell_[cr][cc];
      if (here == -1) {
        const Mask bit = Mask{1} << val;
        if (!(rows_[cr] & bit) || (row_used_[cr] & bit) || (col_used_[cc] & bit)) { undo(start); return false; }
        here = val;
        row_used_[cr] |= bit;
        col_used_[cc] |= bit;
        trail_r_[trail_] = cr;
        trail_c_[trail_] = cc;
        ++trail_;
      } else if (here != val) {
        undo(start);
        return false;
      }
      cr = rho_[cr];
      cc = tau_[cc];
      val = pi_[val];
      if (cr == r && cc == c) {
        if (val == d) return true;
        undo(start);  // the orbit closes on another digit: pi^len(d) != d
        return false;
      }
    }
  }

  void undo(int start) {
    while (trail_ > start) {
      --trail_;
      const int r = trail_r_[trail_], c = trail_c_[trail_];
      const Mask bit = Mask{1} << cell_[r][c];
      cell_[r][c] = -1;
      row_used_[r] &= ~bit;
      col_used_[c] &= ~bit;
    }
  }

  void fill_row(int r, int c) {
    while (c < v_.m && cell_[r][c] != -1) ++c;
    if (c == v_.m) {
      next_[key()] += ways_;
      return;
    }
    Mask cand = rows_[r] & ~row_used_[r] & ~col_used_[c];
    while (cand) {
      const int d = std::countr_zero(cand);
      cand &= cand - 1;
      const int save = trail_;
      if (place(r, c, d)) {
        fill_row(r, c + 1);
        undo(save);
      }
    }
  }

  const View& v_;
  const int* rho_;
  const int* tau_;
  const int* pi_;
  std::vector<int> firsts_;
  const Mask* rows_ = nullptr;
  int cell_[16][8]{};
  Mask row_used_[16]{};
  Mask col_used_[8]{};
  int trail_r_[128]{}, trail_c_[128]{};
  int trail_ = 0;
  std::uint64_t ways_ = 0;
  std::unordered_map<std::uint64_t, std::uint64_t> cur_, next_;
};

struct Choice {
  std::array<Mask, 8> top{};  // box b's top-row set in the left stack
  u128 weight = 0;            // orbit size of the representative
};

// The row-set choices for one pi, up to the centraliser: bands in order; a band whose top row is
// the image of an earlier row is determined, a free band takes every m-set up to the stabiliser
// of the choices before it. Complete choices are checked against every row's rule.
class ChoiceLister {
 public:
  ChoiceLister(const View& v, const int* pi) : v_(v), pi_(pi) {
    for (Mask s = 0; s < (Mask{1} << v.n); ++s)
      if (std::popcount(s) == v.m) sets_.push_back(s);
  }

  std::vector<Choice> list(const std::vector<DigitPerm>& centraliser) {
    out_.clear();
    top_ = {};
    go(0, centraliser, 1);
    return out_;
  }

 private:
  Mask row_set(int r) const {
    const Mask full = (Mask{1} << v_.n) - 1;
    return r % 2 ? (~top_[static_cast<std::size_t>(r / 2)] & full) : top_[static_cast<std::size_t>(r / 2)];
  }
  // The left set of row rho(r) is pi(L_r) when the stacks stay, and its complement when they
  // swap (row r's left half lands in the right half of row rho(r)).
  Mask image_left_set(int r) const {
    const Mask img = apply(pi_, row_set(r), v_.n);
    return v_.swap ? (~img & ((Mask{1} << v_.n) - 1)) : img;
  }
  bool rule_holds_below(int rows) const {
    for (int r = 0; r < rows; ++r) {
      const int img = v_.rho[static_cast<std::size_t>(r)];
      if (img < rows && row_set(img) != image_left_set(r)) return false;
    }
    return true;
  }

  void go(int b, const std::vector<DigitPerm>& group, u128 weight) {
    if (!rule_holds_below(2 * b)) return;
    if (b == v_.m) {
      out_.push_back({top_, weight});
      return;
    }
    for (int r = 0; r < 2 * b; ++r)
      if (v_.rho[static_cast<std::size_t>(r)] / 2 == b) {
        const Mask img = image_left_set(r);
        const Mask full = (Mask{1} << v_.n) - 1;
        top_[static_cast<std::size_t>(b)] = v_.rho[static_cast<std::size_t>(r)] % 2 ? (~img & full) : img;
        go(b + 1, group, weight);
        return;
      }
    std::map<Mask, u128> reps;  // smallest image under the group -> orbit size
    for (Mask x : sets_) {
      Mask best = x;
      for (const auto& h : group) best = std::min(best, apply(h.data(), x, v_.n));
      reps[best] += 1;
    }
    for (const auto& [rep, size] : reps) {
      std::vector<DigitPerm> stab;
      for (const auto& h : group)
        if (apply(h.data(), rep, v_.n) == rep) stab.push_back(h);
      top_[static_cast<std::size_t>(b)] = rep;
      go(b + 1, stab, weight * size);
    }
  }

  const View& v_;
  const int* pi_;
  std::vector<Mask> sets_;
  std::array<Mask, 8> top_{};
  std::vector<Choice> out_;
};

// Every digit permutation commuting with pi (a brute-force walk over the n! permutations:
// at most 10! here, and it is plainly right).
std::vector<DigitPerm> centraliser(const Perm& pi) {
  const int n = static_cast<int>(pi.size());
  std::vector<DigitPerm> out;
  std::array<int, 16> p{};
  std::iota(p.begin(), p.begin() + n, 0);
  do {
    bool ok = true;
    for (int i = 0; i < n && ok; ++i) ok = p[static_cast<std::size_t>(pi[static_cast<std::size_t>(i)])] == pi[static_cast<std::size_t>(p[static_cast<std::size_t>(i)])];
    if (ok) out.push_back(p);
  } while (std::next_permutation(p.begin(), p.begin() + n));
  return out;
}

View make_view(Shape s, const GeometricSymmetry& g0) {
  const GeometricSymmetry g = s.rows == 2 ? g0 : transposed_view(g0);
  View v;
  v.m = s.rows == 2 ? s.cols : s.rows;
  v.n = 2 * v.m;
  for (int r = 0; r < v.n; ++r) v.rho[static_cast<std::size_t>(r)] = g.rows[static_cast<std::size_t>(r)];
  v.swap = g.cols[0] / v.m != 0;
  for (int st = 0; st < 2; ++st)
    for (int c = 0; c < v.m; ++c)
      v.tau[static_cast<std::size_t>(st)][static_cast<std::size_t>(c)] = g.cols[static_cast<std::size_t>(st * v.m + c)] % v.m;
  return v;
}

}  // namespace

bool stack_recount_applies(Shape s, const GeometricSymmetry& g) {
  if (g.transpose || g.is_identity() || !in_group(s, g)) return false;
  if (s.rows != 2 && s.cols != 2) return false;
  const int m = s.rows == 2 ? s.cols : s.rows;
  if (m < 2 || m > kStackRecountMaxHalf) return false;
  return true;
}

StackRecount stack_recount(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, int threads) {
  if (!stack_recount_applies(s, g))
    throw std::invalid_argument("stack recount: the element must be an untransposed, non-identity symmetry of a 2 x m or "
                                "m x 2 shape, m <= 5");
  const auto t0 = SteadyClock::now();
  const View v = make_view(s, g);
  // A stack swap: the left stack alone is free, the right one is its image, and the left one
  // must obey g^2 (rows rho^2, columns tau[1] after tau[0], digits pi^2).
  std::array<int, 16> rho2{};
  std::array<int, 8> tau2{};
  for (int r = 0; r < v.n; ++r) rho2[static_cast<std::size_t>(r)] = v.rho[static_cast<std::size_t>(v.rho[static_cast<std::size_t>(r)])];
  for (int c = 0; c < v.m; ++c) tau2[static_cast<std::size_t>(c)] = v.tau[1][static_cast<std::size_t>(v.tau[0][static_cast<std::size_t>(c)])];
  StackRecount res;
  tbb::task_arena arena(resolve_threads(threads));
  for (const CycleType& type : types) {
    if (std::accumulate(type.begin(), type.end(), 0) != v.n)
      throw std::invalid_argument("stack recount: a relabelling type must be a partition of N");
    const Perm pi = perm_of_type(type);
    const Perm pi2 = compose(pi, pi);
    const auto cen = centraliser(pi);
    assert(cen.size() == centraliser_order(type));
    ChoiceLister lister(v, pi.data());
    const auto choices = lister.list(cen);
    res.choices += choices.size();
    tbb::combinable<u128> sum([] { return u128{0}; });
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, choices.size(), [&](std::size_t i) {
        if (stop_requested()) throw_if_stop_requested("fixed grids by the stack recount");
        thread_local std::vector<Mask> rows, comp;
        rows.resize(static_cast<std::size_t>(v.n));
        comp.resize(static_cast<std::size_t>(v.n));
        const Mask full = (Mask{1} << v.n) - 1;
        for (int r = 0; r < v.n; ++r) {
          const Mask top = choices[i].top[static_cast<std::size_t>(r / 2)];
          rows[static_cast<std::size_t>(r)] = r % 2 ? (~top & full) : top;
          comp[static_cast<std::size_t>(r)] = ~rows[static_cast<std::size_t>(r)] & full;
        }
        if (v.swap) {
          StackFiller left(v, rho2.data(), tau2.data(), pi2.data());
          sum.local() += u128{left.count(rows.data())} * choices[i].weight;
          return;
        }
        StackFiller left(v, v.rho.data(), v.tau[0].data(), pi.data());
        const std::uint64_t a = left.count(rows.data());
        if (a == 0) return;
        StackFiller right(v, v.rho.data(), v.tau[1].data(), pi.data());
        const std::uint64_t b = right.count(comp.data());
        sum.local() += u128{a} * b * choices[i].weight;
      });
    });
    const u128 n_pi = sum.combine([](u128 x, u128 y) { return x + y; });
    // The centraliser acts freely on the solutions for pi: the quotient is exact.
    if (n_pi % cen.size() != 0) throw std::logic_error("stack recount: N(g, pi) not divisible by |C(pi)|");
    res.per_type.push_back(n_pi / cen.size());
    res.grids += n_pi / cen.size();
  }
  res.seconds = seconds_since(t0);
  return res;
}

}  // namespace gridenum
