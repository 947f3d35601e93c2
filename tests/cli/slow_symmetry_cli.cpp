// `gridenum symmetry` end to end (label slow): --grid-counts with a real count (a 2x5 count job and
// three Burnside runs that each rebuild and check its class table, about 15 s), and a symmetry
// job's kept signature walks taken back by later sessions (five runs of two 10x10 classes, a few
// seconds).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/digest.hpp"
#include "cli_run.hpp"

using namespace gridenum::testing;

// --grid-counts: the identity's term and the F(S) classes from a finished two-stack count (a job
// directory here, 2x5), the only way to the 2x6 figure. The two classes below are counted from F
// over the side-2 classes; their values are the histogram walk's (the path without a class table,
// before --grid-counts existed), and the identity's term is 10x10's total / 10!. Refused: a
// document whose one F was changed (it fails verify's first moment against the array count), a
// count of another shape (the fast tier's GridCountsRefusals has the cheap refusals).
TEST(SymmetryCliSlow, GridCountsFromAFinishedCount) {
  TempDir t;
  const std::string dir = (t / "count25").string();
  Proc p = run_cli({"count", "--shape", "2x5", "--job-dir", dir, "--threads", "2"});
  ASSERT_EQ(p.code, 0) << p.err;
  p = run_cli({"symmetry", "--shape", "5x2", "--grid-counts", dir, "--classes", "1,1058,1233", "--threads", "2", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["class_table"][0]["fixed"], "524640665777288616345600");
  EXPECT_TRUE(contains(doc["total_route"].get<std::string>(), "read from " + dir)) << doc["total_route"];
  p = run_cli({"symmetry", "--shape", "2x5", "--grid-counts", dir + "/result.json", "--classes", "1,1058,1233", "--threads", "2"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "797,132,953,829,376")) << p.out;
  EXPECT_TRUE(contains(p.out, "13,580,303,155,200")) << p.out;
  EXPECT_TRUE(contains(p.out, "grids (two-stack count read from " + dir + "/result.json): 1,903,816,047,972,624,930,994,913,280,000"))
      << p.out;

  // One class's F changed by one: the sums and the array count's first moment disagree.
  auto forged = nlohmann::json::parse(slurp(t / "count25" / "result.json"));
  auto& F = forged["classes"][10]["F"];
  F = std::to_string(std::stoull(F.get<std::string>()) + 1);
  const std::string forged_path = (t / "forged.json").string();
  spit(t / "forged.json", forged.dump(2));
  p = run_cli({"symmetry", "--shape", "2x5", "--grid-counts", forged_path, "--classes", "1"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "fails verify")) << p.err;
  EXPECT_TRUE(contains(p.err, "array count")) << p.err;

  p = run_cli({"symmetry", "--shape", "2x6", "--grid-counts", dir});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "not of 2x6")) << p.err;
}

