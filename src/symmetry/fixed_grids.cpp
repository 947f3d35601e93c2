// f(g): necessary conditions on the relabelling, and the choice of counting kernel
// (see fixed_grids.hpp).
#include "gridenum/symmetry/fixed_grids.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string_view>

#include "band_catalogue.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

u128 PlainBandCounts::fillings(const std::uint32_t*) const {
  throw std::logic_error("plain band counts: this table offers its classes, not F per signature");
}

std::string part_key(const std::string& family, std::uint32_t bucket, std::uint32_t buckets) {
  return family + std::to_string(bucket) + "/" + std::to_string(buckets);
}

std::optional<PartKey> parse_part_key(const std::string& key) {
  // "<family><digits>/<digits>", the family ending in '.', buckets > 0, bucket < buckets.
  const std::size_t slash = key.rfind('/');
  const std::size_t dot = key.rfind('.', slash);
  if (slash == std::string::npos || dot == std::string::npos) return std::nullopt;
  const auto number = [](std::string_view d) -> std::optional<std::uint32_t> {
    std::uint32_t v = 0;
    const auto [end, ec] = std::from_chars(d.data(), d.data() + d.size(), v);
    if (d.empty() || ec != std::errc() || end != d.data() + d.size()) return std::nullopt;
    return v;
  };
  const std::string_view k(key);
  const auto bucket = number(k.substr(dot + 1, slash - dot - 1)), buckets = number(k.substr(slash + 1));
  if (!bucket || !buckets || *buckets == 0 || *bucket >= *buckets) return std::nullopt;
  return PartKey{key.substr(0, dot + 1), *bucket, *buckets};
}

std::string to_string(FixedMethod m) {
  switch (m) {
    case FixedMethod::Auto: return "auto";
    case FixedMethod::LineOrbits: return "line-orbits";
    case FixedMethod::Signatures: return "signatures";
    case FixedMethod::BandCycles: return "band-cycles";
    case FixedMethod::BandSwaps: return "band-swaps";
    case FixedMethod::BandKeeps: return "band-keeps";
    case FixedMethod::CellSearch: return "cell-search";
    case FixedMethod::Filter: return "none-fit";
  }
  return "?";
}

namespace {

// Step 1, second condition (placement; relabelling_types below applies it). Take a cell c of a unit u whose orbit has length
// m, and let l be c's cycle length under g^m. g^m maps u onto itself and X(g^m c) = pi^m X(c), and
// the l cells of c's cycle are distinct cells of u, so they hold distinct digits: the digit x in c
// has a pi^m-cycle of length exactly l, i.e. its pi-cycle length k has k / gcd(k, m) = l. Each
// unit through c (row, column, box) says this, so c may hold only digits whose cycle length k
// passes all of them. A unit v holds every digit once, so its cells must match its digits one to
// one, a digit of cycle length k only into a cell that allows k: by Hall's theorem, for every set
// K of cycle lengths, the cells of v that allow only lengths in K are at most the digits in
// cycles of those lengths (sum over k in K of k * m_k(pi)). A type failing it for some v fixes no
// grid.
//
// Why: step 1 looks at each unit alone. It lets through the 12x12 (2x6) class "bands (1 2);
// stack 1: columns (1 2); stack 2: columns (1 2)" with pi of type 2^2 1^8, where every row that g
// keeps holds pi's four moved digits in columns 1, 2, 7, 8; column 1 would then need eight moved
// digits from those four. The signature kernel, which Auto picks for it, cannot walk that class
// (more than 2^32 allowed signatures); this check proves f = 0 in microseconds (line orbits
// agrees: 0 in 0.03 s). It removes two classes of each 10- and 12-digit side-2 shape and none
// of the others, only types that fix no grid, so no count changes (tests/symmetry/
// test_fixed_grids.cpp counts each removed class without it). On 2x5 it spares the signature
// kernel its slowest class ("bands (1 2); stack 1: columns (1 2); stack 2: columns (1 2)", 3.2 s):
// `symmetry --shape 2x5 --threads 2` took 20.1-20.4 s of CPU against 23.8-23.9 s before, the
// same figure (AMD EPYC family 26 model 2, nothing else running, runs alternated).
bool digits_can_be_placed(const CycleType& t, const std::vector<std::vector<int>>& units,
                          const std::vector<std::vector<std::pair<int, int>>>& cell_conditions) {
  std::vector<int> lengths;  // t's distinct cycle lengths, and the digits in cycles of each
  std::vector<int> digits;
  for (int k : t) {
    const auto it = std::find(lengths.begin(), lengths.end(), k);
    if (it == lengths.end()) {
      lengths.push_back(k);
      digits.push_back(k);
    } else {
      digits[static_cast<std::size_t>(it - lengths.begin())] += k;
    }
  }
  const int L = static_cast<int>(lengths.size());
  // allowed[c]: bit i set when cell c may hold a digit of cycle length lengths[i].
  std::vector<unsigned> allowed(cell_conditions.size(), 0);
  for (std::size_t c = 0; c < cell_conditions.size(); ++c)
    for (int i = 0; i < L; ++i) {
      const int k = lengths[static_cast<std::size_t>(i)];
      bool fits = true;
      for (const auto& [m, l] : cell_conditions[c]) fits = fits && k / std::gcd(k, m) == l;
      if (fits) allowed[c] |= 1u << i;
    }
  for (const auto& v : units)
    for (unsigned K = 0; K < (1u << L); ++K) {
      int cells_inside = 0, room = 0;
      for (int c : v) cells_inside += (allowed[static_cast<std::size_t>(c)] & ~K) == 0;
      for (int i = 0; i < L; ++i)
        if (K >> i & 1) room += digits[static_cast<std::size_t>(i)];
      if (cells_inside > room) return false;
    }
  return true;
}

}  // namespace

