// A plan's unit groups and their file (unit_groups.hpp).
#include "gridenum/jobs/unit_groups.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "gridenum/core/checksum.hpp"
#include "gridenum/core/atomic_file.hpp"

namespace gridenum {

namespace {
constexpr const char* kFormat = "gridenum-unit-groups";
constexpr int kVersion = 1;
}  // namespace

std::string unit_groups_json_text(const UnitGroups& g) {
  nlohmann::ordered_json groups = nlohmann::ordered_json::array();
  for (const auto& u : g.groups) groups.push_back({{"first_unit", u.first}, {"units", u.units}, {"label", u.label}});
  const nlohmann::ordered_json j{{"format", kFormat}, {"version", kVersion}, {"fingerprint", hex16(g.fingerprint)},
                                 {"units", g.units()}, {"kind", g.kind},       {"chunk", g.chunk},
                                 {"groups", groups}};
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Every field is checked for its type and value before it is used: a file edited by hand, cut
// short or left by another plan must give the default grouping, never a wrong one.
UnitGroups parse_unit_groups(std::string_view text, const JournalHeader& h) {
  const auto bad = [](const std::string& why) { return std::invalid_argument(why); };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw bad(std::string("not JSON (") + e.what() + ")");
  }
  if (!j.is_object() || j.value("format", std::string()) != kFormat)
    throw bad(std::string("not a ") + kFormat + " file");
  const auto unsigned_at = [&](const nlohmann::json& o, const char* key, const std::string& where) {
    if (!o.contains(key) || !o[key].is_number_unsigned())
      throw bad(where + "\"" + key + "\" is not an unsigned integer");
    return o[key].get<std::uint64_t>();
  };
  if (unsigned_at(j, "version", "") != kVersion)
    throw bad("format version " + j["version"].dump() + " (this gridenum reads 1)");
  const auto fp = j.contains("fingerprint") && j["fingerprint"].is_string()
                      ? parse_hex16(j["fingerprint"].get<std::string>())
                      : std::nullopt;
  if (!fp) throw bad("no fingerprint");
  if (*fp != h.fingerprint)
    throw bad("of another plan (fingerprint " + hex16(*fp) + ", the journal's is " + hex16(h.fingerprint) + ")");
  if (unsigned_at(j, "units", "") != h.units)
    throw bad("for " + j["units"].dump() + " units, the journal's plan has " + std::to_string(h.units));
  UnitGroups g;
  g.fingerprint = *fp;
  if (!j.contains("kind") || !j["kind"].is_string() || j["kind"].get<std::string>().empty()) throw bad("no kind");
  g.kind = j["kind"].get<std::string>();
  g.chunk = unsigned_at(j, "chunk", "");
  if (g.chunk == 0) throw bad("chunk 0");
  if (!j.contains("groups") || !j["groups"].is_array() || j["groups"].empty()) throw bad("no groups");
  std::uint64_t end = 0;
  for (std::size_t i = 0; i < j["groups"].size(); ++i) {
    const nlohmann::json& o = j["groups"][i];
    const std::string where = "group " + std::to_string(i + 1) + ": ";
    if (!o.is_object()) throw bad(where + "not an object");
    UnitGroup u;
    u.first = unsigned_at(o, "first_unit", where);
    u.units = unsigned_at(o, "units", where);
    if (!o.contains("label") || !o["label"].is_string()) throw bad(where + "no label");
    u.label = o["label"].get<std::string>();
    if (u.first != end) throw bad(where + "starts at unit " + std::to_string(u.first) + ", not " + std::to_string(end));
    if (u.units == 0 || u.units > h.units - end) throw bad(where + std::to_string(u.units) + " units do not fit the plan");
    end += u.units;
    g.groups.push_back(std::move(u));
  }
  if (end != h.units) throw bad("the groups end at unit " + std::to_string(end) + " of " + std::to_string(h.units));
  return g;
}

std::optional<UnitGroups> read_unit_groups(const std::filesystem::path& path, const JournalHeader& h, std::string& why) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    why = path.string() + " does not exist (a job started before gridenum wrote it)";
    return std::nullopt;
  }
  try {
    return parse_unit_groups(read_whole_file(path), h);
  } catch (const std::exception& e) {
    why = path.string() + ": " + e.what();
    return std::nullopt;
  }
}

}  // namespace gridenum
