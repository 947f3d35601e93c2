// Rule model construction and the independent solution validator (design.md section 4).
#include "gridenum/puzzle/model.hpp"

#include <stdexcept>

namespace gridenum {

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

}  // namespace gridenum
