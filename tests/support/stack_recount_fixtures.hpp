// The stack recount (verify/stack_recount.hpp) against the symmetry kernels, class by class, over
// every relabelling type: shared by test_stack_recount.cpp (small shapes), slow_stack_recount.cpp
// (a sample of 2x4) and long_stack_recount.cpp (all of 2x4).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/stack_recount.hpp"

namespace gridenum::test_support {

// Every stride-th non-identity class of s (untransposed group, from the first): the recount over
// all cycle types equals the kernels' f, and a type the kernels' necessary conditions rule out
// counts nothing.
inline void expect_every_class_agrees(Shape s, int* compared, int* fixing, int stride = 1) {
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const auto all_types = partitions(s.n());
  int seen = 0;
  for (const SymmetryClass& cls : grp.classes) {
    if (cls.rep.is_identity()) continue;
    if (seen++ % stride != 0) continue;
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

// The 2x5 classes of this kind that no other independent code recounted while the 10x10
// essentially-different figure disagreed with the published one (docs/symmetry.md), by their text.
inline const std::vector<std::string>& two_by_five_stack_keeping_classes() {
  static const std::vector<std::string> classes = {
      "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)(3 4)",  // 731
      "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)",       // 732
      "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4)",                              // 733
      "bands (1 2); bands (3 4); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)(3 4)",                     // 766
  };
  return classes;
}

// The 2x5 classes named: the recount over the types the kernel allows equals the signature
// kernel's f, in the 2x5 orientation and, with `turned`, in the 5x2 one too (rows and columns
// trade places: the recount works through the transposed view, the kernel in its own
// orientation). Returns how many of the names were found.
inline int expect_two_by_five_recounts(const std::vector<std::string>& texts, bool turned) {
  const Shape s{2, 5}, t{5, 2};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  int found = 0;
  for (const SymmetryClass& cls : grp.classes) {
    if (std::find(texts.begin(), texts.end(), cls.text) == texts.end()) continue;
    ++found;
    EXPECT_TRUE(stack_recount_applies(s, cls.rep)) << cls.text;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    EXPECT_NE(kernel.grids, 0u) << cls.text;
    const StackRecount again = stack_recount(s, cls.rep, relabelling_types(s, cls.rep), 0);
    EXPECT_EQ(to_string(again.grids), to_string(kernel.grids)) << cls.text;
    if (!turned) continue;
    const GeometricSymmetry view = transposed_view(cls.rep);
    EXPECT_TRUE(stack_recount_applies(t, view)) << cls.text;
    EXPECT_EQ(to_string(stack_recount(t, view, relabelling_types(t, view), 0).grids), to_string(kernel.grids)) << cls.text;
  }
  return found;
}

}  // namespace gridenum::test_support
