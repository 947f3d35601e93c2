// Completions of a top band for the three-band shapes R x 3 (2x3, 3x3, 4x3), by band
// signatures. Shares no counting code with the stack method or with verify/signature.cpp (which
// checks it on 3x3).
//
// The mathematics. A grid of R x 3 boxes is three bands (top, middle, bottom) of R rows. Give
// each band its configuration (per-column digit sets, band_signatures.hpp). In stack b every
// digit sits once in each of its three columns, one band each: the top band's column of a digit
// and the middle band's column fix the bottom band's, so a middle configuration compatible with
// the top one is, box by box, a *chain*: middle column sets (M_A, M_B, M_C) with M_A inside the
// top's B u C, M_B inside A u C, M_C inside A u B, |M_*| = R; the bottom's column sets are the
// complements. With i = |M_A n B| the chains of one box number sum_i C(R,i)^3 (10, 56, 346 for
// R = 2, 3, 4). With F(sigma) the number of band fillings with column sets sigma (rows ordered),
//     completions(T) = sum over chain tuples x = (x_1 .. x_R) of F(mid(x)) F(bot(x)),
//     grids = sum over classes alpha of size_alpha x F(T_alpha) x completions(T_alpha).
//
// F by table. F only depends on the band's unordered box partitions p_1 .. p_R up to
// relabelling and box order. Relabel so that p_1 is the standard partition ({0..R-1}, {R..2R-1},
// {2R..3R-1}); relabel again inside the stabiliser of the standard partition so that p_2 becomes
// the representative of its *pair type* (the 3x3 matrix |std_i n p_2_j| up to row and column
// order: 3, 5, 9 types for R = 2, 3, 4); then F is a table lookup
//     F = R! x Table[type][ id(p_3') + P id(p_4') + ... ]      (P^(R-2) slots per type)
// holding F / R! (every F is a multiple of R!: the rows of a band are interchangeable) in 32
// bits. 4x3: P = 5,775 box partitions, 9 types x 5,775^2 slots = 1.2 GB. The table is filled
// before any sum, one orbit at a time: a slot's value is shared by its images under the
// relabellings fixing both the standard partition and the type's representative, and under
// orders of boxes 3..R, so one colouring count fills the orbit.
//
// The sum (hot loop; src/count/three_band/three_band.cpp). Middle and bottom are interchangeable (swapping
// them in every box maps chain tuples onto chain tuples, fixed-point free), so only half the
// box-1 chains are summed, doubled. Per box-1 chain the relabelling that standardises its middle
// (bottom) partition is applied to every chain of boxes 2..R through the P x P table std_of; per
// box-2 chain, the type relabelling through the P x P table hrel; the innermost loop over the
// last box is two gathers from one table row each (a row of 5,775 x 4 bytes: L1/L2), a 32x32-bit
// product and a 64-bit add (128-bit when the table's largest value could overflow a row sum).
// For 4x3: 173 x 346^3 = 7.2e9 terms per class.
//
// Groups (the idea that made 4x3 practical). The sum above walks (x1, x2, x3) and, per x3, a row
// pair of the table; only the last box's chains belong to the top band's last box. Top bands
// that share boxes 1..R-1 -- column set for column set -- walk the very same (x1, x2, x3) and the
// same row pairs, so they are summed together: per row pair, every band of the group runs its
// own 346 x 2 gathers while the rows are in cache. The catalogue's classes fall into 349 such
// prefix groups for 4x3 (band_signatures.hpp, signature_prefix_form: of the four ways to leave
// a box out, the one with the smallest canonical key of the three kept boxes): 3,448 classes in
// the largest group, 143,733 of the 144,578 classes in groups of 32 or more, 11 alone. The next
// row pair is prefetched a slice at a time while the group sums the current one.
//
// Measured, 4x3, this machine (AMD EPYC 9xx4 "Genoa" class, 2 cores, idle unless said):
//   tables: 300,155,625 slots in 1,676,630 orbits, 144,701 colouring counts (the 144,578 classes
//   and a few computed twice by racing threads), largest F / R! = 7,962,624; 1.37 GB; 299 s on
//   2 threads (938 s at load 7-10);
//   completions on 2 threads, classes of the largest group, wall time per class:
//     one class alone (G = 1)          29.8 s   (the pre-group code: 29-30 s, classes 72,290-1)
//     G = 16, no prefetch               9.6 s
//     G = 64, no prefetch / prefetch    4.4 s / 3.8 s (the latter with a compile running)
//     G = 128, prefetch                 2.4 s
//     G = 256, prefetch                 2.07 s   (one class alone with prefetch: 34.5 s)
//   so a chunk of G >= 64 classes costs about M + c G with M ~ 90 s (the row pairs: 20.7 M of
//   them, 46 KB each, from DRAM) and c ~ 1.7 s (7.2e9 terms at ~0.5 ns on each of 2 cores).
//   Over the 789 chunks of the 349 groups (chunks of at most 256) that projects to 88 hours on
//   these 2 cores (177 CPU-hours). The innermost loop was the plain scalar loop (isa/kernels.cpp
//   says why gathers lost).
// Tiles (2026-12-03, ThreeBandSum::Tiles, the default): per work item the bands' last-box lists
// are fixed while box 3's chains change the rows, so 16 row pairs at a time are turned on their
// side (three_band.cpp draws the layout) and each index pair meets all 16 with one 64-byte line
// per side: per class on 2 threads, chunks of 256 / 64 / 16, 0.34 - 0.38 / 0.64 / 1.74 s against
// 1.59 / 2.05 / 4.91 s; the whole 4x3 count projected to about 16 hours here
// (docs/methods/three_band.md).
// Checked on 4x3 against a second method that shares no counting code: the signature method's
// pair-type table (verify/signature_pairs.cpp; `gridenum verify completions --shape 4x3`), on
// classes 1, 72,290 and 72,291 with two more of their group (counted as a group here), 144,578
// and a seeded random one (tests/verify/long_three_band_vs_signature_12.cpp; on one pair type in the slow tier).
//
// One pair type (completions_of_type). The sum splits by the pair types of the middle and the
// bottom band: sum over ordered (T_mid, T_bot) of the chain tuples whose middle band's (p_1, p_2)
// is of type T_mid and whose bottom band's of type T_bot. The part T_mid = T_bot = T reads table T
// alone, so a counter built with PairTypeOnly{T} holds one table of P^(R-2) slots (4x3: 133 MB of
// the 1.2 GB; built in 12 s to well over 2 minutes on 2 threads by the type: the colouring counts
// of its band classes) and still runs the real sum -- groups, row pairs, the 64-bit gather
// kernel, the prefetch -- on the (x1, x2) work items whose two types are T (the test is per work
// item, outside the loops over boxes 3..R). Only T_mid = T_bot: swapping middle and bottom (the
// halving of the box-1 chains above) maps that part onto itself, not a part with T_mid != T_bot.
// The part belongs to the top band's configuration, not to its class: which boxes are boxes 1
// and 2 decides the types below it (the whole sum does not see box order). What lets the CI
// compare both methods on 4x3 without the whole tables
// (tests/verify/slow_three_band_vs_signature_one_type_12.cpp): the signature method restricts its
// own sum by its own types, and the two agree on a type by its *name*, not by code or index: the
// 3 x 3 matrix |std_i n p_2_j| with its rows and columns in the order that reads largest row by
// row (lexicographically, over the 36 orders), written "4,0,0/0,2,2/0,2,2".
//
// Not tried yet: the top band's own stabiliser (92 % of the 4x3 classes have none among the
// column and box permutations: at most 1.49x with relabellings, docs/methods/three_band.md), visiting
// (x2, x3) in table-row order, larger chunks (the per-class lists then leave L2).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/cpu.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

