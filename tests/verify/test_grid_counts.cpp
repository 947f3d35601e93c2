// A finished count read back for `symmetry --grid-counts` (grid_counts.hpp, load_grid_counts) by
// a route other than two-stack: a merged three-band count, as the 4x3 certificate will be read for
// the 3x4 figure. Here the 6x6 grids (2x3 boxes, counted as two shards and merged in
// milliseconds): the certificate gives the identity's term of its own shape and of the transpose,
// the figure is the one Burnside's own count gives, and a certificate that `verify result` fails
// -- here only by its shards' journals, which the route's own check does not read -- is refused
// before any number is taken from it. The side-2 path (F as well as the total) is
// tests/cli/slow_symmetry_cli.cpp's and the committed 2x6 certificate's (slow_committed_certificates.cpp).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/core/errors.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/verify/grid_counts.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

// A 2x3 three-band count run as two shards and merged with its journals beside it, in t/merged.
fs::path merged_three_band_2x3(const TempDir& t) {
  for (std::uint32_t k : {1u, 2u}) {
    const fs::path dir = t / ("s" + std::to_string(k));
    const JobOutcome o = run_job(request(dir, method_config("2x3", MethodId::ThreeBand, Shard{k, 2})));
    EXPECT_TRUE(o.finished) << dir;
  }
  const Proc p = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string()});
  EXPECT_EQ(p.code, 0) << p.err;
  return t / "merged";
}

BigInt big(const nlohmann::json& v) {
  return BigInt(v.is_string() ? v.get<std::string>() : std::to_string(v.get<std::uint64_t>()));
}

std::string refusal(const std::string& path, Shape s) {
  try {
    load_grid_counts(path, s, 2);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(taken)";
}

}  // namespace

TEST(GridCounts, AMergedThreeBandCountGivesTheIdentitysTermOfItsShapeAndItsTranspose) {
  TempDir t;
  const fs::path merged = merged_three_band_2x3(t);
  for (const Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    SCOPED_TRACE(s.str());
    const GridCounts counts = load_grid_counts(merged.string(), s, 2);
    EXPECT_EQ(counts.method, "three-band");
    EXPECT_EQ(counts.total.str(), k2x3);
    EXPECT_TRUE(counts.F.empty());  // only the side-2 shapes of 10 and 12 digits take F
    BurnsideOptions o;
    o.shape = s;
    o.threads = 2;
    o.grid_counts = std::make_shared<const GridCounts>(counts);
    const BurnsideResult r = run_burnside(o, {});
    EXPECT_EQ(r.total_route, "three-band count read from " + merged.string());
    EXPECT_EQ(r.grids.str(), k2x3);
    EXPECT_EQ(fixed_value(r.terms[0]), BigInt(k2x3) / factorial(6));
    EXPECT_EQ(r.essentially_different, BigInt(49));
    EXPECT_NE(format_text(r).find("grids (three-band count read from " + merged.string() + "): 28,200,960"),
              std::string::npos)
        << format_text(r);
  }
}

// One class's count raised by one in a copy of the merged result.json and the total re-summed to
// agree: the three-band check alone (plan, sums; no recount) passes it, and only the shards'
// journals, held against the listed counts by verify_result, catch it. --grid-counts takes nothing
// from it, and says why and what to run.
TEST(GridCounts, AForgedMergeFailsByItsShardsJournalsAndIsRefused) {
  TempDir t;
  const fs::path merged = merged_three_band_2x3(t);
  nlohmann::json j = nlohmann::json::parse(slurp(merged / "result.json"));
  auto& c = j["classes"][0];
  c["count"] = (big(c["count"]) + 1).str();
  BigInt total = 0;
  for (const auto& row : j["classes"]) total += big(row["count"]) * big(row["size"]);
  j["total"] = total.str();
  ASSERT_NE(j["total"].get<std::string>(), k2x3);
  const std::string forged = (merged / "forged.json").string();  // beside the shards, as the merge left them
  spit(forged, j.dump(1));
  const std::string why = refusal(forged, Shape{3, 2});
  EXPECT_NE(why.find("--grid-counts " + forged + ": the result fails verify"), std::string::npos) << why;
  EXPECT_NE(why.find("gridenum verify result " + forged), std::string::npos) << why;
  EXPECT_NE(why.find("holds "), std::string::npos) << why;  // a shard's unit against the listed count
}

// What is not a finished count of the shape is refused by name: another shape's, a shard's own
// directory (its classes carry no total), a path that holds no result.
TEST(GridCounts, RefusalsNameThePathAndWhatIsWrong) {
  TempDir t;
  const fs::path merged = merged_three_band_2x3(t);
  std::string why = refusal(merged.string(), Shape{2, 4});
  EXPECT_NE(why.find("a count of 2x3 grids, not of 2x4 or its transpose"), std::string::npos) << why;
  why = refusal((t / "s1").string(), Shape{2, 3});
  EXPECT_NE(why.find("--grid-counts"), std::string::npos) << why;
  EXPECT_NE(why.find("shard"), std::string::npos) << why;
  why = refusal((t / "nothing").string(), Shape{2, 3});
  EXPECT_NE(why.find("--grid-counts"), std::string::npos) << why;
  EXPECT_NE(why.find("nothing"), std::string::npos) << why;
}