// Step 1. Every row, column and box is a unit of N cells; g permutes the units. For a unit u in
// an orbit of length m, g^m maps u's cells among themselves, and X restricted to u is a
// bijection from those cells to the digits that turns g^m into pi^m. So pi^m has the cycle type
// of g^m on u's cells, for every orbit; a type of pi failing one condition fixes no grid.
std::vector<CycleType> relabelling_types(Shape s, const GeometricSymmetry& g, bool placement) {
  const int n = s.n();
  std::vector<std::vector<int>> units;
  for (int r = 0; r < n; ++r) {
    units.emplace_back();
    for (int c = 0; c < n; ++c) units.back().push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    units.emplace_back();
    for (int r = 0; r < n; ++r) units.back().push_back(r * n + c);
  }
  for (int b = 0; b < n; ++b) {
    units.emplace_back();
    const int r0 = (b / s.rows) * s.rows, c0 = (b % s.rows) * s.cols;
    for (int i = 0; i < s.rows; ++i)
      for (int j = 0; j < s.cols; ++j) units.back().push_back((r0 + i) * n + c0 + j);
  }
  std::map<std::vector<int>, int> id;
  for (std::size_t u = 0; u < units.size(); ++u) id[units[u]] = static_cast<int>(u);
  const Perm cells = cell_permutation(s, g);
  Perm unitperm(units.size());
  for (std::size_t u = 0; u < units.size(); ++u) {
    std::vector<int> img;
    for (int c : units[u]) img.push_back(cells[static_cast<std::size_t>(c)]);
    std::sort(img.begin(), img.end());
    const auto it = id.find(img);
    if (it == id.end()) throw std::invalid_argument("relabelling_types: g does not map units to units");
    unitperm[u] = it->second;
  }
  std::vector<std::pair<int, CycleType>> conditions;
  // For the placement condition: every (m, l) that a unit through the cell imposes (m the unit's orbit length,
  // l the cell's cycle length under g^m).
  std::vector<std::vector<std::pair<int, int>>> cell_conditions(static_cast<std::size_t>(n * n));
  for (const auto& orbit : cycles(unitperm)) {
    const int m = static_cast<int>(orbit.size());
    const auto& u = units[static_cast<std::size_t>(orbit[0])];
    const Perm gm = power(cells, m);
    Perm local(u.size());
    for (std::size_t i = 0; i < u.size(); ++i) {
      const auto pos = std::find(u.begin(), u.end(), gm[static_cast<std::size_t>(u[i])]);
      local[i] = static_cast<int>(pos - u.begin());
    }
    conditions.emplace_back(m, cycle_type(local));
    for (int v : orbit)
      for (int c : units[static_cast<std::size_t>(v)]) {
        int l = 1;
        for (int x = gm[static_cast<std::size_t>(c)]; x != c; x = gm[static_cast<std::size_t>(x)]) ++l;
        auto& cc = cell_conditions[static_cast<std::size_t>(c)];
        if (std::find(cc.begin(), cc.end(), std::pair{m, l}) == cc.end()) cc.emplace_back(m, l);
      }
  }
  std::sort(conditions.begin(), conditions.end());
  conditions.erase(std::unique(conditions.begin(), conditions.end()), conditions.end());
  std::vector<CycleType> out;
  for (const CycleType& t : partitions(n)) {
    bool ok = true;
    for (const auto& [m, want] : conditions) ok = ok && power_type(t, m) == want;
    if (ok && (!placement || digits_can_be_placed(t, units, cell_conditions))) out.push_back(t);
  }
  return out;
}

