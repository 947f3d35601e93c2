// A run of the three-band route (three_band.hpp) over a range of top-band signature classes
// (band_signatures.hpp): each class's representative, size, band fillings F and completions,
// and -- when the range is every class -- the grid total
//     grids = sum over classes of size x F x completions.
// What `gridenum count --shape 4x3 --classes A:B` prints. Classes are numbered from 1 in the
// catalogue's order (increasing canonical key). A shape 3 x C (3x2, 3x4) is counted through its
// transpose C x 3 (same number of grids): the classes are the transpose's, and the result says so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/band_signatures.hpp"
#include "gridenum/count/three_band.hpp"

namespace gridenum {

struct ThreeBandClassCount {
  std::uint64_t index = 0;      // 1-based class number
  SignatureKey key = 0;
  std::string columns;          // signature_string of the representative
  std::uint64_t size = 0;       // configurations in the class
  std::uint64_t fillings = 0;   // F of the representative
  u128 completions = 0;
  double seconds = 0;           // wall time of this class's completions
};

struct ThreeBandRun {
  Shape shape;            // as asked
  Shape counted;          // the R x 3 shape actually counted (shape, or its transpose)
  int threads_used = 0;
  std::uint64_t first = 0, last = 0;  // 1-based, inclusive
  std::uint64_t catalogue_classes = 0;
  SignatureCatalogueStats catalogue_stats;
  ThreeBandStats table_stats;
  std::vector<ThreeBandClassCount> classes;
  bool complete = false;  // every class counted: total holds the grid count
  BigInt total;
  double catalogue_seconds = 0, table_seconds = 0, classes_seconds = 0, total_seconds = 0;
};

// Counts classes first..last (1-based, inclusive; 0:0 = all) of s or, for 3 x C, of its transpose.
// std::invalid_argument for a shape neither takes, or a range outside 1..classes.
ThreeBandRun run_three_band(Shape s, std::uint64_t first, std::uint64_t last, int threads);

std::string format_text(const ThreeBandRun& r);
nlohmann::json to_json(const ThreeBandRun& r);

}  // namespace gridenum
