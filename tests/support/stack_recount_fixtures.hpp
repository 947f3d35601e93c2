// The stack recount (verify/stack_recount.hpp) against the symmetry kernels, class by class, over
// every relabelling type: shared by test_stack_recount.cpp (small shapes) and
// slow_stack_recount.cpp (2x4).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/stack_recount.hpp"

namespace gridenum::test_support {

// Every non-identity class of s (untransposed group): the recount over all cycle types equals the
// kernels' f, and a type the kernels' necessary conditions rule out counts nothing.
inline void expect_every_class_agrees(Shape s, int* compared, int* fixing) {
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const auto all_types = partitions(s.n());
  for (const SymmetryClass& cls : grp.classes) {
    if (cls.rep.is_identity()) continue;
    EXPECT_TRUE(stack_recount_applies(s, cls.rep)) << cls.text;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    const StackRecount again = stack_recount(s, cls.rep, all_types, 2);
    EXPECT_EQ(to_string(again.grids), to_string(kernel.grids)) << s.rows << "x" << s.cols << ": " << cls.text;
    for (std::size_t t = 0; t < all_types.size(); ++t) {
      bool allowed = false;
      for (const CycleType& k : kernel.relabel_types) allowed = allowed || k == all_types[t];
      if (!allowed) {
        EXPECT_EQ(to_string(again.per_type[t]), "0") << cls.text << " type " << type_string(all_types[t]);
      }
    }
    ++*compared;
    if (kernel.grids != 0) ++*fixing;
  }
}

}  // namespace gridenum::test_support
