// `gridenum verify` (issue 4): independent checks of what a count rests on.
//
//   classes      class sizes of the catalogue (catalogue.cpp, union of generator moves) against
//                the orbit census (orbits.cpp, explicit canonical forms over the whole group),
//                and that the orbits account for every top-band filling;
//   completions  n_alpha of the catalogue's classes by the stack method (completion.cpp) against
//                the signature method (signature.cpp), class by class;
//   result       a finished count's JSON document (`gridenum count --json`, a job's or a
//                merge's result.json): every work unit of the plan present once, unit counts
//                re-summed per class, the total recomputed from the class table, and K randomly
//                chosen units recomputed from scratch. Given a job directory, also its journal:
//                read with the journal's own checks, every unit of the plan in it once, each
//                count equal to the result's.
//
// Every check produces a report: sections of figures side by side (the figure checked and the
// figure recomputed), the problems found, each named, and PASS exactly when there are none.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/shape.hpp"
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
  bool pass() const { return problems.empty(); }
};

// The report as text; the last line is "PASS" or "FAIL (k problems)" with the problems listed
// just above it.
std::string format_text(const VerifyReport& r);

// Class sizes: catalogue against orbit census (threads = 0: all cores).
VerifyReport verify_classes(Shape s, int threads);

struct VerifyCompletionsOptions {
  Shape shape{3, 3};
  std::vector<std::uint32_t> classes;  // 1-based indices in the catalogue's class order; empty: all
  Method method = Method::Stack;       // the method under check (left column); the other recomputes
  int threads = 0;
};
VerifyReport verify_completions(const VerifyCompletionsOptions& opt);

struct VerifyResultOptions {
  std::uint32_t sample = 0;  // units (stack) or classes (signature) recomputed from scratch
  std::uint64_t seed = 0;    // 0: a random seed (printed, so a run can be repeated)
  int threads = 0;
};
VerifyReport verify_result(const ResultDoc& doc, const VerifyResultOptions& opt);

}  // namespace gridenum
