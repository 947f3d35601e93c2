// The whole pipeline: totals of every supported shape against the published counts
// (known-counts.md), thread and slicing independence, the job hooks, the reducer's exactness,
// the independence estimate, and the CLI's output.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/estimate.hpp"
#include "gridenum/count/pool.hpp"
#include "cli_run.hpp"

using namespace gridenum;

namespace {

CountResult count(const char* shape, int threads = 2, std::uint32_t slices = 0) {
  CountOptions o;
  o.shape = *Shape::parse(shape);
  o.threads = threads;
  o.slices_per_class = slices;
  return run_count(o);
}

TEST(Count, PublishedTotals) {
  EXPECT_EQ(count("2x2").reduction.total.str(), "288");
  EXPECT_EQ(count("2x3").reduction.total.str(), "28200960");
  EXPECT_EQ(count("3x2").reduction.total.str(), "28200960");
  EXPECT_EQ(count("2x4").reduction.total.str(), "29136487207403520");
  EXPECT_EQ(count("4x2").reduction.total.str(), "29136487207403520");
}

TEST(Count, NineByNine) {
  const CountResult r = count("3x3");
  EXPECT_EQ(r.catalogue.band_fillings, 2612736u);
  EXPECT_EQ(r.catalogue.entries, 36288u);
  ASSERT_EQ(r.catalogue.classes.size(), 44u);
  std::uint64_t sizes = 0;
  for (const auto& c : r.catalogue.classes) sizes += c.size;
  EXPECT_EQ(sizes, 36288u);
  EXPECT_EQ(r.reduction.total.str(), "6670903752021072936960");
  EXPECT_EQ(r.reduction.canonical_grids.str(), "18383222420692992");
  EXPECT_EQ(r.reduction.band_factor, 72u);
  EXPECT_EQ(r.reduction.stack_factor, 72u);
  EXPECT_EQ(r.reduction.relabel_factor.str(), "362880");
}

// Threads and unit sizes change the schedule, never the answer.
TEST(Count, ScheduleIndependence) {
  const auto base = count("3x3", 1, 1);
  for (auto [threads, slices] : {std::pair{2, 0u}, std::pair{2, 7u}, std::pair{3, 200u}}) {
    const auto r = count("3x3", threads, slices);
    EXPECT_EQ(r.reduction.total, base.reduction.total);
    for (std::size_t a = 0; a < 44; ++a) EXPECT_EQ(r.reduction.n[a], base.reduction.n[a]) << "class " << a;
  }
}

TEST(Plan, UnitIdsAreStableAndCoverEveryFilling) {
  const Catalogue cat = build_catalogue(Shape{2, 3});
  const StackList st = build_stack_list(Shape{2, 3});
  const Plan a = make_plan(cat, st, 7), b = make_plan(cat, st, 7);
  ASSERT_EQ(a.units.size(), cat.classes.size() * 7);
  for (std::size_t i = 0; i < a.units.size(); ++i) {
    EXPECT_EQ(a.units[i].id, i);
    EXPECT_EQ(a.units[i].begin, b.units[i].begin);
    EXPECT_EQ(a.units[i].end, b.units[i].end);
  }
  for (std::uint32_t c = 0; c < cat.classes.size(); ++c) {
    std::uint64_t at = 0;
    for (const auto& u : a.units)
      if (u.cls == c) {
        EXPECT_EQ(u.begin, at);
        at = u.end;
      }
    EXPECT_EQ(at, st.size());
  }
  // More slices than fillings are clamped, never empty units.
  const Plan c = make_plan(cat, st, 100000);
  for (const auto& u : c.units) EXPECT_LT(u.begin, u.end);
}

// The hooks the job layer uses: done() once per computed unit, skip() replaces a unit, stop()
// ends the run with Interrupted.
TEST(Count, HooksSkipDoneStop) {
  std::mutex mu;
  std::map<std::uint32_t, u128> seen;
  UnitHooks h;
  h.done = [&](std::uint32_t id, u128 c) {
    std::lock_guard lock(mu);
    EXPECT_TRUE(seen.emplace(id, c).second) << "unit " << id << " reported twice";
  };
  CountOptions o;
  o.shape = Shape{3, 3};
  o.threads = 2;
  const CountResult full = run_count(o, h);
  EXPECT_EQ(seen.size(), full.units);

  // Skip every even unit with its known count: same total, only odd units computed.
  std::atomic<int> computed{0};
  UnitHooks h2;
  h2.skip = [&](std::uint32_t id) -> std::optional<u128> {
    if (id % 2 == 0) return seen.at(id);
    return std::nullopt;
  };
  h2.done = [&](std::uint32_t id, u128) {
    EXPECT_EQ(id % 2, 1u);
    ++computed;
  };
  EXPECT_EQ(run_count(o, h2).reduction.total, full.reduction.total);
  EXPECT_EQ(computed.load(), static_cast<int>(full.units / 2));

  // A wrong skipped count changes the total: the skip path is really used.
  UnitHooks h3;
  h3.skip = [&](std::uint32_t id) -> std::optional<u128> {
    if (id == 0) return seen.at(0) + 1;
    return std::nullopt;
  };
  EXPECT_NE(run_count(o, h3).reduction.total, full.reduction.total);

  UnitHooks h4;
  std::atomic<int> polls{0};
  h4.stop = [&] { return ++polls > 10; };
  EXPECT_THROW(run_count(o, h4), Interrupted);
}

// select() (a shard) runs a subset: only those units are counted, no reduction; a given stack
// list is used as is.
TEST(Count, SelectRunsASubsetWithoutReduction) {
  CountOptions o;
  o.shape = Shape{2, 3};
  o.threads = 2;
  const StackList stacks = build_stack_list(o.shape);
  o.stacks = &stacks;
  std::atomic<int> computed{0};
  UnitHooks h;
  h.select = [](std::uint32_t id) { return id % 3 == 1; };
  h.done = [&](std::uint32_t id, u128) {
    EXPECT_EQ(id % 3, 1u);
    ++computed;
  };
  const CountResult r = run_count(o, h);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.units_selected, static_cast<std::uint64_t>(computed.load()));
  EXPECT_EQ(r.units_selected, (r.units + 1) / 3);
  const std::string text = format_text(r);
  EXPECT_NE(text.find("partial run"), std::string::npos);
  // The symmetry factors are the shape's, printed for a shard too (L_band = 3! 1!, L_stack = 2!^2 2!).
  EXPECT_NE(text.find("(F / 6)"), std::string::npos) << text;
  EXPECT_NE(text.find("(x 8 each)"), std::string::npos) << text;
  EXPECT_EQ(to_json(r)["catalogue"]["band_factor"], 6);
  EXPECT_EQ(to_json(r)["stacks"]["stack_factor"], 8);
  EXPECT_TRUE(to_json(r)["total"].is_null());
}

