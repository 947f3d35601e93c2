// "Hardening, round two" (items 4, 6 and 7), each through the binary as a user runs it: an
// export-mip output that is its input, numbers out of range, and the small refusals (verify's
// --double-check NaN and a --classes document, resume's --kernel, export-mip DIR, a cut-short
// listed solution, --threads above the cores). Item 3's and 5's signals: test_stream_stop_cli.cpp.
#include <gtest/gtest.h>

#include <unistd.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum::testing;

// Ten puzzle lines (a collection export-mip must not overwrite).
std::string ten_puzzles() {
  std::string text;
  for (int i = 0; i < 10; ++i) text += kClassic + "\n";
  return text;
}

}  // namespace

// Item 4: `export-mip -o FILE FILE`, -o a symlink or a hard link to FILE, and -o a directory that
// holds the file the model would be named: refused (exit 2) before anything is written, the input
// unchanged. Another output is still written.
TEST(HardeningTwoCli, ExportMipRefusesAnOutputThatIsItsInput) {
  const TempDir t;
  const fs::path in = t / "in.txt";
  spit(in, ten_puzzles());
  fs::create_symlink(in, t / "link.txt");
  fs::create_hard_link(in, t / "hard.txt");
  for (const std::string& out : std::vector<std::string>{in.string(), (t / "link.txt").string(), (t / "hard.txt").string(),
                                (t / "." / "in.txt").string()}) {
    const Proc p = run_cli({"export-mip", "-o", out, in.string()});
    EXPECT_EQ(p.code, 2) << out << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "is the input")) << p.err;
    EXPECT_TRUE(contains(p.err, "write the model to another file")) << p.err;
    EXPECT_EQ(slurp(in), ten_puzzles()) << out;
  }
  // -o DIR writes DIR/sudoku-blp.lp: refused when that is the input.
  const fs::path model_named = t / "sudoku-blp.lp";
  spit(model_named, ten_puzzles());
  Proc p = run_cli({"export-mip", "-o", t.path.string() + "/", model_named.string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_EQ(slurp(model_named), ten_puzzles());
  // ZIMPL: a data file beside the model (stem.clues.dat) that is the input.
  const fs::path clues = t / "in.clues.dat";
  spit(clues, ten_puzzles());
  p = run_cli({"export-mip", "--format", "zpl", "-o", (t / "in.zpl").string(), clues.string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "is the input")) << p.err;
  EXPECT_EQ(slurp(clues), ten_puzzles());
  EXPECT_FALSE(fs::exists(t / "in.zpl"));
  // A new file is fine, and the input is read as before.
  p = run_cli({"export-mip", "-o", (t / "model.lp").string(), in.string()});
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(slurp(t / "model.lp"), "Subject To")) << slurp(t / "model.lp");
  EXPECT_EQ(slurp(in), ten_puzzles());
}

// Item 6: numbers that wrapped or saturated to 2^64 - 1 without a word are usage errors (exit 2)
// naming the option and its range.
TEST(HardeningTwoCli, OutOfRangeNumbersAreRefused) {
  const std::string range = "from 0 to 18446744073709551615";
  for (const std::string bad : {"-1", "18446744073709551616", "1e23", "99999999999999999999999"}) {
    for (const std::string option : {"--seed", "--first", "--budget"}) {
      const Proc p = run_cli({"generate", option, bad});
      EXPECT_EQ(p.code, 2) << option << " " << bad << ": " << p.out << p.err;
      EXPECT_TRUE(contains(p.err, option + ": expected a whole number " + range + ", got '" + bad + "'")) << p.err;
      EXPECT_EQ(p.out, "") << option << " " << bad;
    }
    for (const std::string option : {"verify result x.json --seed", "verify completions --seed"}) {
      const Proc p = run_cli_line("{gridenum} " + option + " " + bad);
      EXPECT_EQ(p.code, 2) << option << " " << bad << ": " << p.err;
      EXPECT_TRUE(contains(p.err, "--seed: expected a whole number " + range)) << p.err;
    }
  }
  // The largest seed is still a seed.
  Proc p = run_cli({"generate", "--seed", "18446744073709551615"});
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "--seed 18446744073709551615")) << p.out;
  // --first with --puzzles: the last index must not pass 2^64 - 1 (it wrapped and repeated puzzle 0).
  p = run_cli({"generate", "--seed", "1", "--first", "18446744073709551615", "--puzzles", "2"});
  EXPECT_EQ(p.code, 2) << p.out << p.err;
  EXPECT_EQ(p.out, "");
  EXPECT_TRUE(contains(p.err, "--first: 18446744073709551615 with --puzzles 2")) << p.err;
  EXPECT_TRUE(contains(p.err, "the first index takes 0 to 18446744073709551614 for 2 puzzles")) << p.err;
  p = run_cli({"generate", "--seed", "1", "--first", "18446744073709551614", "--puzzles", "2"});
  EXPECT_EQ(p.code, 0) << p.err;
  const Proc zero = run_cli({"generate", "--seed", "1", "--puzzles", "1"});
  EXPECT_NE(lines_of(p.out).back(), lines_of(zero.out).back());  // not puzzle 0 again
  // export-mip --index: from 1.
  const TempDir t;
  spit(t / "in.txt", ten_puzzles());
  for (const std::string bad : {"-1", "0", "18446744073709551616", "1.5"}) {
    p = run_cli({"export-mip", "--index", bad, (t / "in.txt").string()});
    EXPECT_EQ(p.code, 2) << bad << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "--index: expected a whole number from 1 to 18446744073709551615, got '" + bad + "'"))
        << p.err;
    EXPECT_FALSE(contains(p.err, "18446744073709551615: the input has only")) << p.err;
  }
  p = run_cli({"export-mip", "--index", "10", "--stats", (t / "in.txt").string()});
  EXPECT_EQ(p.code, 0) << p.err;
}

