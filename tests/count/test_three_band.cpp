// Completions of a top band for the three-band shapes (count/three_band/three_band.hpp), fast checks:
//  - the grid totals of 2x3 (28,200,960) and 3x3 (6,670,903,752,021,072,936,960, Felgenhauer and
//    Jarvis) as sum over the signature classes (band_signatures.hpp) of size x F x completions;
//  - per class of 2x3, completions against plain backtracking over the lower four rows of a
//    6x6 grid below a top band with the class's column sets (test-local code);
//  - the F table against the direct colouring count on random 2x3, 3x3 and 4x3-free
//    configurations, and F against plain band enumeration on 2x3;
//  - the direct colouring count at every instruction-set level the CPU runs, on random 3x3 and
//    4x3 configurations.
//  - one pair type (completions_of_type, PairTypeOnly): the types' names, the 2x3 one-type sums
//    against the plain search with the lower bands' types read off each grid (test-local
//    naming), the 3x3 ones from one-type counters against the full counter's, and the contracts.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <set>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/result_doc.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"
#include "band_fill.hpp"
#include "three_band_isa_checks.hpp"
#include "cli_run.hpp"
#include <nlohmann/json.hpp>

using namespace gridenum;
using gridenum::test_support::some_band;

namespace {

BigInt total_by_classes(Shape s) {
  const auto cat = build_signature_catalogue(s, 2);
  const ThreeBandCounter tb(s, 2);
  BigInt total = 0;
  for (const auto& c : cat.classes) {
    const auto cols = signature_columns(s, c.key);
    total += BigInt(c.size) * tb.band_fillings(cols) * to_big(tb.completions(cols));
  }
  return total;
}

// Completions of a filled top band of a 6x6 grid (2x3 boxes) by plain cell-by-cell search.
std::uint64_t plain_completions_2x3(const std::vector<int>& top) {
  const int N = 6;
  std::vector<int> g(N * N, -1);
  std::copy(top.begin(), top.end(), g.begin());
  auto ok = [&](int cell, int d) {
    const int r = cell / N, c = cell % N;
    for (int i = 0; i < N; ++i)
      if (g[r * N + i] == d || g[i * N + c] == d) return false;
    const int br = r / 2 * 2, bc = c / 3 * 3;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        if (g[(br + i) * N + bc + j] == d) return false;
    return true;
  };
  auto rec = [&](auto&& self, int cell) -> std::uint64_t {
    if (cell == N * N) return 1;
    std::uint64_t n = 0;
    for (int d = 0; d < N; ++d)
      if (ok(cell, d)) {
        g[cell] = d;
        n += self(self, cell + 1);
        g[cell] = -1;
      }
    return n;
  };
  return rec(rec, 2 * N);
}

// The pair type's agreed name (three_band.hpp) of a band of a 6x6 grid (2x3 boxes) read off the
// grid: the matrix |column set i of box 1 n column set j of box 2|, in the order of rows and
// columns that reads largest row by row. Test-local, shares nothing with src/.
std::string band_type_2x3(const std::vector<int>& g, int band) {
  std::array<unsigned, 6> col{};
  for (int r = 2 * band; r < 2 * band + 2; ++r)
    for (int c = 0; c < 6; ++c) col[static_cast<std::size_t>(c)] |= 1u << g[static_cast<std::size_t>(r * 6 + c)];
  std::array<int, 3> rp{0, 1, 2}, cp{0, 1, 2};
  std::array<int, 9> best{};
  do {
    do {
      std::array<int, 9> v{};
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          v[static_cast<std::size_t>(i * 3 + j)] = std::popcount(col[static_cast<std::size_t>(rp[static_cast<std::size_t>(i)])] &
                                                                 col[static_cast<std::size_t>(3 + cp[static_cast<std::size_t>(j)])]);
      best = std::max(best, v);
    } while (std::next_permutation(cp.begin(), cp.end()));
  } while (std::next_permutation(rp.begin(), rp.end()));
  std::string name;
  for (int k = 0; k < 9; ++k) {
    if (k) name += k % 3 ? "," : "/";
    name += std::to_string(best[static_cast<std::size_t>(k)]);
  }
  return name;
}

// The completions of a 6x6 top band by plain search, split by the (middle, bottom) bands' types.
std::map<std::pair<std::string, std::string>, std::uint64_t> plain_completions_by_types_2x3(const std::vector<int>& top) {
  const int N = 6;
  std::vector<int> g(N * N, -1);
  std::copy(top.begin(), top.end(), g.begin());
  std::map<std::pair<std::string, std::string>, std::uint64_t> out;
  auto ok = [&](int cell, int d) {
    const int r = cell / N, c = cell % N;
    for (int i = 0; i < N; ++i)
      if (g[static_cast<std::size_t>(r * N + i)] == d || g[static_cast<std::size_t>(i * N + c)] == d) return false;
    const int br = r / 2 * 2, bc = c / 3 * 3;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        if (g[static_cast<std::size_t>((br + i) * N + bc + j)] == d) return false;
    return true;
  };
  auto rec = [&](auto&& self, int cell) -> void {
    if (cell == N * N) {
      ++out[{band_type_2x3(g, 1), band_type_2x3(g, 2)}];
      return;
    }
    for (int d = 0; d < N; ++d)
      if (ok(cell, d)) {
        g[static_cast<std::size_t>(cell)] = d;
        self(self, cell + 1);
        g[static_cast<std::size_t>(cell)] = -1;
      }
  };
  rec(rec, 2 * N);
  return out;
}

// Band fillings with given column sets by plain enumeration (rows ordered).
std::uint64_t plain_band_fillings(Shape s, const std::vector<DigitMask>& cols) {
  const int R = s.rows, N = s.n();
  std::vector<DigitMask> row_used(R, 0), col_left(cols);
  auto rec = [&](auto&& self, int cell) -> std::uint64_t {
    if (cell == R * N) return 1;
    const int r = cell / N, c = cell % N;
    std::uint64_t n = 0;
    for (DigitMask m = col_left[c] & ~row_used[r]; m; m &= m - 1) {
      const DigitMask d = m & (~m + 1);
      col_left[c] &= ~d;
      row_used[r] |= d;
      n += self(self, cell + 1);
      col_left[c] |= d;
      row_used[r] &= ~d;
    }
    return n;
  };
  return rec(rec, 0);
}

std::vector<DigitMask> random_config(Shape s, std::mt19937_64& rng) {
  std::vector<DigitMask> cols(s.n(), 0);
  std::vector<int> perm(s.n());
  for (int b = 0; b < s.rows; ++b) {
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    for (int i = 0; i < s.n(); ++i) cols[b * s.cols + i / s.rows] |= DigitMask{1} << perm[i];
  }
  return cols;
}

}  // namespace