// A symmetry job keeps the walks of large signature families in DIR/walks/ (jobs/walk_store.hpp)
// and their band counts in its journal, and a later session takes them back instead of walking
// and counting again. 10x10 classes 941 and 942 share
// one family of 1,507,968 members (2^20 and up: kept). The job's classes journaled, its journal
// then cut back to its header and first session, a resumed session counts both classes again
// from the kept walk (its log says so) and gets the f a run without a job gets. A damaged walk
// file is walked again and written anew; a forged one, sealed with a right SHA-256 but one member
// more than its family, stops the job with an error naming it (the kernel's check).
TEST(SymmetryCliSlow, AKeptWalkServesTheNextSession) {
  TempDir t;
  const std::string dir = (t / "job").string();
  Proc p = run_cli({"symmetry", "--shape", "2x5", "--classes", "941,942", "--threads", "2", "--job-dir", dir});
  ASSERT_EQ(p.code, 0) << p.err;
  std::vector<fs::path> walks;
  for (const auto& e : fs::directory_iterator(t / "job" / "walks")) walks.push_back(e.path());
  ASSERT_EQ(walks.size(), 1u);
  EXPECT_TRUE(contains(slurp(t / "job" / "job.log"), "members (walk.v1.5.")) << slurp(t / "job" / "job.log");
  const std::string walk = slurp(walks[0]);
  EXPECT_TRUE(contains(walk, "\nmembers 1507968\n")) << walk;
  p = run_cli({"status", dir});
  EXPECT_TRUE(contains(p.out, "1 kept signature walk in " + dir + "/walks")) << p.out;
  p = run_cli({"status", dir, "--json"});
  EXPECT_EQ(nlohmann::json::parse(p.out)["walks_kept"], 1) << p.out;

  p = run_cli({"symmetry", "--shape", "2x5", "--classes", "941,942", "--threads", "2", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto fresh = nlohmann::json::parse(p.out);
  // The journal cut back to its header and first session (and, when keep_bands, its band counts).
  const auto cut = [&](bool keep_bands) {
    const std::vector<std::string> lines = lines_of(slurp(t / "job" / "journal"));
    ASSERT_GE(lines.size(), 2u);
    std::string kept = lines[0] + "\n" + lines[1] + "\n";
    for (std::size_t k = 2; k < lines.size(); ++k)
      if (keep_bands && contains(lines[k], " band.")) kept += lines[k] + "\n";
    spit(t / "job" / "journal", kept);
    fs::remove(t / "job" / "result.json");
    fs::remove(t / "job" / "result.txt");
  };
  const auto header_only = [&] { cut(false); };
  // states: the band counter's memo states of each class (0: every band count taken back).
  const auto resumed_fits = [&](const std::string& log_says, bool no_states = false) {
    Proc r = run_cli({"resume", dir, "--threads", "2"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, log_says)) << r.err;
    const auto doc = nlohmann::json::parse(slurp(t / "job" / "result.json"));
    for (int i : {940, 941}) {
      EXPECT_EQ(doc["class_table"][i]["fixed"], fresh["class_table"][i]["fixed"]) << i;
      if (no_states) EXPECT_EQ(doc["class_table"][i]["states"], 0) << i;
      else EXPECT_GT(doc["class_table"][i]["states"], 0) << i;
    }
    EXPECT_EQ(fresh["class_table"][940]["fixed"], "1304218828800");
  };
  header_only();
  resumed_fits("is taken from " + walks[0].string());

  // The band counts the classes journaled (P records "band.", 88 orbits: class 941's two bands
  // and class 942's second, its first being 941's) serve the next session whole.
  EXPECT_EQ(nlohmann::json::parse(run_cli({"status", dir, "--json"}).out)["band_counts_kept"], 264);
  cut(true);
  resumed_fits("264 band counts kept", true);

  // One digit of an orbit line changed: the SHA-256 fails, the family is walked again and kept.
  std::string damaged = walk;
  damaged[damaged.find("\n0 ") + 1] = '1';
  spit(walks[0], damaged);
  header_only();
  resumed_fits("the kept walk cannot be used, the family is walked again");
  EXPECT_EQ(slurp(walks[0]), walk);

  // Sealed again with one member more: the kernel refuses it.
  std::string forged = walk.substr(0, walk.find("sha256 "));
  forged.replace(forged.find("members 1507968"), 15, "members 1507969");
  spit(walks[0], forged + "sha256 " + gridenum::sha256_hex(forged) + "\n");
  header_only();
  p = run_cli({"resume", dir, "--threads", "2"});
  EXPECT_NE(p.code, 0);
  EXPECT_TRUE(contains(p.err, "does not fit its family of 1,507,968 members")) << p.err;
}

// scripts/symmetry-recount.sh, a job's fixing classes counted again by another kernel: on a 4x4
// job and a 12x12 job of two classes by line orbits, and on a 9x9 job by the band kernels
// (RECOUNT_METHOD=band: the transposed classes, which no band kernel takes, left out and counted
// on stderr), every class other than the identity counted, one row each, all agreeing with the
// journal (exit 0), each row naming the kernel gridenum used (9x9: 26 fixing classes besides the
// identity, 4 of them transposed); run again, it adds nothing;
// RECOUNT_CLASSES takes only the classes it names; usage errors exit 2.
TEST(SymmetryCliSlow, TheRecountScriptChecksEveryFixingClassOfAJob) {
  TempDir t;
  const std::string script = std::string(GRIDENUM_SOURCE_DIR) + "/scripts/symmetry-recount.sh";
  struct Job {
    std::vector<std::string> args;
    std::size_t fixing;  // the job's fixing classes, the identity included (0: not asserted)
    std::string method;  // RECOUNT_METHOD
    std::size_t rows;    // the classes the kernels take (0: every fixing class but the identity)
  };
  const Job jobs[] = {{{"symmetry", "--shape", "2x2", "--threads", "1"}, 13, "line-orbits", 0},
                      {{"symmetry", "--shape", "2x6", "--classes", "4941:4942", "--threads", "1"}, 0, "line-orbits", 0},
                      {{"symmetry", "--shape", "3x3", "--threads", "2"}, 27, "band", 22}};
  int n = 0;
  for (const Job& job : jobs) {
    const std::string dir = (t / ("sym" + std::to_string(++n))).string();
    std::vector<std::string> args = job.args;
    args.insert(args.end(), {"--job-dir", dir});
    ASSERT_EQ(run_cli(args).code, 0) << dir;
    const auto status = nlohmann::json::parse(run_cli({"status", dir, "--json"}).out);
    std::size_t fixing = 0;
    bool identity = false;
    for (const auto& c : status["fixing"]) {
      ++fixing;
      identity = identity || c["class"].get<int>() == 1;
    }
    if (job.fixing != 0) {
      EXPECT_EQ(fixing, job.fixing);
    }
    EXPECT_GT(fixing, 0u);
    const std::size_t expected_rows = job.rows != 0 ? job.rows : fixing - (identity ? 1 : 0);
    const std::string table = (t / ("table" + std::to_string(n) + ".tsv")).string();
    const std::string command = "RECOUNT_METHOD=" + job.method + " " + script + " " + dir + " 60 " + table + " {gridenum}";
    Proc p = run_cli_line(command);
    ASSERT_EQ(p.code, 0) << p.err;
    if (job.rows != 0) {
      EXPECT_TRUE(contains(p.err, std::to_string(fixing - 1 - job.rows) + " fixing classes left out: band cannot count them"))
          << p.err;
    }
    const std::string text = slurp(table);
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "class\tjob_f\tmethod\trecount_f\tverdict\tseconds\tcommit\tdate");
    std::size_t rows = 0;
    while (std::getline(lines, line)) {
      ++rows;
      std::istringstream cells(line);
      std::string k, job_f, method, recount_f, verdict;
      std::getline(cells, k, '\t');
      std::getline(cells, job_f, '\t');
      std::getline(cells, method, '\t');
      std::getline(cells, recount_f, '\t');
      std::getline(cells, verdict, '\t');
      EXPECT_EQ(verdict, "agree") << line;
      EXPECT_EQ(job_f, recount_f) << line;
      EXPECT_NE(k, "1") << line;
      if (job.method == "band") {
        EXPECT_TRUE(method == "band-cycles" || method == "band-swaps" || method == "band-keeps") << line;
      } else {
        EXPECT_EQ(method, job.method) << line;
      }
      bool listed = false;
      for (const auto& c : status["fixing"]) {
        if (std::to_string(c["class"].get<int>()) == k && c["fixed"].get<std::string>() == job_f) listed = true;
      }
      EXPECT_TRUE(listed) << line;
    }
    EXPECT_EQ(rows, expected_rows);
    p = run_cli_line(command);
    ASSERT_EQ(p.code, 0) << p.err;
    EXPECT_EQ(slurp(table), text);
  }
  // RECOUNT_CLASSES: only the classes named (a sample), the rest left for later runs.
  {
    const auto status = nlohmann::json::parse(run_cli({"status", (t / "sym1").string(), "--json"}).out);
    const std::string first = std::to_string(status["fixing"][1]["class"].get<int>());
    const std::string last = std::to_string(status["fixing"][12]["class"].get<int>());
    const std::string table = (t / "sample.tsv").string();
    Proc p = run_cli_line("RECOUNT_CLASSES=" + first + "," + last + " " + script + " " + (t / "sym1").string() + " 60 " +
                          table + " {gridenum}");
    ASSERT_EQ(p.code, 0) << p.err;
    const std::string text = slurp(table);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3) << text;  // the header and two rows
    EXPECT_TRUE(contains(text, "\n" + first + "\t")) << text;
    EXPECT_TRUE(contains(text, "\n" + last + "\t")) << text;
    p = run_cli_line("RECOUNT_CLASSES=" + first + ",x " + script + " " + (t / "sym1").string() + " 60 " + table +
                     " {gridenum}");
    EXPECT_EQ(p.code, 2);
    EXPECT_TRUE(contains(p.err, "RECOUNT_CLASSES")) << p.err;
    EXPECT_EQ(slurp(table), text);
    p = run_cli_line("RECOUNT_METHOD=stacks " + script + " " + (t / "sym1").string() + " 60 " + table + " {gridenum}");
    EXPECT_EQ(p.code, 2);
    EXPECT_TRUE(contains(p.err, "RECOUNT_METHOD")) << p.err;
    EXPECT_EQ(slurp(table), text);
  }
  // A table of another kind (the first line is not this script's header) is refused, untouched.
  spit(t / "other.tsv", "class\tjob_f\tline_orbits_f\n");
  Proc p = run_cli_line(script + " " + (t / "sym1").string() + " 60 " + (t / "other.tsv").string() + " {gridenum}");
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "not a table of this script")) << p.err;
  EXPECT_EQ(slurp(t / "other.tsv"), "class\tjob_f\tline_orbits_f\n");
  p = run_cli_line(script + " " + (t / "sym1").string() + " 60");
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "Usage")) << p.err;
  p = run_cli_line(script + " " + (t / "sym1").string() + " soon " + (t / "x.tsv").string() + " {gridenum}");
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "SECONDS")) << p.err;
}