// Item 7: verify result --double-check NaN is refused for a three-band job as for a stack job.
TEST(HardeningTwoCli, VerifyRefusesDoubleCheckNan) {
  const TempDir t;
  for (const std::string method : {"three-band", "stack"}) {
    const std::string dir = (t / method).string();
    ASSERT_EQ(run_cli({"count", "--shape", "2x3", "--method", method, "--job-dir", dir}).code, 0);
    for (const std::string bad : {"nan", "-nan", "1.5", "-0.5"}) {
      const Proc p = run_cli({"verify", "result", dir, "--double-check", bad});
      EXPECT_EQ(p.code, 2) << method << " " << bad << ": " << p.out << p.err;
      // CLI11's range refuses 1.5 and -0.5 itself; NaN passes it (no comparison is true of NaN).
      EXPECT_TRUE(contains(p.err, bad.find("nan") != std::string::npos
                                      ? "--double-check takes a share of the units in (0, 1], not "
                                      : "--double-check: Value " + bad + " not in range"))
          << p.err;
      EXPECT_FALSE(contains(p.out, "PASS")) << p.out;
    }
    EXPECT_EQ(run_cli({"verify", "result", dir, "--double-check", "1"}).code, 0) << method;
  }
}

// Item 7: a `count --classes A:B --json` document is called what it is (a --classes run, part
// of the classes), not "the result of one shard"; a shard still is one.
TEST(HardeningTwoCli, VerifyNamesAClassesRunAsOne) {
  const TempDir t;
  for (const std::string shape : {"3x3", "2x4"}) {  // three-band and two-stack --classes documents
    const Proc c = run_cli({"count", "--shape", shape, "--classes", "1:3", "--json"});
    ASSERT_EQ(c.code, 0) << c.err;
    const fs::path doc = t / (shape + ".json");
    spit(doc, c.out);
    const Proc p = run_cli({"verify", "result", doc.string()});
    EXPECT_EQ(p.code, 2) << p.out << p.err;
    EXPECT_TRUE(contains(p.err, "the result of a --classes run (classes 1 to 3 of ")) << p.err;
    EXPECT_TRUE(contains(p.err, "part of the classes")) << p.err;
    EXPECT_FALSE(contains(p.err, "shard;")) << p.err;
  }
  const std::string dir = (t / "shard").string();
  ASSERT_EQ(run_cli({"count", "--shape", "3x3", "--method", "three-band", "--shard", "1/2", "--job-dir", dir}).code, 0);
  const Proc p = run_cli({"verify", "result", dir});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "the result of one shard (shard 1/2); merge the shards")) << p.err;
}

