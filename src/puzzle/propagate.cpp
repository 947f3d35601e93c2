// The propagation solver (docs/design.md section 4, the PS-1-2 scheme of the CSP paper):
// constraint propagation to a fixpoint, then depth-first search on the cell with the fewest
// candidates (or on a digit's two places in a unit, when that is fewer), counting solutions up
// to a limit.
//
// Data layout. A search state is one flat array of candidate masks, one 32-bit word per cell
// (bit d-1 set when digit d is still possible), row-major:
//
//      cand[0]  cand[1]  ...  cand[n-1]        row 0
//      cand[n]  ...           cand[2n-1]       row 1
//      ...
//      cand[n*n-n] ...        cand[n*n-1]      row n-1
//
// and the search keeps a stack of such states, one per depth, in one preallocated
// thread-local buffer (depth <= n*n, since every level fixes one more cell):
//
//      buf: | state depth 0 | state depth 1 | ... |   each `cells` words, copied on branch
//
// so branching is one memcpy (324 bytes for 9x9) and backtracking is free (the parent state
// is untouched). The rules are compiled once per topology (units, cages) into flat tables:
// `unit_cells` (n cells per exactly-once unit: the model's, then units the rules imply),
// `peers` (every other cell sharing a unit or a cage, CSR layout), and cage lists. Classic
// puzzles share the topology, so the tables are cached per thread and rebuilt only when the
// rules change. Nothing is allocated in the search loop. For n = 9 the search is instantiated
// with the size fixed at compile time so the unit loops unroll; every other size uses the
// same code with the size at run time.
#include "gridenum/puzzle/propagate.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <set>
#include <stdexcept>

#include "gridenum/puzzle/solve9.hpp"

