// Stage 1 of the count pipeline (docs/design.md sections 2-3): the catalogue.
//
// Every top-band filling with B1 canonical (1..N in reading order) is enumerated; the
// lexicographic reduction keeps those whose columns inside each of B2..BR are sorted by
// their top entry and whose boxes B2..BR are ordered by their top rows (each such entry
// stands for L_band = (C!)^(R-1)! fillings); the entries are merged into classes of
// equal completion count by relabelling, column permutations inside boxes, box
// permutations and cell permutations inside columns. Class weight = entries in the class.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum {

// A top band: R rows of N digits (1..N), row-major.
using Band = std::vector<std::uint8_t>;

struct BandClass {
  Band representative;   // the lexicographically smallest catalogue entry of the class
  std::uint64_t size = 0;  // |C_alpha|: number of catalogue entries in the class
};

struct Catalogue {
  Shape shape;
  std::uint64_t band_fillings = 0;  // F: top-band fillings with B1 canonical
  std::uint64_t entries = 0;        // lexicographic catalogue entries (F / L_band)
  std::uint64_t structures = 0;     // distinct column-set structures among the entries
  std::vector<BandClass> classes;   // sorted by representative
  std::vector<Band> entry_bands;    // every catalogue entry, in lexicographic order
  std::vector<std::uint32_t> entry_class;  // class index of each entry
  double seconds = 0;               // wall time of build_catalogue
};

// Why the count engine cannot take a shape (boxes of at least 2 x 2 cells, R*C <= 9), or
// nullopt when it can.
std::optional<std::string> engine_shape_error(Shape s);

// L_band = (C!)^(R-1) * (R-1)!, the fillings one catalogue entry stands for.
std::uint64_t band_symmetry_factor(Shape s);

// B1 canonical: digits 1..N in reading order inside the first box.
bool has_canonical_b1(Shape s, const Band& band);
// True when every row of the band holds each digit once and every box does too.
bool is_valid_band(Shape s, const Band& band);
// True when the band is a lexicographic catalogue entry (columns sorted inside B2..BR by
// top entry, B2..BR ordered by top rows).
bool is_catalogue_entry(Shape s, const Band& band);
// The catalogue entry of a band: sort columns inside each of B2..BR, then order the boxes.
Band normalise(Shape s, Band band);

// A band as one string of its R*N digits, row by row ("123456789456789123789123456" for 9x9;
// digits beyond 9 as A, B, ...): how class representatives are printed, cached and compared.
std::string band_string(const Band& b);

// Builds the catalogue with oneTBB loops (in the caller's arena: a ThreadBudget's, core/threads.hpp).
Catalogue build_catalogue(Shape s);

// The per-column digit sets of a band's boxes B2..BR with the columns of each box sorted and
// the boxes sorted: (R-1)*C masks. The completion count of a band depends only on its column
// sets; this is the form the class merge works on. Exposed for tests and verification.
std::vector<DigitMask> column_structure(Shape s, const Band& band);

}  // namespace gridenum