namespace {

// The shape with two bands: s itself when C = 2, else its transpose (then R = 2).
Shape two_band_shape(Shape s) { return s.cols == 2 ? s : Shape{s.cols, s.rows}; }
GeometricSymmetry two_band_view(Shape s, const GeometricSymmetry& g) {
  return s.cols == 2 ? g : transposed_view(g);
}

}  // namespace

bool signatures_apply(Shape s, const GeometricSymmetry& g) { return !g.transpose && (s.cols == 2 || s.rows == 2); }

bool band_cycles_apply(Shape s, const GeometricSymmetry& g) {
  return detail::band_cycles_apply_directly(s, g) ||
         (!g.transpose && detail::band_cycles_apply_directly(Shape{s.cols, s.rows}, transposed_view(g)));
}

bool band_swaps_apply(Shape s, const GeometricSymmetry& g) {
  return detail::band_swaps_apply_directly(s, g) ||
         (!g.transpose && detail::band_swaps_apply_directly(Shape{s.cols, s.rows}, transposed_view(g)));
}

bool band_keeps_apply(Shape s, const GeometricSymmetry& g) {
  return detail::band_keeps_apply_directly(s, g) ||
         (!g.transpose && detail::band_keeps_apply_directly(Shape{s.cols, s.rows}, transposed_view(g)));
}

FixedMethod method_for_class(Shape s, const GeometricSymmetry& g, FixedMethod requested) {
  if (requested == FixedMethod::Signatures && !signatures_apply(s, g)) return FixedMethod::LineOrbits;
  if (requested == FixedMethod::BandCycles && !band_cycles_apply(s, g)) return FixedMethod::LineOrbits;
  if (requested == FixedMethod::BandSwaps && !band_swaps_apply(s, g)) return FixedMethod::LineOrbits;
  if (requested == FixedMethod::BandKeeps && !band_keeps_apply(s, g)) return FixedMethod::LineOrbits;
  return requested;
}

std::vector<FixedMethod> kernels_for(Shape s, const GeometricSymmetry& g) {
  std::vector<FixedMethod> k{FixedMethod::LineOrbits};
  if (signatures_apply(s, g)) k.push_back(FixedMethod::Signatures);
  if (band_cycles_apply(s, g)) k.push_back(FixedMethod::BandCycles);
  if (band_swaps_apply(s, g)) k.push_back(FixedMethod::BandSwaps);
  if (band_keeps_apply(s, g)) k.push_back(FixedMethod::BandKeeps);
  k.push_back(FixedMethod::CellSearch);
  return k;
}

std::uint64_t signature_work(Shape s, const GeometricSymmetry& g) {
  if (!signatures_apply(s, g)) return 0;
  const std::vector<CycleType> types = relabelling_types(s, g);
  return types.empty() ? 0 : detail::signature_family_members(two_band_shape(s), two_band_view(s, g), types);
}

bool signatures_need_plain_counts(Shape s, const GeometricSymmetry& g) {
  return signatures_apply(s, g) && detail::trivial_band_symmetry(two_band_shape(s), two_band_view(s, g));
}

namespace {

// The catalogue kernels' (band swaps, band keeps) limit on gamma's conjugates for Auto: the 70
// 3x4 classes line orbits cannot close have at most 972; line orbits closed on every class above.
constexpr std::size_t kCatalogueConjugates = 1000;

bool catalogue_sum_affordable(Shape s, const GeometricSymmetry& g) {
  const bool direct = s.cols == 3;  // the view with three bands: s, or its transpose
  const Shape v = direct ? s : Shape{s.cols, s.rows};
  const GeometricSymmetry w = direct ? g : transposed_view(g);
  return detail::conjugates_in_column_group(v, w.cols).size() <= kCatalogueConjugates;
}

}  // namespace