TEST(ThreeBand, TotalOf2x3) { EXPECT_EQ(total_by_classes(Shape{2, 3}), BigInt(28200960)); }

TEST(ThreeBand, TotalOf3x3) { EXPECT_EQ(total_by_classes(Shape{3, 3}), BigInt("6670903752021072936960")); }

TEST(ThreeBand, CompletionsOf2x3AgainstPlainSearch) {
  const Shape s{2, 3};
  const auto cat = build_signature_catalogue(s, 1);
  const ThreeBandCounter tb(s, 1);
  for (const auto& c : cat.classes) {
    const auto cols = signature_columns(s, c.key);
    const auto band = some_band(s, cols);
    EXPECT_EQ(to_big(tb.completions(cols)), BigInt(plain_completions_2x3(band))) << signature_string(s, cols);
  }
}

TEST(ThreeBand, FillingsTableAgainstDirectAndPlainCounts) {
  std::mt19937_64 rng(3);
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    SCOPED_TRACE(s.str());
    const ThreeBandCounter tb(s, 2);
    for (int trial = 0; trial < 300; ++trial) {
      const auto cols = random_config(s, rng);
      const auto direct = three_band_fillings(s, cols);
      EXPECT_EQ(tb.band_fillings(cols), direct);
      if (trial < 40) {
        EXPECT_EQ(plain_band_fillings(s, cols), direct);
      }
    }
  }
}