namespace gridenum {
namespace {

// ---------------------------------------------------------------------------------------
// Killer cage tables. For a cage with k free cells that still needs sum s, the digits a free
// cell may take are the union of all k-subsets of digits summing to s that use only digits
// still available. The subsets of {1..16} are bucketed by (k, s) once; a mask over fewer
// digits is just a subset of the same table. Larger grids fall back to min/max sum bounds.
constexpr int kCageTableDigits = 16;
constexpr int kCageMaxSum = kCageTableDigits * (kCageTableDigits + 1) / 2;

struct CageTable {
  // masks[start[k][s] .. start[k][s+1]) are the k-subsets summing to s.
  std::vector<std::uint32_t> masks;
  std::vector<std::uint32_t> start;  // (kCageTableDigits+1) * (kCageMaxSum+2)
  std::uint32_t begin(int k, int s) const { return start[k * (kCageMaxSum + 2) + s]; }
  std::uint32_t end(int k, int s) const { return start[k * (kCageMaxSum + 2) + s + 1]; }
};

const CageTable& cage_table() {
  static const CageTable table = [] {
    CageTable t;
    const int rows = kCageTableDigits + 1, cols = kCageMaxSum + 2;
    std::vector<std::vector<std::uint32_t>> bucket(rows * (kCageMaxSum + 1));
    for (std::uint32_t m = 1; m < (1u << kCageTableDigits); ++m) {
      int s = 0;
      for (int d = 0; d < kCageTableDigits; ++d)
        if (m >> d & 1) s += d + 1;
      bucket[std::popcount(m) * (kCageMaxSum + 1) + s].push_back(m);
    }
    t.start.assign(rows * cols, 0);
    for (int k = 0; k < rows; ++k)
      for (int s = 0; s <= kCageMaxSum; ++s) {
        t.start[k * cols + s] = static_cast<std::uint32_t>(t.masks.size());
        const auto& b = bucket[k * (kCageMaxSum + 1) + s];
        t.masks.insert(t.masks.end(), b.begin(), b.end());
        t.start[k * cols + s + 1] = static_cast<std::uint32_t>(t.masks.size());
      }
    return t;
  }();
  return table;
}

// ---------------------------------------------------------------------------------------
// Windoku's implied units. The four windows of Windoku (rows 1-3 and 5-7 by columns 1-3 and
// 5-7, 0-based, as make_model builds them) force five more 9-cell groups to hold every digit
// exactly once -- Sudopedia's "hidden constraints" of Hypersudoku ("the position of these 4
// windows indirectly creates 5 additional constraints"):
//
//      H0 = rows {0,4,8} x columns {0,4,8}
//      H1 = rows {0,4,8} x columns {1,2,3}      H2 = rows {0,4,8} x columns {5,6,7}
//      H3 = rows {1,2,3} x columns {0,4,8}      H4 = rows {5,6,7} x columns {0,4,8}
//
// Proof (rows, columns and windows only; the boxes play no part, so jigsaw + Windoku has
// them too): rows 1-3 hold each digit three times and their two windows once each, so their
// other nine cells, H3, hold it exactly once; likewise H4, and H1, H2 by columns. Columns
// 0, 4, 8 hold each digit three times, H3 and H4 once each, so H0 holds it once.
//
// Why the solver needs them: singles on the stated units never see this counting argument.
// Two equal givens inside one implied unit (2 at r1c1 and r9c9) make the puzzle unsolvable,
// yet the search only learns that near the leaves, and fewest-candidates branching on a
// nearly empty grid then ran for over 13 minutes (audit finding; Dancing Links, which also
// branches on "unit holds digit", answered at once). As units they cost five more unit scans
// and give the peers that find such clashes during propagation.
constexpr int kWindokuN = 9;
using Lines = std::array<int, 3>;  // three rows or three columns
constexpr Lines kWindowLines[2] = {{1, 2, 3}, {5, 6, 7}};
constexpr Lines kLeftoverLines = {0, 4, 8};

// The cells of rows x cols, sorted.
std::vector<int> cross(const Lines& rows, const Lines& cols) {
  std::vector<int> cells;
  for (int r : rows)
    for (int c : cols) cells.push_back(r * kWindokuN + c);
  return cells;
}

// Sorted cell lists of the units the proof uses: the rows, the columns and the four windows.
std::vector<std::vector<int>> windoku_frame() {
  std::vector<std::vector<int>> frame;
  for (int i = 0; i < kWindokuN; ++i) {
    std::vector<int> row, col;
    for (int j = 0; j < kWindokuN; ++j) {
      row.push_back(i * kWindokuN + j);
      col.push_back(j * kWindokuN + i);
    }
    frame.push_back(std::move(row));
    frame.push_back(std::move(col));
  }
  for (const Lines& rows : kWindowLines)
    for (const Lines& cols : kWindowLines) frame.push_back(cross(rows, cols));
  return frame;
}

// H0 .. H4 of the table above.
std::vector<std::vector<int>> windoku_implied() {
  return {cross(kLeftoverLines, kLeftoverLines), cross(kLeftoverLines, kWindowLines[0]),
          cross(kLeftoverLines, kWindowLines[1]), cross(kWindowLines[0], kLeftoverLines),
          cross(kWindowLines[1], kLeftoverLines)};
}

// The units Windoku implies beyond the model's own: H0 .. H4 when the model states every
// unit of the proof above (whatever else it has: X, jigsaw, cages), none otherwise; an implied
// unit the model already has is not repeated. Only models with window units are examined
// (each jigsaw puzzle has a topology of its own, rebuilt per puzzle, and must not pay for it).
std::vector<std::vector<int>> implied_units(const Model& m) {
  const bool windows =
      std::any_of(m.units.begin(), m.units.end(), [](const Unit& u) { return u.kind == UnitKind::Window; });
  assert(windows || !(m.rules & kRuleWindoku));
  if (!windows || m.n != kWindokuN) {
    assert(!(m.rules & kRuleWindoku) || m.n == kWindokuN);  // make_model allows Windoku on 9x9 only
    return {};
  }
  std::set<std::vector<int>> have;
  for (const auto& u : m.units) {
    std::vector<int> cells = u.cells;
    std::sort(cells.begin(), cells.end());
    have.insert(std::move(cells));
  }
  bool frame = true;
  for (const auto& f : windoku_frame()) frame &= have.count(f) == 1;
  // The Windoku rule means the windows of make_model, at rows/columns 1-3 and 5-7 (0-based):
  // the implied units are proved for exactly that layout.
  assert(frame || !(m.rules & kRuleWindoku));
  std::vector<std::vector<int>> extra;
  if (!frame) return extra;
  for (auto& h : windoku_implied())
    if (!have.count(h)) extra.push_back(std::move(h));
  return extra;
}

// ---------------------------------------------------------------------------------------
// Topology: the rules of a model compiled into flat tables (see the layout comment above).
struct Topology {
  int n = 0, cells = 0, nunits = 0;
  int model_units = 0;  // the model's units come first in unit_cells, then implied ones
  DigitMask all = 0;
  std::vector<std::uint16_t> unit_cells;  // nunits * n
  // Units of each cell as a 128-bit set (bit u: unit u), to mark units whose cells changed. At
  // most 3 * 25 + 2 units (rows, columns, boxes of a 25x25 grid, two diagonals; Windoku's 9 only
  // on 9x9), so 128 bits always suffice (checked in build()).
  std::vector<std::array<std::uint64_t, 2>> cell_units;
  std::vector<std::uint32_t> peer_start;  // cells + 1
  std::vector<std::uint16_t> peers;
  std::vector<int> cage_sum;
  std::vector<std::uint32_t> cage_start;  // ncages + 1
  std::vector<std::uint16_t> cage_cells;

