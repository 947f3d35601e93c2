// The census of grids with a non-trivial automorphism (automorphism_census.hpp; docs/grid-tools.md,
// "Automorphism census").
//
// The idea. A grid X with |Aut(X)| > 1 has an automorphism a != 1, and a power of a has prime
// order; so X's orbit holds a grid fixed by the representative g of a conjugacy class of prime
// order (conjugate the automorphism to g, move X along). The fixed-grid search of `symmetry`
// lists such grids class by class (for_each_fixed_grid: with row 0 fixed, one relabelling per
// orbit of roots), the 9x9 band tables (canon_nine.cpp) put each into canonical form, and a set
// of forms per thread keeps the orbits; |Aut| comes with the form (the elements reaching it).
// Russell and Jarvis (2006) gave the class table (f per class) this re-derives; the census by
// |Aut| was published on the Sudoku Players' Forum (gsf, 2005), to which the tests compare.
//
// Cost: see docs/grid-tools.md (measured).
#include "gridenum/grid/automorphism_census.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "gridenum/core/errors.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

namespace {

bool is_prime(int n) {
  if (n < 2) return false;
  for (int d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

}  // namespace

AutomorphismCensus automorphism_census(const AutomorphismCensusOptions& opt, const CensusProgress& progress) {
  const auto t0 = SteadyClock::now();
  const Shape s = opt.shape;
  if (!is_grid_tool_shape(s))
    throw std::invalid_argument("automorphism census: boxes of at least 2 x 2 cells and 4 to 12 digits, got " + s.str());
  if (s.n() > 9)
    throw std::invalid_argument("automorphism census: grids of up to 9 digits (4x4 to 9x9); the classes of " + s.str() +
                                " fix up to 1e14 grids each, too many to list one by one");
  if (opt.transposition && s.rows != s.cols)
    throw std::invalid_argument("automorphism census: the transposition is a symmetry only of square boxes");
  const SymmetryGroup grp = build_symmetry_group(s, opt.transposition);
  AutomorphismCensus res;
  res.shape = s;
  res.transposition = grp.transposition;
  res.group_order = BigInt(grp.order);

  CanonOptions copt;
  copt.transposition = grp.transposition;
  // Forms found, per thread; merged after every class (the orbits first met there counted).
  using Forms = std::unordered_map<std::string, std::uint64_t>;
  Forms all;
  tbb::enumerable_thread_specific<Forms> local;
  tbb::task_arena arena(resolve_threads(opt.threads));
  for (std::size_t k = 1; k < grp.classes.size(); ++k) {
    const SymmetryClass& cls = grp.classes[k];
    const auto tc = SteadyClock::now();
    const FixedCount fc = count_fixed_grids(s, cls.rep);
    res.pairs_by_classes += BigInt(cls.size) * to_big(fc.grids);
    if (fc.grids == 0) continue;
    CensusClassRow row;
    row.number = k + 1;
    row.text = cls.text;
    row.size = cls.size;
    row.order = element_order(s, cls.rep);
    row.fixed = fc.grids;
    row.listed = is_prime(row.order);
    if (row.listed) {
      FixedListing listing;
      arena.execute([&] {
        listing = for_each_fixed_grid(s, cls.rep, [&](const std::vector<std::uint8_t>& x) {
          GridCells cells(x.size());
          for (std::size_t i = 0; i < x.size(); ++i) cells[i] = x[i] + 1;
          const CanonResult c = canonical_form(s, cells, copt);
          std::string key(c.form.size(), '\0');
          for (std::size_t i = 0; i < c.form.size(); ++i) key[i] = static_cast<char>(c.form[i]);
          local.local().try_emplace(std::move(key), c.automorphisms);
        });
      });
      row.visited = listing.visited;
      // The listing without the memo against the memoised count: every fixed grid met.
      if (listing.weighted != fc.grids)
        throw CheckError("automorphism census: class " + std::to_string(k + 1) + " listed " + to_string(listing.weighted) +
                         " fixed grids (weighted), the count says " + to_string(fc.grids));
      for (Forms& f : local) {
        for (auto& [form, aut] : f) {
          const auto [it, fresh] = all.try_emplace(form, aut);
          if (fresh) ++row.new_orbits;
          else if (it->second != aut) throw CheckError("automorphism census: one form with two group orders");
        }
        f.clear();
      }
    }
    row.seconds = seconds_since(tc);
    res.visited += row.visited;
    res.classes.push_back(row);
    if (progress) progress(res.classes.back(), k, grp.classes.size() - 1);
  }
  for (const auto& [form, aut] : all) {
    if (aut < 2) throw CheckError("automorphism census: a listed grid has no automorphism but the identity");
    ++res.by_order[aut];
    if (grp.order % aut != 0) throw CheckError("automorphism census: |Aut| does not divide |G|");
    res.pairs_by_orbits += BigInt(grp.order / aut) * BigInt(aut - 1);
  }
  res.orbits = all.size();
  res.check_holds = res.pairs_by_orbits == res.pairs_by_classes;
  if (!res.check_holds)
    throw CheckError("automorphism census: the orbits found account for " + res.pairs_by_orbits.str() +
                     " pairs (g != 1, fixed grid), the class table for " + res.pairs_by_classes.str());
  if (opt.keep_forms) {
    for (auto& [form, aut] : all) {
      std::string text(form.size(), '0');
      for (std::size_t i = 0; i < form.size(); ++i) {
        const int d = form[i];
        text[i] = d <= 9 ? static_cast<char>('0' + d) : static_cast<char>('A' + d - 10);
      }
      res.forms.emplace_back(std::move(text), aut);
    }
    std::sort(res.forms.begin(), res.forms.end());
  }
  res.seconds = seconds_since(t0);
  return res;
}

}  // namespace gridenum
