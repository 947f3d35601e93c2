// The launchers in jobs/: the workstation script runs M shards and merges them, and is safe to run
// again; the Slurm scripts submit a sizing dry run (a job of its own, waited for), a shard array and
// a merge step that depends on it and verifies the merged result. Slurm is not needed here: the
// Slurm tests put a stand-in `sbatch` first on PATH, which records its arguments, runs an array's
// tasks one after the other with the SLURM_* variables a real array task sees, and runs a plain job
// once, its output where --output says -- enough to run every line of the four scripts against the
// real gridenum binary, though not Slurm's scheduling (tests/jobs/slurm_real.cpp has a real one).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fake_slurm.hpp"
#include "job_fixtures.hpp"

using namespace gridenum::testing;

TEST(Launchers, WorkstationShardsMergeToTheTotalAndCanBeRunAgain) {
  TempDir t;
  // -C (as slurm-submit.sh spells it); -c, below, still works here: it collides with nothing.
  const std::string cmd = kSource + "/jobs/run-shards.sh -C " + kSource + "/configs/2x3.toml -m 3 -t 1 -g " +
                          GRIDENUM_BINARY + " " + (t / "run").string();
  Shell first = sh(cmd);
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_NE(slurp(t / "run" / "merged" / "result.json").find(kTotal2x3), std::string::npos);
  for (int k = 1; k <= 3; ++k) EXPECT_TRUE(fs::exists(t / "run" / ("shard-" + std::to_string(k)) / "result.json"));
  // Again, on finished shards: resumed (nothing left to count) and merged again.
  fs::remove_all(t / "run" / "merged");
  Shell again = sh(cmd);
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_NE(slurp(t / "run" / "merged" / "result.json").find(kTotal2x3), std::string::npos);
  // A shard that fails is reported with its number and the script's exit code is not 0.
  fs::remove_all(t / "run2");
  fs::create_directories(t / "run2" / "shard-2");
  spit(t / "run2" / "run-shards.record", "shards 2\n" + slurp(fs::path(kSource) / "configs" / "2x3.toml"));
  spit(t / "run2" / "shard-2" / "config.toml", "shape = \"2x3\"\nbogus = 1\n");
  Shell bad = sh(kSource + "/jobs/run-shards.sh -c " + kSource + "/configs/2x3.toml -m 2 -t 1 -g " + GRIDENUM_BINARY +
                 " " + (t / "run2").string());
  EXPECT_NE(bad.code, 0) << bad.out;
  EXPECT_NE(bad.out.find("shard 2/2"), std::string::npos) << bad.out;
  EXPECT_FALSE(fs::exists(t / "run2" / "merged" / "result.json"));
}

// The same output folder run again with another config used to resume the old shards and print the
// old job's total (2x3's 28200960 for a 2x4 request), exit 0; -m 0 died with a bash division error.
// Both are refused now, with exit 2 and a message.
TEST(Launchers, WorkstationRefusesAnotherConfigOrShardCountInTheSameFolder) {
  TempDir t;
  const std::string script = kSource + "/jobs/run-shards.sh -t 1 -g " + std::string(GRIDENUM_BINARY) + " ";
  const std::string out = (t / "run").string();
  Shell first = sh(script + "-c " + kSource + "/configs/2x3.toml -m 2 " + out);
  ASSERT_EQ(first.code, 0) << first.out;
  const std::string merged = slurp(t / "run" / "merged" / "result.json");
  Shell other = sh(script + "-c " + kSource + "/configs/2x2.toml -m 2 " + out);
  EXPECT_EQ(other.code, 2) << other.out;
  EXPECT_NE(other.out.find("another config or shard count"), std::string::npos) << other.out;
  EXPECT_EQ(other.out.find("28200960"), std::string::npos) << other.out;
  Shell more = sh(script + "-c " + kSource + "/configs/2x3.toml -m 3 " + out);
  EXPECT_EQ(more.code, 2) << more.out;
  EXPECT_EQ(slurp(t / "run" / "merged" / "result.json"), merged);  // left as it was
  // Shard folders without the record: their config cannot be checked, so refused.
  fs::create_directories(t / "old" / "shard-1");
  Shell unknown = sh(script + "-c " + kSource + "/configs/2x2.toml -m 1 " + (t / "old").string());
  EXPECT_EQ(unknown.code, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("no "), std::string::npos) << unknown.out;
  // The same run again is fine (it resumes the finished shards and merges).
  Shell same = sh(script + "-c " + kSource + "/configs/2x3.toml -m 2 " + out);
  EXPECT_EQ(same.code, 0) << same.out;
  for (const char* bad : {"0", "-1", "x", ""}) {
    Shell r = sh(script + "-c " + kSource + "/configs/2x3.toml -m \"" + bad + "\" " + (t / "z").string());
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("-m expects a positive whole number"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("division"), std::string::npos) << r.out;
  }
  Shell t0 = sh(script + "-c " + kSource + "/configs/2x3.toml -m 2 -t 0 " + (t / "z").string());
  EXPECT_EQ(t0.code, 2) << t0.out;
}

