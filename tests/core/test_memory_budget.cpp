// The memory budget (core/memory_budget.hpp): reservations against a limit, refusals that take
// nothing, the peak; sizes as users write them; what this machine gives a process.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "gridenum/core/memory_budget.hpp"

using namespace gridenum;

TEST(MemoryBudget, ReservesUpToTheLimitAndRefusesPastIt) {
  MemoryBudget b(1000);
  b.reserve(600);
  b.reserve(400);  // exactly the limit
  EXPECT_EQ(b.held(), 1000u);
  try {
    b.reserve(1);
    FAIL() << "a reservation past the limit was granted";
  } catch (const MemoryBudgetExceeded& e) {
    EXPECT_EQ(e.wanted, 1u);
    EXPECT_EQ(e.held, 1000u);
    EXPECT_EQ(e.limit, 1000u);
    EXPECT_NE(std::string(e.what()).find("memory limit"), std::string::npos) << e.what();
  }
  EXPECT_EQ(b.held(), 1000u) << "a refused reservation must take nothing";
  b.release(600);
  b.reserve(500);
  EXPECT_EQ(b.held(), 900u);
  EXPECT_EQ(b.peak(), 1000u);
  b.release(900);
  EXPECT_EQ(b.held(), 0u);
}

TEST(MemoryBudget, NoLimitCountsThePeak) {
  MemoryBudget b;  // 0: no limit
  b.reserve(std::uint64_t{1} << 40);
  b.release(std::uint64_t{1} << 40);
  b.reserve(5);
  EXPECT_EQ(b.peak(), std::uint64_t{1} << 40);
  EXPECT_EQ(b.held(), 5u);
}

// Many threads reserving and releasing: the limit holds at every moment (peak) and the books
// balance at the end.
TEST(MemoryBudget, ThreadsNeverPassTheLimit) {
  MemoryBudget b(10'000);
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&b, t] {
      for (int i = 0; i < 20'000; ++i) {
        const std::uint64_t n = 1000 + static_cast<std::uint64_t>((i * 7 + t * 13) % 3000);
        try {
          b.reserve(n);
          b.release(n);
        } catch (const MemoryBudgetExceeded&) {
        }
      }
    });
  for (auto& t : ts) t.join();
  EXPECT_LE(b.peak(), 10'000u);
  EXPECT_EQ(b.held(), 0u);
}

TEST(MemoryBudget, ParsesSizesWithBinaryUnits) {
  EXPECT_EQ(parse_memory_size("20G"), std::uint64_t{20} << 30);
  EXPECT_EQ(parse_memory_size("20GiB"), std::uint64_t{20} << 30);
  EXPECT_EQ(parse_memory_size("20gb"), std::uint64_t{20} << 30);
  EXPECT_EQ(parse_memory_size("512M"), std::uint64_t{512} << 20);
  EXPECT_EQ(parse_memory_size("1.5G"), std::uint64_t{3} << 29);
  EXPECT_EQ(parse_memory_size("4096K"), std::uint64_t{4} << 20);
  EXPECT_EQ(parse_memory_size("2T"), std::uint64_t{2} << 40);
  EXPECT_EQ(parse_memory_size("1073741824"), std::uint64_t{1} << 30);
  for (const char* bad : {"", "G", "lots", "-1G", "0", "0G", "1.2.3G", "20X", "20 G B", ".", "1e9"})
    EXPECT_FALSE(parse_memory_size(bad)) << "'" << bad << "' was taken";
}

TEST(MemoryBudget, FormatsBytesForPeople) {
  EXPECT_EQ(format_bytes(12), "12 bytes");
  EXPECT_EQ(format_bytes(950 * 1024), "950 KiB");
  EXPECT_EQ(format_bytes(136ULL << 20), "136 MiB");
  EXPECT_EQ(format_bytes((42ULL << 30) / 10), "4.2 GiB");
}

// This machine gives the process something, and the default limit is below it.
TEST(MemoryBudget, MachineMemoryIsKnown) {
  const std::uint64_t m = memory_available();
  ASSERT_GT(m, std::uint64_t{64} << 20) << "less than 64 MiB, or unreadable";
  EXPECT_LT(default_memory_limit(), m);
  EXPECT_GE(default_memory_limit(), m / 10 * 9 - 1);
}
