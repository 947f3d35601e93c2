// Burnside's lemma end to end (symmetry/burnside.hpp), fast shapes:
//  - published counts of essentially different grids: 4x4 2 (with transposition), 6x6 49 (both
//    box shapes), 8x8 1,673,187 (2x4 boxes);
//  - the per-class figures: class sizes add up to the group order, the identity's term is the
//    grid count / N!, the weighted sum is |G| times the answer; the same answer with either
//    kernel forced and with 1 or 2 threads;
//  - text and JSON carry the group order, classes, the table of fixing classes, total, answer,
//    threads and times;
//  - refusals: shapes the count engine cannot count.
// 9x9 (with and without transposition) and 4x2 are in slow_burnside.cpp; the brute-force
// census on 4x4 and 6x6 in tests/verify/test_symmetry_verify.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "gridenum/core/phase.hpp"

#include "gridenum/core/errors.hpp"
#include "burnside_checks.hpp"
#include "gridenum/symmetry/burnside.hpp"

using namespace gridenum;

namespace {

BurnsideResult run(Shape s, bool transposition = true, int threads = 0, FixedMethod m = FixedMethod::Auto) {
  return test_support::run_burnside_with(s, transposition, threads, m);
}

void check_consistent(const BurnsideResult& r) {
  test_support::expect_consistent_sums(r);
  EXPECT_TRUE(r.terms[0].identity);
  EXPECT_EQ(to_big(r.terms[0].fixed.grids) * factorial(r.shape.n()), r.grids);
}

}  // namespace

// A class of many parts shows them on the phase's line (Phase::set_detail), which is what a job's
// log prints while a class of hours runs: 9x9 class 45 (index 44), line orbits in up to 64 parts.
// Seen from the part hook (before the kernel's count of that part reaches the phase), every line
// is "parts: class 45 k/64" with k below the parts reported, and some are past the first part.
TEST(Burnside, ThePhaseShowsTheParts) {
  BurnsideOptions o;
  o.shape = Shape{3, 3};
  o.threads = 2;
  BurnsideHooks hooks;
  hooks.select = [](std::size_t i) { return i == 44; };
  std::mutex mu;
  std::vector<std::string> lines;
  std::size_t reported = 0;
  hooks.part_done = [&](std::size_t i, const std::string&, u128) {
    const auto v = current_phase();
    std::lock_guard lock(mu);
    EXPECT_EQ(i, 44u);
    ++reported;
    lines.push_back(v ? v->detail : "(no phase)");
  };
  run_burnside(o, hooks);
  ASSERT_GE(reported, 32u);
  std::size_t past_first = 0;
  for (const std::string& l : lines) {
    if (l.empty()) continue;  // no part counted yet
    unsigned k = 0;
    ASSERT_EQ(std::sscanf(l.c_str(), "parts: class 45 %u/64", &k), 1) << l;
    EXPECT_EQ(l, "parts: class 45 " + std::to_string(k) + "/64");
    EXPECT_LT(k, reported);
    past_first += k >= 1 ? 1 : 0;
  }
  EXPECT_GE(past_first, reported / 2);
}

TEST(Burnside, FourByFour) {
  const auto r = run({2, 2});
  check_consistent(r);
  EXPECT_TRUE(r.transposition);
  EXPECT_EQ(r.group_order, 128u);
  EXPECT_EQ(r.essentially_different, 2);
}

TEST(Burnside, SixBySixBothBoxShapes) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const auto r = run(s);
    check_consistent(r);
    EXPECT_FALSE(r.transposition);  // not a symmetry of 2x3 grids
    EXPECT_EQ(r.group_order, 3456u);
    EXPECT_EQ(r.essentially_different, 49) << s.str();
  }
}

TEST(Burnside, EightByEight) {
  const auto r = run({2, 4});
  check_consistent(r);
  EXPECT_EQ(r.group_order, 384u * 1152u);
  EXPECT_EQ(r.essentially_different, 1673187);
}

