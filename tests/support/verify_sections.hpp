// The section of a verify report whose title starts with a prefix, for tests that read one part
// of a report (tests/verify). nullptr when there is none. And whether a report names a problem
// containing a text.
#pragma once

#include <algorithm>
#include <string>

#include "gridenum/verify/verify.hpp"

namespace gridenum::test_support {

inline const VerifySection* section(const VerifyReport& r, const std::string& prefix) {
  for (const auto& s : r.sections)
    if (s.title.rfind(prefix, 0) == 0) return &s;
  return nullptr;
}

inline bool has_problem(const VerifyReport& r, const std::string& text) {
  return std::any_of(r.problems.begin(), r.problems.end(),
                     [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

}  // namespace gridenum::test_support
