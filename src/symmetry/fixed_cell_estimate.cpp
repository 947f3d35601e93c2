// Knuth's estimate of f(g) down the cell-search tree (include/gridenum/symmetry/fixed_estimate.hpp).
//
// The idea (Knuth, "Estimating the efficiency of backtrack programs", Math. Comp. 29, 1975). Walk
// one path from the root of a search tree to a leaf or a dead end, at each node taking one of its
// k children uniformly at random and multiplying a weight by k; the weight of a path that ends at a
// leaf is the product, that of a dead end 0. A path reaches leaf l with probability 1 / (product of
// the k's on its way), so E[weight] = sum over leaves of 1 = the number of leaves. The tree here is
// the cell search's (cell_search.hpp; fixed_cell_search.cpp counts its leaves, which are the grids
// fixed by g with box 0 reading 0..N-1, so leaves = f(g)), with one level of look-ahead: a node's
// children are the digits of the chosen cell whose assignment survives propagation and leaves
// every empty cell a digit and every row, column and box a place for each digit it lacks
// (BasicCellSearch::viable; and a cell g fixes takes only a digit pi may fix), so a child already
// dead is never drawn, and the strata are taken from the same pruned tree. Pruning only subtrees
// without a leaf keeps the mean exact. Each path costs one descent, about N^2 choices of cell,
// however large f is.
//
// The look-ahead is what makes the estimate usable where g fixes cells. Without it, on 3x4 class
// 2338 (f = 8.9e17; g keeps two bands row by row and swaps two columns in every stack, so a quarter
// of its cells are fixed and pi must fix the six digits they hold), a relabelling drawn early that fixes
// the wrong digits died only many cells later: 1e7 paths from 4,096 strata met no grid, and 4e7
// from 1.3 million strata met 21 (1.4e18 +- 124 % at 95 %). With it, 1e6 paths from 10,368 strata
// give 8.95e17 +- 0.35 % in 47 s on two threads, three paths in four reaching a grid.
//
// Why it exists. On 3x4, 47 of the 288 fixing classes are counted by the job's kernel in minutes
// to hours, and no second kernel finishes them in reasonable time: the band kernels do not apply
// or take days, and the cell search meets each of up to 8.5e15 grids once. An unbiased estimate
// with a stated error, from a kernel that shares no code with the job's, checks such a class
// statistically: the job's f should lie within a few standard errors of the estimate
// (docs/symmetry.md, *Classes no second kernel finishes: an estimate with a stated error*). Where
// the tree is uneven the weights have a heavy tail and the sample's sd understates the true spread;
// largest_share (the heaviest path's share of the sum) is reported so that such a case is seen.
//
// Reproducible as the grid-count estimates are (estimate/run.hpp): path i draws from
// RandomChooser(seed, i) alone; paths in blocks of 16, each block's Moments in path order, blocks
// folded in block order; rounds of blocks bound the memory whatever the number of paths.
#include "gridenum/symmetry/fixed_estimate.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "cell_search.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/estimate/moments.hpp"

