// Hardening, the job side: each test below failed on the main branch it was written against
// (2026-11-24). What they show:
//   - job files are never followed through a symlink, and only regular files are used
//   - deleting the lock file does not let a second process run the job
//   - merge --output never writes into an input or any job directory
//   - a job directory whose name is not UTF-8 finishes, and status / merge --json work
//   - --job-dir "", a dangling-symlink job directory, stale *.tmp.PID files, a FIFO in DIR
//   - progress: fitted bar, "measuring", plain rates, timestamps, SIGTERM wording, plain count
//   - result.json provenance; resume of a finished job changes nothing; status of a merge
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <regex>
#include <thread>

#include "gridenum/core/host.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/progress.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string k2x2 = "288";

// A finished 2x2 job in DIR (4 units, a few milliseconds).
void finished_2x2(const fs::path& dir) {
  const Proc p = run_cli({"count", "--shape", "2x2", "--job-dir", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
}

// A pid that no process has now: a child that has exited and been reaped.
pid_t gone_pid() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  ::waitpid(pid, nullptr, 0);
  return pid;
}

// --- symlinks and non-regular files in a job directory ----------------------------------------

TEST(Hardening, SymlinkedJobFilesAreRefusedAndTheirTargetsLeftAlone) {
  TempDir t;
  const fs::path victim = t / "victim.txt";
  for (const char* name : {"lock", "job.log"}) {
    spit(victim, "precious\n");
    const fs::path dir = t / (std::string("job-") + name);
    fs::create_directories(dir);
    fs::create_symlink(victim, dir / name);
    const Proc p = run_cli({"count", "--shape", "2x2", "--job-dir", dir.string()});
    EXPECT_EQ(p.code, 2) << name << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "symbolic link")) << p.err;
    EXPECT_EQ(slurp(victim), "precious\n") << name;  // neither truncated nor appended to
    EXPECT_FALSE(fs::exists(dir / "result.json"));
  }
  // In a finished job: the journal replaced by a symlink to a copy of itself is refused too.
  const fs::path dir = t / "done";
  finished_2x2(dir);
  fs::copy_file(dir / "journal", t / "journal-copy");
  fs::remove(dir / "journal");
  fs::create_symlink(t / "journal-copy", dir / "journal");
  const Proc p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "'" + (dir / "journal").string() + "': it is a symbolic link")) << p.err;
}

// A FIFO named journal blocked `resume` (after the signal handlers were installed, so SIGTERM
// only asked it to stop after the units in progress, and it never got there): now refused at once.
TEST(Hardening, AFifoInTheJobDirectoryIsRefusedNotWaitedOn) {
  TempDir t;
  const fs::path dir = t / "job";
  finished_2x2(dir);
  fs::remove(dir / "journal");
  ASSERT_EQ(::mkfifo((dir / "journal").c_str(), 0644), 0);
  const auto start = std::chrono::steady_clock::now();
  const Proc p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "not a regular file (a FIFO)")) << p.err;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 60.0);
  fs::remove(dir / "journal");
  fs::remove(dir / "config.toml");
  ASSERT_EQ(::mkfifo((dir / "config.toml").c_str(), 0644), 0);
  const Proc c = run_cli({"resume", dir.string()});
  EXPECT_EQ(c.code, 2) << c.err;
  EXPECT_TRUE(contains(c.err, "not a regular file (a FIFO)")) << c.err;
}

// --- the lock survives its file being deleted ---------------------------------------------------

TEST(Hardening, DeletingTheLockFileDoesNotLetASecondProcessIn) {
  TempDir t;
  const fs::path dir = t / "job";
  finished_2x2(dir);
  const JobLock held = JobLock::acquire(dir, "the test");
  fs::remove(dir / "lock");
  const std::string before = slurp(dir / "journal");
  Proc p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "is locked by")) << p.err;
  EXPECT_EQ(slurp(dir / "journal"), before);
  p = run_cli({"status", dir.string()});
  EXPECT_TRUE(contains(p.out, "running: yes")) << p.out;
  // In-process too: a second acquire while the first is held.
  EXPECT_THROW(JobLock::acquire(dir, "second"), std::runtime_error);
}