  // The implied units follow from the model's units, so comparing those is enough.
  bool matches(const Model& m) const {
    if (m.n != n || static_cast<int>(m.units.size()) != model_units || m.cages.size() != cage_sum.size()) return false;
    for (int u = 0; u < model_units; ++u) {
      const auto& uc = m.units[u].cells;
      if (static_cast<int>(uc.size()) != n) return false;
      for (int i = 0; i < n; ++i)
        if (unit_cells[u * n + i] != uc[i]) return false;
    }
    for (std::size_t k = 0; k < m.cages.size(); ++k) {
      const auto& c = m.cages[k];
      if (c.sum != cage_sum[k] || c.cells.size() != cage_start[k + 1] - cage_start[k]) return false;
      for (std::size_t i = 0; i < c.cells.size(); ++i)
        if (cage_cells[cage_start[k] + i] != c.cells[i]) return false;
    }
    return true;
  }

  void build(const Model& m) {
    // Every all-different group: the model's units, the implied ones, then the cages.
    std::vector<std::vector<int>> groups;
    for (const auto& u : m.units) groups.push_back(u.cells);
    for (auto& h : implied_units(m)) groups.push_back(std::move(h));
    n = m.n;
    cells = n * n;
    model_units = static_cast<int>(m.units.size());
    nunits = static_cast<int>(groups.size());
    all = n >= 32 ? ~DigitMask{0} : (DigitMask{1} << n) - 1;
    unit_cells.clear();
    for (int u = 0; u < nunits; ++u) {
      assert(static_cast<int>(groups[u].size()) == n);
      for (int c : groups[u]) unit_cells.push_back(static_cast<std::uint16_t>(c));
    }
    if (nunits > 128) throw std::logic_error("propagation: more than 128 units (the model builder allows at most 77)");
    cell_units.assign(cells, {0, 0});
    for (int u = 0; u < nunits; ++u)
      for (int c : groups[u]) cell_units[c][u >> 6] |= std::uint64_t{1} << (u & 63);
    cage_sum.clear();
    cage_start.assign(1, 0);
    cage_cells.clear();
    for (const auto& c : m.cages) {
      cage_sum.push_back(c.sum);
      for (int x : c.cells) cage_cells.push_back(static_cast<std::uint16_t>(x));
      cage_start.push_back(static_cast<std::uint32_t>(cage_cells.size()));
    }
    // Peers: every unit and every cage is all-different.
    for (const auto& c : m.cages) groups.push_back(c.cells);
    std::vector<std::vector<int>> of_cell(cells);
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (int c : groups[g]) of_cell[c].push_back(static_cast<int>(g));
    std::vector<int> mark(cells, -1);
    peer_start.assign(1, 0);
    peers.clear();
    for (int c = 0; c < cells; ++c) {
      mark[c] = c;
      for (int g : of_cell[c])
        for (int p : groups[g])
          if (mark[p] != c) {
            mark[p] = c;
            peers.push_back(static_cast<std::uint16_t>(p));
          }
      peer_start.push_back(static_cast<std::uint32_t>(peers.size()));
    }
  }
};

const Topology& topology_for(const Model& m) {
  thread_local Topology topo;
  if (!topo.matches(m)) topo.build(m);
  return topo;
}

inline bool single(DigitMask m) { return (m & (m - 1)) == 0; }

// ---------------------------------------------------------------------------------------
// The search. FN is the grid side fixed at compile time (9) or 0 for "read it from the
// topology"; everything else is identical.
template <int FN>
class Search {
 public:
  Search(const Topology& t, std::uint64_t limit, const SolutionCallback* hook, const SearchLimits& limits)
      : t_(t),
        n_(FN ? FN : t.n),
        cells_(FN ? FN * FN : t.cells),
        limit_(limit),
        budget_(limits),
        hook_(hook),
        hall_(t.n >= kHallFrom) {
    thread_local std::vector<DigitMask> buf;
    thread_local std::vector<std::uint16_t> queue;
    const std::size_t need = static_cast<std::size_t>(cells_ + 1) * cells_;
    if (buf.size() < need) buf.resize(need);
    if (queue.size() < static_cast<std::size_t>(cells_) + 1) queue.resize(cells_ + 1);
    stack_ = buf.data();
    queue_ = queue.data();
    table_ = t.cage_sum.empty() || t.n > kCageTableDigits ? nullptr : &cage_table();
  }

