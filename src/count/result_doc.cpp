// Reading a finished count's JSON document back (result_doc.hpp): every field checked for
// presence and type, errors naming the field and the document.
#include "gridenum/count/result_doc.hpp"

#include <algorithm>

#include "gridenum/core/digest.hpp"

namespace gridenum {

namespace {

const nlohmann::json& field(const nlohmann::json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) throw InputError(where + ": missing field \"" + key + "\"");
  return j.at(key);
}
std::uint64_t get_u64(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto& v = field(j, key, where);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
    throw InputError(where + ": field \"" + key + "\" is not a non-negative integer");
  return v.get<std::uint64_t>();
}
BigInt get_big(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto& v = field(j, key, where);
  std::string text;
  if (v.is_string()) text = v.get<std::string>();
  else if (v.is_number_unsigned()) text = std::to_string(v.get<std::uint64_t>());
  else throw InputError(where + ": field \"" + key + "\" is not a decimal number");
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw InputError(where + ": field \"" + key + "\" is not a decimal number: '" + text + "'");
  return BigInt(text);
}
std::string get_str(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto& v = field(j, key, where);
  if (!v.is_string()) throw InputError(where + ": field \"" + key + "\" is not a string");
  return v.get<std::string>();
}
bool get_bool(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto& v = field(j, key, where);
  if (!v.is_boolean()) throw InputError(where + ": field \"" + key + "\" is not true or false");
  return v.get<bool>();
}

// The document's "classes" array, each element read by `row` (given it and "SOURCE: classes[i]"
// for its messages), in order.
template <class Row>
std::vector<Row> class_rows(const nlohmann::json& j, const std::string& source,
                            Row (*row)(const nlohmann::json&, const std::string&)) {
  const auto& classes = field(j, "classes", source);
  if (!classes.is_array()) throw InputError(source + ": \"classes\" is not an array");
  std::vector<Row> out;
  for (std::size_t i = 0; i < classes.size(); ++i)
    out.push_back(row(classes[i], source + ": classes[" + std::to_string(i) + "]"));
  return out;
}

// A class row's index and representative, the fields every method's rows begin with.
template <class Row>
Row class_head(const nlohmann::json& e, const std::string& where) {
  Row c;
  c.index = get_u64(e, "index", where);
  c.representative = get_str(e, "representative", where);
  return c;
}

// A side-2 document (side2.cpp's to_json): class table with weight and F, first moment, total.
ResultDoc parse_side2(const nlohmann::json& j, ResultDoc d) {
  const std::string& source = d.source;
  d.first_moment = get_big(j, "first_moment", source);
  d.total = get_big(j, "total", source);
  d.side2_classes = class_rows<ResultDoc::Side2Class>(j, source, [](const nlohmann::json& e, const std::string& where) {
    auto c = class_head<ResultDoc::Side2Class>(e, where);
    c.weight = get_u64(e, "weight", where);
    c.F = get_big(e, "F", where);
    return c;
  });
  return d;
}

// A three-band document (three_band_run.cpp's to_json): the shape counted, the catalogue's
// number of classes, the listed classes (count, and F and completions when the run counted
// them), the total. Only a complete run has a total; a run over part of the classes (a shard,
// --classes A:B) is refused, saying so.
ResultDoc parse_three_band(const nlohmann::json& j, ResultDoc d) {
  const std::string& source = d.source;
  const std::string counted = get_str(j, "counted_as", source);
  const auto c = Shape::parse(counted);
  if (!c) throw InputError(source + ": field \"counted_as\" is not a box shape: '" + counted + "'");
  d.counted_as = *c;
  if (!get_bool(j, "complete", source))
    throw InputError(source + ": the result of part of the classes (a shard or --classes A:B) has no total; merge the "
                              "shards (gridenum merge DIR... --output OUT) and verify OUT");
  d.total = get_big(j, "total", source);
  d.catalogue_classes = get_u64(field(j, "catalogue", source), "classes", source + ": catalogue");
  d.classes_listed = get_bool(j, "classes_listed", source);
  using Row = ResultDoc::ThreeBandClass;
  d.three_band_classes = class_rows<Row>(j, source, [](const nlohmann::json& e, const std::string& where) {
    auto k = class_head<Row>(e, where);
    k.size = get_u64(e, "size", where);
    k.count = get_big(e, "count", where);
    const bool f = e.contains("fillings"), n = e.contains("completions");
    if (f != n)
      throw InputError(where + ": field \"" + (f ? "completions" : "fillings") +
                       "\" is missing (a class lists both or neither)");
    if (f) {
      k.has_parts = true;
      k.fillings = get_big(e, "fillings", where);
      k.completions = get_big(e, "completions", where);
    }
    return k;
  });
  return d;
}

}  // namespace

