// The footprint counter (count/side2/two_stack_split.hpp) against the matching-removal counter
// (two_stack_fillings, which shares no code with it), shared by the fast checks
// (tests/count/test_two_stack_split.cpp: the small shapes and a few 10-digit classes) and the
// slow ones (tests/count/slow_two_stack_split_12.cpp: every 14th 10-digit class, more random
// configurations, a 12-digit class) and the long ones (long_two_stack_split_12.cpp).
#pragma once

#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>

#include <random>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/side2/two_stack_split.hpp"
#include "side2_fixtures.hpp"

namespace gridenum::test_support {

// Every stride-th class of the m-set side-2 class table, from class `first` (0-based): F by the
// footprint counter on one and on two threads equals matching removal's. Returns the classes
// checked.
inline std::size_t expect_split_agrees_on_classes(int m, std::size_t stride, std::size_t first = 0) {
  tbb::task_arena arena(2);
  const TwoStackClasses classes(m, 2);
  const auto& list = classes.table().classes;
  std::size_t checked = 0;
  for (std::size_t i = first; i < list.size(); i += stride) {
    const Side2Config& c = list[i].representative;
    const u128 want = two_stack_fillings(c);
    EXPECT_EQ(two_stack_fillings_split(c, nullptr, 1), want) << "m = " << m << ", class " << i + 1;
    arena.execute([&] { EXPECT_EQ(two_stack_fillings_split(c, nullptr, 2), want) << "m = " << m << ", class " << i + 1; });
    ++checked;
  }
  return checked;
}

// `count` random m-set configurations (seeded) and a random image of each under the class group:
// the footprint counter's F equals matching removal's on both.
inline void expect_split_agrees_on_random(int m, int count, unsigned seed) {
  std::mt19937 rng(seed);
  for (int t = 0; t < count; ++t) {
    const Side2Config c = random_config(m, rng);
    const u128 f = two_stack_fillings(c);
    EXPECT_EQ(two_stack_fillings_split(c), f) << config_string(c);
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(two_stack_fillings_split(img), f) << config_string(img);
  }
}

// Configurations written out ("123456 123456 ...", m digits a set): the footprint counter on two
// threads, with at least one transition between its stack states, equals matching removal's F.
inline void expect_split_agrees_on_configs(int m, std::initializer_list<const char*> texts) {
  tbb::task_arena arena(2);
  for (const char* text : texts) {
    const auto c = parse_config_string(text, m);
    ASSERT_TRUE(c.has_value()) << text;
    SplitStats st;
    u128 split = 0;
    arena.execute([&] { split = two_stack_fillings_split(*c, &st, 2); });
    EXPECT_EQ(split, two_stack_fillings(*c)) << text;
    EXPECT_GT(st.transitions, 0u) << text;
  }
}

}  // namespace gridenum::test_support