// The whole route through the stand-in sbatch: the sizing dry run as a job of its own (waited for),
// the shard array with the extra options and the sized request, then the merge after any end of the
// array job, which merges and verifies; every log in OUTDIR/logs.
TEST(Launchers, SlurmArrayAndDependentMergeWithAStandInSbatch) {
  FakeSlurm f;
  const fs::path run = f.t / "run";
  Shell r = sh(f.env + kSource + "/jobs/slurm-submit.sh -C " + kSource + "/configs/2x3.toml -m 3 -g " + GRIDENUM_BINARY +
               " " + run.string() + " --partition=test");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string log = f.log();
  const auto calls = f.calls();
  ASSERT_EQ(calls.size(), 3u) << log;
  // 1001: the sizing job, waited for, its output in OUTDIR/logs; the user's --partition kept.
  EXPECT_NE(calls[0].find("--wait"), std::string::npos) << calls[0];
  EXPECT_NE(calls[0].find("--output=" + (run / "logs" / "size-%j.out").string()), std::string::npos) << calls[0];
  EXPECT_NE(calls[0].find("--partition=test"), std::string::npos) << calls[0];
  EXPECT_NE(calls[0].find("slurm-size.sbatch"), std::string::npos) << calls[0];
  EXPECT_TRUE(fs::exists(run / "logs" / "size-1001.json"));
  const auto plan = nlohmann::json::parse(slurp(run / "logs" / "size-1001.json"));
  // 1002: the shard array, sized (--mem from the dry run's peak), logs in OUTDIR/logs, appended.
  const std::string mem = fmt::format("--mem={}M", mem_mib(plan["peak_rss_bytes"].get<double>()));
  EXPECT_NE(calls[1].find("--array=1-3 --cpus-per-task=1 --time=00:10:00 " + mem + " --output=" +
                          (run / "logs" / "shard-%a.out").string() + " --open-mode=append --partition=test"),
            std::string::npos) << log;
  // 1003: the merge after any end of the array, with its own log; not an array, no --mem of ours.
  EXPECT_NE(calls[2].find("--dependency=afterany:1002 --output=" + (run / "logs" / "merge.out").string() +
                          " --open-mode=append --partition=test"),
            std::string::npos) << log;
  EXPECT_NE(calls[2].find("slurm-merge.sbatch"), std::string::npos) << log;
  EXPECT_EQ(calls[2].find("--mem"), std::string::npos) << log;
  for (int k = 1; k <= 3; ++k) EXPECT_NE(log.find("task " + std::to_string(k) + " exit 0"), std::string::npos) << log;
  EXPECT_NE(log.find("job exit 0"), std::string::npos) << log;
  EXPECT_NE(slurp(run / "merged" / "result.json").find(kTotal2x3), std::string::npos) << slurp(run / "logs" / "merge.out");
  EXPECT_NE(r.out.find("merge: job 1003"), std::string::npos) << r.out;
  // The logs: one per shard (gridenum's own lines), and the merge's with the verification's report.
  for (int k = 1; k <= 3; ++k) {
    const std::string shard_log = slurp(run / "logs" / ("shard-" + std::to_string(k) + ".out"));
    EXPECT_NE(shard_log.find(fmt::format("shard {}/3 done", k)), std::string::npos) << shard_log;  // gridenum's log
  }
  const std::string merge_log = slurp(run / "logs" / "merge.out");
  EXPECT_NE(merge_log.find("gridenum verify result: " + (run / "merged" / "result.json").string()), std::string::npos)
      << merge_log;
  EXPECT_NE(merge_log.find("PASS"), std::string::npos) << merge_log;
  EXPECT_NE(merge_log.find("slurm-merge: merged and verified"), std::string::npos) << merge_log;
  EXPECT_FALSE(fs::exists(f.t / "sbatch.log.out")) << slurp(f.t / "sbatch.log.out");  // nothing outside OUTDIR

  // A task run again (requeued) resumes its finished shard instead of starting a new job.
  const std::string task_env = f.env + "OUT=" + run.string() + " CONFIG=" + kSource +
                               "/configs/2x3.toml SHARDS=3 GRIDENUM=" + GRIDENUM_BINARY + " ";
  Shell again = sh(task_env + "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=3 bash " + kSource +
                   "/jobs/slurm-shards.sbatch");
  EXPECT_EQ(again.code, 0) << again.out;
  // K and M are carried explicitly. A task resubmitted alone (--array=3: a one-task array) is still
  // shard 3/3 (it was "3/1"); a 0-based array's task 0 is refused.
  Shell alone = sh(task_env + "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=1 bash " + kSource +
                   "/jobs/slurm-shards.sbatch");
  EXPECT_EQ(alone.code, 0) << alone.out;
  Shell zero = sh(task_env + "SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=4 bash " + kSource +
                  "/jobs/slurm-shards.sbatch");
  EXPECT_EQ(zero.code, 2) << zero.out;
  EXPECT_NE(zero.out.find("K must be 1..M"), std::string::npos) << zero.out;
  // The merge step with a shard missing fails, naming it, and verifies nothing.
  fs::remove_all(run / "shard-3");
  Shell merge = sh("OUT=" + run.string() + " SHARDS=3 GRIDENUM=" + GRIDENUM_BINARY + " bash " + kSource +
                   "/jobs/slurm-merge.sbatch");
  EXPECT_NE(merge.code, 0) << merge.out;
  EXPECT_NE(merge.out.find("shard-3"), std::string::npos) << merge.out;
  EXPECT_NE(merge.out.find("nothing verified"), std::string::npos) << merge.out;
  EXPECT_EQ(merge.out.find("gridenum verify result:"), std::string::npos) << merge.out;
}

