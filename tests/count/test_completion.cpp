// Completion kernels: the partition kernel against the plain backtracking kernel unit by unit,
// and both against brute-force completion counts of the class representatives.
#include <gtest/gtest.h>

#include "brute.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/stack/reducer.hpp"
#include "param_names.hpp"

using namespace gridenum;

namespace {

class Kernels : public ::testing::TestWithParam<const char*> {};

TEST_P(Kernels, PartitionEqualsBacktrackEqualsBruteForce) {
  const Shape s = *Shape::parse(GetParam());
  const Catalogue cat = build_catalogue(s);
  const StackList stacks = build_stack_list(s);
  const Plan plan = make_plan(cat, stacks, 3);
  const CompletionCounter fast(cat, stacks, Kernel::Partition), slow(cat, stacks, Kernel::Backtrack);
  std::vector<u128> n_star(cat.classes.size(), 0);
  for (const WorkUnit& u : plan.units) {
    const u128 a = fast.count(u), b = slow.count(u);
    EXPECT_EQ(to_string(a), to_string(b)) << "unit " << u.id;
    n_star[u.cls] += a;
  }
  for (std::size_t c = 0; c < cat.classes.size(); ++c)
    EXPECT_EQ(to_string(n_star[c] * stack_symmetry_factor(s)),
              std::to_string(testref::brute_completions(s, cat.classes[c].representative)))
        << "class " << c;
}

INSTANTIATE_TEST_SUITE_P(Shapes, Kernels, ::testing::Values("2x2", "2x3", "3x2"),
                         gridenum::testing::shape_param_name);

// Releasing a class's tables and counting again gives the same answer.
TEST(Kernels, ReleaseAndRecount) {
  const Shape s{2, 3};
  const Catalogue cat = build_catalogue(s);
  const StackList stacks = build_stack_list(s);
  const Plan plan = make_plan(cat, stacks, 1);
  const CompletionCounter k(cat, stacks, Kernel::Partition);
  const u128 a = k.count(plan.units[0]);
  k.release(plan.units[0].cls);
  EXPECT_EQ(to_string(a), to_string(k.count(plan.units[0])));
}

// The stack-side tables built apart (as the job layer builds them, beside the catalogue) give
// the counts the counter gets with its own, one counter's tables serve another, and tables of
// another stack list are refused.
TEST(Kernels, StackTablesBuiltApart) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}, Shape{2, 4}}) {
    const Catalogue cat = build_catalogue(s);
    const StackList stacks = build_stack_list(s);
    const Plan plan = make_plan(cat, stacks, 2);
    const auto tables = build_partition_stack_tables(stacks);
    const CompletionCounter own(cat, stacks, Kernel::Partition), given(cat, stacks, Kernel::Partition, std::nullopt, tables),
        again(cat, stacks, Kernel::Partition, std::nullopt, tables);
    for (const auto& u : plan.units) {
      EXPECT_EQ(to_string(given.count(u)), to_string(own.count(u))) << s.str() << " unit " << u.id;
      EXPECT_EQ(to_string(again.count(u)), to_string(own.count(u))) << s.str() << " unit " << u.id;
    }
  }
  const Catalogue cat = build_catalogue(Shape{2, 3});
  const StackList stacks = build_stack_list(Shape{2, 3});
  const auto other = build_partition_stack_tables(build_stack_list(Shape{3, 2}));
  EXPECT_THROW(CompletionCounter(cat, stacks, Kernel::Partition, std::nullopt, other), std::invalid_argument);
}

TEST(Kernels, OutOfRangeUnitIsAnError) {
  const Shape s{2, 2};
  const Catalogue cat = build_catalogue(s);
  const StackList stacks = build_stack_list(s);
  const CompletionCounter k(cat, stacks, Kernel::Partition);
  EXPECT_THROW(k.count(WorkUnit{0, 99, 0, 1}), std::out_of_range);
  EXPECT_THROW(k.count(WorkUnit{0, 0, 0, stacks.size() + 1}), std::out_of_range);
}

TEST(Kernels, Names) {
  Kernel k;
  EXPECT_TRUE(parse_kernel("backtrack", k));
  EXPECT_EQ(k, Kernel::Backtrack);
  EXPECT_TRUE(parse_kernel("partition", k));
  EXPECT_EQ(to_string(k), "partition");
  EXPECT_FALSE(parse_kernel("fast", k));
}

}  // namespace

// The hot loops are compiled once per instruction-set level (core/cpu.hpp, count/isa/): every
// level this CPU runs gives the same unit counts as the scalar backtracking kernel on small
// shapes and the same counts as each other on a spread of 9x9 units, whose byte tables take the
// blocked dot products (T = 3136: 6 full blocks of 512 and a last one of 64).
TEST(Completion, EveryInstructionSetLevelCountsAlike) {
  const auto levels = supported_isas();
  ASSERT_FALSE(levels.empty());
  EXPECT_EQ(levels.front(), Isa::Baseline);
  for (Shape s : {Shape{2, 3}, Shape{3, 2}, Shape{2, 2}}) {
    const Catalogue cat = build_catalogue(s);
    const StackList st = build_stack_list(s);
    const Plan plan = make_plan(cat, st, 3);
    const CompletionCounter ref(cat, st, Kernel::Backtrack);
    for (Isa isa : levels) {
      const CompletionCounter k(cat, st, Kernel::Partition, isa);
      EXPECT_EQ(k.isa(), isa);
      for (const auto& u : plan.units) EXPECT_TRUE(k.count(u) == ref.count(u)) << s.str() << " " << to_string(isa) << " unit " << u.id;
    }
  }
  const Catalogue cat = build_catalogue({3, 3});
  const StackList st = build_stack_list({3, 3});
  const Plan plan = make_plan(cat, st, 0);
  const CompletionCounter base(cat, st, Kernel::Partition, Isa::Baseline);
  for (Isa isa : levels) {
    const CompletionCounter k(cat, st, Kernel::Partition, isa);
    for (std::size_t i = 0; i < plan.units.size(); i += 37)
      EXPECT_TRUE(k.count(plan.units[i]) == base.count(plan.units[i])) << to_string(isa) << " unit " << i;
  }
}

TEST(Completion, InstructionSetNames) {
  for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512}) EXPECT_EQ(parse_isa(to_string(isa)), isa);
  EXPECT_FALSE(parse_isa("sse9"));
  EXPECT_TRUE(isa_supported(Isa::Baseline));
}
