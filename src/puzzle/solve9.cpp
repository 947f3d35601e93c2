// Classic 9x9 solver on digit-major band bitboards (solve9.hpp).
//
// Idea and origin. The general engine (propagate.cpp) keeps one candidate mask per cell and
// walks units cell by cell; that costs ~20 us per 17-clue puzzle. The fast 9x9 solvers
// (JCZSolve by Zhouyundong and J.-F. Champagne, fsss2, tdoku's simple solver by t-dillon) turn
// the data around: per digit, the cells where it may still go, as bitboards, so that one word
// operation handles a whole row, box or band for a digit. This file follows JCZSolve's layout
// and its central trick, the band "triad" update, with tables computed here at start-up from
// their definition instead of copied.
//
// Data layout (the hot path):
//
//   F[d*3 + b]  uint32, digit d (0..8), band b (0..2): bit 9r + c set when d may sit (or sits)
//               in row r (0..2) of the band, column c (0..8).
//
//        bit:   26 ........ 18 | 17 ......... 9 | 8 .......... 0
//               row 2 of band  | row 1 of band  | row 0 of band     (col 0 in the low bit)
//
//               box k of the band = bits {9r + 3k .. 9r + 3k + 2 : r = 0..2}
//               a placed digit keeps its own bit; its peers lose it
//   unsolved[b] uint32, the cells of band b not yet placed (same bit numbering)
//   prev[i]     F[i] as it was when digit-band i was last updated: unchanged ones are skipped
//
// The whole state is 57 words (228 bytes), copied on each guess; nothing is allocated.
//
// Propagation, until nothing changes:
//   1. Digit-band update (JCZSolve's "Update"): the digit occurs once in each row and once in
//      each box of the band, so its 3 row x 3 box "triads" must contain a permutation matrix.
//      kComplex[occupied triads] is the union of the permutation matrices inside them (empty:
//      contradiction); cells of other triads go. The band's columns of the digit: fewer than 3
//      is a contradiction; exactly 3, or a row with one cell left, fixes columns that the
//      other two bands then lose. A row or box of the band with one cell left places the digit
//      there (hidden single).
//   2. Naked singles, per band, bit-sliced over the 9 digits (ones / twos accumulators); an
//      unsolved cell with no digit is a contradiction.
//   3. Column hidden singles per digit (row and box ones are in step 1).
// Search: guess on the first cell with two candidates (else the fewest), depth first.
//
// Measured trade-offs (one core, limit 2, `bench_solve --benchmark_filter=single/propagate_`,
// puzzles/s on 17-clue / top1465; general engine before this file: 54.6k / 13.2k):
//   first version (scan of all 27 digit-bands for a change each round)       98.7k / 20.8k
//   lost  a dirty mask of every digit-band a placement touches: no gain; 4 pops in 5 found
//         the band unchanged and the test mispredicted                          93.4k / 20.9k
//   kept  dirty bits only for bands that really change (branch-free)           98.2k / 21.2k
//   kept  column hidden singles skip columns where the digit is placed         96-98k / 21.9k
//   kept  solution read digit-band by digit-band (81 ctz, was 81 x 9 tests)    108k / 21.5k
//   kept  stack pass (box-column triads, step 2b): top1465 guesses 28 -> 18.8   146k / 24.0k
//   kept  stack pass only for digits changed since the last one                 best-of-7: 153k / 31k
//   kept  guess scored by eliminations (see search()): top1465 guesses 18.8 -> 11.8   165k / 35.5k
// (From here on figures are the best of 7 repetitions: this VM's speed moves by up to 30 %
// between runs of the same binary.)
// Profile (perf annotate): flat over the band update; per 17-clue puzzle ~144 band updates,
// ~95 placements, 2.2 guesses. top1465 needs 28 guesses per puzzle: its gap to the fast
// solvers is propagation strength (no box-column interactions across bands; tdoku's and
// JCZSolve's stronger updates and guess choice), not per-operation speed.
#include "gridenum/puzzle/solve9.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <cstring>

