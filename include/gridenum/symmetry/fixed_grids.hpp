// The number of grids a geometric symmetry fixes up to relabelling:
//
//   f(g) = number of grids X, counted up to relabelling, such that g(X) is a relabelling of X,
//
// i.e. X(g(cell)) = pi(X(cell)) for all cells, for some digit permutation pi. Relabelling acts
// freely on grids, so f(g) is also the number of such grids with a fixed first row (or a fixed
// first box), and pi is then unique. f is a class function on the geometric group, which is what
// Burnside's lemma needs (burnside.hpp). The identity's f is the total / N!: that is the count
// engine's figure (count.hpp) and is never recounted here; count_fixed_grids refuses it.
//
// Three steps, each in its own file:
//   1. relabelling_types (fixed_grids.cpp): necessary conditions on pi's cycle type. A line or
//      box whose orbit under g has length m is mapped onto itself by g^m, and X restricted to it
//      is a bijection cells -> digits, so pi^m has the cycle type of g^m on that unit's cells.
//      Then every unit's digits must be placeable: a cell may hold only digits whose pi-cycle
//      length agrees with the cycle lengths the units through it impose (Hall's condition per
//      unit). For 9x9 these conditions alone leave exactly the 27 classes that fix grids.
//   2. line orbits (fixed_line_orbits.cpp): the first row is fixed to 0..N-1, so pi is an M-th
//      root of the column permutation g^M induces on row 0 (M: row 0's orbit length among the
//      lines); roots conjugate under the centraliser are counted once. For each pi the grid is
//      filled one orbit of lines at a time (a row and all its images, rows or columns), each
//      cell orbit of g getting one digit that fixes all its cells; a memo on the used-digit
//      masks of the lines and boxes turns the search into a count.
//   3. signatures (fixed_signatures.cpp), for shapes with two bands (R x 2 boxes, or 2 x C seen
//      transposed): the count is a sum, over the per-column digit sets ("signatures") that the
//      symmetry allows, of the number of bands with that signature and the symmetry each band
//      keeps (a band-swapping element: the first band determines the second) -- bands counted
//      as ordered decompositions of a bipartite digit/column graph into perfect matchings,
//      signatures one per orbit of the symmetries that commute with (g, pi). When the band's own
//      symmetry is trivial (band-swapping elements whose square is the identity on the band),
//      the signatures are summed by digit-type histograms instead and each band count is a
//      plain one, F(S): the side-2 count's (PlainBandCounts) when given, and then summed over
//      the side-2 count's classes by their stabilisers (fixed_signature_classes.cpp).
//   4. band cycles (fixed_band_cycles.cpp), for untransposed elements whose rows cycle every band
//      (C bands, one cycle), or whose columns do when seen transposed: the grid is one band and
//      its images, so f is a sum over that band's signatures meeting a column condition of the
//      bands with that signature fixed by g^C (the band counter of step 3, on R x N bands). The
//      12-digit classes that keep rows inside their bands, whose line-orbit memo never closes,
//      go this way when they cycle the bands.
//   5. band swaps (fixed_band_swaps.cpp), for untransposed elements of shapes with three bands
//      (R x 3, or 3 x C seen transposed) that swap two bands and keep the third: a sum over the
//      three-band catalogue's classes of the first band's signature, the second band its image
//      and the third's signature what is left in each column.
//   6. band keeps (fixed_band_keeps.cpp), for untransposed elements of three-band shapes that keep
//      every band (or stack): each band fixed on its own, so every signature is invariant; a sum
//      over the catalogue's classes with a symmetry of the first band's, then over the invariant
//      second bands.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

