// Rule model construction and the independent solution validator (docs/design.md section 4).
#include "gridenum/puzzle/model.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <string_view>

namespace gridenum {

char digit_symbol(int d) {
  if (d <= 0) return '.';
  if (d <= 9) return static_cast<char>('0' + d);
  return static_cast<char>('A' + d - 10);
}

std::string cell_name(int cell, int n) {
  // Appended piecewise: GCC 12 reports a false -Wrestrict on "r" + std::to_string(...).
  std::string s = "r";
  s += std::to_string(cell / n + 1);
  s += 'c';
  s += std::to_string(cell % n + 1);
  return s;
}


namespace {
// The message is built only on failure: make_model runs once per puzzle of a batch, and
// building a message per cell was a tenth of the batch solver's time (perf, 17-clue set).
template <class Message>
void require(bool ok, Message&& what) {
  if (!ok) throw std::invalid_argument(what());
}

// An empty unit with room for its n cells: one allocation per unit, not one per doubling.
Unit unit_of(UnitKind kind, int n) {
  Unit u{kind, {}};
  u.cells.reserve(static_cast<std::size_t>(n));
  return u;
}
}  // namespace

Model make_model(Shape box, unsigned rules, std::vector<int> givens, std::vector<int> region, std::vector<Cage> cages) {
  Model m;
  m.box = box;
  m.n = box.n();
  m.rules = rules;
  const int n = m.n;
  require(n >= 1 && n <= 32, [] { return "grid size must be between 1 and 32"; });
  if (givens.empty()) givens.assign(n * n, 0);
  require(static_cast<int>(givens.size()) == n * n,
          [&] { return "expected " + std::to_string(n * n) + " cells, got " + std::to_string(givens.size()); });
  for (int i = 0; i < n * n; ++i)
    require(givens[i] >= 0 && givens[i] <= n, [&] {
      return "cell " + std::to_string(i) + ": digit " + std::to_string(givens[i]) + " out of range 1.." +
             std::to_string(n);
    });
  m.givens = std::move(givens);

  m.units.reserve(static_cast<std::size_t>(3 * n) + 6);  // rows, columns, boxes; diagonals, windows
  for (int r = 0; r < n; ++r) {
    Unit u = unit_of(UnitKind::Row, n);
    for (int c = 0; c < n; ++c) u.cells.push_back(r * n + c);
    m.units.push_back(std::move(u));
  }
  for (int c = 0; c < n; ++c) {
    Unit u = unit_of(UnitKind::Column, n);
    for (int r = 0; r < n; ++r) u.cells.push_back(r * n + c);
    m.units.push_back(std::move(u));
  }
  if (rules & kRuleJigsaw) {
    require(static_cast<int>(region.size()) == n * n, [&] {
      return "jigsaw regions: expected " + std::to_string(n * n) + " cells, got " + std::to_string(region.size());
    });
    std::vector<Unit> regs(n, unit_of(UnitKind::Region, n));
    for (int i = 0; i < n * n; ++i) {
      require(region[i] >= 0 && region[i] < n,
              [&] { return "jigsaw region id out of range at cell " + std::to_string(i); });
      regs[region[i]].cells.push_back(i);
    }
    for (int k = 0; k < n; ++k)
      require(static_cast<int>(regs[k].cells.size()) == n, [&] {
        return "jigsaw region " + std::to_string(k) + " has " + std::to_string(regs[k].cells.size()) +
               " cells, expected " + std::to_string(n);
      });
    for (auto& u : regs) m.units.push_back(std::move(u));
    m.region = std::move(region);
  } else {
    for (int b = 0; b < n; ++b) {
      Unit u = unit_of(UnitKind::Box, n);
      const int r0 = (b / box.rows) * box.rows, c0 = (b % box.rows) * box.cols;
      for (int r = 0; r < box.rows; ++r)
        for (int c = 0; c < box.cols; ++c) u.cells.push_back((r0 + r) * n + c0 + c);
      m.units.push_back(std::move(u));
    }
  }
  if (rules & kRuleX) {
    Unit d1 = unit_of(UnitKind::Diagonal, n), d2 = unit_of(UnitKind::Diagonal, n);
    for (int i = 0; i < n; ++i) {
      d1.cells.push_back(i * n + i);
      d2.cells.push_back(i * n + (n - 1 - i));
    }
    m.units.push_back(std::move(d1));
    m.units.push_back(std::move(d2));
  }
  if (rules & kRuleWindoku) {
    require(box.rows == 3 && box.cols == 3, [] { return "Windoku is defined for 9x9 grids with 3x3 boxes"; });
    for (int r0 : {1, 5})
      for (int c0 : {1, 5}) {
        Unit u = unit_of(UnitKind::Window, n);
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) u.cells.push_back((r0 + r) * n + c0 + c);
        m.units.push_back(std::move(u));
      }
  }
  // Cages are disjoint: every engine takes each cage as one all-different unit whose cells add
  // up to its sum once (the readers reject repeats with a position; this guards the library).
  std::vector<int> cage_of(cages.empty() ? 0 : static_cast<std::size_t>(n) * n, -1);
  for (std::size_t k = 0; k < cages.size(); ++k) {
    const auto& cage = cages[k];
    require(!cage.cells.empty(), [] { return "empty cage"; });
    require(static_cast<int>(cage.cells.size()) <= n, [] { return "cage with more cells than digits"; });
    for (int c : cage.cells) {
      require(c >= 0 && c < n * n, [&] { return "cage cell " + std::to_string(c) + " out of range"; });
      require(cage_of[c] < 0, [&] {
        return "cell " + std::to_string(c) + (cage_of[c] == static_cast<int>(k) ? " is twice in cage " : " is in two cages, ") +
               std::to_string(k + 1);
      });
      cage_of[c] = static_cast<int>(k);
    }
  }
  if (!cages.empty()) m.rules |= kRuleKiller;
  m.cages = std::move(cages);
  return m;
}