namespace gridenum {
namespace {

using u32 = std::uint32_t;

// ---------------------------------------------------------------------------------------------
// Tables, built once (constexpr) from their definitions.

struct Tables {
  std::array<u32, 27> peers;    // row + box of a band position, the position included
  std::array<u32, 9> col;       // column c in all three rows of a band
  std::array<u32, 3> box;       // box k of a band
  std::array<std::uint8_t, 512> triad;  // 9-bit row -> 3 bits: which of its boxes hold a bit
  std::array<std::uint16_t, 512> complex;  // occupied triads -> union of permutation matrices inside
  std::array<u32, 512> expand;  // triad set (bit 3r + k) -> cells of those triads
  std::array<std::uint16_t, 512> single;   // 9-bit x -> x when exactly one bit, else 0
};

constexpr Tables make_tables() {
  Tables t{};
  for (int k = 0; k < 3; ++k) t.box[k] = (7u << (3 * k)) | (7u << (9 + 3 * k)) | (7u << (18 + 3 * k));
  for (int c = 0; c < 9; ++c) t.col[c] = (1u << c) | (1u << (9 + c)) | (1u << (18 + c));
  for (int pos = 0; pos < 27; ++pos) t.peers[pos] = (0x1FFu << (9 * (pos / 9))) | t.box[(pos % 9) / 3];
  for (int x = 0; x < 512; ++x) {
    int tr = 0;
    for (int k = 0; k < 3; ++k)
      if ((x >> (3 * k)) & 7) tr |= 1 << k;
    t.triad[x] = static_cast<std::uint8_t>(tr);
    t.single[x] = static_cast<std::uint16_t>((x != 0 && (x & (x - 1)) == 0) ? x : 0);
    u32 e = 0;
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k)
        if ((x >> (3 * r + k)) & 1) e |= 7u << (9 * r + 3 * k);
    t.expand[x] = e;
  }
  constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int s = 0; s < 512; ++s) {
    int allowed = 0;
    for (const auto& p : perms) {
      const int m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((m & s) == m) allowed |= m;
    }
    t.complex[s] = static_cast<std::uint16_t>(allowed);
  }
  return t;
}

constexpr Tables T = make_tables();

// ---------------------------------------------------------------------------------------------
// The state and its operations.

struct State {
  u32 F[27];
  u32 prev[27];
  u32 unsolved[3];
  u32 dirty;   // digit-bands changed since their last band update (bit d*3 + b)
  u32 sdirty;  // digit-bands changed since the last stack pass (same bits)
};

constexpr int kOther1[3] = {1, 0, 0};
constexpr int kOther2[3] = {2, 2, 1};

class Solver {
 public:
  Solver(std::uint64_t limit, const SearchLimits& limits) : limit_(limit), budget_(limits) {}

  // Digit d at band b, position pos. False when d is no longer possible there.
  bool place(State& s, int d, int b, int pos) {
    const u32 bit = 1u << pos;
    u32* f = s.F + d * 3;
    if (!(f[b] & bit)) return false;
    // Only digit-bands that really change become dirty (branch-free): marking every touched
    // one cost a mispredicted "unchanged" test per pop, 4 pops in 5 wasted on 17-clue puzzles.
    const int b1 = kOther1[b], b2 = kOther2[b];
    const u32 cm = T.col[pos % 9];
    const u32 n0 = f[b] & (~T.peers[pos] | bit), n1 = f[b1] & ~cm, n2 = f[b2] & ~cm;
    u32 dirty = (u32{n0 != f[b]} << (d * 3 + b)) | (u32{n1 != f[b1]} << (d * 3 + b1)) | (u32{n2 != f[b2]} << (d * 3 + b2));
    f[b1] = n1;
    f[b2] = n2;
    // Every digit's band b loses the cell, d's own included, then d's is set (no branch in the
    // loop, so it unrolls: the `e != d` test cost ~10 % of top1465's profile).
    u32 others = 0;
    for (int e = 0; e < 9; ++e) {
      u32& x = s.F[e * 3 + b];
      others |= ((x >> pos) & 1u) << (e * 3 + b);
      x &= ~bit;
    }
    f[b] = n0;
    dirty |= others & ~(1u << (d * 3 + b));
    s.dirty |= dirty;
    s.sdirty |= dirty;
    s.unsolved[b] &= ~bit;
    ++stats_.propagations;
    return true;
  }

