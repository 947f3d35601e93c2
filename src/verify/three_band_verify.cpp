// Completions of 4x3 top-band classes by two methods that share no counting code:
// the three-band counter (count/three_band/three_band.cpp: its own partitions, relabelling tables, colouring
// count, F table, chains and the prefix-group sum) and the signature method with its pair-type
// table (verify/signature.cpp, signature_pairs.cpp, signature_parts.cpp, orbits.cpp). What the
// two share is the catalogue (count/three_band/band_signatures.cpp) that names the classes and hands each
// its column sets; the class sizes are checked elsewhere (the Burnside count in the tests), and a
// wrong representative would make both methods count the same wrong band, so each class's column
// sets are also checked to be a configuration of that class (its key). The two sides even count
// different configurations of each class: the three-band counter the class's prefix form, the
// signature method a relabelling of it (below); both sum the chosen classes of a prefix group
// together (as a job counts them), each in its own way.
//
// Order: the signature tables are built, used and freed first (about 3.3 GB), then the
// three-band tables (1.4 GB), so the peak is the larger of the two, not their sum.
//
// The same file checks a three-band result (`gridenum verify result`, end of the file): the plan
// and the sums against the document and the journal, and counts recounted by the signature
// method alone (no three-band tables: the document holds the three-band side's figures).
#include "gridenum/verify/three_band_verify.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/three_band/three_band_cache.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum {

namespace {
// The signature method's count as text. Through u128 (every 12x12 completion count fits: the
// three-band counter holds them in one): BigInt::str() in this file trips GCC 12's false
// -Wrestrict inside Boost.
std::string big_text(const BigInt& v) {
  if (v < 0 || v > to_big(~u128{0})) return "(beyond 128 bits)";
  return to_string(static_cast<u128>(v));
}

// The configuration of a class the signature method counts, made from the class's prefix form
// (the one the three-band counter counts: its first R-1 boxes shared, column set for column set,
// by the classes of its prefix group, band_signatures.hpp): digit d relabelled to 5d + 7 mod N (a
// bijection: N = 3R is 6, 9 or 12, prime to 5) and each box's columns reversed. So the two
// methods count different configurations of each class; and since one map serves every class, a
// prefix group still shares its first boxes and the signature method's pair-type sum takes it as
// a group too. Callers check that it carries the class's key.
std::vector<DigitMask> signature_side_form(Shape s, const std::vector<DigitMask>& prefix_form) {
  std::vector<DigitMask> out(prefix_form.size());
  for (int b = 0; b < s.rows; ++b)
    for (int j = 0; j < s.cols; ++j) {
      DigitMask m = 0;
      for (DigitMask x = prefix_form[static_cast<std::size_t>(b * s.cols + j)]; x; x &= x - 1)
        m |= DigitMask{1} << ((5 * std::countr_zero(x) + 7) % s.n());
      out[static_cast<std::size_t>(b * s.cols + (s.cols - 1 - j))] = m;
    }
  return out;
}
}  // namespace

bool is_three_band_verify_shape(Shape s) { return (s.rows == 4 && s.cols == 3) || (s.rows == 3 && s.cols == 4); }