  SolveResult run(const std::vector<int>& givens) {
    DigitMask* root = stack_;
    std::fill(root, root + cells_, t_.all);
    qt_ = 0;
    for (int c = 0; c < cells_; ++c)
      if (!givens.empty() && givens[c] > 0) {
        root[c] = DigitMask{1} << (givens[c] - 1);
        queue_[qt_++] = static_cast<std::uint16_t>(c);
      }
    qh_ = 0;
    for (int u = 0; u < t_.nunits && u < 128; ++u) dirty_[u >> 6] |= std::uint64_t{1} << (u & 63);
    dfs(0);
    budget_.report(res_);
    return std::move(res_);
  }

 private:
  // Propagation to a fixpoint: (1) naked singles through a queue of freshly fixed cells,
  // each removing its digit from all peers; (2) hidden singles: per unit, a digit seen in
  // exactly one cell (once & ~twice) is fixed there, and a digit seen nowhere is a dead end;
  // (3) cage sums: each free cell keeps only digits of a subset that can still make the sum.
  // (2) and (3) run only when the queue is empty, since (1) is the cheapest.
  bool propagate(DigitMask* cand) {
    const int n = FN ? FN : n_;
    // Queue indices live in registers here (members would be reloaded after every store).
    int qh = qh_, qt = qt_;
    std::uint16_t* const queue = queue_;
    const std::uint32_t* const pstart = t_.peer_start.data();
    const std::uint16_t* const peers = t_.peers.data();
    const std::array<std::uint64_t, 2>* const cu = t_.cell_units.data();
    std::uint64_t d0 = dirty_[0], d1 = dirty_[1];
    std::uint64_t h0 = 0, h1 = 0;  // units changed in this call: their matchings are checked last
    for (;;) {
      while (qh < qt) {
        const int c = queue[qh++];
        const DigitMask b = cand[c];
        ++res_.stats.propagations;
        // Branch-free elimination: a peer is queued when it just became a single, and an
        // emptied peer is noticed once after the loop.
        bool dead = false;
        for (std::uint32_t i = pstart[c], e = pstart[c + 1]; i < e; ++i) {
          const int p = peers[i];
          const DigitMask m = cand[p];
          const DigitMask nm = m & ~b;
          cand[p] = nm;
          dead |= nm == 0;
          queue[qt] = static_cast<std::uint16_t>(p);
          qt += (m != nm) & single(nm);
          const std::uint64_t changed = std::uint64_t{0} - static_cast<std::uint64_t>(m != nm);
          d0 |= cu[p][0] & changed;
          d1 |= cu[p][1] & changed;
        }
        if (dead) return false;
      }
      // Hidden singles, only in units with a changed cell since they were last scanned
      // (a unit at a fixpoint stays at it until one of its cells loses a candidate).
      for (int w = 0; w < 2; ++w) {
        std::uint64_t bits = w == 0 ? d0 : d1;
        if (w == 0) {
          h0 |= d0;
          d0 = 0;
        } else {
          h1 |= d1;
          d1 = 0;
        }
        while (bits) {
          const int u = w * 64 + std::countr_zero(bits);
          bits &= bits - 1;
          const std::uint16_t* uc = t_.unit_cells.data() + static_cast<std::size_t>(u) * n;
          DigitMask once = 0, twice = 0, solved = 0;
          for (int i = 0; i < n; ++i) {
            const DigitMask m = cand[uc[i]];
            twice |= once & m;
            once |= m;
            solved |= single(m) ? m : 0;
          }
          if (once != t_.all) return false;
          DigitMask hs = once & ~twice & ~solved;
          while (hs) {
            const DigitMask b = hs & (~hs + 1);
            hs ^= b;
            int i = 0;
            while (i < n && !(cand[uc[i]] & b)) ++i;
            if (i == n) return false;  // an earlier hidden single in this unit took that cell
            cand[uc[i]] = b;
            queue[qt++] = uc[i];
            d0 |= cu[uc[i]][0];
            d1 |= cu[uc[i]][1];
          }
        }
      }
      if (qh < qt) continue;
      if (!t_.cage_sum.empty()) {
        qt_ = qt;
        dirty_[0] = d0;
        dirty_[1] = d1;
        if (!prune_cages(cand)) return false;
        qt = qt_;
        d0 = dirty_[0];
        d1 = dirty_[1];
        if (qh < qt || d0 || d1) continue;
      }
      return !hall_ || units_matchable(cand, h0, h1);
    }
  }