  // Step 1 on every digit-band that changed, until none does. False on a contradiction.
  bool update_bands(State& s) {
    // Lowest dirty digit-band first, until none is left (the loop body may add more).
    while (s.dirty) {
      {
        const int i = std::countr_zero(s.dirty);
        s.dirty &= s.dirty - 1;
        u32 f = s.F[i];
        if (f == s.prev[i]) continue;
        const int d = i / 3, b = i % 3;
        const u32 occupied = T.triad[f & 0x1FF] | (u32{T.triad[(f >> 9) & 0x1FF]} << 3) | (u32{T.triad[f >> 18]} << 6);
        const u32 allowed = T.complex[occupied];
        if (!allowed) return false;
        f &= T.expand[allowed];
        const u32 r0 = f & 0x1FF, r1 = (f >> 9) & 0x1FF, r2 = f >> 18;
        const u32 cols = r0 | r1 | r2;
        const int ncols = std::popcount(cols);
        if (ncols < 3) return false;
        const u32 fixed = ncols == 3 ? cols : (T.single[r0] | T.single[r1] | T.single[r2]);
        if (fixed) {
          const u32 cm = fixed | (fixed << 9) | (fixed << 18);
          u32& x1 = s.F[d * 3 + kOther1[b]];
          u32& x2 = s.F[d * 3 + kOther2[b]];
          const u32 ch = (u32{(x1 & cm) != 0} << (d * 3 + kOther1[b])) | (u32{(x2 & cm) != 0} << (d * 3 + kOther2[b]));
          s.dirty |= ch;
          s.sdirty |= ch;
          x1 &= ~cm;
          x2 &= ~cm;
        }
        s.sdirty |= u32{f != s.F[i]} << i;
        s.F[i] = s.prev[i] = f;
        // Hidden singles in the band's rows and boxes.
        u32 hidden = T.single[r0] | (u32{T.single[r1]} << 9) | (u32{T.single[r2]} << 18);
        for (int k = 0; k < 3; ++k) {
          const u32 bx = f & T.box[k];
          if ((bx & (bx - 1)) == 0) hidden |= bx;
        }
        hidden &= s.unsolved[b];
        while (hidden) {
          const int pos = std::countr_zero(hidden);
          hidden &= hidden - 1;
          if (!place(s, d, b, pos)) return false;
        }
      }
    }
    return true;
  }

