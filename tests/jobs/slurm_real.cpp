// The launchers against a real Slurm (issue 13 item 22): a one-node cluster on this machine
// (scripts/slurm-local.sh: munged, slurmctld, slurmd, all state in a temporary folder) runs
// jobs/slurm-submit.sh's shard array and its dependent merge. One array task is requeued while it
// runs (scontrol requeue: Slurm kills it and queues it again); it must resume from its journal,
// and the merged total must be the published 2x4 count.
//
// Built only when the Slurm daemons are installed (tests/CMakeLists.txt, GRIDENUM_HAVE_SLURM);
// label slow. Needs root (SlurmUser=root), as CI runs. Workload: the 2x4 count with the plain
// backtracking kernel, 1000 slices per class (5000 units), 4 shards of 1 CPU: about 35 s on 2
// cores.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <set>
#include <thread>

#include "gridenum/jobs/journal.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string k2x4 = "29136487207403520";
const std::string kSource = GRIDENUM_SOURCE_DIR;

struct Shell {
  int code;
  std::string out;
};

Shell sh(const std::string& cmd) {
  FILE* p = ::popen(("bash -c '" + cmd + "' 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  std::size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, k);
  const int status = ::pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// The cluster, up for the test's life.
struct LocalSlurm {
  fs::path dir;
  bool up = false;
  std::string env;
  explicit LocalSlurm(const fs::path& d) : dir(d) {
    const Shell s = sh(kSource + "/scripts/slurm-local.sh up " + dir.string());
    up = s.code == 0;
    env = "export SLURM_CONF=" + (dir / "slurm.conf").string() + "; ";
    if (!up) std::cerr << s.out << slurp(dir / "log" / "slurmctld.log") << slurp(dir / "log" / "slurmd.log");
  }
  ~LocalSlurm() { sh(kSource + "/scripts/slurm-local.sh down " + dir.string()); }
};

bool wait_until(const std::function<bool()>& f, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (f()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

std::size_t sessions_in(const fs::path& journal) {
  std::size_t n = 0;
  for (const auto& line : lines_of(slurp(journal)))
    if (line.rfind("S ", 0) == 0) ++n;
  return n;
}

TEST(SlurmReal, ShardArrayWithARequeuedTaskMergesToTheExactTotal) {
  ASSERT_EQ(::geteuid(), 0u) << "the one-node cluster runs its daemons as root (SlurmUser=root)";
  TempDir t;
  LocalSlurm slurm(t / "slurm");
  ASSERT_TRUE(slurm.up) << "scripts/slurm-local.sh up failed (logs above)";
  std::string cfg = slurp(fs::path(kSource) / "configs" / "2x4-backtrack.toml");
  cfg.replace(cfg.find("checkpoint_seconds = 1.0"), 24, "checkpoint_seconds = 0.2");
  spit(t / "job.toml", cfg);
  const fs::path out = t / "run";
  Shell submit = sh(slurm.env + kSource + "/jobs/slurm-submit.sh -c " + (t / "job.toml").string() + " -m 4 -g " +
                    GRIDENUM_BINARY + " " + out.string() + " --cpus-per-task=1 --time=10 --output=" +
                    (t / "%x-%j.out").string());
  ASSERT_EQ(submit.code, 0) << submit.out;
  const auto shards_at = submit.out.find("shards: job ");
  ASSERT_NE(shards_at, std::string::npos) << submit.out;
  const std::string array = submit.out.substr(shards_at + 12, submit.out.find(' ', shards_at + 12) - shards_at - 12);

  // Requeue task 1 once its journal holds some units (it is running then).
  const fs::path j1 = out / "shard-1" / "journal";
  ASSERT_TRUE(wait_until([&] { return fs::exists(j1) && raw_journal_units(j1).size() >= 20; }, 120))
      << sh(slurm.env + "squeue; sinfo").out;
  const std::size_t before = raw_journal_units(j1).size();
  Shell rq = sh(slurm.env + "scontrol requeue " + array + "_1");
  ASSERT_EQ(rq.code, 0) << rq.out;

  // The merge runs after every task has ended, the requeued one's second run included.
  ASSERT_TRUE(wait_until([&] { return fs::exists(out / "merged" / "result.json"); }, 600))
      << sh(slurm.env + "squeue; sinfo; cat " + (t / "*.out").string()).out;
  const auto r = nlohmann::json::parse(slurp(out / "merged" / "result.json"));
  EXPECT_EQ(r["total"], k2x4);
  // The requeued shard resumed from its journal: a second session, the first session's units
  // kept (not recounted), every unit once.
  EXPECT_GE(sessions_in(j1), 2u) << slurp(j1).substr(0, 400);
  const auto ids = raw_journal_units(j1);
  EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size());
  EXPECT_GE(ids.size(), before);
  EXPECT_EQ(ids.size(), 1250u);
  const std::string log = slurp(out / "shard-1" / "job.log");
  EXPECT_NE(log.find("resuming job"), std::string::npos) << log;
}

}  // namespace