  // ---- Hall's condition ----
  // Singles never see a pigeonhole: k cells of a unit whose candidates together hold fewer than
  // k digits (a 16x16 row whose 12 cells in three boxes can hold only 11 digits) leave every
  // cell with several candidates and every digit with several places, so the search used to
  // try the 11! ways of filling them (181 s; the 25x25 analogue never returned) before each
  // branch died near the leaves. A unit can be filled iff its cells can be matched to distinct
  // digits (Hall's marriage theorem), so a maximum bipartite matching of cells to candidate
  // digits finds every such dead end as soon as propagation reaches its fixpoint. This is the
  // feasibility half of Regin's all-different filtering (AAAI 1994); the other half (removing
  // the candidates no maximum matching uses) is not done: the dead end is enough to stop the
  // hang, and the pruning would cost a strongly-connected-components pass per unit.
  // Only units with a changed cell are matched again: an unchanged unit kept the matching its
  // last check found (the state's ancestors were checked up to the root, where every unit is
  // dirty). Kuhn's augmenting paths on bitmasks: a greedy free digit first, a path otherwise.
  // From kHallFrom digits on: at 9x9 a pigeonhole costs at most 9! = 362,880 nodes, and the
  // variants' 9x9 benchmarks need not pay for the check.
  static constexpr int kHallFrom = 10;