enum class FixedMethod {
  Auto,        // signatures for untransposed elements of two-band shapes; on 11-12 digits band
               // cycles where they are quick, then band swaps and band keeps where they
               // apply; line orbits otherwise
  LineOrbits,  // any element (transposed ones included)
  Signatures,  // untransposed elements of shapes with two bands in one orientation
  BandCycles,  // elements whose rows (or, seen transposed, columns) cycle every band
  BandSwaps,   // elements of three-band shapes (R x 3, or 3 x C seen transposed) that swap two
               // bands (stacks) and keep the third
  BandKeeps,   // elements of three-band shapes that keep every band (or, seen transposed, stack)
  CellSearch,  // any element: every fixed grid met once by a plain search (a recount kernel
               // that shares no code with the others; never Auto's pick)
  Filter,      // (result only) no relabelling type passed the necessary conditions: f = 0
};
std::string to_string(FixedMethod m);

// F(S), the bands with a given signature and no symmetry asked of them: one band of R x 2 boxes
// (R rows, N = 2R columns) whose box j has left-column set left[j] (bit d: digit d, 0-based) and
// right-column set its complement. The side-2 count knows F for every class of signatures
// (count/side2/side2.hpp, two_stack.hpp); burnside.cpp hands that table to the signature kernel for 10
// digits, where counting F afresh for each of the ~6e5 histograms would dominate the run.
class PlainBandCounts {
 public:
  virtual ~PlainBandCounts() = default;
  virtual int half() const = 0;  // R, the boxes of the band
  // F of one signature. A table that offers classes() need not (the kernel then never asks): the
  // default throws std::logic_error.
  virtual u128 fillings(const std::uint32_t* left) const;
  // The same counts as a table of classes of signatures under box permutations, row swaps inside
  // a box and relabellings (the side-2 count's classes): a representative's left sets, the number
  // of signatures in the class, F. When offered, band-swapping elements of trivial band symmetry
  // are summed over these classes (fixed_signature_classes.cpp) instead of over digit-type
  // histograms; nullptr: not offered.
  struct Class {
    std::array<std::uint32_t, 6> left{};
    u128 size = 0;
    u128 F = 0;
  };
  virtual const std::vector<Class>* classes() const { return nullptr; }
};

// Sum of F(L) over the signatures L (left sets of the R stacks, R = half) with L_{stack[j]} =
// pi L_j, or its complement where flip[j], for every stack j -- the signatures fixed by one
// element of B_R x S_N -- from a table of the classes of signatures
// (src/symmetry/fixed_signature_classes.cpp has the derivation). Throws CheckError when a class's
// share is not an integer (a wrong size in the table), std::invalid_argument on sizes that do not
// match R.
u128 sum_over_fixed_signatures(int R, const std::vector<PlainBandCounts::Class>& classes, const Perm& stack,
                               const std::vector<char>& flip, const Perm& pi);

// One orbit of a signature family under the moves that commute with (g, pi) (fixed_signatures.cpp):
// its smallest member's rank in the family, where the walk starts it; how many members it has;
// and how many signatures those members stand for.
struct SignatureOrbit {
  std::uint64_t first = 0, members = 0, signatures = 0;
  bool operator==(const SignatureOrbit&) const = default;
};
// A family's orbit walk: the family's size in members and its orbits in the order of their first
// members (so the first orbit starts at 0 and the members add up to the family's size).
struct SignatureWalk {
  std::uint64_t members = 0;
  std::vector<SignatureOrbit> orbits;
  bool operator==(const SignatureWalk&) const = default;
};

// A part's key as above: "<family><bucket>/<buckets>", the family being the kernel's prefix
// ("bw1.", "sig.3.") and the bucket one of `buckets` (64). part_key writes it (the kernels, through
// sum_in_parts); parse_part_key reads it back -- `gridenum status` counts a family's buckets done
// -- and returns nullopt for any other key (a band count's "band.<hex>", FixedParts::known_band).
struct PartKey {
  std::string family;
  std::uint32_t bucket = 0;
  std::uint32_t buckets = 0;
  bool operator==(const PartKey&) const = default;
};
std::string part_key(const std::string& family, std::uint32_t bucket, std::uint32_t buckets);
std::optional<PartKey> parse_part_key(const std::string& key);