// The colouring count is compiled once per instruction-set level (src/count/isa/
// band_colourings.hpp): every level this CPU runs gives the baseline's F on random 3x3 and 4x3
// configurations, and on 3x3 the plain enumeration's too (200 more of 4x3:
// ThreeBandSlow12.EveryInstructionSetLevelOnMoreConfigurations). (Against the signature method's
// count, which the count library cannot reach: tests/verify/test_signature.cpp.)
TEST(ThreeBand, EveryInstructionSetLevelCountsTheSameF) {
  std::mt19937_64 rng(2026);
  test_support::expect_three_band_isa_levels_agree(Shape{3, 3}, 300, rng, [](int trial, const std::vector<DigitMask>& cols, std::uint64_t f) {
    if (trial < 30) {
      EXPECT_EQ(plain_band_fillings(Shape{3, 3}, cols), f) << signature_string(Shape{3, 3}, cols);
    }
  });
  test_support::expect_three_band_isa_levels_agree(Shape{4, 3}, 30, rng);
  for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512})
    if (!isa_supported(isa)) {
      EXPECT_THROW(three_band_fillings(Shape{3, 3}, random_config(Shape{3, 3}, rng), isa), std::logic_error);
    }
}

// The table bytes a job states and checks before building (three_band_table_bytes, from P and a
// direct count of the pair types) are the bytes the built counter holds; 4x3's, P = 5,775 and 9
// types, checked by hand: 9 x 5,775^2 x 4 + (2 x 5,775^2 + 2^24) x 2 bytes. A limit below the
// need is refused before anything is built.
TEST(ThreeBand, TableBytesAreKnownBeforeTheBuild) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    const ThreeBandCounter tb(s, 2);
    EXPECT_EQ(three_band_table_bytes(s), tb.stats().table_bytes) << s.str();
  }
  EXPECT_EQ(three_band_table_bytes(Shape{4, 3}), 9ULL * 5775 * 5775 * 4 + (2ULL * 5775 * 5775 + (1ULL << 24)) * 2);
  EXPECT_THROW(three_band_table_bytes(Shape{3, 4}), std::invalid_argument);
  auto st = three_band_state(Shape{3, 3}, 1);
  st->memory_limit = three_band_table_bytes(Shape{3, 3}) - 1;
  try {
    three_band_build_tables(*st, 1);
    FAIL() << "tables over the memory limit were built";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("more than the memory limit"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(st->counter);
  st->memory_limit = three_band_table_bytes(Shape{3, 3});
  three_band_build_tables(*st, 1);
  EXPECT_TRUE(st->counter);
}

TEST(ThreeBand, RunOverClassRanges) {
  const Shape s{3, 3};
  const auto all = run_three_band(s, 0, 0, 2);
  ASSERT_TRUE(all.complete);
  EXPECT_EQ(all.classes.size(), 44u);
  EXPECT_EQ(all.total, BigInt("6670903752021072936960"));
  const auto some = run_three_band(s, 5, 7, 1);
  EXPECT_FALSE(some.complete);
  ASSERT_EQ(some.classes.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(some.classes[i].index, 5u + i);
    EXPECT_EQ(some.classes[i].columns, all.classes[4 + i].columns);
    EXPECT_TRUE(some.classes[i].completions == all.classes[4 + i].completions);
  }
  const auto j = to_json(some);
  EXPECT_EQ(j["classes"].size(), 3u);
  EXPECT_EQ(j["classes"][0]["index"], 5);
  EXPECT_FALSE(j.contains("total"));
  EXPECT_EQ(to_json(all)["total"], "6670903752021072936960");
  EXPECT_NE(format_text(all).find("6,670,903,752,021,072,936,960"), std::string::npos);
  EXPECT_THROW(run_three_band(s, 0, 45, 1), std::invalid_argument);
  EXPECT_THROW(run_three_band(s, 3, 2, 1), std::invalid_argument);
  const auto tr = run_three_band(Shape{3, 2}, 0, 0, 1);  // through 2x3
  EXPECT_EQ(tr.counted, (Shape{2, 3}));
  EXPECT_EQ(tr.total, BigInt(28200960));
  EXPECT_NE(format_text(tr).find("transpose 2x3"), std::string::npos);
}

// A result of more classes than the text lists (a whole 4x3 count: 144,578) lists every class in
// its JSON, so that a job's or a merge's result.json is a certificate of every count (verify result
// re-sums them and recounts a sample without the journals); the text names where the rows are.
// Made-up rows: the layout is under test, not the counts.
TEST(ThreeBand, ResultJsonListsEveryClassWhateverTheirNumber) {
  ThreeBandRun r;
  r.shape = r.counted = Shape{4, 3};
  r.first = 1;
  r.last = r.catalogue_classes = 1500;
  for (std::uint64_t i = 1; i <= 1500; ++i) {
    ThreeBandClassCount c;
    c.index = i;
    c.columns = "class-" + std::to_string(i);
    c.size = 1000 + i;
    c.count = static_cast<u128>(i) * 7;
    c.counted = i % 2 == 0;
    c.fillings = i;
    c.completions = 7;
    r.classes.push_back(c);
  }
  r.complete = true;
  r.total = 12345;
  const auto j = to_json(r);
  EXPECT_EQ(j["classes_listed"], true);
  ASSERT_EQ(j["classes"].size(), 1500u);
  EXPECT_EQ(j["classes"][1499]["index"], 1500);
  EXPECT_EQ(j["classes"][1499]["count"], "10500");
  EXPECT_EQ(j["classes"][1499]["fillings"], 1500);
  EXPECT_FALSE(j["classes"][0].contains("fillings"));  // read from a journal: its count alone
  const ResultDoc doc = parse_result(j, "made-up 4x3 result");
  EXPECT_TRUE(doc.classes_listed);
  ASSERT_EQ(doc.three_band_classes.size(), 1500u);
  EXPECT_EQ(doc.three_band_classes[9].count, BigInt(70));
  const std::string text = format_text(r);
  EXPECT_EQ(text.find("class-1500"), std::string::npos);  // the text stays short
  EXPECT_NE(text.find("every class's row is in the JSON result"), std::string::npos) << text;
}

// Completions of a group of bands sharing their first R-1 boxes (the prefix forms of the
// classes, band_signatures.hpp) against the same classes one at a time through the catalogue's
// own representatives: another configuration of each class, counted alone.
TEST(ThreeBand, GroupsGiveEachBandItsOwnCompletions) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    SCOPED_TRACE(s.str());
    const auto cat = build_signature_catalogue(s, 2);
    const ThreeBandCounter tb(s, 2);
    std::map<SignatureKey, std::vector<std::size_t>> groups;
    std::vector<SignaturePrefixForm> forms;
    for (std::size_t i = 0; i < cat.classes.size(); ++i) {
      forms.push_back(signature_prefix_form(s, cat.classes[i].key));
      groups[forms.back().prefix].push_back(i);
    }
    EXPECT_LT(groups.size(), cat.classes.size());  // some group has two classes or more
    for (const auto& [prefix, members] : groups) {
      std::vector<std::vector<DigitMask>> tops;
      for (auto i : members) tops.push_back(forms[i].columns);
      const auto together = tb.completions(tops);
      ASSERT_EQ(together.size(), members.size());
      for (std::size_t m = 0; m < members.size(); ++m)
        EXPECT_TRUE(together[m] == tb.completions(signature_columns(s, cat.classes[members[m]].key)))
            << signature_string(s, forms[members[m]].columns);
    }
  }
  // A group whose bands differ before the last box is refused.
  const Shape s{3, 3};
  const auto cat = build_signature_catalogue(s, 1);
  const ThreeBandCounter tb(s, 1);
  EXPECT_THROW(tb.completions({signature_columns(s, cat.classes[1].key), signature_columns(s, cat.classes[40].key)}),
               std::invalid_argument);
  EXPECT_TRUE(tb.completions(std::vector<std::vector<DigitMask>>{}).empty());
}