struct ThreeBandStats {
  std::uint32_t partitions = 0;       // P
  std::uint32_t pair_types = 0;       // types of (standard, p_2)
  std::uint64_t table_slots = 0;      // types built x P^(R-2)
  std::uint64_t orbits = 0;           // orbits of slots filled (one canonical form each)
  std::uint64_t colourings = 0;       // colouring counts computed (one per band class met)
  std::uint32_t max_table_value = 0;  // largest F / R!
  std::uint64_t table_bytes = 0;      // memory of the look-up tables (F, std_of, hrel, ids)
  double seconds = 0;                 // building the tables
};

// Why the three-band counter cannot take a shape, or nullopt: R x 3 with 2 <= R <= 4.
std::optional<std::string> three_band_shape_error(Shape s);

// The bytes ThreeBandCounter(s) holds in tables (stats().table_bytes), known before building
// them: the F table (pair types x P^(R-2) slots of 4 bytes), the two P x P relabelling tables and
// the dense partition index (2^(2N) entries), all 16-bit. P = (3R)! / (R!^3 3!) box partitions;
// the pair types are the 3 x 3 matrices with row and column sums R up to row and column order,
// counted here directly. 4x3: 1.4 GB. What a job states before it builds or reads them, and what
// it checks against its memory limit. std::invalid_argument for a shape the counter does not take.
std::uint64_t three_band_table_bytes(Shape s);

