// What `gridenum grid info` says about one grid (docs/grid-tools.md, "info"): its minlex form, the
// order of its automorphism group with and without the transposition, and, where the project
// has class tables (the stack method's catalogue, count/stack/catalogue.hpp: shapes with N <= 9),
// the class of each band and of each stack -- for 9x9 one of Felgenhauer and Jarvis's 44 band
// classes (docs/design.md).
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/grid/canon.hpp"

namespace gridenum {

struct GridInfo {
  Shape shape;
  GridCells canonical;                  // minlex form (with the transposition when R = C)
  std::uint64_t automorphisms = 0;      // |Aut| in G (with the transposition when R = C)
  std::uint64_t automorphisms_untransposed = 0;  // |Aut| in G without the transposition
  bool classes_known = false;           // N <= 9: the catalogue classes below are filled
  std::vector<int> band_classes;        // 1-based class (catalogue order) of bands 1..C
  std::vector<int> stack_classes;       // 1-based class of stacks 1..R, as bands of the C x R shape
  std::size_t band_class_count = 0;     // classes in the shape's catalogue
  std::size_t stack_class_count = 0;    // classes in the transposed shape's catalogue
};

// The 1-based catalogue class of a band (R rows of N digits 1..N, row-major) of shape s (N <= 9):
// relabelled so that its first box reads 1..N, normalised (catalogue.hpp) and looked up. The
// catalogue of each shape is built once per process (milliseconds to a second) and kept.
int band_class(Shape s, const Band& band);
std::size_t band_class_count(Shape s);

// Everything above for a valid grid (std::invalid_argument otherwise).
GridInfo grid_info(Shape s, const GridCells& grid);

}  // namespace gridenum
