// The 4x3 F table cache against a forged slot (count/three_band/three_band_cache.hpp). 4x3's
// table (300 million slots, 1.2 GB) takes minutes to build, so it is not built here: a table
// filled from a pattern stands in for it (the checks on read look at bytes, not at what they
// mean), is written, and one slot is changed:
//  - with its type's and the header's FNV checksums recomputed (what version 1 of the file let
//    through): refused, the SHA-256 of the slots differing from the header's;
//  - with the SHA-256 recomputed too: 4x3 is above the whole-comparison limit, so the read
//    cannot tell, and the digest it reports is the forged table's, not the written one's: the
//    result names the table it used (the documented limit, three_band_cache.hpp).
// Label long: about 10 s alone and 23 s in CI's slow tier beside other tests, 2.5 GB of memory and
// 1.2 GB on /tmp, moved here from the slow tier to keep CI inside its budget. The fast tier keeps
// the same path on 2x3 and 3x3 (test_three_band_cache.cpp, ForgedSlotIsRefusedOnEveryShape: with
// the whole comparison switched off, a forged file with its digest recomputed loads and names
// itself by the forged digest).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/three_band/three_band_cache.hpp"

using namespace gridenum;
namespace fs = std::filesystem;

namespace {

using gridenum::testing::TempDir;

// Adds one to slot `k` of type `t` in the file, in place; then recomputes that type's FNV checksum
// and the header's, as a forger would, and writes `digest` as the SHA-256 when given.
void forge_slot(const fs::path& file, const ThreeBandCounter& c, std::size_t t, std::uint64_t k, const std::string* digest) {
  const std::size_t types = c.table_types();
  const std::uint64_t slots = c.table_slots_per_type();
  const std::size_t head = 152 + 8 * types;
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(f);
  // The forged type's slots, one changed, and their FNV word checksum (three_band_cache.cpp).
  std::vector<std::uint32_t> v(slots);
  f.seekg(static_cast<std::streamoff>(head + 4 * t * slots));
  f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(slots * 4));
  v[k] += 1;
  f.seekp(static_cast<std::streamoff>(head + 4 * t * slots + 4 * k));
  f.write(reinterpret_cast<const char*>(&v[k]), 4);
  std::uint64_t h = kFnvOffset ^ slots;
  std::uint64_t i = 0;
  for (; i + 1 < slots; i += 2) {
    std::uint64_t w;
    std::memcpy(&w, v.data() + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
  }
  if (i < slots) h = (h ^ v[i]) * 0x100000001b3ull;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 32;
  std::string header(head - 8, '\0');
  f.seekg(0);
  f.read(header.data(), static_cast<std::streamsize>(header.size()));
  std::memcpy(header.data() + 80 + 8 * t, &h, 8);
  if (digest) header.replace(80 + 8 * types, 64, *digest);
  const std::uint64_t head_sum = fnv1a64(header);
  f.seekp(0);
  f.write(header.data(), static_cast<std::streamsize>(header.size()));
  f.write(reinterpret_cast<const char*>(&head_sum), 8);
  ASSERT_TRUE(f.flush());
}

TEST(ThreeBandCache12Long, ForgedSlotOfTheFourByThreeTable) {
  const Shape s{4, 3};
  ThreeBandCounter::TableSource pattern;
  pattern.fill = [](std::size_t t, std::uint32_t* data, std::uint64_t slots) {
    for (std::uint64_t k = 0; k < slots; ++k) data[k] = 1 + static_cast<std::uint32_t>((k * 2654435761u + t) % 1000u);
  };
  const ThreeBandCounter table(s, 2, pattern);
  const std::string written = three_band_table_sha256(table);
  TempDir d;
  const fs::path file = three_band_cache_file(d.path, s);
  save_three_band_cache(table, file);
  std::string why, digest;
  // Read back as written: loads (no spot checks: the pattern is no table of colouring counts).
  ASSERT_TRUE(load_three_band_cache(s, 2, file, 0, &why, &digest)) << why;
  EXPECT_EQ(digest, written);

  // (a) the FNV checksums recomputed, the SHA-256 left: refused.
  forge_slot(file, table, 3, 12345, nullptr);
  EXPECT_FALSE(load_three_band_cache(s, 2, file, 0, &why, &digest));
  EXPECT_NE(why.find("SHA-256 of its slots is not the one its header records"), std::string::npos) << why;

  // (b) the SHA-256 recomputed too (the forged table's digest, computed from a copy): loads, and
  // names itself by a digest that is not the written table's.
  ThreeBandCounter::TableSource forged;
  forged.fill = [&](std::size_t t, std::uint32_t* data, std::uint64_t slots) {
    std::memcpy(data, table.table_data(t), slots * 4);
    if (t == 3) data[12345] += 1;
  };
  const std::string forged_digest = three_band_table_sha256(ThreeBandCounter(s, 2, forged));
  save_three_band_cache(table, file);  // the written table again, then forged with the digest
  forge_slot(file, table, 3, 12345, &forged_digest);
  ASSERT_TRUE(load_three_band_cache(s, 2, file, 0, &why, &digest)) << why;
  EXPECT_EQ(digest, forged_digest);
  EXPECT_NE(digest, written);
}

}  // namespace
