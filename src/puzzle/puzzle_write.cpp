// Puzzle writers (puzzle_write.hpp): the inverse of the readers in puzzle_io.cpp, format by
// format. Kept beside the readers and checked against them (write, read, compare the models) in
// tests/puzzle/test_puzzle_write.cpp.
#include "gridenum/puzzle/puzzle_write.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gridenum/core/errors.hpp"

namespace gridenum {

namespace {

bool is_killer(const Model& m) { return (m.rules & kRuleKiller) != 0; }
bool is_jigsaw(const Model& m) { return (m.rules & kRuleJigsaw) != 0; }

bool has_givens(const Model& m) {
  for (int d : m.givens)
    if (d != 0) return true;
  return false;
}

// Givens (or a solution) as symbols; an empty grid is all blanks.
std::string symbols(const std::vector<int>& grid, int cells) {
  if (grid.empty()) return std::string(static_cast<std::size_t>(cells), '.');
  std::string s;
  s.reserve(grid.size());
  for (int d : grid) s += digit_symbol(d);
  return s;
}

// Region ids as symbols, renumbered in reading order of first appearance (the reader's ids).
std::string region_symbols(const Model& m) {
  std::vector<int> id(static_cast<std::size_t>(m.n), -1);
  int next = 0;
  std::string s;
  for (int r : m.region) {
    if (id[r] < 0) id[r] = next++;
    s += digit_symbol(id[r] + 1);
  }
  return s;
}

std::string cages_text(const Model& m) {
  std::string s;
  for (std::size_t k = 0; k < m.cages.size(); ++k) {
    if (k) s += ';';
    s += fmt::format("{}:", m.cages[k].sum);
    for (std::size_t i = 0; i < m.cages[k].cells.size(); ++i) {
      if (i) s += ',';
      s += fmt::format("{}", m.cages[k].cells[i]);
    }
  }
  return s;
}

}  // namespace

std::string rules_text(unsigned rules) {
  std::string s;
  const auto add = [&s](const char* name) {
    if (!s.empty()) s += ',';
    s += name;
  };
  if (rules & kRuleJigsaw) add("jigsaw");
  if (rules & kRuleKiller) add("killer");
  if (rules & kRuleX) add("x");
  if (rules & kRuleWindoku) add("windoku");
  return s.empty() ? "classic" : s;
}

std::optional<std::string> line_format_problem(unsigned rules, bool givens, bool with_count) {
  const bool killer = rules & kRuleKiller, jigsaw = rules & kRuleJigsaw;
  if (killer) {
    if (jigsaw) return "a killer line has no place for jigsaw regions (use the JSON format)";
    if (givens) return "a killer line has no place for givens (use the JSON format)";
  }
  if (with_count && (killer || jigsaw))
    return "jigsaw and killer lines have no place for a solution count (use the JSON format)";
  return std::nullopt;
}

std::optional<std::string> line_format_problem(const Model& m, bool with_count) {
  return line_format_problem(m.rules, has_givens(m), with_count);
}

std::string write_puzzle_line(const Model& m, const std::vector<int>& solution, std::optional<std::uint64_t> count) {
  if (auto why = line_format_problem(m, count.has_value())) throw InputError(*why);
  const int cells = m.cells();
  std::string s;
  if (is_killer(m)) {
    s = fmt::format("{}|{}|{}", m.n, m.box.str(), cages_text(m));
    if (!solution.empty()) s += fmt::format("|{}", symbols(solution, cells));
  } else if (is_jigsaw(m)) {
    s = fmt::format("{}|{}|{}", m.n, symbols(m.givens, cells), region_symbols(m));
    if (!solution.empty()) s += fmt::format("|{}", symbols(solution, cells));
  } else {
    s = symbols(m.givens, cells);
    if (count) s += fmt::format(":{}:", *count);
    if (!solution.empty() && (!count || *count == 1)) s += fmt::format("{}{}", count ? "" : ":", symbols(solution, cells));
  }
  return s;
}

std::string write_puzzle_json(const Model& m, const std::vector<int>& solution, std::optional<std::uint64_t> count) {
  // nlohmann's ordered_json keeps the members in the order written here (readable, stable).
  nlohmann::ordered_json j;
  // A jigsaw's regions replace its boxes: it is sized by its side (puzzle_io.cpp, json_shape),
  // not by the 1 x n shape its model holds.
  if (is_jigsaw(m)) j["size"] = m.n;
  else j["shape"] = m.box.str();
  j["rules"] = rules_text(m.rules);
  if (has_givens(m)) j["givens"] = symbols(m.givens, m.cells());
  if (is_jigsaw(m)) j["regions"] = region_symbols(m);
  if (!m.cages.empty()) {
    auto cages = nlohmann::ordered_json::array();
    for (const Cage& k : m.cages) cages.push_back({{"sum", k.sum}, {"cells", k.cells}});
    j["cages"] = std::move(cages);
  }
  if (!solution.empty()) j["solution"] = symbols(solution, m.cells());
  if (count) j["count"] = *count;
  return j.dump();
}

std::string write_puzzle(PuzzleFormat format, const Model& m, const std::vector<int>& solution,
                         std::optional<std::uint64_t> count) {
  return format == PuzzleFormat::Json ? write_puzzle_json(m, solution, count) : write_puzzle_line(m, solution, count);
}

ReadOptions line_read_options(unsigned rules, Shape box) {
  ReadOptions opt;
  opt.rules = rules & (kRuleX | kRuleWindoku);
  if (!(rules & (kRuleKiller | kRuleJigsaw)) && default_shape(box.n()) != box) opt.shape = box;
  return opt;
}

ReadOptions line_read_options(const Model& m) { return line_read_options(m.rules, m.box); }

std::string solve_arguments(unsigned rules, Shape box) {
  const ReadOptions opt = line_read_options(rules, box);
  std::string s;
  if (opt.rules) s = fmt::format("--rules {}", rules_text(opt.rules));
  if (opt.shape) s += fmt::format("{}--shape {}", s.empty() ? "" : " ", opt.shape->str());
  return s;
}

std::string solve_arguments(const Model& m) { return solve_arguments(m.rules, m.box); }

}  // namespace gridenum