// Parts of one count that finish on their own, so that a stopped run keeps the finished ones: a
// symmetry job journals each part as it finishes and hands them back on resume
// (jobs/symmetry_job.hpp; a 12-digit class can take longer than a session). Line orbits splits
// its orbits of relabellings (roots) into at most 64 parts by a hash of each orbit's smallest
// packed root, keyed "lo.<bucket>/64": a property of the class, not of the order of work, so a
// part keeps its meaning across versions that list the roots differently. A part's count is its
// orbits' whole share of f(g) (each representative's count times its orbit's size). The
// signature kernel does the same per relabelling type with its signature orbits (by each orbit's
// smallest member's rank in the family), keyed "sig.<type>.<bucket>/64", a part's count being
// its orbits' share before the division by the type's centraliser order (fixed_kernels.hpp,
// sum_in_parts). Band cycles keys its parts "bc1.<type>.<bucket>/64" or "bcs1...": buckets of
// prefixes of one listing, so the key carries the listing's version (fixed_band_cycles.cpp);
// band classes "bk1.<bucket>/64", the three-band catalogue's classes by canonical key, the 1 the
// version of that canonical form (fixed_band_classes.cpp); band swaps likewise "bw1.<bucket>/64"
// (fixed_band_swaps.cpp), band keeps "keep1.<bucket>/64" (fixed_band_keeps.cpp).
struct FixedParts {
  std::function<std::optional<u128>(const std::string& key)> known;  // a part finished before, if any
  std::function<void(const std::string& key, u128 count)> done;       // a part just counted (any thread)

  // The signature kernel's orbit walks (SignatureWalk), which come before its parts: on 12x12 a
  // family's walk takes up to an hour at nice 19, and a stopped class would otherwise walk again
  // before it could take back any part. A walk depends on the family alone -- the column part,
  // the relabelling type, whether the bands swap -- so its key names those and a walk kept by one
  // class serves its siblings in later sessions too. A walk handed back is checked against its
  // family (members, order of the orbits) and a mismatch is a CheckError: its store's digest
  // held, so it is not a torn write but a wrong walk.
  std::function<std::optional<SignatureWalk>(const std::string& key)> known_walk;
  std::function<void(const std::string& key, const SignatureWalk& walk)> walk_done;  // any thread
  // The same kernel's band counts: the bands with one signature and one symmetry of their own,
  // which the classes of a family share when their bands have the same rows (fixed_signatures.cpp,
  // BandCountStore). Keyed "band.<32 hex digits>", a digest of what the count depends on (the
  // band's symmetry and the signature), so a count kept by one class serves another.
  std::function<std::optional<u128>(const std::string& key)> known_band;
  std::function<void(const std::string& key, u128 count)> band_done;  // any thread
  // Only families of at least this many members are asked of known_walk / known_band and given to
  // walk_done / band_done (smaller ones walk and count in under a second).
  std::uint64_t keep_from = std::uint64_t{1} << 20;
};

