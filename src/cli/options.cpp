// Shared option parsing (options.hpp).
#include "options.hpp"

#include "gridenum/core/memory_budget.hpp"

#include <charconv>
#include <cstdint>

#include "gridenum/puzzle/model.hpp"

namespace gridenum::cli {

Shape parse_box_shape(const std::string& text, const std::string& option) {
  const auto s = Shape::parse(text);
  if (!s) throw CLI::ValidationError(option, shape_parse_problem(text, option));
  return *s;
}

std::string shape_refusal(Shape s, const std::string& why, const std::string& option) {
  if (auto degenerate = degenerate_box(s, option)) return *degenerate;
  return why + "; " + shape_meaning(s, option);
}

void refuse_shape(Shape s, const std::string& why, const std::string& option) {
  throw CLI::ValidationError(option, shape_refusal(s, why, option));
}

void check_shape(Shape s, const std::optional<std::string>& why, const std::string& option) {
  if (auto degenerate = degenerate_box(s, option)) throw CLI::ValidationError(option, *degenerate);
  if (why) refuse_shape(s, *why, option);
}

unsigned parse_grid_rules(const std::string& text, const std::string& option) {
  std::string unknown;
  const unsigned rules = parse_rules(text, &unknown);
  if (!unknown.empty())
    throw CLI::ValidationError(option, "unknown rule '" + unknown + "' (classic, x, windoku; comma-separated)");
  if (rules & (kRuleJigsaw | kRuleKiller))
    throw CLI::ValidationError(option, "jigsaw regions and killer cages come from the input's line or JSON format, not "
                                       "from --rules (x, windoku)");
  return rules;
}

unsigned parse_puzzle_rules(const std::string& text, const std::string& option) {
  std::string unknown;
  const unsigned rules = parse_rules(text, &unknown);
  if (!unknown.empty())
    throw CLI::ValidationError(option, "unknown rule '" + unknown +
                                           "' (classic, x, windoku, jigsaw, killer; comma-separated, e.g. jigsaw,x)");
  return rules;
}

CLI::Validator count_validator(std::uint64_t min) {
  return CLI::Validator(
      [min](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < min)
          return "expected a whole number from " + std::to_string(min) + " to 18446744073709551615, got '" + text + "'";
        return {};
      },
      "COUNT");
}

std::uint64_t parse_memory_limit_option(const std::string& text, const std::string& option) {
  if (text == "auto") return 0;
  const auto bytes = parse_memory_size(text);
  if (!bytes)
    throw CLI::ValidationError(option, "expected auto or a size such as 20G or 512M (binary units), got '" + text + "'");
  return *bytes;
}

}  // namespace gridenum::cli