TEST(Hardening, TheLockIsFreeAgainOnceReleased) {
  TempDir t;
  fs::create_directories(t / "job");
  { const JobLock a = JobLock::acquire(t / "job", "first"); }
  EXPECT_NO_THROW(JobLock::acquire(t / "job", "second"));
}

// --- merge --output into an input or a job directory -------------------------------------------

TEST(Hardening, MergeOutputNeverOverwritesAShardOrAJob) {
  TempDir t;
  for (const char* k : {"1", "2"}) {
    const Proc p = run_cli({"count", "--shape", "2x2", "--shard", std::string(k) + "/2", "--job-dir",
                            (t / (std::string("s") + k)).string()});
    ASSERT_EQ(p.code, 0) << p.err;
  }
  finished_2x2(t / "other");
  const std::string s1 = slurp(t / "s1" / "result.json"), other = slurp(t / "other" / "result.json");
  fs::create_directory_symlink(t / "s1", t / "alias");
  for (const fs::path& out : {t / "s1", t / "alias", t / "." / "s2" / "..", t / "other"}) {
    const Proc p = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", out.string()});
    if (out == t / "." / "s2" / "..") {  // the parent folder: not a job, allowed
      EXPECT_EQ(p.code, 0) << p.err;
      continue;
    }
    EXPECT_EQ(p.code, 2) << out << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "write the merged result to a new folder")) << p.err;
  }
  EXPECT_EQ(slurp(t / "s1" / "result.json"), s1);
  EXPECT_EQ(slurp(t / "other" / "result.json"), other);
  const Proc ok = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string()});
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_TRUE(contains(slurp(t / "merged" / "result.json"), "\"total\": \"" + k2x2 + "\""));
  // Merging again into the same output folder is fine (it is not a job).
  EXPECT_EQ(run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string()}).code, 0);
}

// --- a job directory whose name is not UTF-8 ---------------------------------------------------