struct FixedOptions {
  FixedMethod method = FixedMethod::Auto;
  // Finished parts and where to report new ones (see FixedParts); empty: none.
  FixedParts parts;
  // Plain band counts for R x 2 (or 2 x R) shapes with R = plain->half(); nullptr: the kernel
  // counts them itself (BandCounter).
  const PlainBandCounts* plain = nullptr;
  // Signatures: count with the 12-digit edge sets (three 64-bit words) on a shape of up to 10
  // digits too, whose own layout is one 128-bit word. The two must agree (tests).
  bool wide_edges = false;
  // Step 1's placement condition (relabelling_types); off only in tests, which must get the
  // same counts without it.
  bool placement_filter = true;
  // Signatures: the walks of signature families of at least this many members are kept in a
  // process-wide store and shared with the classes that have the same column part
  // (fixed_signatures.cpp). UINT64_MAX: every walk made afresh (the tests compare the two).
  std::uint64_t share_walks_from = std::uint64_t{1} << 20;
  // Signatures: a band counter whose bands keep a symmetry of their own starts its memo again,
  // before a count, once it holds more than this many states (fixed_signatures.cpp,
  // BandCounter: such states hardly repeat between signatures). 0: before every count (the tests
  // compare the two).
  std::size_t band_memo_states = std::size_t{1} << 20;
  // Line orbits: the most memo states one relabelling's count holds (each thread counts one at a
  // time); past it the largest level's map is dropped (fixed_line_orbits.cpp, RootCounter), so
  // memory stays bounded and the count is unchanged. Must be at least 1. Burnside sets it from
  // the machine's memory (line_memo_states_within); 2^24 states is about 2.5 GB.
  std::size_t line_memo_states = std::size_t{1} << 24;
  // Band cycles, bands with no symmetry of their own: sum over the three-band catalogue's classes
  // (fixed_band_classes.cpp) where the catalogue takes the shape; false: over the family's
  // signatures as the general search lists them (the tests compare the two).
  bool band_classes = true;
  // Band keeps: the second and third bands joined stack cycle by stack cycle
  // (src/symmetry/band_keep_join.hpp); false: each second band's two bands counted whole by the
  // band counter, the kernel before the join, kept as its cross-check (the tests compare the two).
  bool band_keep_join = true;
  // The band counter's last pair of swapped rows, where the band's symmetry is an involution,
  // counted in closed form (src/symmetry/band_counter.hpp, pair_count); false: searched like
  // every other row orbit. Honoured by band swaps, the kernel it was built for; the other kernels
  // always take the closed form. The tests compare the two on band swaps, and every kernel with
  // line orbits.
  bool band_pair_closed_form = true;
};

// The line-orbit memo ceiling for `counts` counts running at once that may hold half of `bytes`
// between them (the other half for everything else: the group, the roots, the allocator's slack),
// at about 150 bytes a state at 11-12 digits and 130 up to 10 (measured: the peak resident size at
// two ceilings, docs/symmetry.md, *The 141 classes left, and a ceiling on the line-orbit memo*);
// at least 2^16 states. bytes 0 (the machine's memory not known): FixedOptions' default.
std::size_t line_memo_states_within(std::uint64_t bytes, int counts, int digits);

struct FixedCount {
  u128 grids = 0;                           // f(g)
  FixedMethod method = FixedMethod::Filter;  // the method that counted
  std::vector<CycleType> relabel_types;     // cycle types of pi allowed by the necessary conditions
  std::uint64_t relabellings = 0;  // line orbits: normalised roots pi whose row-0 orbits do not
                                   // clash (the others are pruned while the roots are built);
                                   // signatures: types tried
  std::uint64_t searched = 0;      // line orbits: roots searched (one per conjugacy orbit);
                                   // signatures: signature orbits whose bands were counted
  std::uint64_t states = 0;        // memo entries made (line orbits) or band-graph states (signatures)
  std::uint64_t memo_drops = 0;    // line orbits: levels of the memo dropped at line_memo_states
  double seconds = 0;
};

// Cycle types pi may have for g (step 1 above); empty when g fixes no grid. placement = false
// leaves out step 1's second condition (every unit's digits placeable in the cells that allow
// their cycle lengths), for the tests that show it removes only types that fix no grid.
std::vector<CycleType> relabelling_types(Shape s, const GeometricSymmetry& g, bool placement = true);

// True when the signature method can count g: untransposed g, and the shape has two bands in
// the orientation R x 2 (directly, or as its transpose for 2 x C).
bool signatures_apply(Shape s, const GeometricSymmetry& g);

// True when the band-cycle method can count g: untransposed g whose rows move the C bands in one
// cycle through all of them, or whose columns move the R stacks so (it then counts in the
// transposed view).
bool band_cycles_apply(Shape s, const GeometricSymmetry& g);

