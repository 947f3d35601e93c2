// The catalogue cache (catalogue_cache.hpp). Text: a header line with the figures, one line per
// class ("<representative digits> <size>"), and a last line "check <fnv1a64 of the rest>".
#include "gridenum/count/stack/catalogue_cache.hpp"

#include <chrono>
#include <sstream>

#include "gridenum/core/checksum.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/core/atomic_file.hpp"

namespace gridenum {

namespace fs = std::filesystem;

std::string catalogue_cache_text(const Catalogue& cat) {
  std::ostringstream o;
  o << "gridenum-catalogue v1 shape=" << cat.shape.str() << " band_fillings=" << cat.band_fillings
    << " entries=" << cat.entries << " structures=" << cat.structures << " classes=" << cat.classes.size() << "\n";
  for (const auto& c : cat.classes) o << band_string(c.representative) << " " << c.size << "\n";
  std::string body = o.str();
  return body + "check " + hex16(fnv1a64(body)) + "\n";
}

void save_catalogue_cache(const fs::path& file, const Catalogue& cat) { write_file_replace(file, catalogue_cache_text(cat)); }

std::optional<Catalogue> load_catalogue_cache(const fs::path& file, Shape shape, std::string* why) {
  const auto t0 = SteadyClock::now();
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    *why = "no cache yet";
    return std::nullopt;
  }
  std::string text;
  try {
    text = read_whole_file(file);
  } catch (const std::exception& e) {
    *why = e.what();
    return std::nullopt;
  }
  const std::size_t cut = text.rfind("check ");
  if (cut == std::string::npos || (cut > 0 && text[cut - 1] != '\n')) {
    *why = "no checksum line";
    return std::nullopt;
  }
  const std::string body = text.substr(0, cut);
  std::string check_line = text.substr(cut + 6);
  while (!check_line.empty() && check_line.back() == '\n') check_line.pop_back();
  const auto check = parse_hex16(check_line);
  if (!check || *check != fnv1a64(body)) {
    *why = "bad checksum";
    return std::nullopt;
  }
  std::istringstream in(body);
  std::string magic, shape_f, bf, en, st, cl;
  in >> magic >> magic >> shape_f >> bf >> en >> st >> cl;
  Catalogue cat;
  std::size_t classes = 0;
  try {
    if (shape_f != "shape=" + shape.str()) {
      *why = "cache is for another shape (" + shape_f + ")";
      return std::nullopt;
    }
    cat.shape = shape;
    cat.band_fillings = std::stoull(bf.substr(bf.find('=') + 1));
    cat.entries = std::stoull(en.substr(en.find('=') + 1));
    cat.structures = std::stoull(st.substr(st.find('=') + 1));
    classes = std::stoull(cl.substr(cl.find('=') + 1));
  } catch (const std::exception&) {
    *why = "malformed header";
    return std::nullopt;
  }
  std::uint64_t sizes = 0;
  for (std::size_t i = 0; i < classes; ++i) {
    std::string rep;
    BandClass c;
    if (!(in >> rep >> c.size) || rep.size() != static_cast<std::size_t>(shape.rows * shape.n())) {
      *why = "malformed class line " + std::to_string(i + 1);
      return std::nullopt;
    }
    for (char ch : rep) {
      const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'W' ? ch - 'A' + 10 : -1;
      if (d < 1 || d > shape.n()) {
        *why = "bad digit in class " + std::to_string(i + 1);
        return std::nullopt;
      }
      c.representative.push_back(static_cast<std::uint8_t>(d));
    }
    if (!is_valid_band(shape, c.representative) || !has_canonical_b1(shape, c.representative) ||
        !is_catalogue_entry(shape, c.representative)) {
      *why = "class " + std::to_string(i + 1) + " is not a catalogue entry";
      return std::nullopt;
    }
    sizes += c.size;
    cat.classes.push_back(std::move(c));
  }
  if (cat.classes.empty() || sizes != cat.entries) {
    *why = "class sizes do not add up to the entries";
    return std::nullopt;
  }
  cat.seconds = seconds_since(t0);
  return cat;
}

}  // namespace gridenum