  bool units_matchable(const DigitMask* cand, std::uint64_t h0, std::uint64_t h1) {
    const int n = FN ? FN : n_;
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t bits = w == 0 ? h0 : h1; bits; bits &= bits - 1) {
        const int u = w * 64 + std::countr_zero(bits);
        const std::uint16_t* uc = t_.unit_cells.data() + static_cast<std::size_t>(u) * n;
        for (int i = 0; i < n; ++i) hall_mask_[i] = cand[uc[i]];
        std::fill(hall_owner_, hall_owner_ + n, -1);
        DigitMask taken = 0;
        for (int i = 0; i < n; ++i) {
          const DigitMask free = hall_mask_[i] & ~taken;
          if (free) {  // greedy: an unmatched digit of this cell
            const int d = std::countr_zero(free);
            hall_owner_[d] = i;
            taken |= DigitMask{1} << d;
            continue;
          }
          DigitMask seen = 0;
          if (!augment(i, seen)) {
            ++res_.stats.backtracks;
            return false;
          }
        }
      }
    return true;
  }

  // An augmenting path from cell i through digits not yet `seen` (Kuhn); every digit of a cell
  // that reaches here is matched (the greedy step took the free ones), so the path ends at a
  // cell with a free digit. Depth at most n.
  bool augment(int i, DigitMask& seen) {
    for (DigitMask left = hall_mask_[i] & ~seen; left; left = hall_mask_[i] & ~seen) {
      const int d = std::countr_zero(left);
      seen |= DigitMask{1} << d;
      const int o = hall_owner_[d];
      if (o < 0 || augment(o, seen)) {
        hall_owner_[d] = i;
        return true;
      }
    }
    return false;
  }

  bool prune_cages(DigitMask* cand) {
    const int ncages = static_cast<int>(t_.cage_sum.size());
    for (int k = 0; k < ncages; ++k) {
      const std::uint32_t b = t_.cage_start[k], e = t_.cage_start[k + 1];
      int rem = t_.cage_sum[k], free = 0;
      DigitMask allowed = 0, used = 0;
      for (std::uint32_t i = b; i < e; ++i) {
        const DigitMask m = cand[t_.cage_cells[i]];
        if (single(m)) {
          rem -= std::countr_zero(m) + 1;
          used |= m;
        } else {
          ++free;
          allowed |= m;
        }
      }
      if (free == 0) {
        if (rem != 0) return false;
        continue;
      }
      allowed &= ~used;
      if (rem <= 0) return false;
      if (table_) {
        if (rem > kCageMaxSum) return false;
        DigitMask u = 0;
        for (std::uint32_t j = table_->begin(free, rem), je = table_->end(free, rem); j < je; ++j) {
          const std::uint32_t s = table_->masks[j];
          if ((s & ~allowed) == 0) u |= s;
        }
        if (!u) return false;
        for (std::uint32_t i = b; i < e; ++i) {
          const int c = t_.cage_cells[i];
          const DigitMask m = cand[c];
          if (single(m)) continue;
          const DigitMask nm = m & u;
          if (nm != m) {
            if (!nm) return false;
            cand[c] = nm;
            if (single(nm)) queue_[qt_++] = static_cast<std::uint16_t>(c);
            dirty_[0] |= t_.cell_units[c][0];
            dirty_[1] |= t_.cell_units[c][1];
          }
        }
      } else {
        // Bounds only: the `free` smallest and largest allowed digits.
        if (std::popcount(allowed) < free) return false;
        int lo = 0, hi = 0;
        DigitMask a = allowed;
        for (int j = 0; j < free; ++j) {
          lo += std::countr_zero(a) + 1;
          a &= a - 1;
        }
        a = allowed;
        for (int j = 0; j < free; ++j) {
          const int top = 31 - std::countl_zero(a);
          hi += top + 1;
          a &= ~(DigitMask{1} << top);
        }
        if (rem < lo || rem > hi) return false;
      }
    }
    return true;
  }