// Parts of one band's completions (what the band-pair method's work units are): for every class
// of 2x3 and 3x3 and several numbers of parts -- one, a few, about one box-1 chain each, more
// parts than chains -- the parts add up to the whole sum, and with more parts than chains some
// part is 0. A part number past the parts is refused.
TEST(ThreeBand, PartsOfABandsCompletionsAddUpToTheWhole) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    SCOPED_TRACE(s.str());
    const auto cat = build_signature_catalogue(s, 2);
    const ThreeBandCounter tb(s, 2);
    for (std::size_t i = 0; i < cat.classes.size(); ++i) {
      const auto cols = signature_columns(s, cat.classes[i].key);
      const u128 whole = tb.completions(cols);
      for (std::size_t parts : {1, 3, 24, 80}) {
        u128 sum = 0;
        bool some_zero = false;
        for (std::size_t k = 0; k < parts; ++k) {
          const u128 p = tb.completions_part(cols, k, parts);
          some_zero |= p == 0;
          sum += p;
        }
        EXPECT_TRUE(sum == whole) << "class " << i + 1 << ", " << parts << " parts";
        if (parts == 80) {
          EXPECT_TRUE(some_zero) << "class " << i + 1;  // 80 > the chains of a box (10, 56)
        }
        if (parts == 1) {
          EXPECT_FALSE(some_zero);
        }
      }
    }
    const auto cols = signature_columns(s, cat.classes[0].key);
    EXPECT_THROW(tb.completions_part(cols, 3, 3), std::invalid_argument);
    EXPECT_THROW(tb.completions_part(cols, 0, 0), std::invalid_argument);
  }
}