// True when the band-swap method can count g: untransposed g of an R x 3 shape whose rows swap two
// bands and keep the third, or of a 3 x C shape whose columns swap two stacks and keep the third
// (it then counts in the transposed view); the three-band catalogue must take the shape.
bool band_swaps_apply(Shape s, const GeometricSymmetry& g);

// True when the band-keep method can count g: untransposed g other than the identity of an R x 3
// shape that keeps every band, or of a 3 x C shape that keeps every stack (counted transposed);
// the three-band catalogue must take the shape.
bool band_keeps_apply(Shape s, const GeometricSymmetry& g);

// The method to ask count_fixed_grids for when `requested` is wanted for a whole run: requested
// itself where it applies to g, line orbits where a specific method (signatures, band cycles)
// does not (Auto stays Auto).
FixedMethod method_for_class(Shape s, const GeometricSymmetry& g, FixedMethod requested);

// The kernels that can count g, an element other than the identity: line orbits, which takes every
// element, then signatures, band cycles, band swaps and band keeps where each applies, and last the
// cell search, which takes every element too (time about f times a small constant). A class
// counted by two of them that share no counting code is checked (scripts/symmetry-recount.sh);
// `symmetry --json` lists them for each class as "kernels".
std::vector<FixedMethod> kernels_for(Shape s, const GeometricSymmetry& g);

// The kernel count_fixed_grids uses for g when asked for `requested`, given g's relabelling types:
// Filter when there are none (CellSearch, which takes nothing from them, stays CellSearch); Auto resolved (signatures where they apply, then on 11 and 12 digits
// band cycles where they are quick and band swaps or band keeps where they apply, else line
// orbits). Throws std::invalid_argument for Signatures, BandCycles, BandSwaps or BandKeeps where
// they do not apply, or for Filter asked for.
FixedMethod resolve_fixed_method(Shape s, const GeometricSymmetry& g, FixedMethod requested,
                                 const std::vector<CycleType>& types);

// True when the signature kernel counts g from plain band counts F(S) summed over histograms
// (band-swapping elements whose band symmetry is trivial). For 10 digits run_burnside hands it the
// side-2 count's table; for 12 digits that table is the 2x6 count's (hours), so these classes wait
// for it. False when signatures do not apply to g.
bool signatures_need_plain_counts(Shape s, const GeometricSymmetry& g);

// A cheap measure of how long the signature kernel takes on g (the allowed signature multisets it
// would walk; 0 when signatures do not apply or g fixes no grid), for ordering a run's classes.
std::uint64_t signature_work(Shape s, const GeometricSymmetry& g);

// f(g) for a non-identity element g of shape s's geometric group (N <= 12). Runs oneTBB tasks in
// the caller's arena. Throws std::invalid_argument for the identity, for g outside the group,
// and for a method that does not apply to g.
FixedCount count_fixed_grids(Shape s, const GeometricSymmetry& g, const FixedOptions& opt = {});

// The grids f(g) counts, listed (line orbits without the memo; fixed_kernels.hpp,
// enumerate_by_line_orbits): every grid X with row 0 reading 0..N-1 and g(X) a relabelling of X,
// except that of the relabellings pi conjugate under the symmetries commuting with g only one is
// taken -- so every orbit of grids under G whose stabiliser contains g is met at least once, not
// every grid once. visit gets N*N 0-based digits in reading order, from oneTBB tasks in the
// caller's arena (one call at a time per thread). Throws std::invalid_argument for the identity
// (every grid) and for g outside the group.
struct FixedListing {
  std::uint64_t visited = 0;  // grids visited
  // Each visited grid weighted by the size of its root's orbit: f(g) when the listing is whole,
  // which the memoised count (count_fixed_grids) can confirm.
  u128 weighted = 0;
};
FixedListing for_each_fixed_grid(Shape s, const GeometricSymmetry& g,
                                 const std::function<void(const std::vector<std::uint8_t>&)>& visit);

}  // namespace gridenum