TEST(Burnside, SameAnswerEveryKernelAndThreadCount) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}, Shape{2, 2}}) {
    const auto a = run(s, true, 1, FixedMethod::Auto);
    const auto b = run(s, true, 2, FixedMethod::LineOrbits);
    const auto c = run(s, true, 2, FixedMethod::Signatures);
    EXPECT_EQ(a.threads_used, 1);
    ASSERT_EQ(a.terms.size(), b.terms.size());
    ASSERT_EQ(a.terms.size(), c.terms.size());
    for (std::size_t i = 0; i < a.terms.size(); ++i) {
      EXPECT_EQ(to_string(a.terms[i].fixed.grids), to_string(b.terms[i].fixed.grids)) << s.str() << " class " << i + 1;
      EXPECT_EQ(to_string(a.terms[i].fixed.grids), to_string(c.terms[i].fixed.grids)) << s.str() << " class " << i + 1;
      if (!b.terms[i].identity && b.terms[i].fixed.grids > 0) {
        EXPECT_EQ(b.terms[i].fixed.method, FixedMethod::LineOrbits);
      }
    }
  }
}

TEST(Burnside, WithoutTranspositionTheGroupHalves) {
  const auto with = run({2, 2}, true), without = run({2, 2}, false);
  check_consistent(without);
  EXPECT_FALSE(without.transposition);
  EXPECT_EQ(without.group_order * 2, with.group_order);
  // Orbits of the subgroup: at least as many, at most twice as many.
  EXPECT_GE(without.essentially_different, with.essentially_different);
  EXPECT_LE(without.essentially_different, 2 * with.essentially_different);
}

TEST(Burnside, TextAndJson) {
  const auto r = run({2, 3});
  const std::string text = format_text(r);
  for (const char* want : {"3,456 symmetries", "conjugacy classes: 90", "essentially different grids: 49", "threads:",
                           "grids (stack count): 28,200,960", "identity"})
    EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
  const auto j = to_json(r);
  EXPECT_EQ(j["essentially_different"], "49");
  EXPECT_EQ(j["group_order"], 3456u);
  EXPECT_EQ(j["classes"], 90u);
  EXPECT_EQ(j["class_table"].size(), 90u);
  EXPECT_EQ(j["fixing_classes"], r.fixing_classes);
  EXPECT_EQ(j["grids"], "28200960");
  EXPECT_TRUE(j["times"].contains("fixed"));
  EXPECT_GE(j["threads"].get<int>(), 1);
  std::size_t listed = 0;
  for (const auto& c : j["class_table"]) listed += c["fixed"] != "0";
  EXPECT_EQ(listed, r.fixing_classes);
}

TEST(Burnside, Refusals) {
  for (Shape s : {Shape{3, 4}, Shape{2, 6}, Shape{1, 4}, Shape{4, 4}}) {
    EXPECT_TRUE(burnside_shape_error(s).has_value()) << s.str();
    EXPECT_THROW(run(s), InputError) << s.str();
  }
  for (Shape s : {Shape{2, 2}, Shape{3, 3}, Shape{2, 5}, Shape{5, 2}, Shape{4, 2}})
    EXPECT_FALSE(burnside_shape_error(s).has_value()) << s.str();
}

// The shapes whose figure the docs record as disagreeing with the published one get a note naming
// the published term and pointing at the evidence -- and no figure: the program knows no
// expected answer.
TEST(Burnside, PublishedFigureNotePointsAtTheDocsOnly) {
  for (const Shape s : {Shape{2, 5}, Shape{5, 2}}) {
    const auto note = published_figure_note(s);
    ASSERT_TRUE(note) << s.str();
    EXPECT_NE(note->find("docs/symmetry.md (\"10x10: the published figure\")"), std::string::npos) << *note;
    EXPECT_NE(note->find("differs from the published term a(5) of OEIS A291188"), std::string::npos) << *note;
    // No number beyond the grid size and the published term it names.
    std::string digits_left = *note;
    for (const std::string name : {"10x10", "a(5)", "A291188"})
      for (std::size_t at; (at = digits_left.find(name)) != std::string::npos;) digits_left.erase(at, name.size());
    EXPECT_EQ(digits_left.find_first_of("0123456789"), std::string::npos) << *note;
  }
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}, Shape{3, 3}})
    EXPECT_FALSE(published_figure_note(s)) << s.str();
  // Where there is none, the text has no note and the JSON a null one.
  const auto r = test_support::run_burnside_with(Shape{2, 2}, true, 1, FixedMethod::Auto);
  EXPECT_EQ(format_text(r).find("note:"), std::string::npos);
  EXPECT_TRUE(to_json(r).at("note").is_null());
}

