// Writers of the MIP models (mip.hpp): CPLEX LP and free MPS (read by cbc and by
// glpsol --lp / --freemps), and ZIMPL in the thesis's form (chapter 4.1) with data files.
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gridenum/mip/mip.hpp"

namespace gridenum::mip {

namespace {

// Coefficients and bounds are integers in every model; print them without a decimal point.
std::string num(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.17g}", v);
}

const char* sense_lp(char s) { return s == 'E' ? "=" : s == 'L' ? "<=" : ">="; }

}  // namespace

std::string write_lp(const LinearModel& lm, const std::string& title) {
  std::string o;
  o.reserve(lm.rows.size() * 64 + lm.vars.size() * 24);
  o += "\\ " + title + ": " + name(lm.formulation) + " model of a " + std::to_string(lm.N) + "x" + std::to_string(lm.N) +
       " Sudoku (gridenum export-mip)\n";
  o += "\\ a feasibility problem: the objective is min sum 0 x, as in the thesis\n";
  o += "Minimize\n obj: 0 " + lm.vars.at(0).name + "\n";
  o += "Subject To\n";
  for (const auto& r : lm.rows) {
    o += " " + r.name + ":";
    int on_line = 0;
    for (const auto& t : r.terms) {
      if (on_line == 8) {  // short lines for every reader
        o += "\n  ";
        on_line = 0;
      }
      o += t.coef < 0 ? " -" : " +";
      const double a = std::fabs(t.coef);
      if (a != 1) {
        o += ' ';
        o += num(a);
      }
      o += " " + lm.vars[t.var].name;
      ++on_line;
    }
    o += ' ';
    o += sense_lp(r.sense);
    o += ' ';
    o += num(r.rhs);
    o += '\n';
  }
  o += "Bounds\n";
  for (const auto& v : lm.vars)
    if (v.type != VarType::Binary) {
      o += ' ';
      o += num(v.lower);
      o += " <= ";
      o += v.name;
      o += " <= ";
      o += num(v.upper);
      o += '\n';
    }
  std::string gen, bin;
  for (const auto& v : lm.vars) {
    if (v.type == VarType::Integer) gen += " " + v.name + "\n";
    if (v.type == VarType::Binary) bin += " " + v.name + "\n";
  }
  if (!gen.empty()) o += "Generals\n" + gen;
  if (!bin.empty()) o += "Binaries\n" + bin;
  o += "End\n";
  return o;
}

std::string write_mps(const LinearModel& lm, const std::string& title) {
  // Column-wise entries.
  std::vector<std::vector<std::pair<int, double>>> cols(lm.vars.size());
  for (std::size_t r = 0; r < lm.rows.size(); ++r)
    for (const auto& t : lm.rows[r].terms) cols[t.var].emplace_back(static_cast<int>(r), t.coef);
  std::string o;
  o.reserve(lm.rows.size() * 40 + lm.vars.size() * 80);
  o += "* " + title + ": " + name(lm.formulation) + " model of a " + std::to_string(lm.N) + "x" + std::to_string(lm.N) +
       " Sudoku (gridenum export-mip), free MPS\n";
  std::string nm = title;
  for (char& c : nm)
    if (c == ' ' || c == '\t') c = '_';
  o += "NAME " + nm + "\nROWS\n N obj\n";
  for (const auto& r : lm.rows) {
    o += ' ';
    o += r.sense;
    o += ' ';
    o += r.name;
    o += '\n';
  }
  o += "COLUMNS\n";
  bool in_int = false;
  int marker = 0;
  for (std::size_t v = 0; v < lm.vars.size(); ++v) {
    const bool integral = lm.vars[v].type != VarType::Continuous;
    if (integral != in_int) {
      o += " M" + std::to_string(marker++) + " 'MARKER' " + (integral ? "'INTORG'" : "'INTEND'") + "\n";
      in_int = integral;
    }
    if (cols[v].empty()) o += " " + lm.vars[v].name + " obj 0\n";
    for (const auto& [r, a] : cols[v]) o += " " + lm.vars[v].name + " " + lm.rows[r].name + " " + num(a) + "\n";
  }
  if (in_int) o += " M" + std::to_string(marker++) + " 'MARKER' 'INTEND'\n";
  o += "RHS\n";
  for (const auto& r : lm.rows)
    if (r.rhs != 0) o += " RHS " + r.name + " " + num(r.rhs) + "\n";
  // Explicit bounds for every column: readers differ on the default bounds of integer columns.
  o += "BOUNDS\n";
  for (const auto& v : lm.vars) {
    if (v.lower != 0) o += " LO BND " + v.name + " " + num(v.lower) + "\n";
    o += " UP BND " + v.name + " " + num(v.upper) + "\n";
  }
  o += "ENDATA\n";
  return o;
}

