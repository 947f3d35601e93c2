// Result files kept as FILE.xz (core/stored_file.hpp): found in place of FILE, decompressed to the
// same bytes (a text larger than one decoder buffer, and two streams joined as by cat); FILE
// preferred when both exist; damaged and truncated data an InputError naming the file.
#include "gridenum/core/stored_file.hpp"

#include <gtest/gtest.h>

#include <string>

#include "gridenum/core/errors.hpp"
#include "xz_file.hpp"

namespace gridenum::testing {
namespace {

TEST(StoredFile, PlainOrXzAndTheSameBytes) {
  TempDir t;
  std::string text;
  for (int i = 0; i < 200000; ++i) text += std::to_string(i * 7919 % 100003) + (i % 17 ? "," : "\n");
  ASSERT_GT(text.size(), 1u << 20);
  spit(t / "result.json", text);
  EXPECT_EQ(stored_file(t / "result.json"), t / "result.json");
  EXPECT_EQ(read_stored_file(t / "result.json"), text);
  xz_file(t / "result.json");
  ASSERT_FALSE(fs::exists(t / "result.json"));
  EXPECT_EQ(stored_file(t / "result.json"), t / "result.json.xz");
  EXPECT_EQ(read_stored_file(t / "result.json.xz"), text);
  EXPECT_EQ(stored_name(t / "result.json.xz"), "result.json");
  EXPECT_EQ(stored_name(t / "result.json"), "result.json");
  EXPECT_FALSE(stored_file(t / "result.txt").has_value());
  // Both present: the plain file is the one read.
  spit(t / "result.json", "plain");
  EXPECT_EQ(stored_file(t / "result.json"), t / "result.json");
  // Two streams joined (cat a.xz b.xz), as xz -d reads them.
  spit(t / "two.xz", xz_bytes("first,") + xz_bytes("second"));
  EXPECT_EQ(read_stored_file(t / "two.xz"), "first,second");
  // An empty text round-trips.
  spit(t / "empty.xz", xz_bytes(""));
  EXPECT_EQ(read_stored_file(t / "empty.xz"), "");
}

TEST(StoredFile, DamagedDataIsAnInputErrorNamingTheFile) {
  TempDir t;
  const std::string good = xz_bytes(std::string(100000, 'x') + "end");
  const auto refused = [&](const std::string& bytes, const char* why) {
    spit(t / "bad.json.xz", bytes);
    try {
      (void)read_stored_file(t / "bad.json.xz");
      ADD_FAILURE() << why << ": read without an error";
    } catch (const InputError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find((t / "bad.json.xz").string()), std::string::npos) << m;
      EXPECT_NE(m.find(why), std::string::npos) << m;
    }
  };
  refused(good.substr(0, good.size() / 2), "damaged or truncated");
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x20;
  refused(flipped, "damaged or truncated");
  refused("{\"total\": 1}", "not xz data");
  EXPECT_THROW((void)read_stored_file(t / "missing.xz"), IoError);
}

}  // namespace
}  // namespace gridenum::testing
