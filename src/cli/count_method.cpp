// `gridenum count --method signature` (see count_method.hpp).
#include "count_method.hpp"

#include <iostream>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/count/side2_range.hpp"
#include "gridenum/count/three_band_run.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::cli {

void run_count_signature(const std::string& shape, int threads, bool json) {
  const Shape s = parse_box_shape(shape);
  check_shape(s, signature_shape_error(s), "--method");
  const SignatureResult r = count_signature(s, threads);
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

namespace {

// "A:B", "A" or (when allowed) "all" -> 1-based inclusive range; all = 0:0.
std::pair<std::uint64_t, std::uint64_t> parse_class_range(const std::string& classes, bool allow_all) {
  std::uint64_t first = 0, last = 0;
  if (!allow_all || classes != "all") {
    const auto colon = classes.find(':');
    auto number = [&](const std::string& t) -> std::uint64_t {
      if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
        throw CLI::ValidationError("--classes", std::string("expected A:B (class numbers from 1, A <= B)") +
                                                    (allow_all ? " or all" : "") + ", got '" + classes + "'");
      return std::stoull(t);
    };
    if (colon == std::string::npos) {
      first = last = number(classes);
    } else {
      first = number(classes.substr(0, colon));
      last = number(classes.substr(colon + 1));
    }
    if (first < 1 || first > last)
      throw CLI::ValidationError("--classes", "expected A:B with 1 <= A <= B, got '" + classes + "'");
  }
  return {first, last};
}

}  // namespace

void run_count_three_band(const std::string& shape, const std::string& classes, int threads, const std::string& table_cache,
                          std::uint64_t memory_limit, bool json) {
  const Shape s = parse_box_shape(shape);
  const auto [first, last] = parse_class_range(classes, true);
  ThreeBandRun r;
  try {
    auto state = three_band_state(s, threads);
    state->table_cache = table_cache;
    state->memory_limit = memory_limit;
    r = run_three_band(s, first, last, threads, {}, state.get());
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--classes", e.what());
  }
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

}  // namespace gridenum::cli

namespace gridenum::cli {

void run_count_side2_range(const std::string& shape, const std::string& classes, const std::string& method, int threads,
                           std::uint64_t memory_limit, bool json) {
  const Shape s = parse_box_shape(shape);
  check_shape(s, side2_range_shape_error(s), "--classes");
  Side2Route route{};
  if (!parse_side2_route(method, route)) throw CLI::ValidationError("--method", "expected two-stack or two-band, got " + method);
  const auto [first, last] = parse_class_range(classes, true);
  Side2RangeResult r;
  try {
    r = run_side2_range(s, route, first, last, threads, memory_limit);
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--classes", e.what());
  }
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

}  // namespace gridenum::cli