namespace {

bool units_follow_rules(const Model& m) {
  Model ref;
  try {
    ref = make_model(m.box, m.rules & ~kRuleKiller, m.givens, m.region, {});
  } catch (const std::exception&) {
    return false;
  }
  if (ref.units.size() != m.units.size()) return false;
  for (std::size_t u = 0; u < m.units.size(); ++u)
    if (ref.units[u].kind != m.units[u].kind || ref.units[u].cells != m.units[u].cells) return false;
  return true;
}

}  // namespace

ZimplFiles write_zimpl(const Model& m, Formulation f, const std::string& stem) {
  (void)build_model(m, f);  // the same validation as LP and MPS
  if (!units_follow_rules(m))
    throw MipError(
        "the ZIMPL form writes the thesis's rule blocks (rows, columns, boxes, diagonals, Windoku boxes, jigsaw regions, "
        "cages) and this model has units that do not follow from its rules; export it as lp or mps");
  const int N = m.n, R = m.box.rows, Cb = m.box.cols;
  const bool jigsaw = m.rules & kRuleJigsaw, x = m.rules & kRuleX, windoku = m.rules & kRuleWindoku;
  const bool killer = !m.cages.empty();
  ZimplFiles z;
  const std::string clues = stem + ".clues.dat", regions = stem + ".regions.dat", cages = stem + ".cages.dat",
                    sums = stem + ".sums.dat";
  {
    std::string d = "# clues: row column digit (1-based)\n";
    for (int c = 0; c < N * N; ++c)
      if (m.givens[c]) d += std::to_string(c / N + 1) + " " + std::to_string(c % N + 1) + " " + std::to_string(m.givens[c]) + "\n";
    z.data.emplace_back(clues, d);
  }
  if (jigsaw) {
    std::string d = "# jigsaw regions: region row column\n";
    for (int c = 0; c < N * N; ++c)
      d += std::to_string(m.region[c] + 1) + " " + std::to_string(c / N + 1) + " " + std::to_string(c % N + 1) + "\n";
    z.data.emplace_back(regions, d);
  }
  if (killer) {
    std::string d = "# killer cages: cage row column\n", s = "# killer cage sums: cage sum\n";
    for (std::size_t q = 0; q < m.cages.size(); ++q) {
      for (int c : m.cages[q].cells)
        d += std::to_string(q + 1) + " " + std::to_string(c / N + 1) + " " + std::to_string(c % N + 1) + "\n";
      s += std::to_string(q + 1) + " " + std::to_string(m.cages[q].sum) + "\n";
    }
    z.data.emplace_back(cages, d);
    z.data.emplace_back(sums, s);
  }

  std::ostringstream o;
  const char* title = f == Formulation::Blp    ? "(BLP): thesis 3.1 / 4.1.1, variants as in the slides (21)-(26)"
                      : f == Formulation::Nlip ? "(NLIP): thesis 3.2 / 4.1.2, variants as in the slides (27)-(32)"
                                               : "(NLIP-tight): gridenum's one-binary linearisation of (NLIP) with unit sums";
  o << "# gridenum export-mip " << title << "\n";
  o << "# Sudoku " << N << "x" << N << " with " << R << "x" << Cb << " boxes";
  if (x) o << ", X (both diagonals)";
  if (windoku) o << ", Windoku (extra boxes)";
  if (jigsaw) o << ", jigsaw regions";
  if (killer) o << ", killer cages";
  o << ".\n# Data files (run zimpl in their directory): " << clues;
  if (jigsaw) o << ", " << regions;
  if (killer) o << ", " << cages << ", " << sums;
  o << "\n\n";
  o << "param N := " << N << ";\nparam R := " << R << ";   # box rows\nparam C := " << Cb << ";   # box columns\n";
  o << "set S := { 1 .. N };\n";
  if (!jigsaw) o << "set B := { <p,q> in S*S with (p - 1) mod R == 0 and (q - 1) mod C == 0 };   # top-left cells of the boxes\n";
  if (windoku) o << "set BW := { <2,2>, <2,6>, <6,2>, <6,6> };   # top-left cells of the Windoku boxes\n";
  if (jigsaw) {
    o << "set H := { read \"" << regions << "\" as \"<1n,2n,3n>\" comment \"#\" };   # <region, i, j>\n";
    o << "set HI := proj(H, <1>);\n";
  }
  if (killer) {
    o << "set K := { read \"" << cages << "\" as \"<1n,2n,3n>\" comment \"#\" };   # <cage, i, j>\n";
    o << "set KI := proj(K, <1>);\n";
    o << "param s[KI] := read \"" << sums << "\" as \"<1n> 2n\" comment \"#\";   # n(C)\n";
  }
  o << "\n";

  if (f == Formulation::Blp) {
    o << "set G := { read \"" << clues << "\" as \"<1n,2n,3n>\" comment \"#\" };   # (i,j,k): k is the clue of cell (i,j)\n\n";
    o << "var x[S*S*S] binary;\n\n";
    o << "minimize obj: sum <i,j,k> in S*S*S: 0 * x[i,j,k];   # (1)\n\n";
    o << "subto clues: forall <i,j,k> in G: x[i,j,k] == 1;   # (2)\n";
    o << "subto cells: forall <i,j> in S*S: sum <k> in S: x[i,j,k] == 1;   # (3)\n";
    o << "subto cols: forall <j,k> in S*S: sum <i> in S: x[i,j,k] == 1;   # (4)\n";
    o << "subto rows: forall <i,k> in S*S: sum <j> in S: x[i,j,k] == 1;   # (5)\n";
    if (!jigsaw)
      o << "subto boxes: forall <p,q> in B: forall <k> in S:\n   sum <i,j> in { p .. p + R - 1 } * { q .. q + C - 1 }: x[i,j,k] == 1;   # (6)\n";
    if (x) {
      o << "subto diag: forall <k> in S: sum <i> in S: x[i,i,k] == 1;   # (21)\n";
      o << "subto antidiag: forall <k> in S: sum <i> in S: x[i,N + 1 - i,k] == 1;   # (22)\n";
    }
    if (windoku)
      o << "subto windows: forall <p,q> in BW: forall <k> in S:\n   sum <i,j> in { p .. p + 2 } * { q .. q + 2 }: x[i,j,k] == 1;   # (23)\n";
    if (jigsaw)
      o << "subto jigsaw: forall <h> in HI: forall <k> in S:\n   sum <r,i,j> in H with r == h: x[i,j,k] == 1;   # (24)\n";
    if (killer) {
      o << "subto cage_once: forall <c> in KI: forall <k> in S:\n   sum <d,i,j> in K with d == c: x[i,j,k] <= 1;   # (25)\n";
      o << "subto cage_sum: forall <c> in KI:\n   sum <d,i,j> in K with d == c: sum <k> in S: k * x[i,j,k] == s[c];   # (26)\n";
    }
    z.model = o.str();
    return z;
  }

  o << "set F := { read \"" << clues << "\" as \"<1n,2n>\" comment \"#\" };   # the clue cells\n";
  o << "param g[F] := read \"" << clues << "\" as \"<1n,2n> 3n\" comment \"#\";   # g(i,j)\n\n";
  o << "# The pairs (i,j) < (k,l) of cells that share a unit or a cage; a pair that shares\n"
       "# two units (a row and a box) is one element of the union.\n";
  o << "set PR := { <i,j,k,l> in S*S*S*S with i == k and j < l };   # (10)\n";
  o << "set PC := { <i,j,k,l> in S*S*S*S with j == l and i < k };   # (11)\n";
  std::string uni = "PR union PC";
  if (!jigsaw) {
    o << "set PB := { <i,j,k,l> in S*S*S*S with (i - 1) div R == (k - 1) div R and (j - 1) div C == (l - 1) div C\n"
         "   and N * i + j < N * k + l };   # (12)\n";
    uni += " union PB";
  }
  if (x) {
    o << "set PX := { <i,j,k,l> in S*S*S*S with i == j and k == l and i < k }\n"
         "   union { <i,j,k,l> in S*S*S*S with j == N + 1 - i and l == N + 1 - k and i < k };   # (27), (28)\n";
    uni += " union PX";
  }
  if (windoku) {
    o << "set W := { <p,q,i,j> in BW*S*S with p <= i and i <= p + 2 and q <= j and j <= q + 2 };\n";
    o << "set PW := proj({ <p,q,i,j,r,t,k,l> in W*W with p == r and q == t and N * i + j < N * k + l }, <3,4,7,8>);   # (29)\n";
    uni += " union PW";
  }
  if (jigsaw) {
    o << "set PH := proj({ <h,i,j,r,k,l> in H*H with h == r and N * i + j < N * k + l }, <2,3,5,6>);   # (30)\n";
    uni += " union PH";
  }
  if (killer) {
    o << "set PK := proj({ <c,i,j,d,k,l> in K*K with c == d and N * i + j < N * k + l }, <2,3,5,6>);   # (31)\n";
    uni += " union PK";
  }
  o << "set P := " << uni << ";\n\n";
  o << "var x[S*S] integer >= 1 <= N;   # (13)\n";
  if (f == Formulation::Nlip) {
    o << "var yp[P] integer >= 0 <= N - 1;   # y+ (19)\n";
    o << "var ym[P] integer >= 0 <= N - 1;   # y- (19)\n";
    o << "var ap[P] binary;   # a+ (20)\n";
    o << "var am[P] binary;   # a- (20)\n\n";
  } else {
    o << "var z[P] binary;   # z = 1: x[i,j] > x[k,l]\n\n";
  }
  o << "minimize obj: sum <i,j> in S*S: 0 * x[i,j];   # (8)\n\n";
  o << "subto clues: forall <i,j> in F: x[i,j] == g[i,j];   # (9)\n";
  if (f == Formulation::Nlip) {
    o << "# |x[i,j] - x[k,l]| >= 1 linearised with y = x[i,j] - x[k,l], 1 <= |y| <= N - 1: (14)-(18)\n";
    o << "subto d14: forall <i,j,k,l> in P: yp[i,j,k,l] - ym[i,j,k,l] == x[i,j] - x[k,l];\n";
    o << "subto d15: forall <i,j,k,l> in P: yp[i,j,k,l] + ym[i,j,k,l] >= 1;\n";
    o << "subto d16a: forall <i,j,k,l> in P: ap[i,j,k,l] <= yp[i,j,k,l];\n";
    o << "subto d16b: forall <i,j,k,l> in P: yp[i,j,k,l] <= (N - 1) * ap[i,j,k,l];\n";
    o << "subto d17a: forall <i,j,k,l> in P: am[i,j,k,l] <= ym[i,j,k,l];\n";
    o << "subto d17b: forall <i,j,k,l> in P: ym[i,j,k,l] <= (N - 1) * am[i,j,k,l];\n";
    o << "subto d18: forall <i,j,k,l> in P: ap[i,j,k,l] + am[i,j,k,l] == 1;\n";
  } else {
    o << "# x[i,j] != x[k,l] with one binary and big-M N\n";
    o << "subto t1: forall <i,j,k,l> in P: x[i,j] - x[k,l] + N * z[i,j,k,l] >= 1;\n";
    o << "subto t2: forall <i,j,k,l> in P: x[k,l] - x[i,j] - N * z[i,j,k,l] >= 1 - N;\n";
    o << "# valid equations: a unit holds 1..N once each\n";
    o << "subto usum_rows: forall <i> in S: sum <j> in S: x[i,j] == N * (N + 1) / 2;\n";
    o << "subto usum_cols: forall <j> in S: sum <i> in S: x[i,j] == N * (N + 1) / 2;\n";
    if (!jigsaw)
      o << "subto usum_boxes: forall <p,q> in B:\n   sum <i,j> in { p .. p + R - 1 } * { q .. q + C - 1 }: x[i,j] == N * (N + 1) / 2;\n";
    if (x) {
      o << "subto usum_diag: sum <i> in S: x[i,i] == N * (N + 1) / 2;\n";
      o << "subto usum_antidiag: sum <i> in S: x[i,N + 1 - i] == N * (N + 1) / 2;\n";
    }
    if (windoku)
      o << "subto usum_windows: forall <p,q> in BW:\n   sum <i,j> in { p .. p + 2 } * { q .. q + 2 }: x[i,j] == N * (N + 1) / 2;\n";
    if (jigsaw) o << "subto usum_jigsaw: forall <h> in HI: sum <r,i,j> in H with r == h: x[i,j] == N * (N + 1) / 2;\n";
  }
  if (killer) o << "subto cage_sum: forall <c> in KI: sum <d,i,j> in K with d == c: x[i,j] == s[c];   # (32) on x[i,j]\n";
  z.model = o.str();
  return z;
}

}  // namespace gridenum::mip
