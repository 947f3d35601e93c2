// Essentially different grids as a job (docs/jobs.md, "Symmetry jobs"; docs/symmetry.md): Burnside's
// sum (symmetry/burnside.hpp) with each conjugacy class's fixed-grid count f journaled as it
// finishes, so that a run of hours (the 12-digit shapes' heavy classes) can be stopped, killed and
// resumed on another machine without counting a finished class again.
//
// It runs on the count jobs' machinery, as estimate jobs do: the journal (journal.hpp: header with
// fingerprint, checksummed records, torn-tail rule), the writer thread (ticker.hpp), the lock
// (job_lock.hpp), the signals (job_signals.hpp), the atomic result files and the log (job.hpp).
// A unit is a class, numbered as in SymmetryGroup::classes (0: the identity, whose f is the grid
// count / N!); its record is the journal's plain unit record, "U <class> <f> <ms>". Which classes
// a job counts (all, or a --classes list) is part of its fingerprint, with the shape and the group;
// the kernel choice is not (the kernels agree class by class: tests/symmetry), so a session may
// change it. No shards: the classes of one job are few and uneven; a --classes list is the way to
// split a shape's classes over machines, and each such job's table says which it holds.
//
// A job directory holds symmetry.json (the parameters, written with the journal's header in one
// atomic batch), journal, lock, job.log and, at the end, result.txt and result.json (Burnside's
// document, symmetry/burnside.hpp, with the job's fields and provenance).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/plan_header.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/symmetry/burnside.hpp"

namespace gridenum {

struct SymmetryJobSpec {
  BurnsideOptions run;                  // shape, transposition, threads (the first session's), kernel choice
  std::vector<std::uint32_t> classes;   // 1-based class numbers to count; empty: every class
  double checkpoint_seconds = 1.0;      // journal write + fsync interval
  double progress_seconds = 10.0;       // progress log-line interval when stderr is not a terminal
};

// DIR/symmetry.json: the file that makes DIR a symmetry job.
std::filesystem::path symmetry_spec_path(const std::filesystem::path& dir);
bool is_symmetry_job(const std::filesystem::path& dir);
// Reads and checks DIR/symmetry.json. JobInputError when DIR holds no symmetry job or the file is
// malformed (naming the file and the key).
SymmetryJobSpec read_symmetry_spec(const std::filesystem::path& dir);
std::string symmetry_spec_text(const SymmetryJobSpec& s);

// The journal header: units = the group's classes; the fingerprint of the shape, the group (its
// order and class count) and the class list. JobInputError for a shape Burnside does not take or a
// class number outside the group.
PlanHeader symmetry_job_header(const SymmetryJobSpec& s);

struct SymmetryJobRequest {
  std::filesystem::path dir;
  bool resume = false;                 // false: a new job in a new or empty DIR; true: continue DIR's
  SymmetryJobSpec spec;                // new jobs only (resume reads DIR/symmetry.json)
  std::optional<int> threads;          // resume: this session's threads
  std::optional<FixedMethod> method;   // resume: this session's kernel choice
  bool handle_signals = false;         // SIGINT/SIGTERM stop the job (the CLI; not for in-process tests)
  bool console_log = true;             // log to stderr as well as to DIR/job.log
  std::optional<bool> terminal;        // progress bar or log lines; default: isatty(stderr)
  std::function<bool()> stop;          // extra stop condition, polled between classes (tests)
  std::string command = "gridenum symmetry";  // written into the lock for `status`
};

struct SymmetryJobOutcome {
  bool finished = false;               // every class of the job is in the journal
  std::string stopped_by;              // when not finished: "SIGINT", "SIGTERM" or "stop request"
  SymmetryJobSpec spec;
  PlanHeader header;
  std::uint64_t classes_total = 0;     // classes this job counts
  std::uint64_t classes_done = 0;      // in the journal at the end of this session
  std::uint64_t classes_done_before = 0;
  std::uint64_t classes_computed = 0;
  BurnsideResult result;               // finished: the run, journaled classes marked known
  std::string text;                    // finished: result.txt
  nlohmann::json json;                 // finished: result.json
};

// Runs or resumes a symmetry job. Throws JobInputError (bad parameters, DIR holds no symmetry job,
// or holds a job when starting), JobLockedError, JournalError (another job's journal), JobIoError,
// CheckError (a Burnside check failed: nothing is written but the journal).
SymmetryJobOutcome run_symmetry_job(const SymmetryJobRequest& req);

// A class left with finished parts: how many, by family (parse_part_key, fixed_grids.hpp: the
// buckets done of each family begun; a family not begun is not known from the journal), and how
// long its parts took lately -- the median of the last (up to 8) gaps between two of its part
// records in one session, the wall time a part takes while that session's load lasts.
struct ClassPartsStatus {
  struct Family {
    std::string family;  // "bw1."
    std::uint32_t done = 0, buckets = 0;
  };
  std::uint32_t number = 0;     // 1-based, as in `gridenum symmetry --json`
  std::uint64_t finished = 0;   // part records of the class (band counts aside)
  std::vector<Family> families;  // by family name; keys of no family (none today) only in `finished`
  std::optional<double> seconds_per_part;
};

// `gridenum status DIR` of a symmetry job, from its files alone: classes done of the job's, which
// are left (their numbers and representatives), the f found so far for the classes that fix grids,
// the sessions, whether a process runs it now. No time estimate for the job: classes differ by
// orders of magnitude (most cost nothing; 10x10's heaviest take seconds, 12x12's hours); within
// a class begun, its parts' recent pace (ClassPartsStatus).
struct SymmetryJobStatus {
  std::filesystem::path dir;
  SymmetryJobSpec spec;
  bool started = false;                          // the journal exists
  std::uint64_t classes_total = 0, classes_done = 0;
  std::vector<std::uint32_t> left;               // 1-based numbers of the job's classes not yet done
  std::vector<std::pair<std::uint32_t, u128>> fixing;  // classes done with f > 0 (1-based), by number
  std::vector<std::optional<u128>> counts;       // by class index (0: the identity): the journal's f, if any
  std::vector<ClassPartsStatus> parts;           // classes left with finished parts, by number
  std::uint64_t walks_kept = 0;                  // signature walks in DIR/walks (walk_store.hpp)
  std::uint64_t bands_kept = 0;                  // band counts in the journal (P records "band.")
  LockHolder running;
  int sessions = 0;
  bool finished = false;                         // result.json exists
  std::optional<std::string> torn_tail;
};
SymmetryJobStatus symmetry_job_status(const std::filesystem::path& dir);
std::string format_status(const SymmetryJobStatus& s);
nlohmann::json to_json(const SymmetryJobStatus& s);

}  // namespace gridenum