// The classes run cheapest first (burnside.cpp): on one thread the classes reach done() in
// non-decreasing signature_work, the classes no relabelling fits (work 0) first, also where line
// orbits count the others (4x4 with transposition: its transposed classes); the answer is the one
// the class order gives.
TEST(Burnside, ClassesRunCheapestFirst) {
  {
    BurnsideOptions o;
    o.shape = Shape{2, 2};
    o.threads = 1;
    std::vector<std::size_t> seen;
    BurnsideHooks hooks;
    hooks.done = [&](std::size_t i, u128) { seen.push_back(i); };
    const BurnsideResult r = run_burnside(o, hooks);
    EXPECT_EQ(r.essentially_different, 2);
    ASSERT_EQ(seen.size(), r.terms.size());
    std::size_t filtered_after_counted = 0, line_orbit_classes = 0;
    bool counted_seen = false;
    for (std::size_t k = 1; k < seen.size(); ++k) {
      const ClassTerm& t = r.terms[seen[k]];
      const bool filtered = relabelling_types(o.shape, t.cls.rep).empty();
      filtered_after_counted += filtered && counted_seen ? 1 : 0;
      counted_seen = counted_seen || !filtered;
      line_orbit_classes += t.fixed.method == FixedMethod::LineOrbits ? 1 : 0;
    }
    EXPECT_EQ(filtered_after_counted, 0u);
    EXPECT_GT(line_orbit_classes, 0u);
  }
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    BurnsideOptions o;
    o.shape = s;
    o.threads = 1;
    std::vector<std::size_t> seen;
    BurnsideHooks hooks;
    hooks.done = [&](std::size_t i, u128) { seen.push_back(i); };
    const BurnsideResult r = run_burnside(o, hooks);
    EXPECT_EQ(r.essentially_different, 49) << s.str();
    ASSERT_EQ(seen.size(), r.terms.size()) << s.str();  // every class once, the identity first
    EXPECT_EQ(seen[0], 0u);
    std::uint64_t last = 0;
    std::size_t heavy_after_light = 0;
    for (std::size_t k = 1; k < seen.size(); ++k) {
      const std::uint64_t w = signature_work(s, r.terms[seen[k]].cls.rep);
      heavy_after_light += w < last ? 1 : 0;
      last = std::max(last, w);
    }
    EXPECT_EQ(heavy_after_light, 0u) << s.str();
    EXPECT_GT(last, 0u) << s.str();
  }
}

// A given total (BurnsideOptions::identity_total, `symmetry --identity-total`) that another source
// contradicts is refused: a job's journal holding a different identity term, and, on 10x10, the
// two-stack count that the F(S) class 1058 needs anyway (its plain band counts come with it).
TEST(Burnside, AGivenTotalMustAgreeWithWhatTheRunKnows) {
  BurnsideOptions o;
  o.shape = Shape{2, 2};
  o.threads = 1;
  o.identity_total = BigInt(288);
  BurnsideHooks hooks;
  hooks.known = [](std::size_t i) { return i == 0 ? std::optional<u128>(13) : std::nullopt; };  // 288 / 4! = 12
  EXPECT_THROW(run_burnside(o, hooks), CheckError);
  hooks.known = [](std::size_t i) { return i == 0 ? std::optional<u128>(12) : std::nullopt; };
  const BurnsideResult r = run_burnside(o, hooks);
  EXPECT_EQ(r.essentially_different, BigInt(2));
  EXPECT_EQ(r.total_route, "given");

  o.shape = Shape{2, 5};
  o.threads = 2;
  BurnsideHooks two;
  two.select = [](std::size_t i) { return i == 0 || i == 1057; };
  o.identity_total = BigInt("1903816047972624930994913280000") + factorial(10);  // the published total + 10!
  try {
    run_burnside(o, two);
    ADD_FAILURE() << "a given total off by 10! was taken";
  } catch (const CheckError& e) {
    EXPECT_NE(std::string(e.what()).find("differs from the two-stack count's 1903816047972624930994913280000"),
              std::string::npos)
        << e.what();
  }
  o.identity_total = BigInt("1903816047972624930994913280000");
  const BurnsideResult ok = run_burnside(o, two);
  EXPECT_EQ(ok.total_route, "given");
  EXPECT_EQ(ok.grids, *o.identity_total);
}
