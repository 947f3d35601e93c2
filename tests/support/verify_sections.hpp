// The section of a verify report whose title starts with a prefix, for tests that read one part
// of a report (tests/verify). nullptr when there is none.
#pragma once

#include <string>

#include "gridenum/verify/verify.hpp"

namespace gridenum::test_support {

inline const VerifySection* section(const VerifyReport& r, const std::string& prefix) {
  for (const auto& s : r.sections)
    if (s.title.rfind(prefix, 0) == 0) return &s;
  return nullptr;
}

}  // namespace gridenum::test_support