namespace gridenum {

using detail::cells::CellGeometry;
using detail::cells::CellSampler;
using detail::cells::State;

namespace {

// The sampler of one thread: the geometry (owned, so that a sampler outlives its caller's g) and a
// search at the root. root_ok false: box 0 reading 0..N-1 already clashes with g, every path is 0.
struct PathSearch {
  PathSearch(Shape s, const GeometricSymmetry& g)
      : geo(detail::cells::cell_geometry(s, g)), search(geo, State{}), root_ok(search.root()) {}
  PathSearch(const PathSearch& o) : geo(o.geo), search(geo, o.search.state()), root_ok(o.root_ok) {}
  PathSearch& operator=(const PathSearch&) = delete;
  long double sample(estimate::Chooser& chooser) { return root_ok ? search.sample(chooser) : 0.0L; }
  CellGeometry geo;
  CellSampler search;  // refers to geo: declared after it
  bool root_ok;
};

}  // namespace

struct FixedPathSampler::Impl : PathSearch {
  using PathSearch::PathSearch;
};

FixedPathSampler::FixedPathSampler(Shape s, const GeometricSymmetry& g) {
  if (s.n() > detail::cells::kMaxN) throw std::invalid_argument("fixed grids estimated by cell search: at most 12 digits");
  impl_ = std::make_unique<Impl>(s, g);
}
FixedPathSampler::~FixedPathSampler() = default;
FixedPathSampler::FixedPathSampler(FixedPathSampler&&) noexcept = default;
FixedPathSampler& FixedPathSampler::operator=(FixedPathSampler&&) noexcept = default;

long double FixedPathSampler::sample(estimate::Chooser& chooser) { return impl_->sample(chooser); }

std::optional<std::string> fixed_estimate_error(Shape s, const FixedEstimateOptions& opt) {
  if (s.n() > detail::cells::kMaxN)
    return "the cell-search estimate takes shapes of up to 12 digits, not " + s.str() + " (" + std::to_string(s.n()) + ")";
  if (opt.samples < 2) return "at least 2 samples (paths), for an error bar";
  if (opt.strata < 1) return "at least 1 stratum";
  return std::nullopt;
}

FixedEstimate estimate_fixed_grids(Shape s, const GeometricSymmetry& g, const FixedEstimateOptions& opt) {
  if (const auto why = fixed_estimate_error(s, opt)) throw std::invalid_argument("estimate_fixed_grids: " + *why);
  const auto start = SteadyClock::now();
  FixedEstimate res;
  res.threads = resolve_threads(opt.threads);
  PathSearch root(s, g);
  if (!root.root_ok) {  // no grid: every path is a dead end at the root, the estimate exactly 0
    res.seconds = seconds_since(start);
    return res;
  }
  // The strata: every state `depth` branchings below the root, one branching deeper until there
  // are opt.strata of them or the tree ends above (its leaves up there counted exactly).
  std::vector<State> strata;
  std::uint64_t shallow = 0;
  for (int depth = 1; depth <= root.geo.cells; ++depth) {
    strata.clear();
    shallow = 0;
    root.search.frontier(depth, strata, shallow);
    if (strata.size() >= opt.strata || strata.empty()) break;
  }
  res.strata = strata.size();
  res.exact_leaves = shallow;
  const std::uint64_t per = strata.empty() ? 0 : std::max<std::uint64_t>(2, (opt.samples + strata.size() - 1) / strata.size());
  res.samples = per * strata.size();
  Phase phase("estimating fixed grids by cell-search paths", res.samples, "paths");
  std::vector<estimate::Moments> got(strata.size());
  std::vector<long double> largest(strata.size(), 0.0L);
  std::vector<std::uint64_t> nodes(strata.size(), 0);
  tbb::task_arena arena(res.threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, strata.size(), 1), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t j = r.begin(); j != r.end(); ++j) {
        CellSampler own(root.geo, strata[j]);
        estimate::Moments m;
        for (std::uint64_t t = 0; t < per; ++t) {
          phase.check();
          estimate::RandomChooser chooser(opt.seed, j * per + t);
          const long double w = own.sample(chooser);
          largest[j] = std::max(largest[j], w);
          m.add(w);
        }
        got[j] = m;
        nodes[j] = own.nodes();
        phase.step(per);
      }
    });
  });
  // Stratum j's mean estimates its leaves, with variance m2_j / (n_j (n_j - 1)); the strata are
  // independent, so the estimate is their sum and its variance the sum of theirs. Summed in
  // stratum order: the same bits on any number of threads.
  long double mean = static_cast<long double>(shallow), var = 0, top = 0;
  for (std::size_t j = 0; j < strata.size(); ++j) {
    const auto n = static_cast<long double>(got[j].n);
    mean += got[j].mean;
    var += got[j].m2 / (n * (n - 1));
    top = std::max(top, largest[j] / n);
    res.dead_ends += got[j].zeros;
    res.nodes += nodes[j];
  }
  res.mean = mean;
  res.se = std::sqrt(var);
  res.largest_share = mean > 0 ? static_cast<double>(top / mean) : 0.0;
  res.seconds = seconds_since(start);
  return res;
}

double fixed_estimate_z(const FixedEstimate& e, long double f) {
  const long double d = e.mean - f;
  if (e.se > 0) return static_cast<double>(d / e.se);
  return d == 0 ? 0.0 : (d > 0 ? HUGE_VAL : -HUGE_VAL);
}

}  // namespace gridenum
