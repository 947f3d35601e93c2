// Rule model construction and the independent solution validator (design.md section 4).
#include "gridenum/model.hpp"

#include <stdexcept>

namespace gridenum {

namespace {
void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}
}  // namespace

Model make_model(Shape box, unsigned rules, std::vector<int> givens, std::vector<int> region,
                 std::vector<Cage> cages) {
  Model m;
  m.box = box;
  m.n = box.n();
  m.rules = rules;
  const int n = m.n;
  require(n >= 1 && n <= 32, "grid size must be between 1 and 32");
  if (givens.empty()) givens.assign(n * n, 0);
  require(static_cast<int>(givens.size()) == n * n,
          "expected " + std::to_string(n * n) + " cells, got " + std::to_string(givens.size()));
  for (int i = 0; i < n * n; ++i)
    require(givens[i] >= 0 && givens[i] <= n,
            "cell " + std::to_string(i) + ": digit " + std::to_string(givens[i]) + " out of range 1.." + std::to_string(n));
  m.givens = std::move(givens);

  for (int r = 0; r < n; ++r) {
    Unit u{UnitKind::Row, {}};
    for (int c = 0; c < n; ++c) u.cells.push_back(r * n + c);
    m.units.push_back(std::move(u));
  }
  for (int c = 0; c < n; ++c) {
    Unit u{UnitKind::Column, {}};
    for (int r = 0; r < n; ++r) u.cells.push_back(r * n + c);
    m.units.push_back(std::move(u));
  }
  if (rules & kRuleJigsaw) {
    require(static_cast<int>(region.size()) == n * n,
            "jigsaw regions: expected " + std::to_string(n * n) + " cells, got " + std::to_string(region.size()));
    std::vector<Unit> regs(n, Unit{UnitKind::Region, {}});
    for (int i = 0; i < n * n; ++i) {
      require(region[i] >= 0 && region[i] < n, "jigsaw region id out of range at cell " + std::to_string(i));
      regs[region[i]].cells.push_back(i);
    }
    for (int k = 0; k < n; ++k)
      require(static_cast<int>(regs[k].cells.size()) == n,
              "jigsaw region " + std::to_string(k) + " has " + std::to_string(regs[k].cells.size()) +
                  " cells, expected " + std::to_string(n));
    for (auto& u : regs) m.units.push_back(std::move(u));
    m.region = std::move(region);
  } else {
    for (int b = 0; b < n; ++b) {
      Unit u{UnitKind::Box, {}};
      const int r0 = (b / box.rows) * box.rows, c0 = (b % box.rows) * box.cols;
      for (int r = 0; r < box.rows; ++r)
        for (int c = 0; c < box.cols; ++c) u.cells.push_back((r0 + r) * n + c0 + c);
      m.units.push_back(std::move(u));
    }
  }
  if (rules & kRuleX) {
    Unit d1{UnitKind::Diagonal, {}}, d2{UnitKind::Diagonal, {}};
    for (int i = 0; i < n; ++i) {
      d1.cells.push_back(i * n + i);
      d2.cells.push_back(i * n + (n - 1 - i));
    }
    m.units.push_back(std::move(d1));
    m.units.push_back(std::move(d2));
  }
  if (rules & kRuleWindoku) {
    require(box.rows == 3 && box.cols == 3, "Windoku is defined for 9x9 grids with 3x3 boxes");
    for (int r0 : {1, 5})
      for (int c0 : {1, 5}) {
        Unit u{UnitKind::Window, {}};
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) u.cells.push_back((r0 + r) * n + c0 + c);
        m.units.push_back(std::move(u));
      }
  }
  for (const auto& cage : cages) {
    require(!cage.cells.empty(), "empty cage");
    require(static_cast<int>(cage.cells.size()) <= n, "cage with more cells than digits");
    for (int c : cage.cells) require(c >= 0 && c < n * n, "cage cell " + std::to_string(c) + " out of range");
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