VerifyReport verify_three_band_completions(const VerifyThreeBandOptions& opt) {
  const Shape asked = opt.shape;
  if (!is_three_band_verify_shape(asked))
    throw VerifyInputError("the three-band completions check takes boxes 4x3 or 3x4, got " + asked.str());
  const Shape s{4, 3};
  const int nthreads = resolve_threads(opt.threads);
  VerifyReport r;
  r.title = fmt::format("gridenum verify completions: 12x12 grids, boxes {} (three-band counter against the signature method)",
                        asked.str());
  if (asked.rows != s.rows)
    r.info.push_back("3x4 is checked through 4x3: a 3x4 grid transposed is a 4x3 grid, so the counts are the same");
  tbb::task_arena arena(nthreads);

  auto t = SteadyClock::now();
  const SignatureCatalogue cat = arena.execute([&] { return build_signature_catalogue(s, nthreads); });
  const double t_cat = seconds_since(t);
  std::vector<std::uint32_t> chosen;  // 0-based
  if (!opt.classes.empty()) {
    for (auto k : opt.classes) {
      if (k < 1 || k > cat.classes.size())
        throw VerifyInputError(fmt::format("class {} does not exist: {} has classes 1..{}", k, s.str(), cat.classes.size()));
      chosen.push_back(k - 1);
    }
    std::sort(chosen.begin(), chosen.end());
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  } else {
    if (opt.sample == 0) throw VerifyInputError("--sample takes at least 1 class");
    const std::uint64_t seed = opt.seed ? opt.seed : std::random_device{}();
    r.info.push_back(fmt::format("sample of {}, seed {} (--seed {} repeats it)", count_of(opt.sample, "class", "classes"), seed, seed));
    std::mt19937_64 rng(seed);
    std::set<std::uint32_t> pick;
    while (pick.size() < std::min<std::size_t>(opt.sample, cat.classes.size()))
      pick.insert(static_cast<std::uint32_t>(rng() % cat.classes.size()));
    chosen.assign(pick.begin(), pick.end());
  }

  // Each class's prefix form (its first three boxes shared by the classes of its prefix group:
  // count/three_band/band_signatures.hpp). The three-band side counts it as it is; the signature side counts
  // it relabelled (signature_side_form), and both sides sum a group together. Both configurations
  // are checked to carry the class's key.
  VerifySection reps{"configurations counted: each class's prefix form (three-band) and its relabelling (signature)",
                     "catalogue key", "keys of both", {}};
  std::vector<std::vector<DigitMask>> forms(chosen.size()), tops(chosen.size());
  std::map<SignatureKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    SignaturePrefixForm f = signature_prefix_form(s, cat.classes[chosen[i]].key);
    forms[i] = std::move(f.columns);
    groups[f.prefix].push_back(i);
    tops[i] = signature_side_form(s, forms[i]);
    const SignatureKey want = cat.classes[chosen[i]].key;
    const bool ok = signature_key(s, forms[i]) == want && signature_key(s, tops[i]) == want;
    reps.lines.push_back({fmt::format("class {}", chosen[i] + 1), signature_string(s, tops[i]), ok ? "same" : "differs", ok, ""});
    if (!ok) r.problems.push_back(fmt::format("class {}: a configuration counted is not of the class", chosen[i] + 1));
  }
  r.sections.push_back(std::move(reps));

  t = SteadyClock::now();
  SignatureStats st;
  const std::vector<BigInt> by_sig =
      arena.execute([&] { return completions_by_signature_columns(s, tops, nthreads, SignatureTable::Pairs, &st); });
  const double t_sig = seconds_since(t);

  t = SteadyClock::now();
  std::unique_ptr<ThreeBandCounter> tb;
  ThreeBandCacheNote cache_note;
  arena.execute([&] { tb = three_band_counter_cached(s, nthreads, opt.table_cache, &cache_note); });
  const double t_tables = seconds_since(t);
  r.info.push_back("three-band counter: " + cache_note.str());
  // The three-band side counts each class as a job does: through its prefix form, the chosen
  // classes of one prefix group summed together.
  t = SteadyClock::now();
  std::vector<u128> by_tb(chosen.size());
  arena.execute([&] {
    for (const auto& [prefix, members] : groups) {
      std::vector<std::vector<DigitMask>> g;
      for (auto i : members) g.push_back(forms[i]);
      const auto sums = tb->completions(g);
      for (std::size_t j = 0; j < members.size(); ++j) by_tb[members[j]] = sums[j];
    }
  });
  const double t_tb = seconds_since(t);

  r.info.push_back(fmt::format("classes: {} of {} (catalogue order, as `gridenum count --shape 4x3 --classes`), in {} prefix "
                               "group{} for the three-band counter",
                               chosen.size(), cat.classes.size(), groups.size(), groups.size() == 1 ? "" : "s"));
  r.info.push_back(fmt::format(
      "signature method: pair-type table of {} slots, {} colouring counts, {} chain tuples summed in {} group{}",
      group_digits(std::to_string(st.table_size)), group_digits(std::to_string(st.table_computed)),
      group_digits(std::to_string(st.terms)), st.groups, st.groups == 1 ? "" : "s"));
  r.info.push_back(fmt::format(
      "times (s): catalogue {:.1f}; signature tables {:.1f}, sums {:.1f}; three-band tables {:.1f}, sums {:.1f}; {} thread{}",
      t_cat, st.table_seconds, t_sig - st.table_seconds, t_tables, t_tb, nthreads, nthreads == 1 ? "" : "s"));

  VerifySection sec{"completions of each class's top band", "three-band", "signature", {}};
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    VerifyLine l{fmt::format("class {} (size {})", chosen[i] + 1, cat.classes[chosen[i]].size), to_string(by_tb[i]),
                 big_text(by_sig[i]), to_big(by_tb[i]) == by_sig[i], ""};
    if (!l.ok) r.problems.push_back(l.item + ": three-band " + l.left + " but signature " + l.right);
    sec.lines.push_back(std::move(l));
  }
  r.sections.push_back(std::move(sec));
  r.recomputed.push_back(fmt::format("{} of {} classes' completions by the signature method", group_digits(chosen.size()),
                                     group_digits(cat.classes.size())));
  r.sampled = true;
  return r;
}

