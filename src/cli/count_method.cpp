// `gridenum count --method signature` (see count_method.hpp).
#include "count_method.hpp"

#include <iostream>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::cli {

void run_count_signature(const std::string& shape, int threads, bool json) {
  const Shape s = parse_box_shape(shape);
  check_shape(s, signature_shape_error(s), "--method");
  const SignatureResult r = count_signature(s, threads);
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

}  // namespace gridenum::cli