// After the merge, the merge step runs `gridenum verify result` on the merged result; when the
// verification fails, so does the merge step (its exit code, 1), with a line saying the result is
// not verified. Checked with a gridenum whose `verify` fails, on shards run by run-shards.sh.
TEST(Launchers, SlurmMergeStepFailsWhenTheMergedResultDoesNotVerify) {
  TempDir t;
  const std::string merge_script = slurp(fs::path(kSource) / "jobs" / "slurm-merge.sbatch");
  EXPECT_NE(merge_script.find("\"$GRIDENUM\" verify result --threads \"${SLURM_CPUS_PER_TASK:-0}\" "
                              "\"$OUT/merged/result.json\""),
            std::string::npos) << merge_script;
  Shell shards = sh(kSource + "/jobs/run-shards.sh -C " + kSource + "/configs/2x3.toml -m 2 -t 1 -g " + GRIDENUM_BINARY +
                    " " + (t / "run").string());
  ASSERT_EQ(shards.code, 0) << shards.out;
  spit(t / "gridenum", "#!/usr/bin/env bash\n[ \"$1\" != verify ] || { echo \"FAIL (stand-in verify)\"; exit 1; }\nexec " +
                           std::string(GRIDENUM_BINARY) + " \"$@\"\n");
  fs::permissions(t / "gridenum", fs::perms::owner_all);
  Shell merge = sh("OUT=" + (t / "run").string() + " SHARDS=2 GRIDENUM=" + (t / "gridenum").string() +
                   " SLURM_CPUS_PER_TASK=1 bash " + kSource + "/jobs/slurm-merge.sbatch");
  EXPECT_EQ(merge.code, 1) << merge.out;
  EXPECT_NE(merge.out.find("FAIL (stand-in verify)"), std::string::npos) << merge.out;
  EXPECT_NE(merge.out.find("is NOT verified"), std::string::npos) << merge.out;
  EXPECT_EQ(merge.out.find("merged and verified"), std::string::npos) << merge.out;
  EXPECT_TRUE(fs::exists(t / "run" / "merged" / "result.json"));  // kept for the inquiry
  // The real verification passes on the same shards.
  Shell good = sh("OUT=" + (t / "run").string() + " SHARDS=2 GRIDENUM=" + GRIDENUM_BINARY + " SLURM_CPUS_PER_TASK=1 bash " +
                  kSource + "/jobs/slurm-merge.sbatch");
  EXPECT_EQ(good.code, 0) << good.out;
  EXPECT_NE(good.out.find("slurm-merge: merged and verified: " + (t / "run" / "merged" / "result.txt").string()),
            std::string::npos) << good.out;
}