// ---------------------------------------------------------------------------------------------
// verify result of a three-band document. One step per function, run in this order by
// verify_three_band_result():
//   1. check_plan        the shape counted, and the class table against the catalogue rebuilt
//   2. check_sums        the sizes against the configurations, count = F x completions, the total
//   3. check_journal     (a job directory) every unit of the plan once, each count its class's
//   4. recount           the counts by the signature method: every class where cheap, else a sample
// The figures under check are the document's rows or, for a document too large to list them
// (4x3), the journal's units: checked the same way, and recounted the same way.

namespace {

std::string dec(std::uint64_t v) { return std::to_string(v); }

// The number of band configurations of R x C boxes, (N! / (R!)^C)^R, by this check's own
// arithmetic (the catalogue has its formula and its sizes; this is the figure they must meet).
BigInt configurations_of(Shape s) {
  BigInt per_box = factorial(s.n());
  for (int j = 0; j < s.cols; ++j) per_box /= factorial(s.rows);
  BigInt all = 1;
  for (int b = 0; b < s.rows; ++b) all *= per_box;
  return all;
}

// The plan a three-band job numbers its units by, rebuilt as count/three_band/method.cpp builds it:
// the signature catalogue of the shape counted, and the classes in prefix-group order
// (three_band_chunks over every class), so that unit u is class order[u] + 1. Rebuilt rather
// than read: a journal's numbering is only trusted through the plan.
struct UnitPlan {
  Shape counted;
  std::unique_ptr<ThreeBandState> state;  // the catalogue, and every class's prefix form
  std::vector<std::uint32_t> order;       // order[unit] = class index - 1
  const SignatureCatalogue& cat() const { return *state->catalogue; }
};

UnitPlan rebuild_plan(Shape asked, tbb::task_arena& arena, int nthreads) {
  UnitPlan p;
  arena.execute([&] {
    p.state = three_band_state(asked, nthreads);
    p.counted = p.state->counted;
    for (const auto& chunk : three_band_chunks(*p.state, 1, p.cat().classes.size()))
      for (auto i : chunk) p.order.push_back(static_cast<std::uint32_t>(i - 1));
  });
  return p;
}

// The plan rebuilt once per process and shape counted, then kept (as side2_classes_kept keeps
// the 2x6 class table): for 4x3 it is about 15 CPU-seconds and tens of MB, and one process may
// check the same certificate more than once (`symmetry --grid-counts` reads it through
// verify_result; the committed certificate's tests check it, a forgery of it, and its total in
// Burnside). Still rebuilt by this process, never read from a file. kept says whether it was.
std::shared_ptr<const UnitPlan> plan_kept(Shape asked, tbb::task_arena& arena, int nthreads, bool& kept) {
  static std::mutex lock;
  static std::map<std::pair<int, int>, std::shared_ptr<const UnitPlan>> plans;  // by the shape counted
  const Shape counted = three_band_counted_shape(asked);
  const std::lock_guard<std::mutex> hold(lock);
  auto& slot = plans[{counted.rows, counted.cols}];
  kept = slot != nullptr;
  if (!kept) slot = std::make_shared<const UnitPlan>(rebuild_plan(asked, arena, nthreads));
  return slot;
}

// The figures under check, per class (0-based, catalogue order): size and count. From the
// document's rows when it lists them (row i stands for class i + 1: check_plan names any row out
// of place), else from the catalogue's sizes and the journal's units (unit u counts class
// order[u] + 1); a class without a count has none.
struct Figures {
  bool from_journal = false;
  std::vector<std::uint64_t> size;
  std::vector<std::optional<BigInt>> count;
};

Figures figures_under_check(const ResultDoc& doc, const UnitPlan& plan) {
  Figures f;
  if (doc.classes_listed) {
    for (const auto& row : doc.three_band_classes) {
      f.size.push_back(row.size);
      f.count.emplace_back(row.count);
    }
    return f;
  }
  f.from_journal = true;
  for (const auto& c : plan.cat().classes) f.size.push_back(c.size);
  f.count.resize(f.size.size());
  if (doc.journal.error.empty())
    for (const auto& [unit, count] : doc.journal.units)
      if (unit < plan.order.size()) f.count[plan.order[unit]] = count;
  return f;
}

// Step 1: the shape counted (3 x C through its transpose) and the class table: the number of
// classes, and each listed class at its place with the catalogue's representative and size.
void check_plan(VerifyReport& r, const ResultDoc& doc, const UnitPlan& plan) {
  const Shape s = plan.counted;
  const auto& classes = plan.cat().classes;
  VerifySection sec{"the plan: class table against the signature catalogue of " + s.str() + ", rebuilt", "document",
                    "catalogue", {}};
  compare_figures(r, sec, "shape counted", doc.counted_as.str(), s.str(),
                  doc.shape == s ? "" : doc.shape.str() + " is counted through its transpose");
  compare_figures(r, sec, "classes", dec(doc.catalogue_classes), dec(classes.size()));
  if (doc.classes_listed) {
    compare_figures(r, sec, "classes listed", dec(doc.three_band_classes.size()), dec(classes.size()));
    for (std::size_t a = 0; a < std::min(doc.three_band_classes.size(), classes.size()); ++a) {
      const auto& row = doc.three_band_classes[a];
      const std::string rep = signature_string(s, signature_columns(s, classes[a].key));
      const std::string item = fmt::format("class {} {}", a + 1, row.representative);
      std::string wrong;
      if (row.index != a + 1) wrong = "listed with index " + dec(row.index);
      else if (row.representative != rep) wrong = "the catalogue's representative is " + rep;
      if (!wrong.empty()) r.problems.push_back(item + ": " + wrong);
      compare_figures(r, sec, item + " size", dec(row.size), dec(classes[a].size), wrong);
      if (!wrong.empty()) sec.lines.back().ok = false;
    }
  }
  r.sections.push_back(std::move(sec));
}

// Step 2: the arithmetic. The sizes must add up to every configuration, each class listing F and
// completions must have count = F x completions, and the total must be sum size x count.
void check_sums(VerifyReport& r, const ResultDoc& doc, const UnitPlan& plan, const Figures& f) {
  const Shape s = plan.counted;
  VerifySection sec{f.from_journal ? "sums re-done from the catalogue's sizes and the journal's counts"
                                   : "sums re-done from the class table",
                    "document", "re-summed", {}};
  BigInt sizes = 0;
  for (auto z : f.size) sizes += z;
  compare_figures(r, sec, fmt::format("sum of sizes = (N! / (R!)^3)^R = ({}! / ({}!)^3)^{}", s.n(), s.rows, s.rows),
                  sizes.str(), configurations_of(s).str());
  for (const auto& row : doc.three_band_classes)
    if (row.has_parts)
      compare_figures(r, sec, fmt::format("class {} count = F x completions", row.index), row.count.str(),
                      BigInt(row.fillings * row.completions).str());
  BigInt total = 0;
  std::uint64_t without = 0;
  for (std::size_t a = 0; a < f.size.size(); ++a) {
    if (f.count[a]) total += *f.count[a] * f.size[a];
    else ++without;
  }
  if (without == 0) {
    compare_figures(r, sec, "total (sum size x count)", doc.total.str(), total.str());
  } else {
    sec.lines.push_back({"total (sum size x count)", doc.total.str(), "-", false, dec(without) + " classes have no count"});
    r.problems.push_back(fmt::format("total: not re-summed, {} of {} classes have no count in the journal",
                                     group_digits(without), group_digits(f.size.size())));
  }
  r.sections.push_back(std::move(sec));
}

// Step 3: the job's journal, read through its own checks (a refusal is a problem): every unit of
// the plan once and, when the document lists its classes, each unit's count that of its class.
void check_journal(VerifyReport& r, const ResultDoc& doc, const UnitPlan& plan, const Figures& f) {
  const auto& jn = doc.journal;
  const std::uint64_t units = plan.order.size();
  VerifySection sec{"journal " + jn.path + " against the plan" + (f.from_journal ? "" : " and the result"), "journal",
                    "plan/result", {}};
  if (!journal_read_cleanly(r, sec, jn)) {
    r.sections.push_back(std::move(sec));
    return;
  }
  compare_figures(r, sec, "units in the plan", dec(jn.units_in_plan), dec(units));
  std::vector<std::uint32_t> seen(units, 0);
  std::uint64_t outside = 0, differ = 0;
  for (const auto& [unit, count] : jn.units) {
    if (unit >= units) {
      ++outside;
      r.problems.push_back(fmt::format("journal: unit {} is not in the plan ({} units)", unit, units));
      continue;
    }
    ++seen[unit];
    const std::uint32_t cls = plan.order[unit];
    if (!f.from_journal && cls < f.count.size() && *f.count[cls] != count) {
      ++differ;
      r.problems.push_back(fmt::format("journal: unit {} (class {}) has count {}, the result lists {}", unit, cls + 1,
                                       count.str(), f.count[cls]->str()));
    }
  }
  std::uint64_t once = 0, missing = 0, repeated = 0;
  for (std::uint64_t u = 0; u < units; ++u) {
    if (seen[u] == 1) ++once;
    if (seen[u] == 0) ++missing;
    if (seen[u] > 1) ++repeated;
    if (seen[u] != 1)
      r.problems.push_back(seen[u] == 0 ? fmt::format("journal: unit {} (class {}) is missing", u, plan.order[u] + 1)
                                        : fmt::format("journal: unit {} (class {}) appears {} times", u, plan.order[u] + 1,
                                                      seen[u]));
  }
  compare_figures(r, sec, "units in the journal exactly once", dec(once), dec(units));
  sec.lines.push_back({"units missing from the journal", dec(missing), "0", missing == 0, ""});
  sec.lines.push_back({"units more than once", dec(repeated), "0", repeated == 0, ""});
  sec.lines.push_back({"journal units not in the plan", dec(outside), "0", outside == 0, ""});
  if (!f.from_journal) sec.lines.push_back({"journal counts unlike the result's", dec(differ), "0", differ == 0, ""});
  r.sections.push_back(std::move(sec));
}

// Step 4: counts recounted by the signature method, which shares no counting code with the
// three-band counter: F by its own colouring count (bands_with_signature) and the completions by
// its own table and sum, both of the class's signature-side configuration (signature_side_form
// of the plan's prefix form: classes of one prefix group are summed together), checked to carry
// the class's key. Every class, and the total from the recounts and the catalogue's sizes, when
// `whole`; else the units opt chooses. Returns false when nothing was recounted.
bool recount(VerifyReport& r, const ResultDoc& doc, const UnitPlan& plan, const Figures& f, const VerifyResultOptions& opt,
             bool whole, std::uint64_t seed, tbb::task_arena& arena, int nthreads) {
  const Shape s = plan.counted;
  const auto& classes = plan.cat().classes;
  std::vector<std::uint64_t> units;  // the units recounted, in unit order
  if (whole) {
    units.resize(plan.order.size());
    std::iota(units.begin(), units.end(), std::uint64_t{0});
  } else {
    units = choose_recount(plan.order.size(), opt, seed);
    if (!opt.classes.empty()) {  // every unit of the classes named (--classes): unit u is class order[u] + 1
      const std::vector<std::uint64_t> cls = named_classes(plan.cat().classes.size(), opt);
      std::vector<std::uint64_t> named;
      for (std::uint64_t u = 0; u < plan.order.size(); ++u)
        if (std::binary_search(cls.begin(), cls.end(), std::uint64_t{plan.order[u]})) named.push_back(u);
      units = union_of(std::move(units), named);
    }
  }
  if (units.empty()) return false;
  const auto t = SteadyClock::now();
  std::vector<std::vector<DigitMask>> tops(units.size());
  std::vector<std::uint64_t> F(units.size());
  std::vector<char> of_class(units.size());
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, units.size(), [&](std::size_t i) {
      const std::uint32_t cls = plan.order[units[i]];
      tops[i] = signature_side_form(s, plan.state->forms[cls].columns);
      of_class[i] = signature_key(s, tops[i]) == classes[cls].key;
      F[i] = bands_with_signature(s, tops[i]);
    });
  });
  SignatureStats st;
  const std::vector<BigInt> completions = completions_by_signature_columns(s, tops, nthreads, SignatureTable::Auto, &st);
  const double secs = seconds_since(t);
  r.info.push_back(fmt::format("signature method: table of {} slots, {} colouring counts{}; {:.3f} s (tables {:.3f} s), {} "
                               "thread{}",
                               group_digits(dec(st.table_size)), group_digits(dec(st.table_computed)),
                               st.groups ? fmt::format(", classes summed in {} prefix groups", st.groups) : "", secs,
                               st.table_seconds, nthreads, nthreads == 1 ? "" : "s"));

  VerifySection sec{whole ? "the count of every class recounted by the signature method"
                          : "the count of sampled classes recounted by the signature method",
                    "document", "signature", {}};
  BigInt total = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::uint32_t cls = plan.order[units[i]];
    const std::string item = fmt::format("class {} (unit {}) count F x completions", cls + 1, units[i]);
    const BigInt fresh = completions[i] * F[i];
    total += fresh * classes[cls].size;
    if (!of_class[i]) {
      sec.lines.push_back({item, "-", fresh.str(), false, "the configuration counted is not of the class"});
      r.problems.push_back(item + ": the configuration counted is not of the class");
    } else if (cls >= f.count.size() || !f.count[cls]) {
      sec.lines.push_back({item, "-", fresh.str(), false, "no count in the document or the journal"});
      r.problems.push_back(item + ": no count in the document or the journal");
    } else {
      compare_figures(r, sec, item, f.count[cls]->str(), fresh.str(),
                      fmt::format("F {} x completions {}", F[i], completions[i].str()));
    }
  }
  if (whole)
    compare_figures(r, sec, "total (sum of the catalogue's sizes x the recounted counts)", doc.total.str(), total.str());
  r.sections.push_back(std::move(sec));
  if (whole)
    r.recomputed.push_back(fmt::format("the whole total and the count (F x completions) of all {} classes, by the signature "
                                       "method ({:.3f} s)",
                                       units.size(), secs));
  else
    r.recomputed.push_back(fmt::format("the count (F x completions) of {} of {} classes (units){}, by the signature method "
                                       "({:.3f} s, seed {})",
                                       group_digits(units.size()), group_digits(plan.order.size()),
                                       opt.units_name.empty() ? "" : " of " + opt.units_name,
                                       secs, seed));
  return true;
}

}  // namespace