  // Depth-first search over the state stack; returns true when the limit is reached (or the
  // callback asked to stop), unwinding the whole search.
  bool dfs(int depth) {
    DigitMask* cand = stack_ + static_cast<std::size_t>(depth) * cells_;
    if (!propagate(cand)) {
      ++res_.stats.backtracks;
      return false;
    }
    int bc = 0;
    const int best = fewest_candidates(cand, &bc);
    if (best < 0) return found(cand);
    ++res_.stats.nodes;
    if (budget_.exhausted(res_.stats.nodes)) return true;  // out of budget: unwind as at the limit
    const Places places = two_places(cand, bc);
    if (places.unit >= 0) return branch_on_places(depth, places);
    return branch_on_cell(depth, best);
  }

  // The unsolved cell with the fewest candidates (a two-candidate cell cannot be beaten), -1
  // when every cell is solved; *count gets its number of candidates.
  int fewest_candidates(const DigitMask* cand, int* count) const {
    int best = -1, bc = 64;
    const int cells = FN ? FN * FN : cells_;
    for (int c = 0; c < cells; ++c) {
      const DigitMask m = cand[c];
      if (!single(m)) {
        const int pc = std::popcount(m);
        if (pc < bc) {
          bc = pc;
          best = c;
          if (pc == 2) break;
        }
      }
    }
    *count = bc;
    return best;
  }

  // The other half of the branching choice: a unit and a digit with two places in the unit
  // when the best cell has three or more candidates, else unit -1. This is Dancing Links' MRV
  // rule, which picks among "cell is filled" and "unit holds digit" columns alike (Knuth,
  // TAOCP 7.2.2.1), cut down to the case where it halves the branching factor. Why: cell-only
  // branching cannot follow one digit. Where a digit can go in a jigsaw region or a window is
  // settled in a few nodes by branching on its places, but by branching on cells only after
  // most of the grid is filled, in every combination of the other digits.
  // Measured (random 9x9 puzzles of 2-20 consistent givens, runs beyond 200k nodes for jigsaw
  // / 100k for Windoku; 3 runs of 300 jigsaw, of 1000 Windoku and of 1000 X-Windoku puzzles,
  // the implied units in; Windoku and X-Windoku summed over the runs):
  //   cells only                                        jigsaw 31, 25, 21   Windoku 0  X-W 2
  //   kept  places when 2 < fewest candidates            jigsaw 18, 18, 11   Windoku 0  X-W 1
  //   lost  also 3 places when 3 < fewest candidates     jigsaw 13, 17, 11   Windoku 3  X-W 2
  // Places are counted bit-sliced over the unit's cells (digits seen >= 1, 2, 3 times); a
  // solved digit has one place (its peers lost it), so both places are unsolved cells.
  struct Places {
    int unit = -1;
    DigitMask digit = 0;
  };
  Places two_places(const DigitMask* cand, int fewest) const {
    if (fewest <= 2) return {};
    const int n = FN ? FN : n_;
    for (int u = 0; u < t_.nunits; ++u) {
      const std::uint16_t* uc = t_.unit_cells.data() + static_cast<std::size_t>(u) * n;
      DigitMask c1 = 0, c2 = 0, c3 = 0;
      for (int i = 0; i < n; ++i) {
        const DigitMask m = cand[uc[i]];
        c3 |= c2 & m;
        c2 |= c1 & m;
        c1 |= m;
      }
      const DigitMask two = c2 & ~c3;
      if (two) return {u, two & (~two + 1)};
    }
    return {};
  }

  // One child per candidate of the cell.
  bool branch_on_cell(int depth, int cell) {
    DigitMask m = stack_[static_cast<std::size_t>(depth) * cells_ + cell];
    while (m) {
      const DigitMask b = m & (~m + 1);
      m ^= b;
      if (child(depth, cell, b)) return true;
    }
    return false;
  }

