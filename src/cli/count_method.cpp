// `gridenum count --method signature` (see count_method.hpp).
#include "count_method.hpp"

#include <iostream>

#include "command.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::cli {

void run_count_signature(const std::string& shape, int threads, bool json) {
  const auto s = Shape::parse(shape);
  if (!s) throw CLI::ValidationError("--shape", "expected RxC, e.g. 3x3, got '" + shape + "'");
  if (auto why = signature_shape_error(*s)) throw CLI::ValidationError("--method", *why);
  const SignatureResult r = count_signature(*s, threads);
  if (json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

}  // namespace gridenum::cli