VerifyReport verify_three_band_result(const ResultDoc& doc, const VerifyResultOptions& opt,
                                      std::vector<std::uint32_t>* unit_order) {
  if (doc.method != MethodId::ThreeBand) throw VerifyInputError(doc.source + ": not a three-band result");
  Shape counted;
  try {
    counted = three_band_counted_shape(doc.shape);
  } catch (const std::invalid_argument& e) {
    throw VerifyInputError(doc.source + ": " + e.what());
  }
  if (!doc.classes_listed && !doc.has_journal)
    throw VerifyInputError(fmt::format("{}: lists no per-class counts ({} classes, too many to list) and has no journal to "
                                       "take them from: verify the job's directory, whose journal holds every class's count",
                                       doc.source, doc.catalogue_classes));
  const int nthreads = resolve_threads(opt.threads);
  VerifyReport r;
  r.title = "gridenum verify result: " + doc.source;
  r.info.push_back(fmt::format("{}x{} grids, boxes {}, method three-band{}, {}", doc.shape.n(), doc.shape.n(), doc.shape.str(),
                               doc.shape == counted ? "" : " (counted through the transpose " + counted.str() + ")",
                               doc.classes_listed ? fmt::format("{} classes listed", doc.three_band_classes.size())
                                                  : "classes not listed: the counts are the journal's"));
  const std::uint64_t seed = resolve_seed(opt.seed);
  if (opt.sample || opt.double_check > 0)
    r.info.push_back(fmt::format("recount: sample {}, double-check share {}, seed {} (--seed {} repeats it){}", opt.sample,
                                 opt.double_check, seed, seed, opt.units_name.empty() ? "" : ", only " + opt.units_name));
  tbb::task_arena arena(nthreads);
  const auto t = SteadyClock::now();
  bool kept = false;
  const std::shared_ptr<const UnitPlan> kept_plan = plan_kept(doc.shape, arena, nthreads, kept);
  const UnitPlan& plan = *kept_plan;
  r.info.push_back(fmt::format("plan: {} classes in prefix-group order, {}", plan.order.size(),
                               kept ? std::string("rebuilt earlier in this process and kept")
                                    : fmt::format("rebuilt in {:.3f} s", seconds_since(t))));
  if (unit_order) *unit_order = plan.order;
  const Figures f = figures_under_check(doc, plan);
  check_plan(r, doc, plan);
  check_sums(r, doc, plan, f);
  if (doc.has_journal) check_journal(r, doc, plan, f);
  // Every class where the signature method is cheap (R <= 3: its plain table, milliseconds) or
  // asked for; else the sample, and a PASS says "sampled".
  const bool whole = opt.recompute == Recompute::Full || (opt.recompute == Recompute::Auto && counted.rows <= 3);
  r.sampled = !whole;
  if (!recount(r, doc, plan, f, opt, whole, seed, arena, nthreads))
    r.recomputed.push_back(fmt::format(
        "0 of {} classes (units): --sample K or --double-check SHARE recounts some by the signature method ({}), "
        "--recompute full every one",
        group_digits(plan.order.size()),
        counted.rows == 4
            ? "4x3: 7 minutes and 3.3 GB of tables, then about 30 s a class, less for classes of one prefix group"
            : "milliseconds"));
  return r;
}

}  // namespace gridenum
