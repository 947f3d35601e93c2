// The orbit generator against the listing one at m = 5 (the listing takes seconds), and
// the 12-digit side-2 class table (TwoStackOrbitClasses, about 15 s to build) and F of
// sampled 2x6 classes, label slow:
//  - 63,199 classes (published), weights summing to 924^6, representatives classified back to
//    their own class, the levels of the augmentation;
//  - random configurations and random images of them under the class group in the same class;
//  - the known check value through the table: the class of "every box's top row holds the same
//    six digits" is its own representative, weight 924 x 2^5, F = 812,851,200^2 by both counters;
//  - F of the most symmetric classes (the end of the table) by the two-stack counter against the
//    two-band counter where the latter finishes in seconds (see the measured costs in
//    side2_range.hpp's users: the two-band counter is impractical for most m = 6 classes).
// The two checks that build the table a second time (side2_classes(TwoStack, 6) is this table;
// the count command's --classes on 2x6 and 6x2, the CLI building it twice) are in the long tier
// (long_side2_12.cpp, about 130 s on AMD EPYC family 23); here the same paths run at 10 digits
// (Side2Slow.SideTwoClassesTakeTenDigitsByTheTwoStackRoute, slow_side2_10.cpp) and through the
// CLI's --classes runs of 2x4 and 2x5 (slow_count_outputs_cli.cpp).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <thread>

#include "gridenum/core/stop.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "side2_fixtures.hpp"

using namespace gridenum;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;

namespace {

const TwoStackOrbitClasses& six() {
  static const TwoStackOrbitClasses t(6, 2);
  return t;
}

}  // namespace

TEST(Side2Slow12, TwelveDigitClasses) {
  const auto& t = six().table();
  EXPECT_EQ(t.classes.size(), 63199u);  // published
  EXPECT_EQ(t.group_order, 46080u);
  EXPECT_EQ(t.configurations, 622345892187672576ull);
  std::uint64_t sum = 0;
  for (const auto& c : t.classes) sum += c.weight;
  EXPECT_EQ(sum, 622345892187672576ull);  // 924^6
  for (std::uint32_t i = 0; i < t.classes.size(); i += 97) EXPECT_EQ(six().class_of(t.classes[i].representative), i);
  // Level by level: one orbit of one box, and the last level is the class table.
  ASSERT_EQ(six().level_classes().size(), 6u);
  EXPECT_EQ(six().level_classes()[0], 1u);
  EXPECT_EQ(six().level_classes()[5], t.classes.size());
}

TEST(Side2Slow12, TwelveDigitClassesDoNotMoveUnderTheGroup) {
  std::mt19937 rng(15);
  for (int i = 0; i < 300; ++i) {
    const Side2Config c = random_config(6, rng);
    const std::uint32_t k = six().class_of(c);
    EXPECT_EQ(six().class_of(random_image(c, rng)), k) << config_string(c);
  }
}

TEST(Side2Slow12, TwoBySixCheckValueThroughTheClassTable) {
  // Every box's top row holds the same six digits: the stack is two 6x6 Latin squares.
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  const auto& t = six().table();
  const Side2Class& cl = t.classes[six().class_of(same)];
  EXPECT_EQ(cl.representative, same);  // its canonical key is the greatest: it is its own representative
  EXPECT_EQ(cl.weight, 924u * 32u);  // S_1 free (924 ways), every other box S_1 or its complement
  for (MethodId r : {MethodId::TwoStack, MethodId::TwoBand}) {
    EXPECT_EQ(to_string(side2_fillings(r, same)), "660727073341440000") << to_string(r);  // 812,851,200^2
    EXPECT_EQ(to_string(side2_fillings(r, cl.representative)), "660727073341440000") << to_string(r);
  }
}

TEST(Side2Slow12, SymmetricClassesFDoesNotMoveUnderTheGroup) {
  // The two-band counter takes most of a minute on these (class 63198: 48 s on one core since its
  // 2026-11-26 speed-up, over 150 s before), so
  // the two-stack counter is checked against itself on random images of the representative
  // (other configurations, other residual graphs in its memo): F depends only on the class.
  std::mt19937 rng(12);
  const auto& t = six().table();
  for (std::uint32_t i : {63197u, 63198u}) {
    const Side2Config& rep = t.classes[i - 1].representative;
    const u128 f = side2_fillings(MethodId::TwoStack, rep);
    const Side2Config img = random_image(rep, rng);
    EXPECT_EQ(six().class_of(img), i - 1);
    EXPECT_EQ(side2_fillings(MethodId::TwoStack, img), f) << "class " << i;
  }
}

TEST(Side2Slow12, OrbitGeneratorMatchesTheListingOneAtTenDigits) {
  const TwoStackClasses a(5);
  const TwoStackOrbitClasses b(5, 2);
  const std::size_t n = a.table().classes.size();
  ASSERT_EQ(b.table().classes.size(), n);
  std::vector<int> seen(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t j = a.class_of(b.table().classes[i].representative);
    ASSERT_LT(j, n);
    ++seen[j];
    EXPECT_EQ(b.table().classes[i].weight, a.table().classes[j].weight) << "class " << i + 1;
    EXPECT_EQ(b.class_of(a.table().classes[j].representative), i);
  }
  for (int k : seen) EXPECT_EQ(k, 1);
  std::mt19937 rng(15);
  for (int i = 0; i < 200; ++i) {
    const Side2Config c = random_config(5, rng);
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(b.class_of(img), b.class_of(c)) << config_string(c);
    EXPECT_EQ(a.class_of(b.table().classes[b.class_of(c)].representative), a.class_of(img)) << config_string(c);
  }
}

// A stop request reaches the two-stack counter inside a class, within 2 s: 2x6's first class
// takes tens of seconds and a GB in the footprint counter, which polls the request every 256
// table slots (a job's SIGINT once waited for the classes in progress to finish: 25 s; at 4,096
// slots the wait was 0.36 s alone and over 2 s beside other tests). The same
// path through a job and the CLI, SIGINT to exit 130, is StopResumeLong.A2x6ClassInProgressStopsWithinTwoSeconds
// (long tier: the job's plan takes half a minute first).
TEST(Side2Slow12, AClassInProgressHearsAStopWithinTwoSeconds) {
  using clock = std::chrono::steady_clock;
  const Side2Config first = six().table().classes[0].representative;
  bool interrupted = false;
  std::optional<clock::time_point> ended;
  std::thread counter([&] {
    try {
      (void)side2_fillings(MethodId::TwoStack, first);
    } catch (const Interrupted&) {
      interrupted = true;
    }
    ended = clock::now();
  });
  std::this_thread::sleep_for(std::chrono::seconds(2));  // well inside the class
  const auto asked = clock::now();
  request_stop();
  counter.join();
  clear_stop_request();
  EXPECT_TRUE(interrupted) << "the class finished within 2 s: choose a longer one";
  ASSERT_TRUE(ended.has_value());
  const double waited = std::chrono::duration<double>(*ended - asked).count();
  std::printf("the class stopped %.3f s after the request\n", waited);  // the margin, in CI's log
  EXPECT_LT(waited, 2.0 * GRIDENUM_TEST_SLOWDOWN);
}
