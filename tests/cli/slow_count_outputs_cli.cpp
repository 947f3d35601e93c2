// The count's outputs, byte for byte, against a saved set (tests/data/count_outputs/): every
// method on every shape it counts in seconds, text and JSON, plain runs, --classes runs, jobs,
// shards and their merge, and the refusals (stderr and exit code). What may differ between two
// runs of the same code is blanked first (normalise below): times, the instruction-set level,
// the machine (host, kernel, CPU model), the job directory's name. So a refactoring of the methods, the registry or the job layer that
// changes what a user sees, a digit or a word, fails here.
//
// When a change of output is intended, regenerate the set and commit it with the change, so the
// diff shows what changed:
//     GRIDENUM_UPDATE_COUNT_OUTPUTS=1 ctest --test-dir build -R CountOutputs
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;

struct Case {
  std::string name;  // the saved file: tests/data/count_outputs/<name>.txt
  std::vector<std::string> commands;  // run in order in one temporary directory ({dir}); the last one's output is saved
};

// Every case gives --threads 2 and, where the memory limit is printed, --memory-limit: the
// defaults depend on the machine.
std::vector<Case> cases() {
  std::vector<Case> v;
  auto one = [&](const std::string& name, const std::string& args) { v.push_back({name, {args}}); };
  // The default method of every shape it counts in seconds, text and JSON.
  for (const char* s : {"2x2", "2x3", "3x2", "3x3", "2x4", "4x2", "2x5", "5x2"}) {
    one(std::string("auto-") + s, std::string("count --threads 2 --memory-limit 4G --shape ") + s);
    one(std::string("auto-") + s + "-json", std::string("count --threads 2 --memory-limit 4G --json --shape ") + s);
  }
  one("stack-3x3-slices7-json", "count --threads 2 --shape 3x3 --slices 7 --json --method stack");
  one("stack-3x3", "count --threads 2 --shape 3x3 --method stack");
  one("band-pair-3x3-slices3-json", "count --threads 2 --shape 3x3 --slices 3 --json --method band-pair");
  one("stack-2x3-backtrack", "count --threads 2 --shape 2x3 --kernel backtrack --method stack");
  for (const char* s : {"2x2", "2x3", "3x2", "3x3"}) one(std::string("signature-") + s, std::string("count --threads 2 --method signature --shape ") + s);
  one("signature-3x3-json", "count --threads 2 --method signature --shape 3x3 --json");
  for (const char* s : {"2x3", "2x4", "4x2"}) {
    one(std::string("two-band-") + s, std::string("count --threads 2 --memory-limit 4G --method two-band --shape ") + s);
    one(std::string("two-band-") + s + "-json", std::string("count --threads 2 --memory-limit 4G --method two-band --json --shape ") + s);
  }
  one("two-stack-3x2-json", "count --threads 2 --memory-limit 4G --method two-stack --json --shape 3x2");
  for (const char* s : {"2x3", "3x2", "3x3"}) {
    one(std::string("three-band-") + s, std::string("count --threads 2 --memory-limit 4G --no-table-cache --method three-band --shape ") + s);
    one(std::string("three-band-") + s + "-json", std::string("count --threads 2 --memory-limit 4G --no-table-cache --method three-band --json --shape ") + s);
  }
  // --classes runs: the three-band route's and the side-2 routes'.
  one("classes-3x3-1-5", "count --threads 2 --memory-limit 4G --shape 3x3 --classes 1:5");
  one("classes-3x3-7-json", "count --threads 2 --memory-limit 4G --shape 3x3 --classes 7 --json");
  one("classes-3x2-all", "count --threads 2 --memory-limit 4G --shape 3x2 --classes all");
  one("classes-2x4-all", "count --threads 2 --memory-limit 4G --shape 2x4 --classes all");
  one("classes-2x4-all-json", "count --threads 2 --memory-limit 4G --shape 2x4 --classes all --json");
  one("classes-2x5-two-band-1-3", "count --threads 2 --memory-limit 4G --shape 2x5 --classes 1:3 --method two-band");
  one("classes-5x2-350-355-json", "count --threads 2 --memory-limit 4G --shape 5x2 --classes 350:355 --json");
  one("classes-2x3-two-stack", "count --threads 2 --memory-limit 4G --shape 2x3 --classes all --method two-stack");
  // Jobs: a whole job, shards and their merge, for each job method.
  v.push_back({"job-3x3", {"count --threads 2 --shape 3x3 --job-dir {dir}/j"}});
  v.push_back({"job-2x4-json", {"count --threads 2 --memory-limit 4G --shape 2x4 --job-dir {dir}/j --json"}});
  v.push_back({"job-2x3-three-band-json",
               {"count --threads 2 --memory-limit 4G --shape 2x3 --method three-band --job-dir {dir}/j --json"}});
  v.push_back({"job-3x3-resume-finished", {"count --threads 2 --shape 3x3 --job-dir {dir}/j", "resume --threads 2 {dir}/j"}});
  v.push_back({"merge-2x4",
               {"count --threads 2 --memory-limit 4G --shape 2x4 --shard 1/2 --job-dir {dir}/a",
                "count --threads 2 --memory-limit 4G --shape 2x4 --shard 2/2 --job-dir {dir}/b", "merge {dir}/a {dir}/b"}});
  v.push_back({"merge-3x3-json",
               {"count --threads 2 --shape 3x3 --slices 3 --shard 1/2 --job-dir {dir}/a",
                "count --threads 2 --shape 3x3 --slices 3 --shard 2/2 --job-dir {dir}/b", "merge --json {dir}/a {dir}/b"}});
  v.push_back({"merge-3x2-two-band",
               {"count --threads 2 --memory-limit 4G --shape 3x2 --method two-band --shard 1/2 --job-dir {dir}/a",
                "count --threads 2 --memory-limit 4G --shape 3x2 --method two-band --shard 2/2 --job-dir {dir}/b",
                "merge {dir}/a {dir}/b"}});
  v.push_back({"merge-3x3-three-band",
               {"count --threads 2 --memory-limit 4G --shape 3x3 --method three-band --shard 1/2 --job-dir {dir}/a",
                "count --threads 2 --memory-limit 4G --shape 3x3 --method three-band --shard 2/2 --job-dir {dir}/b",
                "merge {dir}/a {dir}/b"}});
  // What status and verify say of finished jobs and merged shards.
  v.push_back({"status-3x3", {"count --threads 2 --shape 3x3 --job-dir {dir}/j", "status {dir}/j"}});
  // One thread: status's per-group estimate leaves out each session's first journaled unit, and
  // on two threads which class that unit belongs to is a race between the threads' first units
  // (the pool starts one thread at class 1 and lets the other take a later class).
  v.push_back({"status-2x4-shard-json",
               {"count --threads 1 --memory-limit 4G --shape 2x4 --shard 1/3 --job-dir {dir}/j", "status --json {dir}/j"}});
  v.push_back({"status-3x2-three-band",
               {"count --threads 2 --memory-limit 4G --shape 3x2 --method three-band --job-dir {dir}/j", "status {dir}/j"}});
  v.push_back({"verify-result-2x4", {"count --threads 2 --memory-limit 4G --shape 2x4 --job-dir {dir}/j", "verify result {dir}/j"}});
  v.push_back({"verify-result-3x3-three-band",
               {"count --threads 2 --memory-limit 4G --shape 3x3 --method three-band --job-dir {dir}/j",
                "verify result {dir}/j"}});
  v.push_back({"verify-result-3x3", {"count --threads 2 --shape 3x3 --job-dir {dir}/j", "verify result {dir}/j"}});
  // Refusals: what each method says of a shape or an option it does not take.
  for (const char* argv :
       {"--shape 5x5", "--shape 1x9", "--shape 2x7", "--shape 6x2 --method two-band", "--shape 3x3 --method two-stack",
        "--shape 3x3 --method two-band", "--shape 5x3 --method three-band", "--shape 4x4 --method signature",
        "--shape 2x5 --method stack", "--shape 2x5 --kernel backtrack", "--shape 3x3 --method three-band --slices 4",
        "--shape 3x3 --method signature --job-dir x", "--shape 3x3 --method signature --kernel backtrack",
        "--shape 3x3 --classes 1:2 --job-dir x", "--shape 3x3 --classes 1:2 --method stack",
        "--shape 2x4 --classes 1:2 --method three-band", "--shape 3x3 --classes 0:2", "--shape 3x3 --classes 40:45",
        "--shape 4x4 --classes 1:2", "--shape 3x3 --dry-run --job-dir x", "--shape 3x3 --nodes 4",
        "--shape 3x3 --shard 1/2", "--shape 3x3 --kernel backtrack"}) {
    const std::string args = argv;
    std::string name = "refuse" + args;
    for (char& c : name)
      if (c == ' ' || c == '/' || c == ':') c = '_';
    one(name, "count --threads 2 " + args);
  }
  return v;
}