TEST(Reducer, ExactBeyond128Bits) {
  Catalogue cat;
  cat.shape = Shape{3, 3};
  cat.classes = {BandClass{{}, 36288}};
  Plan plan;
  plan.shape = cat.shape;
  plan.units = {WorkUnit{0, 0, 0, 1}, WorkUnit{1, 0, 1, 2}};
  const u128 big = ~u128{0} / 2;
  const Reduction r = reduce(cat, plan, {big, big});
  EXPECT_EQ(r.n_star[0], big * 2);
  EXPECT_EQ(r.total, to_big(big * 2) * 36288 * 72 * 72 * 362880);
  EXPECT_THROW(reduce(cat, plan, {~u128{0}, 1}), OverflowError);  // n* itself overflows: caught
  EXPECT_THROW(reduce(cat, plan, {1}), std::invalid_argument);    // a unit missing
}

TEST(Estimate, ThesisValue) {
  const CountResult r = count("3x3");
  const Estimate e = independence_estimate(Shape{3, 3}, r.catalogue.band_fillings,
                                           r.stack_fillings * r.reduction.stack_factor);
  bool exact = false;
  EXPECT_EQ(to_decimal(e.value, 40, &exact), "6657084616885512582463.488");
  EXPECT_TRUE(exact);
  EXPECT_EQ(e.band_fillings.str(), "948109639680");
}

TEST(Estimate, Decimals) {
  bool exact = true;
  EXPECT_EQ(to_decimal(Rational(2, 3), 4, &exact), "0.6667");
  EXPECT_FALSE(exact);
  EXPECT_EQ(to_decimal(Rational(1, 8), 10, &exact), "0.125");
  EXPECT_TRUE(exact);
  EXPECT_EQ(to_decimal(Rational(-5, 2), 3), "-2.5");
}