// The config option is -C / --config: -c, which it once was, is sbatch's --cpus-per-task, so -c
// before OUTDIR is refused with the new spelling (exit 2, nothing queued), and -c after OUTDIR must
// be a CPU count (a config file there is the old -c, misplaced). The long options work in both
// forms; an unknown option before OUTDIR is refused, saying where sbatch's go.
TEST(Launchers, SlurmSubmitTakesTheConfigAsCapitalCAndRefusesTheOldDashC) {
  FakeSlurm f;
  const std::string submit = f.env + kSource + "/jobs/slurm-submit.sh ";
  const std::string cfg = kSource + "/configs/2x3.toml";
  const std::string g = std::string(" -g ") + GRIDENUM_BINARY + " ";
  for (const std::string& old : {"-c " + cfg, "-c" + cfg}) {
    Shell r = sh(submit + old + g + (f.t / "run").string());
    EXPECT_EQ(r.code, 2) << old << ": " << r.out;
    EXPECT_NE(r.out.find("-c is not this script's config option any more"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("-C CONFIG (or --config CONFIG)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--cpus-per-task=N"), std::string::npos) << r.out;
  }
  Shell after = sh(submit + "-m 2" + g + (f.t / "run").string() + " -c " + cfg);
  EXPECT_EQ(after.code, 2) << after.out;
  EXPECT_NE(after.out.find("-c after OUTDIR is sbatch's CPUs per task and expects a positive whole number, got '" + cfg),
            std::string::npos) << after.out;
  Shell cpus_bad = sh(submit + "-m 2" + g + (f.t / "run").string() + " --cpus-per-task=four");
  EXPECT_EQ(cpus_bad.code, 2) << cpus_bad.out;
  Shell unknown = sh(submit + "--cpus-per-task=2 -C " + cfg + g + (f.t / "run").string());
  EXPECT_EQ(unknown.code, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("unknown option '--cpus-per-task=2' before OUTDIR; sbatch options go after OUTDIR"),
            std::string::npos) << unknown.out;
  Shell no_value = sh(submit + "-m 2" + g + (f.t / "run").string() + " --time");
  EXPECT_EQ(no_value.code, 2) << no_value.out;
  EXPECT_NE(no_value.out.find("--time after OUTDIR needs a value"), std::string::npos) << no_value.out;
  for (const char* s : {"0", "x", "-1"}) {
    Shell bad = sh(submit + "-s " + s + " -C " + cfg + g + (f.t / "run").string());
    EXPECT_EQ(bad.code, 2) << s << ": " << bad.out;
  }
  EXPECT_TRUE(f.calls().empty()) << f.log();  // nothing was queued
  EXPECT_FALSE(fs::exists(f.t / "run"));      // nor created

  // The long forms, with and without '=' (-m, --cpus-per-task and --time given: no dry run).
  const std::string rest = " -c 1 -t 10";
  Shell l1 = sh(submit + "--config " + cfg + " --shards 2 --gridenum " + GRIDENUM_BINARY + " " + (f.t / "a").string() + rest);
  EXPECT_EQ(l1.code, 0) << l1.out;
  Shell l2 = sh(submit + "--config=" + cfg + " --shards=2 --gridenum=" + GRIDENUM_BINARY + " -- " + (f.t / "b").string() + rest);
  EXPECT_EQ(l2.code, 0) << l2.out;
  Shell l3 = sh(submit + "-C" + cfg + " -m2 -g" + GRIDENUM_BINARY + " " + (f.t / "c").string() + rest);
  EXPECT_EQ(l3.code, 0) << l3.out;
  for (const char* d : {"a", "b", "c"})
    EXPECT_NE(slurp(f.t / d / "merged" / "result.json").find(kTotal2x3), std::string::npos) << d << f.log();
  // The usage text says what -C is, and that -c is not it.
  Shell help = sh(submit + "--help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("-C, --config CONFIG"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("Not -c: after OUTDIR, -c is sbatch's --cpus-per-task."), std::string::npos) << help.out;
}

// Where the sizing dry run runs. With -m, --cpus-per-task and --time all given there is nothing to
// size: no dry run at all (it used to build the plan on the submit host regardless: 1.4 GB of
// tables for 4x3), and no --mem unless given. Otherwise it is a Slurm job of its own (1 CPU, the
// user's account and partition but not the shards' time, CPUs or logs), waited for; -L runs it on
// the submit host. A stand-in gridenum records where each call ran (SLURM_JOB_ID or "host").
TEST(Launchers, SlurmSubmitRunsTheDryRunAsAJobOrNotAtAll) {
  FakeSlurm f;
  const std::string g = f.logged_gridenum();
  const std::string submit = f.env + kSource + "/jobs/slurm-submit.sh -C " + kSource + "/configs/2x3.toml -g " + g + " ";

  Shell none = sh(submit + "-m 2 " + (f.t / "none").string() + " --cpus-per-task=2 --time=30");
  ASSERT_EQ(none.code, 0) << none.out;
  EXPECT_NE(none.out.find("no dry run: -m, --cpus-per-task and --time are given"), std::string::npos) << none.out;
  EXPECT_EQ(f.gridenum_calls().find("--dry-run"), std::string::npos) << f.gridenum_calls();
  EXPECT_NE(f.gridenum_calls().find("host --version"), std::string::npos) << f.gridenum_calls();
  auto calls = f.calls();
  ASSERT_EQ(calls.size(), 2u) << f.log();  // the array and the merge: no sizing job
  EXPECT_NE(calls[0].find("--array=1-2 --output="), std::string::npos) << calls[0];
  EXPECT_EQ(calls[0].find("--mem"), std::string::npos) << calls[0];
  EXPECT_NE(none.out.find("no --mem (no dry run measured the memory"), std::string::npos) << none.out;

  // The same with a --mem of the user's: passed as it is, and still no dry run.
  fs::remove(f.t / "sbatch.log");
  fs::remove(f.t / "calls.log");
  Shell given = sh(submit + "-m 2 " + (f.t / "given").string() + " -c 2 -t 30 --mem-per-cpu=1G");
  ASSERT_EQ(given.code, 0) << given.out;
  EXPECT_EQ(f.gridenum_calls().find("--dry-run"), std::string::npos) << f.gridenum_calls();
  EXPECT_NE(f.calls()[0].find("-c 2 -t 30 --mem-per-cpu=1G --export="), std::string::npos) << f.log();
  EXPECT_EQ(f.calls()[0].find("--mem="), std::string::npos) << f.log();

  // -m and --time but not the CPUs, the sizing job with the user's options: LaunchersSlow.

  // -L: the dry run on this host, no sizing job.
  fs::remove(f.t / "sbatch.log");
  fs::remove(f.t / "calls.log");
  Shell local = sh(submit + "-L " + (f.t / "local").string());
  ASSERT_EQ(local.code, 0) << local.out;
  EXPECT_NE(f.gridenum_calls().find("host count --config " + kSource + "/configs/2x3.toml --dry-run --json"),
            std::string::npos) << f.gridenum_calls();
  EXPECT_EQ(f.calls().size(), 2u) << f.log();
  EXPECT_NE(local.out.find("sizing: gridenum count --dry-run on this host (-L)"), std::string::npos) << local.out;

  // A sizing job that fails: LaunchersSlow.SlurmSubmitSizingJobWithTheUsersOptionsOrFailing.
}

// sbatch may refuse a job (an unknown partition, more time than allowed): the launcher says which
// and what is queued. The shard array refused: nothing is (exit 2). The merge refused: the shards
// are, and the command that queues the merge by hand is printed (exit 3).
TEST(Launchers, SlurmSubmitSaysWhichJobSbatchRefused) {
  TempDir t;
  fs::create_directories(t / "bin");
  spit(t / "bin" / "sbatch",
       "#!/usr/bin/env bash\necho \"sbatch $*\" >> \"$SBATCH_LOG\"\n"
       "if [[ \" $* \" == *\" $REFUSE\"* ]]; then echo \"sbatch: error: Invalid partition name specified\" >&2; exit 1; fi\n"
       "echo 1001\n");
  fs::permissions(t / "bin" / "sbatch", fs::perms::owner_all);
  const std::string submit = "export PATH=" + (t / "bin").string() + ":$PATH SBATCH_LOG=" + (t / "sbatch.log").string() +
                             "; " + kSource + "/jobs/slurm-submit.sh -C " + kSource + "/configs/2x3.toml -m 2 -g " +
                             GRIDENUM_BINARY + " " + (t / "run").string() + " -c 1 -t 10 --partition=nope";
  Shell array = sh("export REFUSE=--array=; " + submit);
  EXPECT_EQ(array.code, 2) << array.out;
  EXPECT_NE(array.out.find("Invalid partition name specified"), std::string::npos) << array.out;
  EXPECT_NE(array.out.find("sbatch refused the shard array (its message is above); nothing queued"), std::string::npos)
      << array.out;
  Shell merge = sh("export REFUSE=--dependency=; " + submit);
  EXPECT_EQ(merge.code, 3) << merge.out;
  EXPECT_NE(merge.out.find("the shards are queued (job 1001) but sbatch refused the merge step"), std::string::npos)
      << merge.out;
  EXPECT_NE(merge.out.find("sbatch --dependency=afterany:1001 --output=" + (t / "run" / "logs" / "merge.out").string()),
            std::string::npos) << merge.out;
  EXPECT_NE(merge.out.find("/jobs/slurm-merge.sbatch"), std::string::npos) << merge.out;
}

// The -h option prints a usage text (it printed script lines), and a binary that is missing or not
// gridenum is refused before anything is queued (every task failed on the node).
TEST(Launchers, SlurmSubmitChecksTheBinaryFirstAndHasAUsageText) {
  TempDir t;
  fs::create_directories(t / "bin");
  spit(t / "bin" / "sbatch", kFakeSbatch);
  fs::permissions(t / "bin" / "sbatch", fs::perms::owner_all);
  spit(t / "bin" / "notgridenum", "#!/bin/sh\necho hello\n");
  fs::permissions(t / "bin" / "notgridenum", fs::perms::owner_all);
  const std::string env = "export PATH=" + (t / "bin").string() + ":/usr/bin:/bin SBATCH_LOG=" +
                          (t / "sbatch.log").string() + "; ";
  const std::string submit = kSource + "/jobs/slurm-submit.sh ";
  Shell help = sh(env + submit + "-h");
  EXPECT_EQ(help.code, 0) << help.out;
  EXPECT_EQ(help.out.rfind("Usage: jobs/slurm-submit.sh", 0), 0u) << help.out;
  EXPECT_EQ(help.out.find("set -eu"), std::string::npos) << help.out;
  // The usage says what runs where.
  EXPECT_NE(help.out.find("What runs where."), std::string::npos) << help.out;
  Shell none = sh(env + submit + "-C " + kSource + "/configs/2x3.toml -m 2 " + (t / "run").string());
  EXPECT_EQ(none.code, 2) << none.out;  // no gridenum on this PATH
  EXPECT_NE(none.out.find("no gridenum binary"), std::string::npos) << none.out;
  Shell wrong = sh(env + submit + "-g " + (t / "bin" / "notgridenum").string() + " -C " + kSource +
                   "/configs/2x3.toml -m 2 " + (t / "run").string());
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("does not run as gridenum"), std::string::npos) << wrong.out;
  EXPECT_FALSE(fs::exists(t / "sbatch.log"));  // nothing was queued
}

// The request is sized from the plan, not a fixed 8 tasks x 8 CPUs x 24 h.
// The script asks `gridenum count --dry-run --json` (a sizing job) for the units, the projected
// CPU-seconds (a measured sample) and the peak memory, and prints them with what it chose; the
// choice is recomputed here from the printed figures by the documented rule (x3 safety; 1 CPU up to
// an hour, else 8; M = ceil(N / (CPUs x 4 h)); --time = N / (M x CPUs) + 3 x plan + 60 s, at least
// 10 minutes, whole minutes; --mem = 1.5 x peak + 256 MiB in whole 256 MiB). Explicit -m,
// --cpus-per-task, --time and --mem win. The stand-in sbatch runs only the sizing job here.
TEST(Launchers, SlurmSubmitSizesTheRequestFromThePlan) {
  FakeSlurm f;
  const std::string submit = f.env + "SBATCH_ONLY_WAIT=1 " + kSource + "/jobs/slurm-submit.sh -g " + GRIDENUM_BINARY + " ";
  const auto peak_of = [](const fs::path& dir) {
    return nlohmann::json::parse(slurp(dir / "logs" / "size-1001.json"))["peak_rss_bytes"].get<double>();
  };

  // A tiny job (2x3 by the band-pair method, auto's pick: 3 units, milliseconds): one task, one
  // CPU, the 10-minute minimum, and the memory of the dry run (a few MiB) with its margin.
  Shell tiny = sh(submit + "-C " + kSource + "/configs/2x3.toml " + (f.t / "tiny").string());
  ASSERT_EQ(tiny.code, 0) << tiny.out;
  EXPECT_NE(tiny.out.find("plan: 3 units"), std::string::npos) << tiny.out;
  const long tiny_mem = mem_mib(peak_of(f.t / "tiny"));
  EXPECT_NE(tiny.out.find(fmt::format("chose 1 shard(s) (from the plan), 1 CPU(s) per task (from the plan), "
                                      "--time=00:10:00 (at least 10 minutes), --mem={}M (1.5 x the dry run's peak of",
                                      tiny_mem)),
            std::string::npos) << tiny.out;
  std::string log = f.log();
  EXPECT_NE(log.find(fmt::format("--array=1-1 --cpus-per-task=1 --time=00:10:00 --mem={}M --output=", tiny_mem)),
            std::string::npos) << log;
  EXPECT_EQ(log.find("24:00:00"), std::string::npos) << log;
  EXPECT_GE(tiny_mem, 256);
  EXPECT_LE(tiny_mem, 512);  // a 6x6 count needs a few MiB

  // A big job (thousands of CPU-seconds, so more than the minimum): LaunchersSlow.SlurmSubmitSizesABigJob.

  // Explicit choices win: -m, --cpus-per-task, --time, --mem (given to sbatch as they are, ours
  // left out); with all of -m, CPUs and time there is no dry run.
  fs::remove(f.t / "sbatch.log");
  Shell given = sh(submit + "-m 3 -C " + kSource + "/configs/2x3.toml " + (f.t / "given").string() +
                   " --time=2:00:00 --cpus-per-task=4 --mem=3G");
  ASSERT_EQ(given.code, 0) << given.out;
  EXPECT_NE(given.out.find("chose 3 shard(s) (-m), 4 CPU(s) per task (given), --time as given, --mem as given"),
            std::string::npos) << given.out;
  log = f.log();
  EXPECT_NE(log.find("--array=1-3 --output=" + (f.t / "given" / "logs" / "shard-%a.out").string() +
                     " --open-mode=append --time=2:00:00 --cpus-per-task=4 --mem=3G --export="),
            std::string::npos) << log;
  EXPECT_EQ(log.find("--time=00:"), std::string::npos) << log;
  EXPECT_EQ(log.find("slurm-size.sbatch"), std::string::npos) << log;
  // --dry-run counts nothing, so it has no place with the one-pass signature method.
  Shell sig = sh(std::string(GRIDENUM_BINARY) + " count --method signature --dry-run");
  EXPECT_EQ(sig.code, 2) << sig.out;
  EXPECT_NE(sig.out.find("--dry-run apply to the other methods"), std::string::npos) << sig.out;
  // Only the time given: the CPUs and the memory still come from the plan.
  fs::remove(f.t / "sbatch.log");
  Shell time_only = sh(submit + "-C " + kSource + "/configs/2x3.toml " + (f.t / "t").string() + " -t 30");
  ASSERT_EQ(time_only.code, 0) << time_only.out;
  EXPECT_NE(f.log().find(fmt::format("--array=1-1 --cpus-per-task=1 --mem={}M --output=", mem_mib(peak_of(f.t / "t")))),
            std::string::npos) << f.log();
  EXPECT_NE(f.log().find("--open-mode=append -t 30 --export="), std::string::npos) << f.log();

  // The two-stack route (2x5, 2x6) holds its state tables to 90 % of whatever the task has, class by
  // class, so a short sample's peak bounds nothing: no --mem from it, and a line saying so.
  fs::remove(f.t / "sbatch.log");
  spit(f.t / "two-stack.toml", "shape = \"2x3\"\nmethod = \"two-stack\"\n");
  Shell ts = sh(submit + "-C " + (f.t / "two-stack.toml").string() + " " + (f.t / "ts").string());
  ASSERT_EQ(ts.code, 0) << ts.out;
  EXPECT_NE(ts.out.find("no --mem: the two-stack route's state tables grow class by class"), std::string::npos) << ts.out;
  EXPECT_EQ(f.calls().at(1).find("--mem"), std::string::npos) << f.log();
}

// An install target. `cmake --install` into a prefix gives bin/gridenum and
// the launchers with their configs, and the installed workstation launcher runs from there.
TEST(Launchers, InstallTargetGivesABinaryAndWorkingLaunchers) {
  TempDir t;
  const std::string build = fs::path(GRIDENUM_BINARY).parent_path().string();
  Shell inst = sh("cmake --install " + build + " --prefix " + (t / "prefix").string());
  ASSERT_EQ(inst.code, 0) << inst.out;
  const fs::path prefix = t / "prefix";
  ASSERT_TRUE(fs::exists(prefix / "bin" / "gridenum"));
  EXPECT_TRUE(fs::exists(prefix / "share" / "gridenum" / "jobs" / "slurm-submit.sh"));
  EXPECT_TRUE(fs::exists(prefix / "share" / "gridenum" / "jobs" / "slurm-size.sbatch"));  // its sizing job
  EXPECT_TRUE(fs::exists(prefix / "share" / "gridenum" / "configs" / "2x6.toml"));
  Shell run = sh("PATH=" + (prefix / "bin").string() + ":/usr/bin:/bin " +
                 (prefix / "share" / "gridenum" / "jobs" / "run-shards.sh").string() + " -c " +
                 (prefix / "share" / "gridenum" / "configs" / "2x3.toml").string() + " -m 2 -t 1 " +
                 (t / "run").string());
  ASSERT_EQ(run.code, 0) << run.out;
  EXPECT_NE(slurp(t / "run" / "merged" / "result.json").find(kTotal2x3), std::string::npos);
}