  // Steps 2 and 3; true when something was placed (*ok false on a contradiction).
  bool singles(State& s, bool* ok) {
    bool placed = false;
    for (int b = 0; b < 3; ++b) {
      const u32 u = s.unsolved[b];
      if (!u) continue;
      u32 ones = 0, twos = 0;
      for (int d = 0; d < 9; ++d) {
        const u32 x = s.F[d * 3 + b] & u;
        twos |= ones & x;
        ones |= x;
      }
      if (ones != u) return *ok = false, false;
      u32 one = u & ~twos;
      while (one) {
        const int pos = std::countr_zero(one);
        one &= one - 1;
        const u32 bit = 1u << pos;
        int d = 0;
        while (d < 9 && !(s.F[d * 3 + b] & bit)) ++d;
        if (d == 9 || !place(s, d, b, pos)) return *ok = false, false;
        placed = true;
      }
    }
    if (placed) return true;
    // Step 2b: the stack direction of step 1. In stack st the digit occurs once in each of the
    // stack's 3 columns and once in each of its 3 boxes, so the 3 box x 3 column "triads"
    // (box = band b, column j of the stack) must contain a permutation matrix as well: the same
    // kComplex table, transposed. Step 1 sees rows and boxes only; this adds the box-column
    // interactions (pointing pairs in columns) without a transposed copy of the state.
    bool narrowed = false;
    const u32 changed = s.sdirty;
    s.sdirty = 0;
    for (int d = 0; d < 9; ++d) {
      if (!((changed >> (3 * d)) & 7u)) continue;  // digit untouched since its last pass
      u32* f = s.F + d * 3;
      for (int st = 0; st < 3; ++st) {
        const int sh = 3 * st;
        u32 occ = 0;
        for (int b = 0; b < 3; ++b) occ |= (((f[b] >> sh) | (f[b] >> (9 + sh)) | (f[b] >> (18 + sh))) & 7u) << (3 * b);
        const u32 al = T.complex[occ];
        if (!al) return *ok = false, false;
        if (al == occ) continue;
        for (int b = 0; b < 3; ++b) {
          const u32 a = (al >> (3 * b)) & 7u;
          const u32 keep = ~T.box[st] | ((a | (a << 9) | (a << 18)) << sh);
          const u32 nf = f[b] & keep;
          s.dirty |= u32{nf != f[b]} << (d * 3 + b);  // (sdirty: the other stacks are unaffected)
          f[b] = nf;
        }
        narrowed = true;
      }
    }
    if (narrowed) return true;
    for (int d = 0; d < 9; ++d) {
      const u32* f = s.F + d * 3;
      u32 ones = 0, twos = 0;
      for (int b = 0; b < 3; ++b)
        for (int r = 0; r < 3; ++r) {
          const u32 x = (f[b] >> (9 * r)) & 0x1FF;
          twos |= ones & x;
          ones |= x;
        }
      if (ones != 0x1FF) return *ok = false, false;
      // Columns where d is already placed have one cell too: leave them out.
      const u32 placed_d = (f[0] & ~s.unsolved[0]) | (f[1] & ~s.unsolved[1]) | (f[2] & ~s.unsolved[2]);
      u32 one = ones & ~twos & ~((placed_d | placed_d >> 9 | placed_d >> 18) & 0x1FF);
      while (one) {
        const int c = std::countr_zero(one);
        one &= one - 1;
        for (int b = 0; b < 3; ++b) {
          const u32 x = f[b] & T.col[c];
          if (x) {
            if (!place(s, d, b, std::countr_zero(x))) return *ok = false, false;
            placed = true;
            break;
          }
        }
      }
    }
    return placed;
  }

  bool propagate(State& s) {
    for (;;) {
      if (!update_bands(s)) return false;
      bool ok = true;
      const bool placed = singles(s, &ok);
      if (!ok) return false;
      if (!placed) return true;
    }
  }