TEST(Pool, ResolveThreads) {
  EXPECT_EQ(resolve_threads(1), 1);
  EXPECT_GE(resolve_threads(0), 1);
  // More than the cores: cut to what oneTBB will run, which is what a run reports.
  EXPECT_EQ(resolve_threads(100000), resolve_threads(0));
  EXPECT_LE(resolve_threads(2), resolve_threads(0));
}

// The CLI prints the figures; --json is one parseable document.
std::string run_cli(const std::string& args, int* status) {
  const auto p = gridenum::testing::run_cli_line("{gridenum} " + args);
  *status = p.code;
  return p.out + p.err;
}

TEST(Cli, CountText) {
  int st = -1;
  const std::string out = run_cli("count", &st);
  EXPECT_EQ(st, 0);
  EXPECT_NE(out.find("6670903752021072936960"), std::string::npos);
  EXPECT_NE(out.find("2,612,736"), std::string::npos);
  EXPECT_NE(out.find("36,288"), std::string::npos);
  EXPECT_NE(out.find("equivalence classes                   44"), std::string::npos);
}

TEST(Cli, CountJson) {
  int st = -1;
  const std::string out = run_cli("count --shape 2x3 --threads 1 --json", &st);
  ASSERT_EQ(st, 0) << out;
  const auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["total"], "28200960");
  EXPECT_EQ(j["threads"], 1);
  EXPECT_EQ(j["classes"].size(), j["catalogue"]["classes"].get<std::size_t>());
}

// The side-2 routes through the CLI on 8x8 (both orientations, both routes): total, route and
// the transposition note, in text and JSON.
TEST(Cli, SideTwoRoutes) {
  int st = -1;
  std::string out = run_cli("count --shape 2x4 --method two-stack --threads 2 --json", &st);
  ASSERT_EQ(st, 0) << out;
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["total"], "29136487207403520");
  EXPECT_EQ(j["method"], "two-stack");
  EXPECT_EQ(j["transposed"], false);
  EXPECT_EQ(j["catalogue"]["classes"], 26);
  EXPECT_EQ(j["classes"].size(), 26u);
  EXPECT_EQ(j["weight_sum"], 24010000u);  // 70^4
  out = run_cli("count --shape 2x4 --method two-band --threads 1", &st);
  ASSERT_EQ(st, 0) << out;
  EXPECT_NE(out.find("route two-band"), std::string::npos) << out;
  EXPECT_NE(out.find("counts the transposed shape 4x2"), std::string::npos) << out;
  EXPECT_NE(out.find("29,136,487,207,403,520"), std::string::npos) << out;
  EXPECT_NE(out.find("peak memory"), std::string::npos) << out;
  EXPECT_NE(out.find("1 thread"), std::string::npos) << out;
  // The default for 8x8 stays the stack method.
  out = run_cli("count --shape 4x2 --json", &st);
  ASSERT_EQ(st, 0) << out;
  EXPECT_EQ(nlohmann::json::parse(out)["method"], "stack");
}

TEST(Cli, BadArgumentsExitTwo) {
  int st = -1;
  run_cli("count --shape 3y3", &st);
  EXPECT_EQ(st, 2);
  run_cli("count --kernel fast", &st);
  EXPECT_EQ(st, 2);
  std::string out = run_cli("count --shape 5x5", &st);
  EXPECT_EQ(st, 2);
  // What count does, and what the shape means (5x5 boxes are 25x25 grids).
  EXPECT_NE(out.find("box shape 5x5 is beyond what count does: it counts grids of up to 10 digits"), std::string::npos)
      << out;
  EXPECT_NE(out.find("box shape 5x5 gives 25x25 grids"), std::string::npos) << out;
  // Shapes whose band or stack lists would not fit in memory are refused by the stack method up
  // front, not after minutes of swapping or a std::bad_alloc; the message names what does count
  // them (2x5 and 5x2 by the side-2 routes, the default for them: slow_side2_10.cpp).
  for (const char* args : {"--shape 2x5 --method stack", "--shape 5x2 --method signature", "--shape 3x4 --method stack"}) {
    out = run_cli(std::string("count ") + args, &st);
    EXPECT_EQ(st, 2) << args;
    EXPECT_NE(out.find("run into the billions"), std::string::npos) << out;
    EXPECT_NE(out.find("2x5 and 5x2"), std::string::npos) << out;
  }
  for (const char* shape : {"2x5", "5x2", "3x4"}) {
    run_cli(std::string("estimate --shape ") + shape, &st);
    EXPECT_EQ(st, 2) << shape;
  }
  // The side-2 routes: no side of 2, too large, stack-only options (jobs: tests/jobs/test_job_side2).
  out = run_cli("count --shape 3x3 --method two-stack", &st);
  EXPECT_EQ(st, 2);
  EXPECT_NE(out.find("side of 2"), std::string::npos) << out;
  out = run_cli("count --shape 2x7", &st);
  EXPECT_EQ(st, 2);
  out = run_cli("count --shape 6x2 --method two-band", &st);
  EXPECT_EQ(st, 2);
  EXPECT_NE(out.find("counted by the two-stack route"), std::string::npos) << out;
  out = run_cli("count --shape 2x4 --method two-band --kernel backtrack", &st);
  EXPECT_EQ(st, 2);
  out = run_cli("count --threads -1", &st);
  EXPECT_EQ(st, 2);
  EXPECT_NE(out.find("not in range 0 to 4096"), std::string::npos) << out;
  // Options of the stack method are refused with the signature method, not silently ignored.
  out = run_cli("count --method signature --kernel backtrack", &st);
  EXPECT_EQ(st, 2);
  EXPECT_NE(out.find("--kernel applies to the stack method"), std::string::npos) << out;
  run_cli("count --method signature --slices 10", &st);
  EXPECT_EQ(st, 2);
}

