// Reading a finished count's JSON document back (result_doc.hpp): every field checked for
// presence and type, errors naming the field and the document.
#include "gridenum/count/result_doc.hpp"

#include <algorithm>

namespace gridenum {

std::string to_string(Method m) {
  switch (m) {
    case Method::Stack: return "stack";
    case Method::Signature: return "signature";
    case Method::TwoStack: return "two-stack";
    case Method::TwoBand: return "two-band";
  }
  return "?";
}

bool parse_method(std::string_view text, Method& out) {
  if (text == "stack") out = Method::Stack;
  else if (text == "signature") out = Method::Signature;
  else if (text == "two-stack") out = Method::TwoStack;
  else if (text == "two-band") out = Method::TwoBand;
  else return false;
  return true;
}

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

// A side-2 document (side2.cpp's to_json): class table with weight and F, first moment, total.
ResultDoc parse_side2(const nlohmann::json& j, ResultDoc d) {
  const std::string& source = d.source;
  d.first_moment = get_big(j, "first_moment", source);
  d.total = get_big(j, "total", source);
  const auto& classes = field(j, "classes", source);
  if (!classes.is_array()) throw InputError(source + ": \"classes\" is not an array");
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const std::string where = source + ": classes[" + std::to_string(i) + "]";
    ResultDoc::Side2Class c;
    c.index = get_u64(classes[i], "index", where);
    c.representative = get_str(classes[i], "representative", where);
    c.weight = get_u64(classes[i], "weight", where);
    c.F = get_big(classes[i], "F", where);
    d.side2_classes.push_back(std::move(c));
  }
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
  if (!parse_method(method, d.method)) throw InputError(source + ": unknown method '" + method + "'");
  if (d.is_side2()) return parse_side2(j, std::move(d));
  const auto& cat = field(j, "catalogue", source);
  d.band_factor = get_u64(cat, "band_factor", source + ": catalogue");
  d.stack_factor = get_u64(field(j, "stacks", source), "stack_factor", source + ": stacks");
  d.relabel_factor = get_big(j, "relabel_factor", source);
  d.weighted_sum = get_big(j, "weighted_sum", source);
  d.canonical_grids = get_big(j, "canonical_grids", source);
  d.total = get_big(j, "total", source);
  const auto& classes = field(j, "classes", source);
  if (!classes.is_array()) throw InputError(source + ": \"classes\" is not an array");
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const std::string where = source + ": classes[" + std::to_string(i) + "]";
    ResultDoc::Class c;
    c.index = get_u64(classes[i], "index", where);
    c.representative = get_str(classes[i], "representative", where);
    c.size = get_u64(classes[i], "size", where);
    c.n_star = get_big(classes[i], "n_star", where);
    c.n = get_big(classes[i], "n", where);
    d.classes.push_back(std::move(c));
  }
  if (d.method == Method::Stack) {
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
