// The 9x9 completion kernels unit by unit: the partition kernel (the product's) against the plain
// backtracking kernel on the first and last slice of four classes. Each backtracking unit takes
// seconds (about 25 s in all on this machine), so the check is label slow; test_completion.cpp
// checks both kernels against brute force on every unit of the small shapes.
#include <gtest/gtest.h>

#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/stack/reducer.hpp"

using namespace gridenum;

TEST(KernelsSlow, NineByNineSampleUnitsAgree) {
  const Shape s{3, 3};
  const Catalogue cat = build_catalogue(s);
  const StackList stacks = build_stack_list(s);
  const Plan plan = make_plan(cat, stacks, 64);
  const CompletionCounter fast(cat, stacks, Kernel::Partition), slow(cat, stacks, Kernel::Backtrack);
  for (std::uint32_t cls : {0u, 7u, 21u, 43u})
    for (std::uint32_t k : {0u, 63u}) {
      const WorkUnit& u = plan.units[cls * 64 + k];
      EXPECT_EQ(to_string(fast.count(u)), to_string(slow.count(u))) << "unit " << u.id;
    }
}