bool satisfies(const Model& m, const std::vector<int>& grid, std::string* why) {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  const int n = m.n;
  if (static_cast<int>(grid.size()) != n * n) return fail("wrong number of cells");
  for (int i = 0; i < n * n; ++i) {
    if (grid[i] < 1 || grid[i] > n) return fail("cell " + std::to_string(i) + " is not a digit 1..n");
    if (!m.givens.empty() && m.givens[i] != 0 && m.givens[i] != grid[i])
      return fail("cell " + std::to_string(i) + " contradicts its given");
  }
  for (std::size_t u = 0; u < m.units.size(); ++u) {
    std::vector<bool> seen(n + 1, false);
    for (int c : m.units[u].cells) {
      if (seen[grid[c]]) return fail("unit " + std::to_string(u) + " repeats digit " + std::to_string(grid[c]));
      seen[grid[c]] = true;
    }
  }
  for (std::size_t k = 0; k < m.cages.size(); ++k) {
    std::vector<bool> seen(n + 1, false);
    int sum = 0;
    for (int c : m.cages[k].cells) {
      if (seen[grid[c]]) return fail("cage " + std::to_string(k) + " repeats digit " + std::to_string(grid[c]));
      seen[grid[c]] = true;
      sum += grid[c];
    }
    if (sum != m.cages[k].sum) return fail("cage " + std::to_string(k) + " sums to " + std::to_string(sum));
  }
  return true;
}

// Rule names of a "rules" string ("x,windoku"); an unknown name is left in `unknown` (the
// caller knows where the string is).
unsigned parse_rules(std::string_view s, std::string* unknown) {
  unsigned r = 0;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = std::min(s.find(',', start), s.size());
    std::string_view part = s.substr(start, comma - start);
    start = comma + 1;
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (part.empty() || part == "classic") continue;
    if (part == "x" || part == "X" || part == "diagonal") r |= kRuleX;
    else if (part == "windoku" || part == "window") r |= kRuleWindoku;
    else if (part == "jigsaw") r |= kRuleJigsaw;
    else if (part == "killer") r |= kRuleKiller;
    else {
      *unknown = std::string(part);
      return r;
    }
  }
  return r;
}


int check_consistency(const Model& m, std::string* why, int* cage_at_fault) {
  const int n = m.n;
  if (cage_at_fault) *cage_at_fault = -1;
  if (!m.givens.empty()) {
    // Per unit, report the first cell in reading order that repeats a digit of an earlier cell
    // (unit cells need not be in reading order: jigsaw regions, cages). For each digit keep its
    // first and second cell in reading order; the clash is the smallest second cell. No copy or
    // sort of the unit: this runs once per puzzle of a batch.
    constexpr int kNone = std::numeric_limits<int>::max();
    std::array<int, 33> first{}, second{};
    for (const auto& u : m.units) {
      std::uint64_t seen = 0;  // fast path: a bitmask test per cell finds that a unit has no clash
      bool clash = false;
      for (int c : u.cells) {
        const std::uint64_t bit = (std::uint64_t{1} << m.givens[c]) & ~std::uint64_t{1};
        clash |= (seen & bit) != 0;
        seen |= bit;
      }
      if (!clash) continue;
      first.fill(kNone);
      second.fill(kNone);
      for (int c : u.cells) {
        const int d = m.givens[c];
        if (d == 0) continue;
        if (c < first[d]) {
          second[d] = first[d];
          first[d] = c;
        } else if (c < second[d]) {
          second[d] = c;
        }
      }
      int d = 0;
      for (int k = 1; k <= n; ++k)
        if (second[k] != kNone && (d == 0 || second[k] < second[d])) d = k;
      if (d != 0) {
        if (why)
          *why = "given " + std::string(1, digit_symbol(d)) + " at " + cell_name(second[d], n) +
                 " contradicts the same digit at " + cell_name(first[d], n);
        return second[d];
      }
    }
  }
  for (std::size_t k = 0; k < m.cages.size(); ++k) {
    const auto& cage = m.cages[k];
    const int len = static_cast<int>(cage.cells.size());
    const int lo = len * (len + 1) / 2, hi = len * (2 * n - len + 1) / 2;
    if (cage.sum < lo || cage.sum > hi) {
      if (why)
        *why = "cage " + std::to_string(k + 1) + " (" + std::to_string(len) + " cells at " + cell_name(cage.cells[0], n) +
               ") cannot reach its sum " + std::to_string(cage.sum) + " (possible: " + std::to_string(lo) + ".." +
               std::to_string(hi) + ")";
      if (cage_at_fault) *cage_at_fault = static_cast<int>(k);
      return cage.cells[0];
    }
    if (!m.givens.empty()) {
      std::vector<int> seen(static_cast<std::size_t>(n) + 1, -1);
      for (int c : cage.cells) {
        const int d = m.givens[c];
        if (d == 0) continue;
        if (seen[d] >= 0) {
          if (why) *why = "given " + std::string(1, digit_symbol(d)) + " at " + cell_name(c, n) + " repeats a digit of its cage";
          if (cage_at_fault) *cage_at_fault = static_cast<int>(k);
          return c;
        }
        seen[d] = c;
      }
    }
  }
  return -1;
}

}  // namespace gridenum