// F by a direct colouring count (no table; the table's own source): band fillings (rows ordered)
// with these column sets, for any R x 3 shape with N <= 16 (a matching search, most constrained
// column first: src/count/isa/band_colourings.hpp). The count runs at the selected
// instruction-set level (core/cpu.hpp), or at `isa` (the tests compare the levels;
// std::logic_error when this CPU or binary does not run it).
std::uint64_t three_band_fillings(Shape s, const std::vector<DigitMask>& columns);
std::uint64_t three_band_fillings(Shape s, const std::vector<DigitMask>& columns, Isa isa);

// The pair types of a shape by name (the matrix named as above), in the counter's type order:
// three_band_pair_types(s)[t] is type t of ThreeBandCounter(s). 2x3: 3 types, 3x3: 5, 4x3: 9.
// Builds the partitions only (no P x P table). std::invalid_argument for a shape the counter
// does not take.
std::vector<std::string> three_band_pair_types(Shape s);
// The index of the named pair type; std::invalid_argument when the name is not one of the shape's.
std::size_t three_band_pair_type(Shape s, const std::string& name);

// The innermost sum of R = 4 (4x3; three_band.cpp, part 4). RowPairs: one row pair of the
// table per box-3 chain, each band's 346 products gathered from it (the kernel until
// 2026-12-03, kept to check the other against). Tiles: 16 row pairs at a time turned on their
// side, so each band's index pair meets all 16 with two line loads (the default: about 4x
// faster on groups of 256, docs/methods/three_band.md). The same terms, summed in another
// order: the counts are equal (tests/count/slow_three_band_tiles_12.cpp).
enum class ThreeBandSum { RowPairs, Tiles };

// Build only the F table of this pair type (ThreeBandCounter's third constructor).
struct PairTypeOnly {
  std::size_t type = 0;
};

class ThreeBandCounter {
 public:
  // Builds every table (threads = 0: all cores). std::invalid_argument for other shapes.
  explicit ThreeBandCounter(Shape s, int threads = 0);
  // Builds the partitions, the relabelling tables and the F table of one pair type only: a
  // counter for completions_of_type(.., only.type), nothing else (completions, band_fillings of
  // a band of another type, table_data of another type and estimate_seconds are refused,
  // std::invalid_argument). std::invalid_argument for a type index out of range.
  ThreeBandCounter(Shape s, int threads, PairTypeOnly only);
  ~ThreeBandCounter();
  ThreeBandCounter(const ThreeBandCounter&) = delete;
  ThreeBandCounter& operator=(const ThreeBandCounter&) = delete;

  Shape shape() const;
  const ThreeBandStats& stats() const;

