// `gridenum verify`: independent checks of what a count rests on.
//
//   classes      class sizes of the catalogue (catalogue.cpp, union of generator moves) against
//                the orbit census (orbits.cpp, explicit canonical forms over the whole group),
//                and that the orbits account for every top-band filling;
//   completions  n_alpha of the catalogue's classes by the stack method (completion.cpp) against
//                the signature method (signature.cpp), class by class;
//   result       a finished count's JSON document (`gridenum count --json`, a job's or a
//                merge's result.json): every work unit of the plan present once, unit counts
//                re-summed per class, the total recomputed from the class table, then the total
//                recomputed by the OTHER method wherever that is cheap, and
//                units chosen at random recomputed from scratch (--sample K, or --double-check
//                FRACTION as GIMPS double-checks: a random share of the units counted again, by
//                another kernel or route, optionally only one shard's units). Given a job
//                directory, also its journal: read with the journal's own checks, every unit of
//                the plan in it once, each count equal to the result's; given a merge's, the
//                shards' journals kept beside it, each unit's count against its class's listed
//                figure where units stand for classes (side-2, three-band). The side-2 and three-band
//                routes' documents have checks of their own (side2_verify.hpp,
//                three_band_verify.hpp), which verify_result hands them to.
//
// Why the other method: a journal or shard record rewritten with a valid (unkeyed FNV-1a)
// checksum is indistinguishable from an honest one, and the result rebuilt from it agrees with
// it in every sum. Only a recomputation finds it. Where the other method is cheap (every shape
// the stack method takes: 9x9 by signatures in 0.03 s; the side-2 routes on 2x3 .. 4x2) the whole
// total is recomputed; where it is not (2x5 / 5x2, 30 s and more) K of U units are, and a PASS
// then says "sampled" and how much was recomputed.
//
// Every check produces a report: sections of figures side by side (the figure checked and the
// figure recomputed), the problems found, each named, what was recomputed from scratch, and PASS
// exactly when there are no problems.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/result_doc.hpp"

