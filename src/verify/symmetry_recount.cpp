// Every fixing class of the Burnside run recounted by independent code (see symmetry_recount.hpp).
#include "gridenum/verify/symmetry_recount.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "gridenum/core/timing.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/cell_recount.hpp"
#include "gridenum/verify/stack_recount.hpp"

#include "as_text.hpp"

namespace gridenum {

std::string to_string(RecountMethod m) {
  switch (m) {
    case RecountMethod::Auto: return "auto";
    case RecountMethod::Stacks: return "stacks";
    case RecountMethod::Cells: return "cells";
  }
  return "?";
}

namespace {

// True when some power of g moves a cell to another cell of the same row, column or box: with
// pi = identity, X(g^k c) = X(c) for every k, so a digit would repeat there; the stack recount
// may then leave pi = identity out (the one cycle type it is told to skip, by this argument
// alone; every other type is counted). The identity type is by far the costliest (its
// centraliser is all of S_N), so the argument saves most of the time on 10x10.
bool a_power_moves_a_cell_within_its_unit(Shape s, const GeometricSymmetry& g) {
  const int n = s.n();
  const Perm cells = cell_permutation(s, g);
  for (Perm gk = cells; !is_identity(gk); gk = compose(cells, gk))
    for (int c = 0; c < n * n; ++c) {
      const int d = gk[static_cast<std::size_t>(c)];
      if (d == c) continue;
      const int r1 = c / n, c1 = c % n, r2 = d / n, c2 = d % n;
      if (r1 == r2 || c1 == c2 || (r1 / s.rows == r2 / s.rows && c1 / s.cols == c2 / s.cols)) return true;
    }
  return false;
}

std::vector<CycleType> stack_types(Shape s, const GeometricSymmetry& g) {
  std::vector<CycleType> types;
  const bool skip_identity = a_power_moves_a_cell_within_its_unit(s, g);
  for (const CycleType& t : partitions(s.n()))
    if (!(skip_identity && t == CycleType(static_cast<std::size_t>(s.n()), 1))) types.push_back(t);
  return types;
}

// Auto's choice. The cell search costs one search per candidate pi, each as large as the cells
// left free: with few candidates and long cell orbits (elements of high order: one candidate and
// 20 orbits for "stack 1: columns (1 2 3 4 5); stack 2: columns (1 2 3 4 5)", under a second on
// 10x10) it is the cheaper method; with tens of thousands of candidates (involutions: every
// involution of the digits is one) or short orbits (the stack swap alone: one candidate, but 50
// free cells and about 1.4e13 grids) the stack recount is, which takes pi up to conjugacy and
// splits the grid into its stacks.
constexpr std::uint64_t kCellCandidatesForAuto = 100;

bool cells_cheap(Shape s, const GeometricSymmetry& g) {
  const int n = s.n();
  if (3 * static_cast<int>(cycles(cell_permutation(s, g)).size()) > n * n) return false;  // orbits of 3 cells on average
  return cell_recount_candidates(s, g) <= kCellCandidatesForAuto;
}

ClassRecount recount_one(const SymmetryRecountOptions& opt, std::size_t i, const ClassTerm& term) {
  ClassRecount row;
  row.index = i + 1;
  row.text = term.cls.text;
  row.size = term.cls.size;
  row.kernel = term.fixed.grids;
  row.kernel_method = term.fixed.method;
  const GeometricSymmetry& g = term.cls.rep;
  RecountMethod m = opt.method;
  if (m == RecountMethod::Auto)
    m = stack_recount_applies(opt.shape, g) && !cells_cheap(opt.shape, g) ? RecountMethod::Stacks : RecountMethod::Cells;
  if (m == RecountMethod::Stacks && !stack_recount_applies(opt.shape, g))
    throw VerifyInputError(fmt::format("class {} ({}): the stack recount takes untransposed elements of 2 x m and m x 2 "
                                       "shapes only; use --method cells or auto",
                                       row.index, row.text));
  row.method = m;
  if (opt.on_class_start) opt.on_class_start(row.index, m);
  if (m == RecountMethod::Stacks) {
    const StackRecount sr = stack_recount(opt.shape, g, stack_types(opt.shape, g), opt.threads);
    row.recount = sr.grids;
    row.seconds = sr.seconds;
  } else {
    const CellRecount cr = cell_recount(opt.shape, g, opt.threads);
    row.recount = cr.grids;
    row.seconds = cr.seconds;
  }
  return row;
}

}  // namespace

SymmetryRecount recount_symmetry(const SymmetryRecountOptions& opt) {
  if (const auto why = burnside_shape_error(opt.shape)) throw VerifyInputError(*why);
  if (opt.transposition && opt.shape.rows != opt.shape.cols)
    throw VerifyInputError("transposition is a symmetry only for square boxes, not " + opt.shape.str());
  const auto t0 = SteadyClock::now();
  SymmetryRecount res;
  BurnsideOptions bo;
  bo.shape = opt.shape;
  bo.transposition = opt.transposition;
  bo.threads = opt.threads;
  res.run = run_burnside(bo);
  const auto& terms = res.run.terms;
  std::vector<std::size_t> chosen;
  for (std::uint32_t k : opt.classes) {
    if (k < 1 || k > terms.size())
      throw VerifyInputError(fmt::format("--classes: {} is not a class of {} (1 to {}, the order of gridenum symmetry --json)",
                                         k, opt.shape.str(), terms.size()));
    if (terms[k - 1].identity)
      throw VerifyInputError(fmt::format("--classes: {} is the identity, whose term is the count engine's total / N!; "
                                         "name the other classes",
                                         k));
    chosen.push_back(k - 1);
  }
  if (opt.classes.empty())
    for (std::size_t i = 0; i < terms.size(); ++i)
      if (!terms[i].identity && terms[i].fixed.grids != 0) chosen.push_back(i);
  // In the order given (a long run puts its cheap classes first), each class once.
  std::vector<std::size_t> once;
  for (std::size_t i : chosen)
    if (std::find(once.begin(), once.end(), i) == once.end()) once.push_back(i);
  chosen = std::move(once);
  for (std::size_t i : chosen) {
    res.classes.push_back(recount_one(opt, i, terms[i]));
    if (opt.on_class) opt.on_class(res.classes.back());
  }

  // The figure again, from the recounted values: complete only when every class the run found
  // fixing grids was recounted (the others, which the run's filter or kernel found fixing none,
  // add 0 either way -- unless a recount found grids there, which is then a difference above).
  bool complete = true;
  BigInt sum = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (terms[i].identity) {
      sum += fixed_value(terms[i]) * BigInt(terms[i].cls.size);
      continue;
    }
    const auto it = std::find_if(res.classes.begin(), res.classes.end(), [&](const ClassRecount& c) { return c.index == i + 1; });
    if (it != res.classes.end()) sum += to_big(it->recount) * BigInt(it->size);
    else if (terms[i].fixed.grids != 0) complete = false;
  }
  if (complete) {
    // A sum that is not a multiple of |G| is reported by verify_symmetry_recount as a problem;
    // the quotient is kept rounded down so that it can be printed.
    res.essentially_different = sum / BigInt(res.run.group_order);
    if (sum % BigInt(res.run.group_order) != 0) res.essentially_different = std::nullopt;
  }
  res.seconds = seconds_since(t0);
  return res;
}

