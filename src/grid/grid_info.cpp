// The facts `gridenum grid info` prints (grid_info.hpp).
#include "gridenum/grid/grid_info.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace gridenum {

namespace {

// The catalogue of each shape, built on first use and kept for the process (a batch of grids
// asks for the same one every time).
const Catalogue& catalogue_of(Shape s) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<Catalogue>> built;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = built[{s.rows, s.cols}];
  if (!slot) slot = std::make_unique<Catalogue>(build_catalogue(s));
  return *slot;
}

}  // namespace

std::size_t band_class_count(Shape s) {
  if (engine_shape_error(s)) throw std::invalid_argument("band_class_count: no catalogue for " + s.str());
  return catalogue_of(s).classes.size();
}

int band_class(Shape s, const Band& band) {
  if (engine_shape_error(s)) throw std::invalid_argument("band_class: no catalogue for " + s.str());
  if (!is_valid_band(s, band)) throw std::invalid_argument("band_class: not a valid " + s.str() + " band");
  const int N = s.n();
  // Relabel: the first box's digits in reading order become 1..N.
  std::vector<std::uint8_t> label(static_cast<std::size_t>(N) + 1, 0);
  for (int r = 0; r < s.rows; ++r)
    for (int j = 0; j < s.cols; ++j) label[band[static_cast<std::size_t>(r * N + j)]] = static_cast<std::uint8_t>(r * s.cols + j + 1);
  Band b = band;
  for (auto& d : b) d = label[d];
  const Band entry = normalise(s, b);
  const Catalogue& cat = catalogue_of(s);
  const auto it = std::lower_bound(cat.entry_bands.begin(), cat.entry_bands.end(), entry);
  if (it == cat.entry_bands.end() || *it != entry) throw std::logic_error("band_class: a normalised band is not a catalogue entry");
  return static_cast<int>(cat.entry_class[static_cast<std::size_t>(it - cat.entry_bands.begin())]) + 1;
}

GridInfo grid_info(Shape s, const GridCells& grid) {
  GridInfo info;
  info.shape = s;
  CanonOptions opt;
  const CanonResult c = canonical_form(s, grid, opt);
  info.canonical = c.form;
  info.automorphisms = c.automorphisms;
  if (s.rows == s.cols) {
    opt.transposition = false;
    info.automorphisms_untransposed = canonical_form(s, grid, opt).automorphisms;
  } else {
    info.automorphisms_untransposed = c.automorphisms;
  }
  const Shape t{s.cols, s.rows};
  if (engine_shape_error(s) || engine_shape_error(t)) return info;
  info.classes_known = true;
  const int N = s.n();
  for (int b = 0; b < s.cols; ++b) {  // C bands of R rows
    Band band(static_cast<std::size_t>(s.rows * N));
    for (int i = 0; i < s.rows * N; ++i)
      band[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(grid[static_cast<std::size_t>(b * s.rows * N + i)]);
    info.band_classes.push_back(band_class(s, band));
  }
  for (int st = 0; st < s.rows; ++st) {  // R stacks of C columns: transposed, a band of C x R
    Band band(static_cast<std::size_t>(s.cols * N));
    for (int i = 0; i < s.cols; ++i)
      for (int r = 0; r < N; ++r)
        band[static_cast<std::size_t>(i * N + r)] = static_cast<std::uint8_t>(grid[static_cast<std::size_t>(r * N + st * s.cols + i)]);
    info.stack_classes.push_back(band_class(t, band));
  }
  info.band_class_count = band_class_count(s);
  info.stack_class_count = band_class_count(t);
  return info;
}

}  // namespace gridenum
