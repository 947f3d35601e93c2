// The second counting method: completions of a top band by band signatures, the "gangster" idea. It
// shares no counting code with the stack method (completion.cpp, chains.hpp, stacks.cpp,
// catalogue.cpp): its classes come from orbits.hpp, its band enumeration, lower-band enumeration
// and band counts are its own.
//
// A band's *signature* is its tuple of N per-column digit sets (R digits each). A grid is a top
// band T plus C-1 lower bands whose signatures partition, column by column, the complement of
// T's column sets. The number of bands with a given signature depends only on the signature, so
//
//   n(T) = sum over signature tuples (sig_2 .. sig_C) compatible with T of  prod_k bands(sig_k).
//
// See src/signature.cpp for how the sum is organised and why it is fast.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/cpu.hpp"
#include "gridenum/verify/orbits.hpp"

namespace gridenum {

struct SignatureStats {
  std::uint64_t table_size = 0;      // band-count table slots: P^(R-1) plain, types x P^(R-2) pairs
  std::uint64_t table_computed = 0;  // colouring counts computed (plain: one per orbit of slots;
                                     // pairs: one per band class, a few more when threads race)
  std::uint64_t max_band_count = 0;  // largest F
  double table_seconds = 0;          // building the tables (partition tables included for pairs)
  std::uint64_t box_chains = 0;      // distinct lower-band column-set chains, summed over boxes and bands
  std::uint64_t raw_terms = 0;       // signature tuples (equal chain tuples merged)
  std::uint64_t terms = 0;           // tuples actually summed (box-1 chains also merged up to band order)
  std::uint64_t groups = 0;          // pair table: groups of bands sharing boxes 1..R-1, summed together
};

struct SignatureTimes {
  double census = 0, completions = 0, total = 0;
};

struct SignatureResult {
  Shape shape;
  int threads_used = 0;
  OrbitCensus census;          // classes (orbits), their sizes in catalogue entries, representatives
  std::vector<BigInt> n;       // per class: completions n_alpha of the representative band
  std::vector<BigInt> n_star;  // per class: n_alpha / L_stack
  std::uint64_t band_factor = 0, stack_factor = 0;  // L_band, L_stack (this method's own formulas)
  BigInt relabel_factor;       // N!
  BigInt weighted_sum;         // sum |C_alpha| n*_alpha
  BigInt canonical_grids;      // weighted_sum * L_band * L_stack
  BigInt total;                // canonical_grids * N!
  SignatureStats stats;
  SignatureTimes times;
};

// Why the signature method (and the orbit census) cannot take a shape, or nullopt when it can:
// R >= 2, C >= 2, N <= 16 and P^(R-1) <= 2^23 band-count slots (P box partitions).
std::optional<std::string> signature_shape_error(Shape s);

// Completions n(T) of each given top band (any valid band, B1 need not be canonical), by
// signatures. threads = 0: all cores. Throws std::invalid_argument for unsupported shapes
// (needs R >= 2, C >= 2 and a band-count table of at most 2^23 slots: 2x2 .. 3x3, 2x4, 4x2, 2x5).
std::vector<BigInt> completions_by_signature(Shape s, const std::vector<Band>& bands, int threads,
                                             SignatureStats* stats = nullptr);

// The band-count table the signature method reads:
//   Plain  one table over boxes 2..R with box 1 relabelled to the standard partition, P^(R-1)
//          slots (at most 2^23: 2x2 .. 3x3, 2x4, 4x2, 2x5);
//   Pairs  one table per pair type over boxes 3..R, box 2 relabelled to its type's
//          representative too (src/verify/signature_pairs.cpp): 4x3 (9 x 5,775^2 slots, 1.2 GB)
//          and 5x2 (and 2xC, one slot per type, where Plain fits anyway);
//   Auto   Plain where it fits, else Pairs.
enum class SignatureTable { Auto, Plain, Pairs };

// Why completions_by_signature_columns cannot take a shape (with the Auto table), or nullopt.
std::optional<std::string> signature_completions_shape_error(Shape s);

// Completions n(T) of top bands given by their N column sets each (box by box, bit d for digit
// d; any valid band with these column sets has the same completions). threads = 0: all cores.
// std::invalid_argument for unsupported shapes, a table the shape cannot have, or column sets
// that are not a band's. 4x3 builds its tables first (about 3.3 GB, minutes): see the .cpp.
std::vector<BigInt> completions_by_signature_columns(Shape s, const std::vector<std::vector<DigitMask>>& tops, int threads,
                                                     SignatureTable table = SignatureTable::Auto,
                                                     SignatureStats* stats = nullptr);

// ---- One pair type (src/verify/signature_pairs.cpp) ----
// A lower band's pair type is the orbit of its box-2 partition, once its box-1 partition is
// relabelled standard, under the relabellings that keep the standard partition. Its *name* is
// the C x C matrix |std_i n q_j| in the order of rows and columns that reads largest row by row
// (lexicographically), written "4,0,0/0,2,2/0,2,2": the name the three-band counter gives the
// same type in its own code (count/three_band/three_band.hpp, three_band_pair_types), so the two methods
// agree on a type without sharing code or indices.
// The pair types of a shape, by name, in the pair-type table's own order (2x3: 3, 3x3: 5,
// 4x3: 9). std::invalid_argument for a shape the pair-type table cannot serve.
std::vector<std::string> signature_pair_types(Shape s);

// The part of completions_by_signature_columns over the chain tuples whose every lower band has
// its (box 1, box 2) pair of the named type, by the pair-type table with only that type's table
// built (and no relabelling action table: 4x3 holds about 0.5 GB instead of 3.3 GB). Summed as the
// whole sum is (groups of bands sharing boxes 1..R-1, box 1 merged up to lower-band order), a
// box-2 chain with a band of another type skipped whole. A part of the band as given (box order
// decides the types below it), not of its class. Takes 2xC shapes too (the pair-type
// table with one slot per type). std::invalid_argument for a name that is not one of the shape's
// types, a shape the table cannot serve, or column sets that are not a band's.
std::vector<BigInt> completions_by_signature_columns_of_type(Shape s, const std::vector<std::vector<DigitMask>>& tops,
                                                             const std::string& pair_type, int threads,
                                                             SignatureStats* stats = nullptr);

// The whole count by the signature method: orbit census (classes), n per class, total.
SignatureResult count_signature(Shape s, int threads);

// The signature method's row of the method registry (count/method.hpp; signature_method.cpp):
// registered by the program with register_count_method.
struct CountMethod;
const CountMethod& signature_method();

// Number of bands (all fillings, no B1 normalisation) whose ordered column sets are `columns`
// (N masks, R digits each, each box's masks a partition of the digits); 0 when none. The count
// runs at the selected instruction-set level (core/cpu.hpp), or at `isa` (the tests compare the
// levels; std::logic_error when this CPU or binary does not run it).
std::uint64_t bands_with_signature(Shape s, const std::vector<DigitMask>& columns);
std::uint64_t bands_with_signature(Shape s, const std::vector<DigitMask>& columns, Isa isa);

std::string format_text(const SignatureResult& r);
nlohmann::json to_json(const SignatureResult& r);

}  // namespace gridenum
