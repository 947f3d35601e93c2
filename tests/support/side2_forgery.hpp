// A side-2 result document forged consistently: one class's F changed by `delta`, and the
// document's own sums (first moment = sum weight x F, total = sum weight x F^2) re-done to agree,
// so that only a check by another path -- the first moment by the array count, a recount of that
// class -- can find it. Returns the new total. Used on 2x4 documents and on the committed 2x6
// certificate (tests/verify/slow_committed_certificates.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"

namespace gridenum::test_support {

inline BigInt forge_side2_class(nlohmann::json& doc, std::size_t index, int delta) {
  auto& c = doc["classes"][index];
  c["F"] = (BigInt(c["F"].get<std::string>()) + delta).str();
  BigInt first = 0, total = 0;
  for (const auto& k : doc["classes"]) {
    const BigInt F(k["F"].get<std::string>());
    first += F * k["weight"].get<std::uint64_t>();
    total += F * F * k["weight"].get<std::uint64_t>();
  }
  doc["first_moment"] = first.str();
  doc["total"] = total.str();
  return total;
}

}  // namespace gridenum::test_support