// Auto: signatures wherever they apply. Measured (2 threads, loaded machine): 8x8 2x4, all
// classes, 0.79 s by signatures against 1.26 s by line orbits; on 10x10 the band-keeping classes
// are where line orbits break down -- "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1:
// columns (1 2)(3 4); stack 2: columns (1 2)(3 4)" ran over 4 minutes and 4.4 GB of memo before
// it was stopped, against 1.2 s by signatures. (The first version chose signatures only for
// band-swapping elements.)

FixedMethod resolve_fixed_method(Shape s, const GeometricSymmetry& g, FixedMethod requested,
                                 const std::vector<CycleType>& types) {
  if (requested == FixedMethod::Filter) throw std::invalid_argument("fixed grids: 'none-fit' is a result, not a method");
  // The cell search takes nothing from step 1 (it is the recount that shares no code), so it also
  // counts the classes step 1 rules out: 0, by search.
  if (requested == FixedMethod::CellSearch) return FixedMethod::CellSearch;
  if (types.empty()) return FixedMethod::Filter;
  if (requested == FixedMethod::Auto) {
    if (signatures_apply(s, g)) return FixedMethod::Signatures;
    // Band cycles only from 11 digits, where line orbits stalls on classes that keep rows inside
    // their bands (docs/symmetry.md, *The band-cycle kernel*), and only where they are quick;
    // below, the established kernels stay as they were and the tests compare the two.
    if (s.n() >= 11 && (detail::band_cycles_quick(s, g) ||
                        (!g.transpose && detail::band_cycles_quick(Shape{s.cols, s.rows}, transposed_view(g)))))
      return FixedMethod::BandCycles;
    // Band swaps likewise from 11 digits: on 3x4 (4x3 seen transposed) line orbits never closes on
    // the 30 classes that swap two stacks and keep the third (docs/symmetry.md, *Two bands
    // swapped, one kept*); below, line orbits stays and the tests compare the two. And band keeps,
    // for the 40 that keep every stack (*Every band kept*). Both only where gamma has at most
    // kCatalogueConjugates conjugates in W: they sum over 144,578 x that many (class, conjugate)
    // pairs, and every band-swapping or band-keeping 3x4 class with more is one line orbits
    // closes on (the 3x4 job), most in under a second.
    if (s.n() >= 11 && (band_swaps_apply(s, g) || band_keeps_apply(s, g)) && catalogue_sum_affordable(s, g))
      return band_swaps_apply(s, g) ? FixedMethod::BandSwaps : FixedMethod::BandKeeps;
    return FixedMethod::LineOrbits;
  }
  if (requested == FixedMethod::Signatures && !signatures_apply(s, g))
    throw std::invalid_argument("fixed grids: the signature method needs an untransposed element of a shape with two bands (R x 2 or 2 x C)");
  if (requested == FixedMethod::BandCycles && !band_cycles_apply(s, g))
    throw std::invalid_argument("fixed grids: the band-cycle method needs an untransposed element whose rows cycle every band, or whose columns cycle every stack");
  if (requested == FixedMethod::BandSwaps && !band_swaps_apply(s, g))
    throw std::invalid_argument(
        "fixed grids: the band-swap method needs an untransposed element of a shape with three bands (R x 3) that swaps two "
        "bands and keeps the third, or of a shape with three stacks (3 x C) that swaps two stacks and keeps the third");
  if (requested == FixedMethod::BandKeeps && !band_keeps_apply(s, g))
    throw std::invalid_argument(
        "fixed grids: the band-keep method needs an untransposed element of a shape with three bands (R x 3) that keeps "
        "every band, or of a shape with three stacks (3 x C) that keeps every stack");
  return requested;
}

std::size_t line_memo_states_within(std::uint64_t bytes, int counts, int digits) {
  if (counts < 1) throw std::invalid_argument("line memo ceiling: at least one count at a time");
  if (bytes == 0) return FixedOptions{}.line_memo_states;
  const std::uint64_t per_state = digits > 10 ? 150 : 130;
  return static_cast<std::size_t>(std::max<std::uint64_t>(std::uint64_t{1} << 16, bytes / 2 / static_cast<std::uint64_t>(counts) / per_state));
}

