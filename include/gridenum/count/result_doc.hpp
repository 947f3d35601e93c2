// A finished count as a document: what count.cpp's to_json writes (a plain count's, a job's or a
// merge's result.json), read back field by field. `gridenum verify result` checks such a document;
// the job layer (jobs/result_io.hpp) loads one from a job directory together with its journal.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/method_id.hpp"

namespace gridenum {

// A finished count as the verifier reads it. Filled from the JSON document count.cpp's to_json
// writes (stack method: with "unit_counts" and "slices_per_class"; signature method: class
// table only). The job layer's journal can fill the same struct.
struct ResultDoc {
  std::string source;  // where it was read from, for messages
  Shape shape;
  MethodId method = MethodId::Stack;  // every method writes documents (method_id.hpp)
  std::uint64_t units = 0;  // declared number of work units
  std::uint32_t slices_per_class = 0;
  struct Class {
    std::uint64_t index = 0;     // 1-based, as printed
    std::string representative;  // band digits as band_string() prints them
    std::uint64_t size = 0;
    BigInt n_star, n;
  };
  std::vector<Class> classes;
  struct Unit {
    std::uint64_t id = 0;
    std::uint64_t cls = 0;  // 1-based class index
    BigInt count;
  };
  bool has_units = false;
  std::vector<Unit> unit_counts;  // as listed, duplicates and all
  std::uint64_t band_factor = 0, stack_factor = 0;
  BigInt relabel_factor, weighted_sum, canonical_grids, total;
  // A job directory's journal (load_result), when there is one.
  struct Journal {
    std::string path;
    std::string error;  // the journal reader's refusal (damage), empty when it read cleanly
    std::uint64_t units_in_plan = 0;
    std::uint32_t slices_per_class = 0;
    std::vector<std::pair<std::uint64_t, BigInt>> units;  // (id, count), as read
    std::vector<std::string> notes;                       // torn tail, harmless duplicates
  };
  bool has_journal = false;
  Journal journal;
  // result.txt beside a result.json read from a job or merge directory (load_result), and the
  // SHA-256 of it that result.json records ("result_txt_sha256"; empty in a document without one).
  struct TextFile {
    std::string path;
    bool present = false;
    std::string text;
  };
  TextFile text_file;
  std::string text_sha256;
  // A merged result ("merged" in the JSON): the shards' journals it was added up from, each by the
  // SHA-256 of its units (jobs/journal.hpp, journal_units_sha256). load_result reads the journals
  // it finds (dir resolved against the result's folder) into the fields after `units_sha256`.
  struct MergedJournal {
    std::string shard, dir, units_sha256;
    std::uint64_t units = 0;
    std::string path;             // where it was looked for
    bool found = false;
    std::string error;            // the journal reader's refusal
    std::string computed_sha256;  // of the units read
    std::vector<std::pair<std::uint64_t, BigInt>> unit_counts;  // (id, count), as read
  };
  bool merged = false;
  std::vector<MergedJournal> merged_journals;
  // The side-2 routes' documents (method two-stack / two-band): their class table is choices of
  // sets with a weight and F, and the total is sum weight x F^2; the stack fields stay empty.
  struct Side2Class {
    std::uint64_t index = 0;     // 1-based
    std::string representative;  // config_string(): "12345 6789A ..."
    std::uint64_t weight = 0;
    BigInt F;
  };
  std::vector<Side2Class> side2_classes;
  BigInt first_moment;
  bool is_side2() const { return method == MethodId::TwoStack || method == MethodId::TwoBand; }
  // The three-band route's documents (method three-band, three_band_run.cpp's to_json): one row
  // per top-band signature class of the shape counted (counted_as: the shape itself, or for 3 x C
  // its transpose), its size and its count F x completions, the total sum size x count. A class
  // counted in the run that wrote the document lists F and completions; one read back from a
  // job's journal (a resumed job, a merge) lists only its count. Documents list every class
  // since 2026-12-02; one written before of more than 1,000 classes (4x3: 144,578) has
  // classes_listed false and no rows: its job's journal holds the counts.
  struct ThreeBandClass {
    std::uint64_t index = 0;     // 1-based, catalogue order
    std::string representative;  // signature_string of the class's column sets
    std::uint64_t size = 0;      // configurations in the class
    BigInt count;                // F x completions
    bool has_parts = false;      // fillings and completions listed
    BigInt fillings, completions;
  };
  Shape counted_as;
  std::uint64_t catalogue_classes = 0;
  bool classes_listed = false;
  std::vector<ThreeBandClass> three_band_classes;
};

// Throws InputError naming the missing or malformed field.
ResultDoc parse_result(const nlohmann::json& j, const std::string& source = "result");
}  // namespace gridenum