// The stoppable sum (what lets a 4x3 job stop inside a chunk of minutes): never asked to stop,
// it gives the plain sum; asked at its k-th question it gives nothing, and it asks before every
// slice of the work, so a group's sum asks many times and stops long before its end.
TEST(ThreeBand, StoppedSumGivesNothingAndAnUnstoppedOneTheSum) {
  const Shape s{3, 3};
  const auto cat = build_signature_catalogue(s, 2);
  const ThreeBandCounter tb(s, 2);
  std::map<SignatureKey, std::vector<std::vector<DigitMask>>> groups;
  for (const auto& c : cat.classes) {
    const auto f = signature_prefix_form(s, c.key);
    groups[f.prefix].push_back(f.columns);
  }
  const auto& tops = std::max_element(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
                       return a.second.size() < b.second.size();
                     })->second;
  ASSERT_GE(tops.size(), 2u);
  std::atomic<int> asked{0};
  const auto never = tb.completions(tops, [&] { return ++asked, false; });
  ASSERT_TRUE(never.has_value());
  EXPECT_EQ(*never, tb.completions(tops));
  const int questions = asked.load();
  EXPECT_GT(questions, 20);  // asked per slice, not once per call
  for (int k : {1, 2, questions / 2}) {
    std::atomic<int> n{0};
    EXPECT_FALSE(tb.completions(tops, [&] { return ++n >= k; }).has_value()) << k;
    EXPECT_LT(n.load(), questions) << k;  // it stopped asking: the rest of the sum was skipped
  }
}

TEST(ThreeBand, Refusals) {
  EXPECT_TRUE(three_band_shape_error(Shape{3, 4}).has_value());
  EXPECT_TRUE(three_band_shape_error(Shape{5, 3}).has_value());
  EXPECT_FALSE(three_band_shape_error(Shape{4, 3}).has_value());
  EXPECT_THROW(ThreeBandCounter(Shape{3, 2}), std::invalid_argument);
  const ThreeBandCounter tb(Shape{2, 3}, 1);
  EXPECT_THROW(tb.completions(std::vector<DigitMask>(6, 0b11)), std::invalid_argument);
}

TEST(ThreeBand, CountCommandWithClasses) {
  using gridenum::testing::run_cli_line;
  auto p = run_cli_line("{gridenum} count --shape 2x3 --classes all --threads 1 --json");
  ASSERT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["total"], "28200960");
  EXPECT_EQ(j["method"], "three-band");
  EXPECT_EQ(j["classes"].size(), 3u);
  p = run_cli_line("{gridenum} count --shape 3x3 --classes 2:3");
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(p.out.find("123.456.789|123.457.689|123.468.579"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("no total"), std::string::npos);
  p = run_cli_line("{gridenum} count --shape 3x2 --classes all --json");
  ASSERT_EQ(p.code, 0) << p.err;
  const auto t = nlohmann::json::parse(p.out);
  EXPECT_EQ(t["counted_as"], "2x3");
  EXPECT_EQ(t["total"], "28200960");
  for (const char* bad : {"--shape 4x4 --classes 1:2", "--shape 3x3 --classes 0:2", "--shape 3x3 --classes 9:45",
                          "--shape 3x3 --classes 3:2", "--shape 3x3 --classes a:b", "--shape 3x3 --classes 1:2 --method stack"}) {
    p = run_cli_line(std::string("{gridenum} count ") + bad);
    EXPECT_EQ(p.code, 2) << bad;
    EXPECT_NE(p.err.find("--classes"), std::string::npos) << bad << ": " << p.err;
  }
}

// ---- One pair type ------------------------------------------------------------------------

