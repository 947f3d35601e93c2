// A stand-in for Slurm's sbatch and the helpers of the launcher tests (tests/jobs/test_launchers.cpp,
// slow_launchers.cpp): the stand-in sbatch first on PATH, a logging gridenum (and the bash runner,
// shell_run.hpp).
#pragma once

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "job_fixtures.hpp"
#include "shell_run.hpp"

namespace gridenum::testing {

inline const std::string kSource = GRIDENUM_SOURCE_DIR;
inline const std::string kTotal2x3 = "\"total\": \"28200960\"";

// The stand-in sbatch: "--array=1-M ... SCRIPT" runs SCRIPT (the last argument) for K = 1..M,
// anything else once; --export=ALL,K=V,... is applied; the output goes to --output (%A, %a, %j
// filled in) or to $SBATCH_LOG.out; prints a job id as --parsable does (1001, 1002, ...: 1000 + the
// call's number) and, with --wait, exits with the job's exit code as sbatch does. With
// SBATCH_ONLY_WAIT=1 it runs only the --wait jobs (the sizing dry run) and just records the others.
inline const char* const kFakeSbatch = R"SH(#!/usr/bin/env bash
echo "sbatch $*" >> "$SBATCH_LOG"
array=""; script=${!#}; output=""; wait=""
for a in "$@"; do
  case $a in
    --array=*) array=${a#--array=} ;;
    --output=*) output=${a#--output=} ;;
    --wait) wait=1 ;;
    --export=*) IFS=, read -ra kv <<< "${a#--export=}"
                for x in "${kv[@]}"; do [ "$x" = ALL ] || export "$x"; done ;;
  esac
done
id=$((1000 + $(grep -c '^sbatch' "$SBATCH_LOG")))
if [ "${SBATCH_ONLY_WAIT:-}" = 1 ] && [ -z "$wait" ]; then echo "$id"; exit 0; fi
log() { local f=${output:-$SBATCH_LOG.out}; f=${f//%A/$id}; f=${f//%a/$1}; f=${f//%j/$2}; printf %s "$f"; }
rc=0
if [ -n "$array" ]; then
  m=${array#1-}
  for k in $(seq 1 "$m"); do
    SLURM_JOB_ID=$((id * 100 + k)) SLURM_ARRAY_JOB_ID=$id SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=$m \
      SLURM_CPUS_PER_TASK=1 bash "$script" >> "$(log "$k" $((id * 100 + k)))" 2>&1
    echo "task $k exit $?" >> "$SBATCH_LOG"
  done
else
  SLURM_JOB_ID=$id SLURM_CPUS_PER_TASK=1 bash "$script" >> "$(log 0 "$id")" 2>&1
  rc=$?
  echo "job exit $rc" >> "$SBATCH_LOG"
fi
echo "$id"
[ -z "$wait" ] || exit $rc
)SH";

// A temporary folder with the stand-in sbatch in bin/ and the environment that puts it first.
struct FakeSlurm {
  TempDir t;
  std::string env;
  FakeSlurm() {
    fs::create_directories(t / "bin");
    spit(t / "bin" / "sbatch", kFakeSbatch);
    fs::permissions(t / "bin" / "sbatch", fs::perms::owner_all);
    env = "export PATH=" + (t / "bin").string() + ":$PATH SBATCH_LOG=" + (t / "sbatch.log").string() + "; ";
  }
  std::string log() const { return fs::exists(t / "sbatch.log") ? slurp(t / "sbatch.log") : ""; }
  // The lines of the log that record an sbatch call.
  std::vector<std::string> calls() const {
    std::vector<std::string> r;
    for (const auto& line : lines_of(log()))
      if (line.rfind("sbatch ", 0) == 0) r.push_back(line);
    return r;
  }
  // A stand-in gridenum in bin/ that records each call ("<SLURM_JOB_ID or host> ARGS") in
  // calls.log and runs the real binary; with fail_dry_run, a dry run fails (exit 3, a message).
  std::string logged_gridenum(bool fail_dry_run = false) {
    const fs::path g = t / "bin" / "gridenum-logged";
    spit(g, "#!/usr/bin/env bash\necho \"${SLURM_JOB_ID:-host} $*\" >> " + (t / "calls.log").string() + "\n" +
                (fail_dry_run ? "[[ \" $* \" != *\" --dry-run \"* ]] || { echo \"stand-in: no plan\" >&2; exit 3; }\n" : "") +
                "exec " + GRIDENUM_BINARY + " \"$@\"\n");
    fs::permissions(g, fs::perms::owner_all);
    return g.string();
  }
  std::string gridenum_calls() const { return fs::exists(t / "calls.log") ? slurp(t / "calls.log") : ""; }
};

// The MiB figure of --mem the launcher asks for: 1.5 x the dry run's peak + 256 MiB, rounded up to
// a multiple of 256 MiB (jobs/slurm-submit.sh, "--mem").
inline long mem_mib(double peak_bytes) {
  const double m = 1.5 * peak_bytes / 1048576 + 256;
  return static_cast<long>(std::ceil(m / 256)) * 256;
}

}  // namespace gridenum::testing