VerifyReport verify_symmetry_recount(const SymmetryRecountOptions& opt) {
  const SymmetryRecount rc = recount_symmetry(opt);
  const int N = opt.shape.n();
  VerifyReport r;
  r.title = fmt::format("gridenum verify symmetry --recount: {}x{} grids, boxes {}, {}", N, N, opt.shape.str(),
                        opt.transposition ? "with transposition" : "without transposition");
  double recount_s = 0;
  for (const auto& c : rc.classes) recount_s += c.seconds;
  r.info.push_back(fmt::format("times (s): the Burnside run {:.1f}, the recounts {:.1f}, all {:.1f}; {} thread{}",
                               rc.run.times.all, recount_s, rc.seconds, rc.run.threads_used,
                               rc.run.threads_used == 1 ? "" : "s"));
  r.info.push_back(fmt::format("{} of the run's {} classes recounted ({} fix grids by the run)", rc.classes.size(),
                               rc.run.terms.size(), rc.run.fixing_classes - 1));

  VerifySection fixed{"fixed grids per class (up to relabelling)", "kernel", "recount", {}};
  for (const auto& c : rc.classes)
    compare_figures(r, fixed, fmt::format("class {}", c.index), verify_text::as_text(c.kernel), verify_text::as_text(c.recount),
                    fmt::format("size {}; kernel {}, recount {} {:.1f} s; {}", c.size, to_string(c.kernel_method),
                                to_string(c.method), c.seconds, c.text));
  r.sections.push_back(std::move(fixed));

  VerifySection fig{"essentially different grids", "Burnside run", "from the recounts", {}};
  if (rc.essentially_different) {
    compare_figures(r, fig, "essentially different grids", verify_text::as_text(rc.run.essentially_different),
                    verify_text::as_text(*rc.essentially_different),
                    "right: the identity's term (the count engine's total / N!) plus size x recount of every class "
                    "that fixes grids, over the group order");
    r.recomputed.push_back("every class that fixes grids, by code sharing nothing with the run's kernels");
    r.sections.push_back(std::move(fig));
  } else {
    r.info.push_back("essentially different grids not recomputed: some class that fixes grids was not recounted (--classes), "
                     "or the recounted sum is not a multiple of the group order (then a class differs above)");
  }
  return r;
}

}  // namespace gridenum