// The names of the pair types (three_band.hpp): the 3 x 3 matrices with line sums R up to row and
// column order, 3, 5 and 9 of them, each in its largest order; the counter's own order is not
// part of the contract (compared as sets), its index for a name is.
TEST(ThreeBand, PairTypeNames) {
  using Names = std::set<std::string>;
  const std::map<std::string, Names> expected = {
      {"2x3", {"2,0,0/0,2,0/0,0,2", "2,0,0/0,1,1/0,1,1", "1,1,0/1,0,1/0,1,1"}},
      {"3x3", {"3,0,0/0,3,0/0,0,3", "3,0,0/0,2,1/0,1,2", "2,1,0/1,1,1/0,1,2", "2,1,0/1,0,2/0,2,1", "1,1,1/1,1,1/1,1,1"}},
      {"4x3",
       {"4,0,0/0,4,0/0,0,4", "4,0,0/0,3,1/0,1,3", "4,0,0/0,2,2/0,2,2", "3,1,0/1,2,1/0,1,3", "3,1,0/1,1,2/0,2,2",
        "3,1,0/1,0,3/0,3,1", "2,2,0/2,0,2/0,2,2", "2,2,0/1,1,2/1,1,2", "2,1,1/1,2,1/1,1,2"}}};
  for (const auto& [shape, names] : expected) {
    const Shape s = *Shape::parse(shape);
    const auto got = three_band_pair_types(s);
    EXPECT_EQ(got.size(), names.size()) << shape;
    EXPECT_EQ(Names(got.begin(), got.end()), names) << shape;
    for (std::size_t t = 0; t < got.size(); ++t) EXPECT_EQ(three_band_pair_type(s, got[t]), t) << got[t];
    EXPECT_THROW(three_band_pair_type(s, "1,1,1/1,1,1"), std::invalid_argument) << shape;
  }
  EXPECT_THROW(three_band_pair_type(Shape{3, 3}, "2,0,0/0,2,0/0,0,2"), std::invalid_argument);  // a 2x3 type
  EXPECT_THROW(three_band_pair_types(Shape{3, 4}), std::invalid_argument);
  const ThreeBandCounter tb(Shape{3, 3}, 1);
  const auto names = three_band_pair_types(Shape{3, 3});
  for (std::size_t t = 0; t < names.size(); ++t) EXPECT_EQ(tb.pair_type_name(t), names[t]);
  EXPECT_THROW(tb.pair_type_name(names.size()), std::invalid_argument);
}

// 2x3, every class: each type's part of the completions is the number of grids below a band of
// the class whose middle and bottom bands both have that type, by the plain search reading the
// types off each grid; from the full counter and from a one-type counter alike.
TEST(ThreeBand, OneTypeOf2x3AgainstPlainSearch) {
  const Shape s{2, 3};
  const auto cat = build_signature_catalogue(s, 1);
  const ThreeBandCounter full(s, 1);
  const auto names = three_band_pair_types(s);
  std::vector<std::unique_ptr<ThreeBandCounter>> one;
  for (std::size_t t = 0; t < names.size(); ++t) one.push_back(std::make_unique<ThreeBandCounter>(s, 1, PairTypeOnly{t}));
  for (const auto& c : cat.classes) {
    const auto cols = signature_columns(s, c.key);
    const auto plain = plain_completions_by_types_2x3(some_band(s, cols));
    std::uint64_t all = 0;
    for (const auto& [types, n] : plain) all += n;
    EXPECT_EQ(to_big(full.completions(cols)), BigInt(all));
    for (std::size_t t = 0; t < names.size(); ++t) {
      const auto it = plain.find({names[t], names[t]});
      const BigInt expected(it == plain.end() ? 0 : it->second);
      EXPECT_EQ(to_big(full.completions_of_type(cols, t)), expected) << signature_string(s, cols) << " " << names[t];
      EXPECT_EQ(to_big(one[t]->completions_of_type(cols, t)), expected) << signature_string(s, cols) << " " << names[t];
    }
  }
}

