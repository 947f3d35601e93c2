// Readable names for parameterised tests (ctest shows a test by its name: without a generator,
// GoogleTest numbers the instances and the discovery prints the parameter's bytes).
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace gridenum::testing {

// A box shape given as text ("2x3"): the instance is named by it.
inline std::string shape_param_name(const ::testing::TestParamInfo<const char*>& info) { return info.param; }

}  // namespace gridenum::testing