namespace gridenum {

// Bad input to a verify (unreadable or malformed result, unknown class index): not a failed
// check but a usage/input error (the CLI exits 2).
struct VerifyInputError : InputError {
  using InputError::InputError;
};

// One figure checked: the two values side by side.
struct VerifyLine {
  std::string item;         // "class 7", "total", "unit 517"
  std::string left, right;  // the two figures; right is the recomputed one
  bool ok = true;
  std::string note;         // why it is not ok, or a remark
};

struct VerifySection {
  std::string title;                  // what this section checks
  std::string left_name, right_name;  // column headings
  std::vector<VerifyLine> lines;
};

struct VerifyReport {
  std::string title;                  // e.g. "gridenum verify classes: 9x9 grids, boxes 3x3"
  std::vector<std::string> info;      // context lines (file, seed, times)
  std::vector<VerifySection> sections;
  std::vector<std::string> problems;  // every failure, named; empty means PASS
  // What was recomputed from scratch, one statement each ("the whole total by the signature
  // method", "8 of 1056 units by the partition kernel").
  std::vector<std::string> recomputed;
  // True when a PASS rests on a sample: the figure under check (a result's total, the side-2
  // classes' F) was not recomputed in full. The verdict then says "sampled".
  bool sampled = false;
  bool pass() const { return problems.empty(); }
  // "PASS", "PASS (sampled: ...)" or "FAIL (k problems)".
  std::string verdict() const;
};

// One figure compared, added to a section: the two figures as printed (equal decimals are equal
// numbers), a mismatch also a named problem of the report ("ITEM: LEFT_NAME x but RIGHT_NAME y").
// Returns whether they agree. Every checker of `verify` adds its lines through this.
bool compare_figures(VerifyReport& r, VerifySection& sec, const std::string& item, const std::string& left,
                     const std::string& right, const std::string& note = {});

// A job's journal as load_result read it: its notes (torn tail, harmless duplicates) go to the
// report's info; a refusal (damage) is a line of sec and a named problem, and returns false.
bool journal_read_cleanly(VerifyReport& r, VerifySection& sec, const ResultDoc::Journal& jn);

// The report as text; the last line is the verdict, with the problems listed just above it.
// Default: a summary (per section how many figures were compared and any that disagree, what
// was recomputed); verbose: every figure of every section side by side.
std::string format_text(const VerifyReport& r, bool verbose = false);

// The report as one JSON document: title, info, sections with every line, problems,
// recomputed, sampled, pass and verdict (machine-readable, `gridenum verify ... --json`).
nlohmann::json to_json(const VerifyReport& r);

// Class sizes: catalogue against orbit census (threads = 0: all cores).
VerifyReport verify_classes(Shape s, int threads);

struct VerifyCompletionsOptions {
  Shape shape{3, 3};
  std::vector<std::uint32_t> classes;  // 1-based indices in the catalogue's class order; empty: all
  MethodId method = MethodId::Stack;      // the method under check (left column); the other recomputes
  int threads = 0;
};
VerifyReport verify_completions(const VerifyCompletionsOptions& opt);

// How much of a result `verify result` recomputes by the other method or route:
//   Auto    the whole total where that is cheap (every stack / signature shape; side-2 with
//           m <= 4; three-band 2x3 / 3x3), else only the sampled units;
//   Full    the whole total always (2x5 / 5x2: the other route's whole count, a minute or so;
//           4x3 / 3x4: the signature method's, hundreds of CPU-hours);
//   Sample  only the sampled / double-checked units (a PASS then says "sampled").
enum class Recompute { Auto, Full, Sample };

struct VerifyResultOptions {
  Recompute recompute = Recompute::Auto;
  std::uint32_t sample = 0;  // units (stack) or classes (signature, side-2, three-band) recomputed from scratch
  // GIMPS-style double check: this share (0, 1] of the units (of `units`, when set) recomputed,
  // at least one; with `sample` the larger of the two counts is taken.
  double double_check = 0;
  std::uint64_t seed = 0;    // 0: a random seed (printed, so a run can be repeated)
  // The kernel that recomputes stack units; nullopt: the one the document does not name
  // (backtrack for a partition count), partition when it names none (a merge).
  std::optional<Kernel> kernel;
  // Only these units are sampled or double-checked (a shard from another machine: the CLI's
  // --shard K/M), with a name for the report; empty: every unit.
  std::function<bool(std::uint64_t)> units;
  std::string units_name;
  // Classes recounted besides the sample, every unit of each (the CLI's --classes "1,5,100:120"):
  // 1-based inclusive ranges in the document's class order; empty: none named. A deep check of
  // chosen classes, where a random sample would miss the hard ones.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> classes;
  int threads = 0;
  // One line as each long step starts and ends (a symmetry job's class counted again: minutes to
  // hours on 12x12); the CLI writes them to stderr so that --json stays one document. Empty: quiet.
  std::function<void(const std::string&)> progress;
};

// "A", "A:B", comma-separated ("1,5,100:120"), class numbers from 1, A <= B; VerifyInputError
// naming the item otherwise.
std::vector<std::pair<std::uint64_t, std::uint64_t>> parse_class_list(const std::string& text);

// The classes opt.classes names, 0-based, sorted, each once; VerifyInputError naming the first
// one past a table of `classes` classes. Empty when none is named.
std::vector<std::uint64_t> named_classes(std::uint64_t classes, const VerifyResultOptions& opt);

// a and b, sorted and each id once (the sample and the named classes' units together).
std::vector<std::uint64_t> union_of(std::vector<std::uint64_t> a, const std::vector<std::uint64_t>& b);

// The unit ids (0 .. total-1, those opt.units takes) that opt.sample / opt.double_check
// choose, sorted, drawn without repetition from the seed. Empty when neither is set.
std::vector<std::uint64_t> choose_recount(std::uint64_t total, const VerifyResultOptions& opt, std::uint64_t seed);

// The seed a verify uses: opt.seed, or a random one when it is 0.
std::uint64_t resolve_seed(std::uint64_t seed);
VerifyReport verify_result(const ResultDoc& doc, const VerifyResultOptions& opt);

}  // namespace gridenum
