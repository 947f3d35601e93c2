// What a test fixture throws when its data is missing, unreadable or empty: the test fails
// loudly and never passes having checked nothing (tests/puzzle/test_fixtures.cpp checks this of
// the puzzle fixtures).
#pragma once

#include <stdexcept>

namespace gridenum::testing {

struct FixtureError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gridenum::testing