// Blanked: times (any decimal number not part of a dotted word such as the column sets
// 123.456.789: the outputs print counts as integers), time stamps and rates, the peak resident set and the
// side-2 state tables' peak (classes counted side by side: their sum depends on the overlap), the
// kernels' instruction-set level, the temporary directory, and the three-band F table's orbit and
// colouring tallies (entries the threads fill lazily: how many get built depends on which thread
// gets where first; the table's contents do not); and the long phases' progress lines.
std::string normalise(std::string s, const std::string& dir) {
  for (std::size_t at; (at = s.find(dir)) != std::string::npos;) s.replace(at, dir.size(), "{dir}");
  // A long phase's timestamped lines (core/phase.hpp: "NAME: 19% (...), 2s", "NAME: 2s", "NAME: done
  // in 8s (...)") appear only when the phase runs past 2 s, which depends on the machine: dropped.
  static const std::regex phase_line(
      R"(^gridenum \[[0-9-]+ [0-9:]+\] \[info\] .*(: [0-9]+% \(|: done in |: stopped after |: [0-9,]+ [a-z ]+, [0-9]+[smhd]|: [0-9]+[smhd]([0-9]+[smh])?$).*$)");
  {
    std::string kept;
    std::size_t from = 0;
    while (from < s.size()) {
      std::size_t end = s.find('\n', from);
      end = end == std::string::npos ? s.size() : end + 1;
      const std::string line = s.substr(from, end - from);
      std::string bare = line;
      if (!bare.empty() && bare.back() == '\n') bare.pop_back();
      if (!std::regex_match(bare, phase_line)) kept += line;
      from = end;
    }
    s = std::move(kept);
  }
  static const std::regex number(R"((^|[^0-9A-Za-z.])-?[0-9]+(\.[0-9]+(e[-+]?[0-9]+)?|e[-+]?[0-9]+)(?![0-9A-Za-z.]))");
  static const std::regex stamp(R"([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2})");
  static const std::regex isa(R"(\b(baseline|avx2|avx512)\b)");
  static const std::regex commit(R"(\(commit [0-9a-z-]+\))");
  s = std::regex_replace(s, commit, "(commit REV)");
  s = std::regex_replace(s, number, "$1T");
  s = std::regex_replace(s, stamp, "TIME");
  static const std::regex ms(R"#("([a-z_]*_ms)": [0-9]+)#");
  static const std::regex throughput(R"(throughput: [^\n]*)");
  s = std::regex_replace(s, ms, "\"$1\": MS");
  s = std::regex_replace(s, throughput, "throughput: RATE");
  static const std::regex utc(R"#("([a-z_]*utc)": "[^"]*")#");
  static const std::regex rss(R"("peak_rss_kib": [0-9]+)");
  // The SHA-256 of result.txt, whose times vary from run to run.
  static const std::regex text_digest(R"#("result_txt_sha256": "[0-9a-f]{64}")#");
  s = std::regex_replace(s, text_digest, "\"result_txt_sha256\": \"SHA\"");
  static const std::regex tallies(R"([0-9,]+ orbits, [0-9,]+ colouring counts)");
  static const std::regex tally_keys(R"#("(orbits|colourings)": [0-9]+)#");
  s = std::regex_replace(s, utc, "\"$1\": \"TIME\"");
  // The machine a job ran on (job.hpp, job_provenance): the kernel's version changes between two
  // machines of the same kind, and the host's and CPU's names between clusters.
  static const std::regex machine(R"#("(host|os|cpu_model)": "[^"]*")#");
  s = std::regex_replace(s, machine, "\"$1\": \"MACHINE\"");
  s = std::regex_replace(s, rss, "\"peak_rss_kib\": RSS");
  static const std::regex peak(R"("peak_bytes": [0-9]+)");
  // The peak of the state tables held together depends on which classes two threads run at once: a
  // non-zero peak is blanked in every unit format_bytes prints ("768 bytes", "1 KiB", "1.5 GiB"); a
  // zero peak (methods without state tables) stays, since it cannot vary.
  static const std::regex peak_text(R"(state tables: [1-9][0-9]*(\.[0-9]+)? (bytes|[KMG]iB) at most together)");
  s = std::regex_replace(s, peak, "\"peak_bytes\": PEAK");
  s = std::regex_replace(s, peak_text, "state tables: PEAK at most together");
  s = std::regex_replace(s, tallies, "N orbits, N colouring counts");
  s = std::regex_replace(s, tally_keys, "\"$1\": N");
  return std::regex_replace(s, isa, "ISA");
}

std::string run_case(const Case& c) {
  const TempDir t;
  std::string out;
  for (const std::string& command : c.commands) {
    std::string line = command;
    for (std::size_t at; (at = line.find("{dir}")) != std::string::npos;) line.replace(at, 5, t.path.string());
    const Proc p = run_cli_line("{gridenum} " + line);
    out = "$ gridenum " + command + "\nexit " + std::to_string(p.code) + "\n--- stdout\n" + normalise(p.out, t.path.string()) +
          "--- stderr\n" + normalise(p.err, t.path.string());
  }
  return out;
}

class CountOutputs : public ::testing::TestWithParam<Case> {};

TEST_P(CountOutputs, SameAsSaved) {
  const Case& c = GetParam();
  const fs::path saved = fs::path(GRIDENUM_SOURCE_DIR) / "tests/data/count_outputs" / (c.name + ".txt");
  const std::string now = run_case(c);
  if (std::getenv("GRIDENUM_UPDATE_COUNT_OUTPUTS")) {
    fs::create_directories(saved.parent_path());
    spit(saved, now);
    return;
  }
  ASSERT_TRUE(fs::exists(saved)) << saved << " is missing: regenerate the set (see the top of this file)";
  EXPECT_EQ(now, slurp(saved)) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Saved, CountOutputs, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string n;
                           for (char ch : info.param.name) n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return n;
                         });

}  // namespace