ResultDoc parse_result(const nlohmann::json& j, const std::string& source) {
  ResultDoc d;
  d.source = source;
  const std::string shape = get_str(j, "shape", source);
  const auto s = Shape::parse(shape);
  if (!s) throw InputError(source + ": bad shape '" + shape + "'");
  d.shape = *s;
  const std::string method = j.contains("method") ? get_str(j, "method", source) : "stack";
  const auto id = parse_method(method);
  if (!id) throw InputError(source + ": unknown method '" + method + "'");
  d.method = *id;
  if (j.contains("result_txt_sha256")) {
    d.text_sha256 = get_str(j, "result_txt_sha256", source);
    if (!is_sha256_hex(d.text_sha256))
      throw InputError(source + ": \"result_txt_sha256\" is not 64 lower-case hex digits");
  }
  if (j.contains("merged") && j["merged"].is_object()) {
    d.merged = true;
    const auto& mj = j["merged"];
    if (mj.contains("journals")) {
      if (!mj["journals"].is_array()) throw InputError(source + ": \"merged\".\"journals\" is not an array");
      for (std::size_t i = 0; i < mj["journals"].size(); ++i) {
        const auto& e = mj["journals"][i];
        const std::string where = source + ": merged.journals[" + std::to_string(i) + "]";
        ResultDoc::MergedJournal m;
        m.shard = get_str(e, "shard", where);
        m.dir = get_str(e, "dir", where);
        m.units = get_u64(e, "units", where);
        m.units_sha256 = get_str(e, "units_sha256", where);
        if (!is_sha256_hex(m.units_sha256)) throw InputError(where + ": \"units_sha256\" is not 64 lower-case hex digits");
        d.merged_journals.push_back(std::move(m));
      }
    }
  }
  if (d.is_side2()) return parse_side2(j, std::move(d));
  if (d.method == MethodId::ThreeBand) return parse_three_band(j, std::move(d));
  const auto& cat = field(j, "catalogue", source);
  d.band_factor = get_u64(cat, "band_factor", source + ": catalogue");
  d.stack_factor = get_u64(field(j, "stacks", source), "stack_factor", source + ": stacks");
  d.relabel_factor = get_big(j, "relabel_factor", source);
  d.weighted_sum = get_big(j, "weighted_sum", source);
  d.canonical_grids = get_big(j, "canonical_grids", source);
  d.total = get_big(j, "total", source);
  d.classes = class_rows<ResultDoc::Class>(j, source, [](const nlohmann::json& e, const std::string& where) {
    auto c = class_head<ResultDoc::Class>(e, where);
    c.size = get_u64(e, "size", where);
    c.n_star = get_big(e, "n_star", where);
    c.n = get_big(e, "n", where);
    return c;
  });
  if (d.method == MethodId::Stack || d.method == MethodId::BandPair) {
    d.units = get_u64(j, "units", source);
    d.slices_per_class = static_cast<std::uint32_t>(get_u64(j, "slices_per_class", source));
    const auto& units = field(j, "unit_counts", source);
    if (!units.is_array()) throw InputError(source + ": \"unit_counts\" is not an array");
    d.has_units = true;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const std::string where = source + ": unit_counts[" + std::to_string(i) + "]";
      ResultDoc::Unit u;
      u.id = get_u64(units[i], "id", where);
      u.cls = get_u64(units[i], "class", where);
      u.count = get_big(units[i], "count", where);
      d.unit_counts.push_back(std::move(u));
    }
  }
  return d;
}

}  // namespace gridenum