  // One child per place of the digit in the unit: the digit is in exactly one of them, so the
  // children split the solutions without overlap, as the children of a cell do.
  bool branch_on_places(int depth, Places p) {
    const int n = FN ? FN : n_;
    const DigitMask* cand = stack_ + static_cast<std::size_t>(depth) * cells_;
    const std::uint16_t* uc = t_.unit_cells.data() + static_cast<std::size_t>(p.unit) * n;
    for (int i = 0; i < n; ++i) {
      if (!(cand[uc[i]] & p.digit)) continue;
      assert(!single(cand[uc[i]]));  // a placed digit would have left its peers
      if (child(depth, uc[i], p.digit)) return true;
    }
    return false;
  }

  // The state one level down: the parent's with `cell` fixed to digit `b`, then searched.
  bool child(int depth, int cell, DigitMask b) {
    const int cells = FN ? FN * FN : cells_;
    const DigitMask* cand = stack_ + static_cast<std::size_t>(depth) * cells_;
    DigitMask* next = stack_ + static_cast<std::size_t>(depth + 1) * cells_;
    std::memcpy(next, cand, sizeof(DigitMask) * cells);
    next[cell] = b;
    qh_ = 0;
    qt_ = 0;
    queue_[qt_++] = static_cast<std::uint16_t>(cell);
    dirty_[0] = t_.cell_units[cell][0];
    dirty_[1] = t_.cell_units[cell][1];
    return dfs(depth + 1);
  }

  bool found(const DigitMask* cand) {
    ++res_.count;
    if (res_.count == 1 || hook_) {
      grid_.resize(cells_);
      for (int c = 0; c < cells_; ++c) grid_[c] = std::countr_zero(cand[c]) + 1;
      if (res_.count == 1) res_.solution = grid_;
      if (hook_ && (*hook_)(grid_)) return true;
    }
    return limit_ != 0 && res_.count >= limit_;
  }

  const Topology& t_;
  const int n_, cells_;
  const std::uint64_t limit_;
  SearchBudget budget_;  // node and time limits
  const SolutionCallback* hook_;
  const bool hall_;  // check Hall's condition (units_matchable) at each fixpoint
  DigitMask hall_mask_[32];
  int hall_owner_[32];  // digit -> the unit cell (index) matched to it, -1: none
  const CageTable* table_ = nullptr;
  DigitMask* stack_ = nullptr;
  std::uint16_t* queue_ = nullptr;
  int qh_ = 0, qt_ = 0;
  std::uint64_t dirty_[2] = {0, 0};  // units to rescan for hidden singles
  SolveResult res_;
  std::vector<int> grid_;
};

SolveResult run(const Model& m, std::uint64_t limit, const SolutionCallback* hook, const SearchLimits& limits = {}) {
  const Topology& t = topology_for(m);
  if (t.n == 9) return Search<9>(t, limit, hook, limits).run(m.givens);
  return Search<0>(t, limit, hook, limits).run(m.givens);
}

}  // namespace

// Plain 9x9 puzzles take the bitboard fast path (solve9.cpp); everything else, and the
// callback form (which reports every solution), the general engine.
SolveResult solve_propagate(const Model& m, std::uint64_t limit, const SearchLimits& limits) {
  if (classic9_applicable(m)) return solve_classic9(m, limit, limits);
  return run(m, limit, nullptr, limits);
}

SolveResult solve_propagate_general(const Model& m, std::uint64_t limit) { return run(m, limit, nullptr); }

SolveResult solve_propagate_budget(const Model& m, std::uint64_t limit, std::uint64_t node_budget,
                                   const SolutionCallback& on_solution) {
  SearchLimits limits;
  limits.nodes = node_budget;
  return run(m, limit, on_solution ? &on_solution : nullptr, limits);
}

SolveResult solve_propagate(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution) {
  return run(m, limit, on_solution ? &on_solution : nullptr);
}

}  // namespace gridenum