TEST(Hardening, ANonUtf8DirectoryNameFinishesAndItsJsonIsValid) {
  TempDir t;
  const fs::path dir = t / "job\xff";
  Proc p = run_cli({"count", "--shape", "2x3", "--job-dir", dir.string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x3);
  const auto r = nlohmann::json::parse(slurp(dir / "result.json"));
  EXPECT_EQ(r["total"], k2x3);
  EXPECT_TRUE(contains(r["job"]["dir"].get<std::string>(), "job\xef\xbf\xbd"));  // U+FFFD for the byte
  p = run_cli({"status", dir.string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x3);
  // Shards with such names: merge --json and merge --output.
  for (const char* k : {"1", "2"})
    ASSERT_EQ(run_cli({"count", "--shape", "2x2", "--shard", std::string(k) + "/2", "--job-dir",
                       (t / (std::string("s\xfe") + k)).string()})
                  .code,
              0);
  p = run_cli({"merge", (t / "s\xfe" "1").string(), (t / "s\xfe" "2").string(), "--json", "--output",
               (t / "m\xff").string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x2);
  EXPECT_EQ(nlohmann::json::parse(slurp(t / "m\xff" / "result.json"))["total"], k2x2);
}

// --- the job directory's name, stale temporaries ----------------------------------------------

TEST(Hardening, EmptyOrDanglingJobDirectoryIsAClearError) {
  TempDir t;
  Proc p = run_cli({"count", "--shape", "2x2", "--job-dir", ""});
  EXPECT_EQ(p.code, 2) << p.out;
  EXPECT_TRUE(contains(p.err, "--job-dir")) << p.err;
  EXPECT_TRUE(p.out.empty()) << p.out;  // no count ran without its checkpoints
  p = run_cli({"resume", ""});
  EXPECT_EQ(p.code, 2) << p.err;
  fs::create_symlink(t / "nowhere", t / "link");
  p = run_cli({"count", "--shape", "2x2", "--job-dir", (t / "link").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "symbolic link to " + (t / "nowhere").string() + ", which does not exist")) << p.err;
  EXPECT_FALSE(contains(p.err, "File exists")) << p.err;
}

TEST(Hardening, StaleTemporariesOfDeadProcessesAreRemovedAtTheNextStart) {
  TempDir t;
  const fs::path dir = t / "job";
  finished_2x2(dir);
  const std::string dead = std::to_string(gone_pid());
  const std::string alive = std::to_string(::getppid());  // a live process other than the job
  spit(dir / ("result.json.tmp." + dead), "left by a crash");
  spit(dir / ("journal.tmp." + dead), "left by a crash");
  spit(dir / ("config.toml.tmp." + alive), "another process's, still running");
  spit(dir / "notes.tmp.txt", "not ours");
  const Proc p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_FALSE(fs::exists(dir / ("result.json.tmp." + dead)));
  EXPECT_FALSE(fs::exists(dir / ("journal.tmp." + dead)));
  EXPECT_TRUE(fs::exists(dir / ("config.toml.tmp." + alive)));
  EXPECT_TRUE(fs::exists(dir / "notes.tmp.txt"));
  EXPECT_TRUE(contains(slurp(dir / "job.log"), "removed result.json.tmp." + dead)) << slurp(dir / "job.log");
}

// --- provenance; a finished job resumed; status of a merged folder -----------------------------

TEST(Hardening, ResultJsonCarriesProvenance) {
  TempDir t;
  const fs::path dir = t / "job";
  const Proc p = run_cli({"count", "--method", "stack", "--shape", "2x3", "--threads", "2", "--job-dir", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto job = nlohmann::json::parse(slurp(dir / "result.json"))["job"];
  // The program as --version names it, commit included: a result says which code computed it.
  const Proc v = run_cli({"--version"});
  std::string version = v.out;
  while (!version.empty() && version.back() == '\n') version.pop_back();
  EXPECT_EQ(job["program"], version);
  EXPECT_TRUE(contains(version, "gridenum " + program_version() + " (commit ")) << version;
  EXPECT_TRUE(std::regex_match(job["finished_utc"].get<std::string>(),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << job;
  EXPECT_EQ(job["host"], host_name());
  EXPECT_EQ(job["cpu_model"], cpu_model());
  EXPECT_EQ(job["os"], kernel_release());
  EXPECT_EQ(job["threads"], 2);
  EXPECT_EQ(job["engine"], "partition");
  EXPECT_EQ(job["sessions"], 1);
  EXPECT_GE(job["cpu_seconds_last_session"].get<double>(), 0.0);
  EXPECT_FALSE(program_version().empty());
  EXPECT_NE(host_name(), "");
  // --version says the same version.
  EXPECT_TRUE(contains(run_cli({"--version"}).out, program_version()));
}

TEST(Hardening, ResumingAFinishedJobShowsItsResultAndChangesNothing) {
  TempDir t;
  const fs::path dir = t / "job";
  const Proc first = run_cli({"count", "--method", "stack", "--shape", "2x3", "--job-dir", dir.string(), "--json"});
  ASSERT_EQ(first.code, 0) << first.err;
  const std::string txt = slurp(dir / "result.txt"), json = slurp(dir / "result.json"), journal = slurp(dir / "journal");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a rewrite would carry another second
  Proc p = run_cli({"resume", dir.string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out), nlohmann::json::parse(json));  // the finished result, as written
  EXPECT_EQ(nlohmann::json::parse(p.out)["job"]["units_computed_last_session"], 240);
  p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(p.out, txt);
  EXPECT_EQ(slurp(dir / "result.txt"), txt);
  EXPECT_EQ(slurp(dir / "result.json"), json);
  EXPECT_EQ(slurp(dir / "journal"), journal);  // not even a session record
  // Without its result files (a crash after the last journal write), resume writes them.
  fs::remove(dir / "result.json");
  p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir / "result.json"))["total"], k2x3);
}

TEST(Hardening, StatusOfAMergedFolderDescribesTheMergedResult) {
  TempDir t;
  for (const char* k : {"1", "2"})
    ASSERT_EQ(run_cli({"count", "--shape", "2x3", "--shard", std::string(k) + "/2", "--job-dir",
                       (t / (std::string("s") + k)).string()})
                  .code,
              0);
  ASSERT_EQ(run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "m").string()}).code, 0);
  Proc p = run_cli({"status", (t / "m").string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "merged result " + (t / "m").string())) << p.out;
  EXPECT_TRUE(contains(p.out, "total: " + group_digits(k2x3))) << p.out;
  EXPECT_TRUE(contains(p.out, "from 2 shards")) << p.out;
  EXPECT_TRUE(contains(p.out, "2 of 2 kept beside the result")) << p.out;
  EXPECT_TRUE(contains(p.out, "check it: gridenum verify result " + (t / "m").string())) << p.out;
  EXPECT_FALSE(contains(p.out + p.err, "no job")) << p.out << p.err;
  p = run_cli({"status", (t / "m").string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["merged"], true);
  EXPECT_EQ(j["total"], k2x3);
  EXPECT_EQ(j["shards"].size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(run_cli({"status", (t / "s1").string(), "--json"}).out)["merged"], false);
  // Each shard's run, from its journal kept beside the result; one not kept is said so.
  ASSERT_EQ(j["shard_runs"].size(), 2u);
  EXPECT_EQ(j["shard_runs"][0]["shard"], "1/2");
  EXPECT_EQ(j["shard_runs"][0]["sessions"], 1);
  EXPECT_EQ(j["shard_runs"][0]["journal_kept"], true);
  EXPECT_GT(j["shard_runs"][1]["last_ms"].get<std::int64_t>(), 0);
  EXPECT_TRUE(contains(run_cli({"status", (t / "m").string()}).out, "shards (from their journals):"));
  fs::rename(t / "s2" / "journal", t / "s2" / "journal.away");
  p = run_cli({"status", (t / "m").string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, " 1 session  (0 resumes), ")) << p.out;
  EXPECT_TRUE(contains(p.out, "journal not kept here")) << p.out;
  EXPECT_TRUE(contains(p.out, "1 of 2 kept beside the result")) << p.out;
}

// --- progress ------------------------------------------------------------------------------------

TEST(JobProgress, BarFitsTheTerminalWidth) {
  Progress pr(1056, 0, true, 10, nullptr);
  for (int i = 0; i < 512; ++i) pr.unit_done();
  for (int cols : {20, 40, 50, 80, 200}) {
    const std::string line = pr.bar_line(cols);
    EXPECT_LE(line.size(), static_cast<std::size_t>(cols - 1)) << cols << ": " << line;
    EXPECT_EQ(line.front(), '[');
  }
  EXPECT_TRUE(contains(pr.bar_line(200), "512/1,056 units (48.5%)")) << pr.bar_line(200);
  ::setenv("COLUMNS", "57", 1);
  if (!::isatty(2)) {
    EXPECT_EQ(Progress::terminal_columns(), 57);
  }
  ::setenv("COLUMNS", "junk", 1);
  if (!::isatty(2)) {
    EXPECT_EQ(Progress::terminal_columns(), 80);
  }
  ::unsetenv("COLUMNS");
}

// Before the first unit: "measuring" and the time so far, or the phase the session is in (the
// tables being built); after it, the rate, the elapsed time and the ETA -- the job's model's when
// the job has set one (set_eta, the figure status gives), else units left / rate.
TEST(JobProgress, MeasuringBeforeTheFirstUnitAndPlainRates) {
  Progress pr(1000, 10, false, 10, nullptr);
  EXPECT_EQ(pr.summary(), "10/1,000 units (1.0%), measuring, 0s elapsed");
  {
    Phase tables("4x3 F tables", 300, "slots");
    tables.step(30);
    EXPECT_TRUE(contains(pr.summary(), "10/1,000 units (1.0%); 4x3 F tables: 10% (30 of 300 slots), 0s")) << pr.summary();
  }
  pr.unit_done();
  EXPECT_TRUE(contains(pr.summary(), " units/s, 0s elapsed, ETA ")) << pr.summary();
  pr.set_eta(3725);
  EXPECT_TRUE(contains(pr.summary(), ", ETA 1h02m")) << pr.summary();
  EXPECT_EQ(Progress::plain_rate(1820.4), "1,820");
  EXPECT_EQ(Progress::plain_rate(1234567.0), "1,234,567");
  EXPECT_EQ(Progress::plain_rate(45.26), "45.3");
  EXPECT_EQ(Progress::plain_rate(0.4521), "0.452");
  EXPECT_EQ(Progress::plain_rate(0.00001), "<0.001");
  EXPECT_EQ(Progress::grouped(999), "999");
  EXPECT_EQ(Progress::grouped(1000), "1,000");
  EXPECT_EQ(Progress::duration(3725), "1h02m");
}

// A slow job (9x9, backtracking kernel, a 1/800 shard: ~2 s on 2 threads) stopped by SIGTERM:
// its log lines on a non-terminal carry the time, and the message does not ask for a Ctrl-C.
TEST(JobProgress, SigtermMessageAndTimestampedLogLines) {
  TempDir t;
  const fs::path dir = t / "job";
  spit(t / "job.toml",
       "shape = \"3x3\"\nmethod = \"stack\"\nkernel = \"backtrack\"\nthreads = 2\nslices_per_class = 36288\nshard = \"1/800\"\n"
       "checkpoint_seconds = 0.1\nprogress_seconds = 0.2\n");
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli({"count", "--config", (t / "job.toml").string(), "--job-dir", dir.string()}, out, err);
  for (int i = 0; i < 3000 && !contains(slurp(err), "progress: "); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(pid, SIGTERM);
  const Proc p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_TRUE(contains(p.err, "SIGTERM: stopping; finished units are kept")) << p.err;
  EXPECT_FALSE(contains(p.err, "Ctrl-C")) << p.err;
  EXPECT_FALSE(contains(p.err, "e+0")) << p.err;
  for (const auto& line : lines_of(p.err))
    if (line.rfind("gridenum [", 0) == 0) {
      EXPECT_TRUE(std::regex_search(line, std::regex(R"(^gridenum \[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] \[)"))) << line;
    }
  EXPECT_TRUE(std::regex_search(p.err, std::regex(R"(progress: [0-9,]+/1,996 units)"))) << p.err;
}

// Plain count (no job directory): SIGINT ends it with a message and exit 130 (it was silent).
TEST(JobProgress, PlainCountInterruptedSaysSoAndExits130) {
  TempDir t;
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli({"count", "--method", "stack", "--shape", "3x3", "--kernel", "backtrack", "--threads", "1", "--slices", "36288"}, out, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(pid, SIGINT);
  const Proc p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_TRUE(contains(p.err, "interrupted by SIGINT after ")) << p.err;
  EXPECT_TRUE(contains(p.err, "nothing is kept without --job-dir")) << p.err;
  EXPECT_TRUE(p.out.empty()) << p.out;
}

// Plain count's output is the count's, unchanged by the new route (text and JSON).
TEST(JobProgress, PlainCountStillPrintsTheTotal) {
  Proc p = run_cli({"count", "--shape", "2x3", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x3);
  EXPECT_TRUE(p.err.empty()) << p.err;  // not a terminal: quiet
  p = run_cli({"count", "--shape", "2x2", "--method", "two-stack"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, k2x2)) << p.out;
}

}  // namespace