  // Completions of a top band with these column sets (N masks, box by box, bit d for digit d):
  // the number of (middle, bottom) band pairs completing any one top band with them to a grid.
  // Runs on the calling thread's arena (oneTBB tasks over the box-1 chains).
  u128 completions(const std::vector<DigitMask>& top) const;
  // One part of that number: the sum over the part-th of `parts` even slices (0-based) of the
  // box-1 chains the sum walks (equal (middle, bottom) pairs merged, the halving applied), so
  // the parts of any `parts` add up to completions(top); a part past the chains is 0. What lets a
  // class's completions be split into work units (the band-pair method, count/band_pair/).
  // std::invalid_argument when part >= parts.
  u128 completions_part(const std::vector<DigitMask>& top, std::size_t part, std::size_t parts) const;
  // The same for a group of top bands with equal boxes 1..R-1 (column set for column set; e.g.
  // the classes of one prefix, signature_prefix_form): one result per band, in order. The work
  // of the shared boxes is done once, so a group of G bands costs far less than G calls.
  // std::invalid_argument if a band's first R-1 boxes differ from the first band's.
  std::vector<u128> completions(const std::vector<std::vector<DigitMask>>& tops) const;
  // The same, abandoned when `stop` says so: it is asked from the worker threads (so it must be
  // thread-safe) before each slice of the sum, about every millisecond per band of the group for
  // 4x3, and a yes makes the call return nullopt within about that time, nothing counted. What
  // lets a job stop inside a chunk of minutes (count/three_band/method.cpp).
  std::optional<std::vector<u128>> completions(const std::vector<std::vector<DigitMask>>& tops,
                                               const std::function<bool()>& stop) const;
  // What completions(tops) would take (wall seconds on the calling thread's arena), measured on
  // every stride-th box-1 chain and scaled (the sum is linear in them): a dry run's sample
  // (count/three_band/method.cpp). The group is checked as completions() checks it.
  double estimate_seconds(const std::vector<std::vector<DigitMask>>& tops, std::size_t stride) const;
  // F: band fillings (rows ordered) with these column sets, by table look-up.
  std::uint64_t band_fillings(const std::vector<DigitMask>& columns) const;

  // ---- One pair type (see the header comment) ----
  // The part of completions(tops) over the chain tuples whose middle and bottom bands both have
  // their (box 1, box 2) pair of this type: one result per band, groups as completions(tops).
  // std::invalid_argument for a type out of range or one whose table this counter did not build.
  std::vector<u128> completions_of_type(const std::vector<std::vector<DigitMask>>& tops, std::size_t type) const;
  u128 completions_of_type(const std::vector<DigitMask>& top, std::size_t type) const;
  // The innermost sum for R = 4 (default Tiles); shapes with R < 4 have only the row sum.
  // Not thread-safe against a sum running on this counter.
  void set_sum(ThreeBandSum kind);
  ThreeBandSum sum() const;
  // The one type built (PairTypeOnly), or nullopt when every table is.
  std::optional<std::size_t> only_type() const;
  bool has_table(std::size_t type) const;
  // The name of pair type t (three_band_pair_types(shape())[t]); std::invalid_argument out of range.
  std::string pair_type_name(std::size_t type) const;

  // ---- The F table as an on-disk cache holds it (three_band_cache.hpp) ----
  // Everything but F takes seconds to build; F takes minutes (4x3: 5 to 7 on 2 threads).
  // A fingerprint of what the slots are indexed by: the shape, the box partitions in their
  // order, the pair types and their representatives. A cache is only read by a build whose
  // fingerprint is the one it was written with.
  std::uint64_t layout_fingerprint() const;
  std::size_t table_types() const;                    // pair types
  std::uint64_t table_slots_per_type() const;         // P^(R-2)
  // F / R!, slots_per_type values; std::invalid_argument for a type whose table was not built.
  const std::uint32_t* table_data(std::size_t type) const;

  // F read rather than built: `fill(type, data, slots)` is called once per pair type, in order,
  // and must fill data[0..slots) or throw (the constructor then throws what it threw). The
  // largest value is taken from what was read (it picks the 64- or 128-bit sum), never from the
  // file; orbits and colourings are the figures of the build that wrote the cache.
  struct TableSource {
    std::function<void(std::size_t type, std::uint32_t* data, std::uint64_t slots)> fill;
    std::uint64_t orbits = 0, colourings = 0;
  };
  ThreeBandCounter(Shape s, int threads, const TableSource& source);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace gridenum
