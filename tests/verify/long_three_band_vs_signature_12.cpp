// 4x3 completions by two methods that share no counting code, label long (the whole
// tables of both, about 18 minutes on 2 cores; *_three_band_vs_signature_one_type_12.cpp are
// the cheaper checks of the same counters on one pair type's tables, long and slow): the
// three-band counter (count/three_band/three_band.cpp) against the signature method's pair-type table
// (verify/signature_pairs.cpp), through `verify completions`' library call. Both sets of tables
// are built (minutes each, one after the other: about 3.3 GB, then 1.4 GB).
//
// The classes: the first and the last of the catalogue (the last is the most symmetric band);
// 72,290 and 72,291, whose completions were recorded from the three-band counter's pre-group code
// (one class at a time, commit 21f5608), each with one more class of its prefix group, so that the
// three-band side sums groups (the path a job takes) and each is checked against both the record
// and the signature method; one class drawn from a fixed seed. The signature side sums the same
// groups in its own way. Then the F table cache the run wrote (count/three_band/three_band_cache.hpp; in the
// build tree's test-cache/, for long_three_band_shard_kill_12 after it) is read back and counts
// the group of 72,290 again.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <set>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band_cache.hpp"
#include "gridenum/verify/three_band_verify.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::section;

TEST(ThreeBandVsSignatureLong, FourByThreeClassesAgree) {
  // The build tree's table cache (test-cache/), which long_three_band_shard_kill_12 reads next.
  const std::filesystem::path cache_dir = GRIDENUM_TEST_TABLE_CACHE;
  const Shape s{4, 3};
  const auto cat = build_signature_catalogue(s, 2);
  ASSERT_EQ(cat.classes.size(), 144578u);
  // 72,290 and 72,291 with one more class of each one's prefix group.
  std::set<std::uint32_t> classes{1, 72290, 72291, 144578};
  for (std::uint32_t c : {72290u, 72291u}) {
    const SignatureKey prefix = signature_prefix_form(s, cat.classes[c - 1].key).prefix;
    for (std::uint32_t i = 0; i < cat.classes.size(); ++i)
      if (i + 1 != c && signature_prefix_form(s, cat.classes[i].key).prefix == prefix) {
        classes.insert(i + 1);
        break;
      }
  }
  ASSERT_EQ(classes.size(), 6u);
  std::mt19937_64 rng(15);
  while (classes.size() < 7) classes.insert(static_cast<std::uint32_t>(1 + rng() % cat.classes.size()));

  VerifyThreeBandOptions o;
  o.shape = Shape{3, 4};  // through 4x3, as the CLI does
  o.classes.assign(classes.begin(), classes.end());
  o.threads = 2;
  o.table_cache = cache_dir;
  const VerifyReport r = verify_three_band_completions(o);
  std::cout << format_text(r, true);  // the times and figures, in the test log
  EXPECT_TRUE(r.pass());
  const VerifySection* sec = section(r, "completions of each class");
  ASSERT_NE(sec, nullptr);
  ASSERT_EQ(sec->lines.size(), 7u);
  std::map<std::string, std::string> by_class;
  for (const auto& l : sec->lines) {
    EXPECT_TRUE(l.ok) << l.item;
    EXPECT_EQ(l.left, l.right) << l.item;
    EXPECT_NE(l.left, "0") << l.item;
    by_class[l.item.substr(0, l.item.find(' ', 6))] = l.right;
  }
  // The recorded values, now from the second method (and from the group sum, left = right).
  EXPECT_EQ(by_class["class 72290"], "35810243852760488706048");
  EXPECT_EQ(by_class["class 72291"], "35517005268190529716224");
  const VerifySection* reps = section(r, "configurations counted");
  ASSERT_NE(reps, nullptr);
  EXPECT_EQ(reps->lines.size(), 7u);
  EXPECT_TRUE(r.sampled);
  bool grouped = false;
  bool sig_grouped = false;
  for (const auto& i : r.info) {
    grouped = grouped || i.find("in 5 prefix groups") != std::string::npos;
    sig_grouped = sig_grouped || (i.find("signature method") != std::string::npos && i.find("in 5 groups") != std::string::npos);
  }
  EXPECT_TRUE(grouped) << "expected 7 classes in 5 prefix groups (two of 2 classes)";
  EXPECT_TRUE(sig_grouped) << "expected the signature side to sum the same 5 groups";

  // The F table cache the run wrote (1.2 GB; or read, when an earlier run of the tests wrote it),
  // read back with every check (checksums, layout, 64 random bands recounted), then counting the
  // group of 72,290 to the values above.
  bool cached_note = false;
  for (const auto& i : r.info)
    cached_note = cached_note || i.find("F table built and written to") != std::string::npos ||
                  i.find("F table read from") != std::string::npos;
  EXPECT_TRUE(cached_note);
  std::string why;
  const auto cached = load_three_band_cache(s, 2, three_band_cache_file(cache_dir, s), kThreeBandCacheSpotChecks, &why);
  ASSERT_TRUE(cached) << why;
  std::vector<std::uint32_t> group;
  const SignatureKey prefix = signature_prefix_form(s, cat.classes[72290 - 1].key).prefix;
  std::vector<std::vector<DigitMask>> tops;
  for (auto c : classes) {
    const auto f = signature_prefix_form(s, cat.classes[c - 1].key);
    if (f.prefix != prefix) continue;
    group.push_back(c);
    tops.push_back(f.columns);
  }
  ASSERT_EQ(group.size(), 2u);
  const auto counts = cached->completions(tops);
  for (std::size_t i = 0; i < group.size(); ++i)
    EXPECT_EQ(to_string(counts[i]), by_class["class " + std::to_string(group[i])]) << "class " << group[i];
}