// More threads than cores: the run reports the threads that really ran, and says so on stderr.
TEST(Cli, ThreadsBeyondTheCoresAreReportedAsRun) {
  const auto p = gridenum::testing::run_cli_line("{gridenum} count --shape 2x3 --threads 4000 --json");
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["threads"], resolve_threads(0));
  const int cores = resolve_threads(0);
  EXPECT_TRUE(gridenum::testing::contains(p.err, "--threads 4000: " + std::to_string(cores) + " core")) << p.err;
  // Within the cores: nothing said.
  const auto q = gridenum::testing::run_cli_line("{gridenum} count --shape 2x3 --threads " + std::to_string(cores) + " --json");
  EXPECT_EQ(q.err, "") << q.err;
}

TEST(Cli, Estimate) {
  int st = -1;
  const std::string out = run_cli("estimate", &st);
  EXPECT_EQ(st, 0);
  EXPECT_NE(out.find("6657084616885512582463.488"), std::string::npos);
  EXPECT_NE(out.find("1.002075853911"), std::string::npos);
}

}  // namespace

// GRIDENUM_ISA forces the hot loops' level (core/cpu.hpp): every level the CPU runs counts 9x9
// right and the output names it; a name that is no level, or a level the CPU lacks, is a usage
// error (exit 2) naming the variable.
TEST(Cli, InstructionSetLevelForcedByTheEnvironment) {
  for (Isa isa : supported_isas())
    for (const char* method : {"band-pair", "stack"}) {
      const auto p = gridenum::testing::run_cli_line("GRIDENUM_ISA=" + to_string(isa) + " {gridenum} count --json --method " + method);
      EXPECT_EQ(p.code, 0) << p.err;
      EXPECT_NE(p.out.find("\"isa\": \"" + to_string(isa) + "\""), std::string::npos) << p.out;
      EXPECT_NE(p.out.find("\"total\": \"6670903752021072936960\""), std::string::npos) << p.out;
    }
  auto text = gridenum::testing::run_cli_line("GRIDENUM_ISA=baseline {gridenum} count --shape 2x3 --method stack");
  EXPECT_NE(text.out.find("kernel partition (baseline)"), std::string::npos) << text.out;
  text = gridenum::testing::run_cli_line("GRIDENUM_ISA=baseline {gridenum} count --shape 2x3");
  EXPECT_NE(text.out.find("completions by band pairs (baseline)"), std::string::npos) << text.out;
  const auto bad = gridenum::testing::run_cli_line("GRIDENUM_ISA=avx9 {gridenum} count --shape 2x3");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("GRIDENUM_ISA=avx9"), std::string::npos) << bad.err;
  for (Isa isa : {Isa::Avx2, Isa::Avx512})
    if (!isa_supported(isa)) {
      const auto no = gridenum::testing::run_cli_line("GRIDENUM_ISA=" + to_string(isa) + " {gridenum} count --shape 2x3");
      EXPECT_EQ(no.code, 2) << no.err;
    }
}
