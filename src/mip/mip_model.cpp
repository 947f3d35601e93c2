// The BLP, NLIP and NLIP-tight models of a puzzle (mip.hpp; thesis chapter 3, slides on the
// variants), their statistics and the closed formulas they must match.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "gridenum/mip/mip.hpp"

namespace gridenum::mip {

Formulation parse_formulation(const std::string& s) {
  if (s == "blp") return Formulation::Blp;
  if (s == "nlip") return Formulation::Nlip;
  if (s == "nlip-tight") return Formulation::NlipTight;
  throw MipError("unknown formulation '" + s + "' (blp, nlip, nlip-tight)");
}

Format parse_format(const std::string& s) {
  if (s == "lp") return Format::Lp;
  if (s == "mps") return Format::Mps;
  if (s == "zpl") return Format::Zpl;
  throw MipError("unknown format '" + s + "' (lp, mps, zpl)");
}

const char* name(Formulation f) {
  switch (f) {
    case Formulation::Blp: return "blp";
    case Formulation::Nlip: return "nlip";
    case Formulation::NlipTight: return "nlip-tight";
  }
  return "?";
}

const char* name(Format f) {
  switch (f) {
    case Format::Lp: return "lp";
    case Format::Mps: return "mps";
    case Format::Zpl: return "zpl";
  }
  return "?";
}

namespace {

std::string cell_name(int N, int c) { return std::to_string(c / N + 1) + "_" + std::to_string(c % N + 1); }

const char* unit_prefix(UnitKind k) {
  switch (k) {
    case UnitKind::Row: return "row";
    case UnitKind::Column: return "col";
    case UnitKind::Box: return "box";
    case UnitKind::Diagonal: return "diag";
    case UnitKind::Window: return "win";
    case UnitKind::Region: return "reg";
  }
  return "unit";
}

// Checks what every formulation needs and throws MipError naming the problem.
void validate(const Model& m) {
  const int N = m.n;
  if (N < 1) throw MipError("grid side must be at least 1");
  if (static_cast<int>(m.givens.size()) != N * N)
    throw MipError("expected " + std::to_string(N * N) + " givens, got " + std::to_string(m.givens.size()));
  for (int c = 0; c < N * N; ++c)
    if (m.givens[c] < 0 || m.givens[c] > N)
      throw MipError("cell " + cell_name(N, c) + ": given " + std::to_string(m.givens[c]) + " is not a digit 1.." + std::to_string(N));
  for (const auto& u : m.units)
    for (int c : u.cells)
      if (c < 0 || c >= N * N) throw MipError("unit cell " + std::to_string(c) + " out of range");
  for (std::size_t k = 0; k < m.cages.size(); ++k) {
    const auto& cage = m.cages[k];
    const std::string which = "killer cage " + std::to_string(k + 1);
    if (cage.cells.empty()) throw MipError(which + " is empty");
    std::vector<int> sorted = cage.cells;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      if (sorted[i] < 0 || sorted[i] >= N * N) throw MipError(which + ": cell " + std::to_string(sorted[i]) + " out of range");
      if (i > 0 && sorted[i] == sorted[i - 1]) throw MipError(which + " lists cell " + cell_name(N, sorted[i]) + " twice");
    }
    const long s = static_cast<long>(cage.cells.size());
    if (s > N) throw MipError(which + " has " + std::to_string(s) + " cells but there are only " + std::to_string(N) + " digits");
    // The sums of s distinct digits of 1..N are exactly the integers from 1+..+s to (N-s+1)+..+N.
    const long lo = s * (s + 1) / 2, hi = s * (2L * N - s + 1) / 2;
    if (cage.sum < lo || cage.sum > hi)
      throw MipError(which + " (" + std::to_string(s) + " cells from " + cell_name(N, cage.cells[0]) + ") has sum " +
                     std::to_string(cage.sum) + ", which no " + std::to_string(s) + " distinct digits 1.." + std::to_string(N) +
                     " reach (they sum to " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
  }
}

// The distinct pairs (a < b) of cells sharing a unit or a cage, in lexicographic order.
std::vector<std::pair<int, int>> neighbour_pairs(const Model& m) {
  const int C = m.n * m.n;
  std::vector<std::vector<bool>> adj(C, std::vector<bool>(C, false));
  auto add = [&](const std::vector<int>& cells) {
    for (int a : cells)
      for (int b : cells)
        if (a != b) adj[a][b] = true;
  };
  for (const auto& u : m.units) add(u.cells);
  for (const auto& k : m.cages) add(k.cells);
  std::vector<std::pair<int, int>> out;
  for (int a = 0; a < C; ++a)
    for (int b = a + 1; b < C; ++b)
      if (adj[a][b]) out.emplace_back(a, b);
  return out;
}

std::size_t given_count(const Model& m) {
  return static_cast<std::size_t>(std::count_if(m.givens.begin(), m.givens.end(), [](int g) { return g != 0; }));
}

}  // namespace

LinearModel build_model(const Model& m, Formulation f) {
  validate(m);
  const int N = m.n, C = N * N;
  LinearModel lm;
  lm.formulation = f;
  lm.N = N;
  lm.cell_var.resize(C);
  auto add_row = [&](std::string nm, char sense, double rhs) -> Row& {
    lm.rows.push_back(Row{std::move(nm), {}, sense, rhs});
    return lm.rows.back();
  };

  if (f == Formulation::Blp) {
    for (int c = 0; c < C; ++c) {
      lm.cell_var[c] = static_cast<int>(lm.vars.size());
      for (int k = 1; k <= N; ++k) lm.vars.push_back(Var{"x_" + cell_name(N, c) + "_" + std::to_string(k), VarType::Binary, 0, 1});
    }
    auto x = [&](int c, int k) { return lm.cell_var[c] + k - 1; };
    for (int c = 0; c < C; ++c)  // (2) givens
      if (m.givens[c]) add_row("g_" + cell_name(N, c), 'E', 1).terms.push_back({x(c, m.givens[c]), 1});
    for (int c = 0; c < C; ++c) {  // (3) one digit per cell
      Row& r = add_row("cell_" + cell_name(N, c), 'E', 1);
      for (int k = 1; k <= N; ++k) r.terms.push_back({x(c, k), 1});
    }
    // (4)-(6), (21)-(24): each digit once per unit (rows, columns, boxes, diagonals, extra
    // boxes, jigsaw regions); a unit shorter than N holds each digit at most once.
    std::vector<int> seen(6, 0);
    for (const auto& u : m.units) {
      const int idx = ++seen[static_cast<int>(u.kind)];
      for (int k = 1; k <= N; ++k) {
        Row& r = add_row(std::string(unit_prefix(u.kind)) + "_" + std::to_string(idx) + "_" + std::to_string(k),
                         static_cast<int>(u.cells.size()) == N ? 'E' : 'L', 1);
        for (int c : u.cells) r.terms.push_back({x(c, k), 1});
      }
    }
    for (std::size_t q = 0; q < m.cages.size(); ++q) {  // (25) at most once per cage, (26) sum
      const auto& cage = m.cages[q];
      for (int k = 1; k <= N; ++k) {
        Row& r = add_row("cage_" + std::to_string(q + 1) + "_" + std::to_string(k), 'L', 1);
        for (int c : cage.cells) r.terms.push_back({x(c, k), 1});
      }
      Row& r = add_row("csum_" + std::to_string(q + 1), 'E', cage.sum);
      for (int c : cage.cells)
        for (int k = 1; k <= N; ++k) r.terms.push_back({x(c, k), static_cast<double>(k)});
    }
    return lm;
  }

  // NLIP and NLIP-tight: integer x[i,j] in 1..N.
  for (int c = 0; c < C; ++c) {
    lm.cell_var[c] = static_cast<int>(lm.vars.size());
    lm.vars.push_back(Var{"x_" + cell_name(N, c), VarType::Integer, 1, static_cast<double>(N)});
  }
  for (int c = 0; c < C; ++c)  // (9) givens
    if (m.givens[c]) add_row("g_" + cell_name(N, c), 'E', m.givens[c]).terms.push_back({lm.cell_var[c], 1});
  const auto pairs = neighbour_pairs(m);
  lm.pairs = pairs.size();
  const double M = N - 1;  // thesis: 1 <= |y| <= 8 for 9x9
  for (const auto& [a, b] : pairs) {
    const std::string tag = cell_name(N, a) + "_" + cell_name(N, b);
    const int xa = lm.cell_var[a], xb = lm.cell_var[b];
    if (f == Formulation::Nlip) {
      const int yp = static_cast<int>(lm.vars.size());
      lm.vars.push_back(Var{"yp_" + tag, VarType::Integer, 0, M});
      lm.vars.push_back(Var{"ym_" + tag, VarType::Integer, 0, M});
      lm.vars.push_back(Var{"ap_" + tag, VarType::Binary, 0, 1});
      lm.vars.push_back(Var{"am_" + tag, VarType::Binary, 0, 1});
      const int ym = yp + 1, ap = yp + 2, am = yp + 3;
      add_row("d14_" + tag, 'E', 0).terms = {{yp, 1}, {ym, -1}, {xa, -1}, {xb, 1}};  // y+ - y- = x_a - x_b
      add_row("d15_" + tag, 'G', 1).terms = {{yp, 1}, {ym, 1}};                        // y+ + y- >= 1
      add_row("d16a_" + tag, 'G', 0).terms = {{yp, 1}, {ap, -1}};                      // a+ <= y+
      add_row("d16b_" + tag, 'L', 0).terms = {{yp, 1}, {ap, -M}};                      // y+ <= M a+
      add_row("d17a_" + tag, 'G', 0).terms = {{ym, 1}, {am, -1}};                      // a- <= y-
      add_row("d17b_" + tag, 'L', 0).terms = {{ym, 1}, {am, -M}};                      // y- <= M a-
      add_row("d18_" + tag, 'E', 1).terms = {{ap, 1}, {am, 1}};                        // a+ + a- = 1
    } else {
      const int z = static_cast<int>(lm.vars.size());
      lm.vars.push_back(Var{"z_" + tag, VarType::Binary, 0, 1});
      // z = 1: x_a >= x_b + 1; z = 0: x_b >= x_a + 1 (big-M N, the smallest valid one).
      add_row("t1_" + tag, 'G', 1).terms = {{xa, 1}, {xb, -1}, {z, static_cast<double>(N)}};
      add_row("t2_" + tag, 'G', 1 - N).terms = {{xb, 1}, {xa, -1}, {z, -static_cast<double>(N)}};
    }
  }
  if (f == Formulation::NlipTight) {  // valid equations: a full unit holds 1..N once each
    std::vector<int> seen(6, 0);
    for (const auto& u : m.units) {
      const int idx = ++seen[static_cast<int>(u.kind)];
      if (static_cast<int>(u.cells.size()) != N) continue;
      Row& r = add_row(std::string("usum_") + unit_prefix(u.kind) + "_" + std::to_string(idx), 'E', N * (N + 1) / 2);
      for (int c : u.cells) r.terms.push_back({lm.cell_var[c], 1});
    }
  }
  for (std::size_t q = 0; q < m.cages.size(); ++q) {  // cage sums on the integer cells
    Row& r = add_row("csum_" + std::to_string(q + 1), 'E', m.cages[q].sum);
    for (int c : m.cages[q].cells) r.terms.push_back({lm.cell_var[c], 1});
  }
  return lm;
}

ModelStats stats(const LinearModel& lm) {
  ModelStats s;
  s.variables = lm.vars.size();
  for (const auto& v : lm.vars) {
    if (v.type == VarType::Binary) ++s.binaries;
    else if (v.type == VarType::Integer) ++s.integers;
    else ++s.continuous;
  }
  s.constraints = lm.rows.size();
  for (const auto& r : lm.rows) s.nonzeros += r.terms.size();
  s.pairs = lm.pairs;
  return s;
}

ModelStats predicted_stats(const Model& m, Formulation f) {
  validate(m);
  const std::size_t N = m.n, G = given_count(m);
  ModelStats s;
  std::size_t full_units = 0, full_cells = 0, cage_cells = 0;
  for (const auto& u : m.units)
    if (u.cells.size() == N) ++full_units, full_cells += N;
  for (const auto& k : m.cages) cage_cells += k.cells.size();
  if (f == Formulation::Blp) {
    std::size_t unit_cells = 0;
    for (const auto& u : m.units) unit_cells += u.cells.size();
    s.variables = s.binaries = N * N * N;
    s.constraints = G + N * N + m.units.size() * N + m.cages.size() * (N + 1);
    s.nonzeros = G + N * N * N + unit_cells * N + 2 * cage_cells * N;
    return s;
  }
  const std::size_t P = neighbour_pairs(m).size();
  s.pairs = P;
  if (f == Formulation::Nlip) {
    s.variables = N * N + 4 * P;
    s.integers = N * N + 2 * P;
    s.binaries = 2 * P;
    s.constraints = G + 7 * P + m.cages.size();
    s.nonzeros = G + 16 * P + cage_cells;
  } else {
    s.variables = N * N + P;
    s.integers = N * N;
    s.binaries = P;
    s.constraints = G + 2 * P + full_units + m.cages.size();
    s.nonzeros = G + 6 * P + full_cells + cage_cells;
  }
  return s;
}

ModelStats thesis_classic_stats(int n, std::size_t G, Formulation f) {
  const std::size_t b = n, n2 = b * b, n4 = n2 * n2, n6 = n4 * n2;
  ModelStats s;
  if (f == Formulation::Blp) {
    s.variables = s.binaries = n6;
    s.constraints = 4 * n4 + G;
    s.nonzeros = 4 * n6 + G;
    return s;
  }
  const std::size_t P = n4 * (3 * n2 - 2 * b - 1) / 2;  // each cell has 3N - 2n - 1 neighbours
  s.pairs = P;
  if (f == Formulation::Nlip) {
    s.variables = n4 + 4 * P;
    s.integers = n4 + 2 * P;
    s.binaries = 2 * P;
    s.constraints = 7 * P + G;
    s.nonzeros = 16 * P + G;
  } else {
    s.variables = n4 + P;
    s.integers = n4;
    s.binaries = P;
    s.constraints = 2 * P + 3 * n2 + G;
    s.nonzeros = 6 * P + 3 * n4 + G;
  }
  return s;
}

}  // namespace gridenum::mip