FixedCount count_fixed_grids(Shape s, const GeometricSymmetry& g, const FixedOptions& opt) {
  const auto t0 = SteadyClock::now();
  // 12 digits: the kernels' wide layouts (seven-word line-orbit states, three-word edge sets).
  if (s.n() > 12) throw std::invalid_argument("fixed grids: at most 12 digits (" + s.str() + " has " + std::to_string(s.n()) + ")");
  if (!in_group(s, g)) throw std::invalid_argument("fixed grids: the element is not a symmetry of " + s.str() + " grids");
  if (g.is_identity())
    throw std::invalid_argument("fixed grids: the identity fixes every grid; its term is the count engine's total / N!");
  if (opt.plain && (!(s.rows == 2 || s.cols == 2) || opt.plain->half() != two_band_shape(s).rows))
    throw std::invalid_argument("fixed grids: the plain band counts are for another shape than " + s.str());
  FixedCount res;
  res.relabel_types = relabelling_types(s, g, opt.placement_filter);
  if (res.relabel_types.empty() && opt.method != FixedMethod::CellSearch) {
    res.method = FixedMethod::Filter;
    res.seconds = seconds_since(t0);
    return res;
  }
  const FixedMethod m = resolve_fixed_method(s, g, opt.method, res.relabel_types);
  detail::KernelStats st;
  if (m == FixedMethod::LineOrbits) {
    res.grids = detail::count_by_line_orbits(s, g, res.relabel_types, st, &opt.parts, opt.line_memo_states);
  } else if (m == FixedMethod::CellSearch) {
    res.grids = detail::count_by_cell_search(s, g, st);
  } else if (m == FixedMethod::BandCycles) {
    // Rows cycling the bands: directly; else columns cycling the stacks, seen transposed (the
    // relabelling types are the same in both views).
    const bool direct = detail::band_cycles_apply_directly(s, g);
    const Shape bs = direct ? s : Shape{s.cols, s.rows};
    const GeometricSymmetry bg = direct ? g : transposed_view(g);
    if (opt.band_classes && detail::band_classes_apply(bs, bg))
      res.grids = detail::count_by_band_classes(bs, bg, res.relabel_types, st, &opt.parts);
    else
      res.grids = detail::count_by_band_cycles(bs, bg, res.relabel_types, st, &opt.parts);
  } else if (m == FixedMethod::BandSwaps) {
    const bool direct = detail::band_swaps_apply_directly(s, g);  // else columns swapping stacks, seen transposed
    res.grids = direct ? detail::count_by_band_swaps(s, g, res.relabel_types, st, &opt.parts, opt.band_pair_closed_form)
                       : detail::count_by_band_swaps(Shape{s.cols, s.rows}, transposed_view(g), res.relabel_types, st,
                                                     &opt.parts, opt.band_pair_closed_form);
  } else if (m == FixedMethod::BandKeeps) {
    const bool direct = detail::band_keeps_apply_directly(s, g);  // else columns keeping stacks, seen transposed
    res.grids = direct ? detail::count_by_band_keeps(s, g, res.relabel_types, st, &opt.parts, opt.band_keep_join)
                       : detail::count_by_band_keeps(Shape{s.cols, s.rows}, transposed_view(g), res.relabel_types, st,
                                                     &opt.parts, opt.band_keep_join);
  } else {
    res.grids = detail::count_by_signatures(two_band_shape(s), two_band_view(s, g), res.relabel_types, opt.plain, st,
                                            opt.wide_edges, opt.share_walks_from, opt.band_memo_states, &opt.parts);
  }
  res.method = m;
  res.relabellings = st.relabellings;
  res.searched = st.searched;
  res.states = st.states;
  res.memo_drops = st.memo_drops;
  res.seconds = seconds_since(t0);
  return res;
}

FixedListing for_each_fixed_grid(Shape s, const GeometricSymmetry& g,
                                 const std::function<void(const std::vector<std::uint8_t>&)>& visit) {
  if (s.n() > 12) throw std::invalid_argument("fixed grids: at most 12 digits (" + s.str() + " has " + std::to_string(s.n()) + ")");
  if (!in_group(s, g)) throw std::invalid_argument("fixed grids: the element is not a symmetry of " + s.str() + " grids");
  if (g.is_identity()) throw std::invalid_argument("fixed grids: the identity fixes every grid; nothing to list");
  const std::vector<CycleType> types = relabelling_types(s, g);
  return types.empty() ? FixedListing{} : detail::enumerate_by_line_orbits(s, g, types, visit);
}

}  // namespace gridenum