// Item 7: resume refuses a session option the job's method does not take, as count does, before
// touching the job (no lock, no new session in its log).
TEST(HardeningTwoCli, ResumeRefusesOptionsTheMethodDoesNotTake) {
  const TempDir t;
  const std::string tb = (t / "tb").string(), st = (t / "st").string();
  ASSERT_EQ(run_cli({"count", "--shape", "2x3", "--method", "three-band", "--job-dir", tb}).code, 0);
  ASSERT_EQ(run_cli({"count", "--shape", "2x3", "--method", "stack", "--job-dir", st}).code, 0);
  const std::string log = slurp(fs::path(tb) / "job.log");
  Proc p = run_cli({"resume", tb, "--kernel", "backtrack"});
  EXPECT_EQ(p.code, 2) << p.out << p.err;
  EXPECT_TRUE(contains(p.err, "--kernel applies to the stack method, not to three-band")) << p.err;
  EXPECT_EQ(slurp(fs::path(tb) / "job.log"), log);
  // count refuses the same way.
  const Proc c = run_cli({"count", "--shape", "2x3", "--method", "three-band", "--kernel", "backtrack"});
  EXPECT_EQ(c.code, 2);
  EXPECT_TRUE(contains(c.err, "--kernel applies to the stack method, not to three-band")) << c.err;
  p = run_cli({"resume", st, "--table-cache", (t / "cache").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--table-cache applies to the three-band method, not to stack")) << p.err;
  // What the methods take is still taken.
  EXPECT_EQ(run_cli({"resume", st, "--kernel", "backtrack"}).code, 0);
  EXPECT_EQ(run_cli({"resume", tb, "--memory-limit", "1G"}).code, 0);
}

// Item 7: export-mip DIR is a usage error (exit 2) like solve DIR.
TEST(HardeningTwoCli, ExportMipDirectoryIsAUsageError) {
  const TempDir t;
  for (const std::string cmd : {"export-mip", "solve"}) {
    const Proc p = run_cli({cmd, t.path.string()});
    EXPECT_EQ(p.code, 2) << cmd << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "is a directory; give a puzzle file")) << p.err;
  }
}

// Item 7: a listed solution after ':' that is cut short or holds junk is an error line naming file,
// line and column (a full-length wrong one already was); an empty field lists none.
TEST(HardeningTwoCli, CutShortListedSolutionIsAnError) {
  const TempDir t;
  const std::string file = (t / "in.txt").string();
  spit(file, kClassic + ":1:" + kSolution.substr(0, 40) + "\n" +  // line 1: cut short (generate's layout)
                 kClassic + ":1:" + kSolution.substr(0, 80) + "x\n" +  // line 2: junk symbol
                 kClassic + ":3:\n" +                                // line 3: no solution listed
                 kClassic + ":" + kSolution + "\n" +                 // line 4: whole
                 kClassic + ":xyz\n");                               // line 5: junk
  const Proc p = run_cli({"solve", file});
  EXPECT_EQ(p.code, 1) << p.err;
  EXPECT_EQ(lines_of(p.out), (std::vector<std::string>{"error", "error", kSolution, kSolution, "error"})) << p.err;
  const std::size_t c1 = kClassic.size() + 2;  // the field's first column
  EXPECT_TRUE(contains(p.err, file + ", line 1, column " + std::to_string(c1 + 2 + 40) +
                                  ": the solution after ':' has 40 symbols, not 81"))
      << p.err;
  EXPECT_TRUE(contains(p.err, file + ", line 2, column " + std::to_string(c1 + 2 + 80) + ": solution: bad character 'x'"))
      << p.err;
  EXPECT_TRUE(contains(p.err, file + ", line 5, column " + std::to_string(c1 + 3) + ": the solution after ':' has 3 symbols"))
      << p.err;
  // "puzzle:count", the collections' layout with counts: a lone field of digits is a count, not a
  // cut-short solution (the puzzle is solved, nothing listed to check).
  const Proc c = run_cli_line("{gridenum} solve -", kClassic + ":1\n" + kClassic + ":0\n");
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(lines_of(c.out), (std::vector<std::string>{kSolution, kSolution})) << c.err;
  // A full-length wrong solution stays an error (the listed solution is checked).
  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  const Proc w = run_cli_line("{gridenum} solve -", kClassic + ":" + wrong + "\n");
  EXPECT_EQ(w.code, 1) << w.err;
  EXPECT_TRUE(contains(w.err, "line 1")) << w.err;
}

// Item 7: more threads than cores is cut to the cores, said once, and oneTBB's own warning ("The
// number of workers is currently limited to 1") never appears.
TEST(HardeningTwoCli, ThreadsAboveTheCoresGiveNoTbbWarning) {
  const long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
  std::string input;
  for (int i = 0; i < 200; ++i) input += kClassic + "\n";
  for (const std::string& threads : std::vector<std::string>{"4096", std::to_string(cores + 1)}) {
    for (const std::string& cmd : std::vector<std::string>{"{gridenum} solve --threads " + threads + " -",
                                  "{gridenum} generate --puzzles 50 --seed 1 --threads " + threads}) {
      const Proc p = run_cli_line(cmd, input);
      EXPECT_EQ(p.code, 0) << cmd << ": " << p.err;
      EXPECT_FALSE(contains(p.err, "TBB Warning")) << cmd << ": " << p.err;
      EXPECT_FALSE(contains(p.err, "limited to")) << cmd << ": " << p.err;
      EXPECT_TRUE(contains(p.err, "--threads " + threads + ": ")) << cmd << ": " << p.err;
    }
  }
}