  // Depth-first search; false once the limit is reached (stop everything).
  bool search(State& s) {
    if (!propagate(s)) {
      ++stats_.backtracks;
      return true;
    }
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) return found(s);
    // The guess: the cell with two candidates whose placements eliminate the most: for each of
    // its two digits, the unsolved cells of that digit among the cell's peers (row and box in
    // the band, column in the other bands); the highest sum wins. Else a cell with the fewest
    // candidates. Guesses per puzzle (17-clue / top1465): first two-candidate cell 1.13 / 18.8;
    // fewest cells of the digits left in the band 0.90 / 17.1; most left 0.80 / 15.3; most
    // peers in the band 0.63 / 13.0; most peers including the column (this) 0.64 / 11.8.
    int gb = -1, gpos = -1;
    {
      int best = 1 << 30;
      for (int b = 0; b < 3; ++b) {
        const u32 u = s.unsolved[b];
        if (!u) continue;
        u32 ones = 0, twos = 0, threes = 0;
        for (int d = 0; d < 9; ++d) {
          const u32 x = s.F[d * 3 + b] & u;
          threes |= twos & x;
          twos |= ones & x;
          ones |= x;
        }
        for (u32 two = twos & ~threes; two; two &= two - 1) {
          const int pos = std::countr_zero(two);
          const u32 cm = T.col[pos % 9];
          const int b1 = kOther1[b], b2 = kOther2[b];
          int score = 0;
          for (int d = 0; d < 9; ++d) {
            const u32 x = s.F[d * 3 + b];
            if ((x >> pos) & 1)
              score -= std::popcount(x & u & T.peers[pos]) + std::popcount(s.F[d * 3 + b1] & cm & s.unsolved[b1]) +
                       std::popcount(s.F[d * 3 + b2] & cm & s.unsolved[b2]);
          }
          if (score < best) best = score, gb = b, gpos = pos;
        }
      }
    }
    if (gb < 0) {
      int best = 10;
      for (int b = 0; b < 3; ++b)
        for (u32 u = s.unsolved[b]; u; u &= u - 1) {
          const int pos = std::countr_zero(u);
          int n = 0;
          for (int d = 0; d < 9; ++d) n += (s.F[d * 3 + b] >> pos) & 1;
          if (n < best) best = n, gb = b, gpos = pos;
        }
    }
    assert(gb >= 0);
    const u32 bit = 1u << gpos;
    ++stats_.nodes;
    if (budget_.exhausted(stats_.nodes)) return false;  // a search limit: stop everything
    for (int d = 0; d < 9; ++d) {
      if (!(s.F[d * 3 + gb] & bit)) continue;
      // Is this the last candidate of the cell? Then no copy: place it in s itself.
      bool last = true;
      for (int e = d + 1; e < 9; ++e)
        if (s.F[e * 3 + gb] & bit) {
          last = false;
          break;
        }
      if (last) {
        if (!place(s, d, gb, gpos)) {
          ++stats_.backtracks;
          return true;
        }
        return search(s);
      }
      State t = s;
      if (place(t, d, gb, gpos) && !search(t)) return false;
      s.F[d * 3 + gb] &= ~bit;
      s.dirty |= 1u << (d * 3 + gb);
      s.sdirty |= 1u << (d * 3 + gb);
    }
    return true;
  }

  bool found(const State& s) {
    if (count_++ == 0) {
      // Every cell is placed: each digit-band holds exactly the digit's three cells.
      solution_.assign(81, 0);
      for (int i = 0; i < 27; ++i)
        for (u32 x = s.F[i]; x; x &= x - 1) solution_[(i % 3) * 27 + std::countr_zero(x)] = i / 3 + 1;
    }
    return limit_ == 0 || count_ < limit_;
  }

  std::uint64_t limit_;
  SearchBudget budget_;
  std::uint64_t count_ = 0;
  std::vector<int> solution_;
  SolveStats stats_;
};

}  // namespace

bool classic9_applicable(const Model& m) {
  return m.n == 9 && m.box.rows == 3 && m.box.cols == 3 && m.rules == kRuleClassic && m.cages.empty() &&
         m.givens.size() == 81;
}

SolveResult solve_classic9(const Model& m, std::uint64_t limit, const SearchLimits& limits) {
  assert(classic9_applicable(m));
  Solver solver(limit, limits);
  State s;
  for (int i = 0; i < 27; ++i) {
    s.F[i] = (1u << 27) - 1;
    s.prev[i] = 0;  // every digit-band is updated once
  }
  s.dirty = s.sdirty = (1u << 27) - 1;
  for (int b = 0; b < 3; ++b) s.unsolved[b] = (1u << 27) - 1;
  SolveResult r;
  bool ok = true;
  for (int c = 0; c < 81 && ok; ++c) {
    const int g = m.givens[c];
    if (g >= 1 && g <= 9) ok = solver.place(s, g - 1, c / 27, c % 27);
  }
  solver.stats_.propagations = 0;
  if (ok) solver.search(s);
  r.count = solver.count_;
  r.solution = std::move(solver.solution_);
  r.stats = solver.stats_;
  solver.budget_.report(r);
  return r;
}

}  // namespace gridenum
