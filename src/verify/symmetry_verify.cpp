// Burnside's count against the brute-force census (see symmetry_verify.hpp).
#include "gridenum/verify/symmetry_verify.hpp"

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/verify/grid_census.hpp"

#include "as_text.hpp"

namespace gridenum {

namespace {

using verify_text::as_text;
using verify_text::line;

}  // namespace

VerifyReport verify_symmetry(Shape s, bool transposition, int threads) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 6)
    throw VerifyInputError("verify symmetry lists every grid: 2x2, 2x3 or 3x2 boxes (4x4 and 6x6 grids), got " + s.str() +
                           "; larger shapes are checked by gridenum symmetry's own consistency checks");
  if (transposition && s.rows != s.cols)
    throw VerifyInputError("transposition is a symmetry only for square boxes, not " + s.str());
  VerifyReport r;
  r.title = fmt::format("gridenum verify symmetry: {}x{} grids, boxes {}, {}", s.n(), s.n(), s.str(),
                        transposition ? "with transposition" : "without transposition");

  auto t = SteadyClock::now();
  BurnsideOptions bo;
  bo.shape = s;
  bo.transposition = transposition;
  bo.threads = threads;
  const BurnsideResult b = run_burnside(bo);
  const double t_b = seconds_since(t);
  t = SteadyClock::now();
  const GridCensus cen = census_grids(s, transposition, threads);
  const double t_c = seconds_since(t);
  t = SteadyClock::now();
  const SymmetryGroup grp = build_symmetry_group(s, transposition);
  const auto grids = box1_fixed_grids(s);
  const auto perms = geometric_cell_permutations(s, transposition);
  // Every listed element sorted into its class. The census lists (row move, column move) with the
  // transposed ones after; read back as GeometricSymmetry through the images of row 0 / column 0.
  std::vector<std::uint64_t> met(grp.classes.size(), 0);
  const int N = s.n();
  for (const auto& p : perms) {
    GeometricSymmetry g;
    g.rows.assign(static_cast<std::size_t>(N), 0);
    g.cols.assign(static_cast<std::size_t>(N), 0);
    // Untransposed: (r, 0) -> (rows[r], cols[0]) and (0, c) -> (rows[0], cols[c]); transposed:
    // (0, c) -> (rows[c], cols[0]) and (r, 0) -> (rows[0], cols[r]). Cells (0,0) and (0,1) tell which.
    g.transpose = p[0] / N != p[1] / N;
    for (int x = 0; x < N; ++x) {
      const int along_row = p[static_cast<std::size_t>(x)], along_col = p[static_cast<std::size_t>(x * N)];
      if (!g.transpose) {
        g.rows[static_cast<std::size_t>(x)] = along_col / N;
        g.cols[static_cast<std::size_t>(x)] = along_row % N;
      } else {
        g.rows[static_cast<std::size_t>(x)] = along_row / N;
        g.cols[static_cast<std::size_t>(x)] = along_col % N;
      }
    }
    if (cell_permutation(s, g) != p) {
      r.problems.push_back("a census element is not a (rows, columns[, transpose]) move");
      continue;
    }
    ++met[class_index(grp, g)];
  }
  std::vector<std::uint64_t> brute(grp.classes.size(), 0);
  for (std::size_t i = 0; i < grp.classes.size(); ++i)
    brute[i] = brute_fixed_grids(s, grids, cell_permutation(s, grp.classes[i].rep));
  const double t_x = seconds_since(t);
  r.info.push_back(fmt::format("times (s): Burnside {:.3f}, census {:.3f}, class and fixed-grid checks {:.3f}; {} thread{}", t_b,
                               t_c, t_x, b.threads_used, b.threads_used == 1 ? "" : "s"));

  VerifySection fig{"figures", "Burnside", "census", {}};
  line(r, fig, "group order", b.group_order, cen.group_order, "left: class sizes added up; right: elements listed");
  std::size_t classes_met = 0;
  for (auto m : met) classes_met += m > 0;
  line(r, fig, "conjugacy classes", b.terms.size(), classes_met, "right: classes the listed elements fall in");
  line(r, fig, "grids with box 1 fixed", b.terms[0].fixed.grids, cen.grids,
       fmt::format("left: {} count / {}!; right: listed", b.total_route, N));
  line(r, fig, "essentially different grids", b.essentially_different, cen.orbits,
       "left: sum of size x fixed / group order; right: distinct canonical forms");
  r.sections.push_back(std::move(fig));

  VerifySection sizes{"class sizes", "formula", "elements met", {}};
  for (std::size_t i = 0; i < grp.classes.size(); ++i)
    line(r, sizes, fmt::format("class {}", i + 1), grp.classes[i].size, met[i], grp.classes[i].text);
  r.sections.push_back(std::move(sizes));

  VerifySection fixed{"fixed grids per class (up to relabelling)", "kernel", "brute force", {}};
  for (std::size_t i = 0; i < b.terms.size(); ++i)
    line(r, fixed, fmt::format("class {}", i + 1), b.terms[i].fixed.grids, brute[i],
         b.terms[i].identity ? "identity: the count engine's total / N!"
                             : fmt::format("{}: {}", to_string(b.terms[i].fixed.method), b.terms[i].cls.text));
  r.sections.push_back(std::move(fixed));
  return r;
}

}  // namespace gridenum
