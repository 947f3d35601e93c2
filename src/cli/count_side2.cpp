// `gridenum count` for the side-2 routes (see count_method.hpp and count/side2.hpp): the run and
// its output, kept out of cmd_count.cpp so that file only gains the method names and a dispatch.
#include <iostream>

#include "command.hpp"
#include "count_method.hpp"
#include "gridenum/count/side2.hpp"

namespace gridenum::cli {

void run_count_side2(const Shape& shape, const std::string& method, int threads, bool json) {
  Side2Route route{};
  if (!parse_side2_route(method, route)) throw CLI::ValidationError("--method", "expected two-stack or two-band, got '" + method + "'");
  if (auto why = side2_shape_error(shape)) throw CLI::ValidationError("--method", *why);
  Side2Options opt;
  opt.shape = shape;
  opt.route = route;
  opt.threads = threads;
  const Side2Result r = run_side2_count(opt);
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

}  // namespace gridenum::cli