// 3x3, every class: a counter built for one type only gives that type's part as the full
// counter does, alone and in the prefix groups (the path a job takes), and the parts T_mid =
// T_bot = T add up to at most the completions (the parts with T_mid != T_bot are the rest).
TEST(ThreeBand, OneTypeCountersOf3x3AgreeWithTheFullCounter) {
  const Shape s{3, 3};
  const auto cat = build_signature_catalogue(s, 2);
  const ThreeBandCounter full(s, 2);
  std::map<SignatureKey, std::vector<std::vector<DigitMask>>> groups;
  for (const auto& c : cat.classes) {
    const auto f = signature_prefix_form(s, c.key);
    groups[f.prefix].push_back(f.columns);
  }
  std::vector<u128> sum_of_types(cat.classes.size(), 0);
  bool some_less = false;
  for (std::size_t t = 0; t < full.stats().pair_types; ++t) {
    SCOPED_TRACE(full.pair_type_name(t));
    const ThreeBandCounter one(s, 2, PairTypeOnly{t});
    EXPECT_EQ(one.only_type(), std::optional<std::size_t>(t));
    EXPECT_EQ(one.stats().table_slots, one.table_slots_per_type());
    for (std::size_t u = 0; u < one.stats().pair_types; ++u) EXPECT_EQ(one.has_table(u), u == t);
    bool some_nonzero = false;
    for (std::size_t i = 0; i < cat.classes.size(); ++i) {
      const auto cols = signature_columns(s, cat.classes[i].key);
      const u128 v = one.completions_of_type(cols, t);
      EXPECT_EQ(to_string(v), to_string(full.completions_of_type(cols, t))) << "class " << i + 1;
      sum_of_types[i] += v;
      some_nonzero = some_nonzero || v != 0;
    }
    EXPECT_TRUE(some_nonzero);
    for (const auto& [prefix, tops] : groups) {
      const auto together = one.completions_of_type(tops, t);
      for (std::size_t m = 0; m < tops.size(); ++m) EXPECT_EQ(to_string(together[m]), to_string(full.completions_of_type(tops[m], t)));
    }
  }
  EXPECT_FALSE(full.only_type().has_value());
  for (std::size_t i = 0; i < cat.classes.size(); ++i) {
    const u128 all = full.completions(signature_columns(s, cat.classes[i].key));
    EXPECT_TRUE(sum_of_types[i] <= all) << "class " << i + 1 << ": " << to_string(sum_of_types[i]) << " > " << to_string(all);
    some_less = some_less || sum_of_types[i] < all;
  }
  EXPECT_TRUE(some_less);  // some class has chain tuples with T_mid != T_bot
}

// A one-type counter holds one F table: the full sum, the other types' parts, F of a band of
// another type, their table data and the estimate are refused, as is a type out of range.
TEST(ThreeBand, OneTypeContracts) {
  const Shape s{3, 3};
  EXPECT_THROW(ThreeBandCounter(s, 1, PairTypeOnly{5}), std::invalid_argument);
  const ThreeBandCounter one(s, 1, PairTypeOnly{2});
  const ThreeBandCounter full(s, 1);
  const auto cat = build_signature_catalogue(s, 1);
  const auto cols = signature_columns(s, cat.classes[0].key);
  EXPECT_THROW(one.completions(cols), std::invalid_argument);
  EXPECT_THROW(one.completions(std::vector<std::vector<DigitMask>>{cols}), std::invalid_argument);
  EXPECT_THROW(one.completions(std::vector<std::vector<DigitMask>>{cols}, [] { return false; }), std::invalid_argument);
  EXPECT_THROW(one.estimate_seconds({cols}, 1), std::invalid_argument);
  EXPECT_THROW(one.completions_of_type(cols, 1), std::invalid_argument);
  EXPECT_THROW(one.completions_of_type(cols, 5), std::invalid_argument);
  EXPECT_THROW(full.completions_of_type(cols, 5), std::invalid_argument);
  EXPECT_NO_THROW(one.completions_of_type(cols, 2));
  EXPECT_THROW(one.table_data(0), std::invalid_argument);
  EXPECT_NE(one.table_data(2), nullptr);
  // F by the one table: the bands of its type only.
  std::mt19937_64 rng(7);
  int read = 0, refused = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const auto c = random_config(s, rng);
    try {
      EXPECT_EQ(one.band_fillings(c), full.band_fillings(c));
      ++read;
    } catch (const std::invalid_argument&) {
      ++refused;
    }
  }
  EXPECT_GT(read, 0);
  EXPECT_GT(refused, 0);
}
