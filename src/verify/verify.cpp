// `gridenum verify` (see verify.hpp). This file only compares: every figure comes from one of
// the two independent paths (catalogue.cpp + completion.cpp, or orbits.cpp + signature.cpp), or
// from the document under check, and both sides are printed.
#include "gridenum/verify/verify.hpp"
#include "gridenum/verify/side2_verify.hpp"
#include "gridenum/verify/three_band_verify.hpp"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "gridenum/core/digest.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/band_pair/band_pair.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/verify/orbits.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum {

namespace {


std::string str(std::uint64_t v) { return std::to_string(v); }
std::string str(const BigInt& v) { return v.str(); }

// Adds a line comparing two figures (compare_figures); a mismatch becomes a named problem.
template <class A, class B>
bool compare(VerifyReport& r, VerifySection& sec, const std::string& item, const A& left, const B& right,
             const std::string& note = {}) {
  return compare_figures(r, sec, item, str(left), str(right), note);
}

std::uint64_t band_factor_of(Shape s) {  // (C!)^(R-1) !, written out again here
  std::uint64_t f = 1;
  for (int k = 1; k < s.rows; ++k)
    for (int i = 2; i <= s.cols; ++i) f *= static_cast<std::uint64_t>(i);
  for (int i = 2; i < s.rows; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}
std::uint64_t stack_factor_of(Shape s) {  // (R!)^(C-1) (C-1)!
  std::uint64_t f = 1;
  for (int k = 1; k < s.cols; ++k)
    for (int i = 2; i <= s.rows; ++i) f *= static_cast<std::uint64_t>(i);
  for (int i = 2; i < s.cols; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}
std::string shape_title(Shape s) {
  return std::to_string(s.n()) + "x" + std::to_string(s.n()) + " grids, boxes " + s.str();
}

void check_shape_for_both(Shape s) {
  if (auto why = engine_shape_error(s)) throw VerifyInputError(*why);
  if (auto why = signature_shape_error(s)) throw VerifyInputError(*why);
}

// Per-class n_alpha by the stack method for the chosen classes (0-based), the others 0.
std::vector<BigInt> stack_completions(const Catalogue& cat, const std::vector<std::uint32_t>& chosen, int threads) {
  const StackList stacks = build_stack_list(cat.shape);
  const Plan plan = make_plan(cat, stacks);
  std::vector<bool> want(cat.classes.size(), false);
  for (auto c : chosen) want[c] = true;
  std::vector<WorkUnit> todo;
  for (const auto& u : plan.units)
    if (want[u.cls]) todo.push_back(u);
  const CompletionCounter counter(cat, stacks, Kernel::Partition);
  std::vector<u128> n_star(cat.classes.size(), 0);
  std::mutex mu;
  Phase phase(cat.shape.str() + " completions by the stack method", todo.size(), "units");
  const bool complete = count_units(
      counter, todo, PoolOptions{threads},
      [&](const WorkUnit& u, u128 c) {
        std::lock_guard lock(mu);
        n_star[u.cls] = checked_add(n_star[u.cls], c);
        phase.step(1);
      },
      [] { return stop_requested(); });
  if (!complete) phase.check();  // stopped: throws Interrupted
  std::vector<BigInt> n(cat.classes.size());
  for (std::size_t a = 0; a < n.size(); ++a) n[a] = to_big(n_star[a]) * stack_symmetry_factor(cat.shape);
  return n;
}

}  // namespace

bool compare_figures(VerifyReport& r, VerifySection& sec, const std::string& item, const std::string& left,
                     const std::string& right, const std::string& note) {
  VerifyLine l{item, left, right, left == right, note};
  if (!l.ok) r.problems.push_back(item + ": " + sec.left_name + " " + l.left + " but " + sec.right_name + " " + l.right);
  sec.lines.push_back(std::move(l));
  return sec.lines.back().ok;
}

bool journal_read_cleanly(VerifyReport& r, VerifySection& sec, const ResultDoc::Journal& jn) {
  for (const auto& note : jn.notes) r.info.push_back("journal: " + note);
  if (jn.error.empty()) return true;
  sec.lines.push_back({"journal read", "refused", "clean", false, jn.error});
  r.problems.push_back("journal: " + jn.error);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Verdicts and output. The summary (default) keeps what a reader acts on: per section how many
// figures were compared and the ones that disagree, what was recomputed, the verdict; the
// verbose text and the JSON hold every figure (a 9x9 result's full table is ~200 lines).

std::string VerifyReport::verdict() const {
  if (!problems.empty()) return fmt::format("FAIL ({} problem{})", problems.size(), problems.size() == 1 ? "" : "s");
  if (!sampled) return "PASS";
  std::string what;
  for (const auto& x : recomputed) what += (what.empty() ? "" : "; ") + x;
  return "PASS (sampled: " + (what.empty() ? std::string("nothing recomputed from scratch") : what) + ")";
}

namespace {

// A section's lines as a table (all of them, or only those that disagree).
void append_table(std::ostringstream& o, const VerifySection& sec, bool mismatches_only) {
  std::size_t item_w = 6, left_w = sec.left_name.size(), right_w = sec.right_name.size();
  for (const auto& l : sec.lines) {
    if (mismatches_only && l.ok) continue;
    item_w = std::max(item_w, l.item.size());
    left_w = std::max(left_w, l.left.size());
    right_w = std::max(right_w, l.right.size());
  }
  o << fmt::format("  {:<{}}  {:>{}}  {:>{}}\n", "", item_w, sec.left_name, left_w, sec.right_name, right_w);
  for (const auto& l : sec.lines) {
    if (mismatches_only && l.ok) continue;
    o << fmt::format("  {:<{}}  {:>{}}  {:>{}}  {}", l.item, item_w, l.left, left_w, l.right, right_w,
                     l.ok ? "ok" : "MISMATCH");
    if (!l.note.empty()) o << "  (" << l.note << ")";
    o << "\n";
  }
}

}  // namespace

std::string format_text(const VerifyReport& r, bool verbose) {
  std::ostringstream o;
  o << r.title << "\n";
  for (const auto& i : r.info) o << "  " << i << "\n";
  o << "\n";
  for (const auto& sec : r.sections) {
    const auto bad = static_cast<std::size_t>(
        std::count_if(sec.lines.begin(), sec.lines.end(), [](const VerifyLine& l) { return !l.ok; }));
    if (verbose) {
      o << sec.title << "\n";
      append_table(o, sec, false);
      o << "\n";
      continue;
    }
    o << fmt::format("{}: {} compared, {}\n", sec.title, count_of(sec.lines.size(), "figure", "figures"),
                     bad == 0 ? std::string("all agree") : fmt::format("{} disagree{}", group_digits(bad), bad == 1 ? "s" : ""));
    if (bad) append_table(o, sec, true);
  }
  if (!verbose) o << "(every figure: --verbose)\n";
  if (!r.recomputed.empty()) {
    o << "\nrecomputed from scratch:\n";
    for (const auto& x : r.recomputed) o << "  " << x << "\n";
  }
  o << "\n";
  if (!r.pass()) {
    o << "problems:\n";
    for (const auto& p : r.problems) o << "  " << p << "\n";
  }
  o << r.verdict() << "\n";
  return o.str();
}

nlohmann::json to_json(const VerifyReport& r) {
  using nlohmann::json;
  json sections = json::array();
  for (const auto& sec : r.sections) {
    json lines = json::array();
    std::size_t bad = 0;
    for (const auto& l : sec.lines) {
      bad += l.ok ? 0 : 1;
      json e{{"item", l.item}, {"left", l.left}, {"right", l.right}, {"ok", l.ok}};
      if (!l.note.empty()) e["note"] = l.note;
      lines.push_back(std::move(e));
    }
    sections.push_back({{"title", sec.title},
                        {"left_name", sec.left_name},
                        {"right_name", sec.right_name},
                        {"compared", sec.lines.size()},
                        {"mismatches", bad},
                        {"lines", std::move(lines)}});
  }
  return json{{"title", r.title},        {"info", r.info},       {"sections", std::move(sections)},
              {"problems", r.problems},  {"recomputed", r.recomputed}, {"sampled", r.sampled},
              {"pass", r.pass()},        {"verdict", r.verdict()}};
}

// ---------------------------------------------------------------------------------------------
// verify classes

VerifyReport verify_classes(Shape s, int threads) {
  check_shape_for_both(s);
  const int nthreads = resolve_threads(threads);
  VerifyReport r;
  r.title = "gridenum verify classes: " + shape_title(s);
  r.info.push_back("catalogue: catalogue.cpp (lexicographic entries, classes by merging moves)");
  r.info.push_back("orbits:    orbits.cpp (own band enumeration, canonical forms over the symmetry group)");

  auto t = SteadyClock::now();
  const Catalogue cat = build_catalogue(s);
  const double t_cat = seconds_since(t);
  t = SteadyClock::now();
  std::optional<BoxPartitions> parts_built;
  OrbitCensus census;
  tbb::task_arena arena(nthreads);
  arena.execute([&] {
    parts_built.emplace(s);
    census = census_orbits(*parts_built, nthreads);
  });
  const BoxPartitions& parts = *parts_built;
  const double t_orb = seconds_since(t);
  r.info.push_back(fmt::format("times (s): catalogue {:.4f}, orbit census {:.4f}, {} thread{}", t_cat, t_orb, nthreads,
                               nthreads == 1 ? "" : "s"));

  VerifySection fig{"band fillings and catalogue", "catalogue", "orbits", {}};
  compare(r, fig, "top-band fillings with B1 fixed (F)", cat.band_fillings, census.band_fillings);
  compare(r, fig, "fillings per catalogue entry (L_band)", band_symmetry_factor(s), census.band_factor);
  compare(r, fig, "catalogue entries", cat.entries, census.entry_fillings,
          "orbits: fillings passing the entry test, counted directly");
  compare(r, fig, "classes", static_cast<std::uint64_t>(cat.classes.size()),
          static_cast<std::uint64_t>(census.orbits.size()));
  r.sections.push_back(std::move(fig));

  // The orbits account for every band filling: each orbit's fillings are L_band times its
  // entries (checked when the census divides), and the orbit sizes add up to the catalogue's
  // own F and entry count.
  VerifySection acc{"orbit sizes account for every band filling", "catalogue", "sum over orbits", {}};
  std::uint64_t fillings = 0, entries = 0;
  for (const auto& o : census.orbits) {
    fillings += o.fillings;
    entries += o.entries;
  }
  compare(r, acc, "band fillings (F)", cat.band_fillings, fillings);
  compare(r, acc, "catalogue entries (F / L_band)", cat.entries, entries);
  compare(r, acc, "orbit fillings = L_band x orbit entries", fillings, entries * census.band_factor);
  r.sections.push_back(std::move(acc));

  // Class by class, matched by representative (both sides sort by it).
  VerifySection cls{"class sizes |C_alpha| (catalogue entries per class)", "catalogue", "orbits", {}};
  // Keyed by the printed band (gcc 12 warns falsely on map<vector<uint8_t>> comparisons).
  std::map<std::string, std::size_t> orbit_at;
  for (std::size_t o = 0; o < census.orbits.size(); ++o) orbit_at[band_string(census.orbits[o].representative)] = o;
  std::set<std::size_t> matched;
  for (std::size_t a = 0; a < cat.classes.size(); ++a) {
    const auto& c = cat.classes[a];
    const std::string item = "class " + std::to_string(a + 1) + " " + band_string(c.representative);
    auto it = orbit_at.find(band_string(c.representative));
    if (it == orbit_at.end()) {
      cls.lines.push_back({item, str(c.size), "-", false, "no orbit has this representative"});
      r.problems.push_back(item + ": no orbit has this representative");
      continue;
    }
    matched.insert(it->second);
    // The representative's own canonical form must lead to the same orbit.
    const int found = find_orbit(census, parts, c.representative);
    std::string note;
    if (found != static_cast<int>(it->second)) note = "the representative's canonical form lies in another orbit";
    if (!note.empty()) r.problems.push_back(item + ": " + note);
    compare(r, cls, item, c.size, census.orbits[it->second].entries, note);
    if (!note.empty()) cls.lines.back().ok = false;
  }
  for (std::size_t o = 0; o < census.orbits.size(); ++o)
    if (!matched.count(o)) {
      const std::string item = "orbit " + band_string(census.orbits[o].representative);
      cls.lines.push_back({item, "-", str(census.orbits[o].entries), false, "no catalogue class has this representative"});
      r.problems.push_back(item + ": no catalogue class has this representative");
    }
  r.sections.push_back(std::move(cls));
  return r;
}

// ---------------------------------------------------------------------------------------------
// verify completions

VerifyReport verify_completions(const VerifyCompletionsOptions& opt) {
  const Shape s = opt.shape;
  check_shape_for_both(s);
  const int nthreads = resolve_threads(opt.threads);
  const Catalogue cat = build_catalogue(s);
  std::vector<std::uint32_t> chosen;
  for (auto k : opt.classes) {
    if (k < 1 || k > cat.classes.size())
      throw VerifyInputError("class " + std::to_string(k) + " does not exist: " + s.str() + " has classes 1.." +
                             std::to_string(cat.classes.size()));
    chosen.push_back(k - 1);
  }
  if (chosen.empty()) {
    chosen.resize(cat.classes.size());
    std::iota(chosen.begin(), chosen.end(), 0u);
  }
  std::sort(chosen.begin(), chosen.end());
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());

  VerifyReport r;
  r.title = "gridenum verify completions: " + shape_title(s);
  auto t = SteadyClock::now();
  const std::vector<BigInt> by_stack = stack_completions(cat, chosen, nthreads);
  const double t_stack = seconds_since(t);
  t = SteadyClock::now();
  std::vector<Band> reps;
  for (auto a : chosen) reps.push_back(cat.classes[a].representative);
  const std::vector<BigInt> sig = completions_by_signature(s, reps, nthreads);
  const double t_sig = seconds_since(t);
  std::vector<BigInt> by_sig(cat.classes.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) by_sig[chosen[i]] = sig[i];

  const bool stack_left = opt.method == MethodId::Stack;
  r.info.push_back("method under check: " + to_string(opt.method) + "; recomputed by the " +
                   to_string(stack_left ? MethodId::Signature : MethodId::Stack) + " method");
  r.info.push_back("classes: " + (chosen.size() == cat.classes.size() ? "all " + group_digits(chosen.size())
                                                                      : group_digits(chosen.size()) + " of " +
                                                                            group_digits(cat.classes.size())) +
                   " (catalogue order)");
  r.info.push_back(fmt::format("times (s): catalogue {:.4f}, stack completions {:.4f}, signature completions {:.4f}, {} thread{}",
                               cat.seconds, t_stack, t_sig, nthreads, nthreads == 1 ? "" : "s"));

  const std::vector<BigInt>& left = stack_left ? by_stack : by_sig;
  const std::vector<BigInt>& right = stack_left ? by_sig : by_stack;
  VerifySection sec{"completions n_alpha of each class representative", to_string(opt.method),
                    to_string(stack_left ? MethodId::Signature : MethodId::Stack), {}};
  BigInt wl = 0, wr = 0;
  for (auto a : chosen) {
    compare(r, sec, "class " + std::to_string(a + 1) + " " + band_string(cat.classes[a].representative), left[a], right[a]);
    wl += left[a] * cat.classes[a].size;
    wr += right[a] * cat.classes[a].size;
  }
  if (chosen.size() == cat.classes.size()) {
    // The whole count from each side's n_alpha: N! L_band sum |C| n_alpha.
    const BigInt f = factorial(s.n()) * band_factor_of(s);
    compare(r, sec, "total N! L_band sum |C| n_alpha", wl * f, wr * f);
  }
  r.sections.push_back(std::move(sec));
  return r;
}

// ---------------------------------------------------------------------------------------------
// verify result: checking

// ---------------------------------------------------------------------------------------------
// verify result. One step per function, run in this order by verify_result():
//   1. check_class_table      the document's classes against the catalogue rebuilt here
//   2. check_units            (stack, band-pair) every unit of the plan listed once, in its class; per-class
//                             sums re-done from the unit counts
//   3. check_journal          (a job directory) the journal against the result
//   4. check_total_arithmetic the total re-derived from the class table
//   5. recompute_whole_count  the whole count by the OTHER method: the only step a consistently
//                             forged record cannot pass
//   6. recount_units /        units (stack, band-pair) or classes (signature) chosen at random
//      recount_classes        (--sample, --double-check, --shard) counted again from scratch

std::uint64_t resolve_seed(std::uint64_t seed) {
  if (seed != 0) return seed;
  return (static_cast<std::uint64_t>(std::random_device{}()) << 32) | std::random_device{}();
}

// The options every method's verify_result takes, checked before any work: --double-check NaN
// passed choose_recount's check only where a method asked it (a three-band job that recounts every
// class never did, and said PASS), so the share is checked here for all of them.
namespace {
void check_result_options(const VerifyResultOptions& opt) {
  if (!(opt.double_check >= 0 && opt.double_check <= 1))
    throw VerifyInputError(fmt::format("--double-check takes a share of the units in (0, 1], not {}", opt.double_check));
}
}  // namespace

// --classes: a list of 1-based classes and ranges, checked in full before any work.
std::vector<std::pair<std::uint64_t, std::uint64_t>> parse_class_list(const std::string& text) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  const auto bad = [&](const std::string& item, const char* why) {
    return VerifyInputError(fmt::format("--classes {}: '{}' {}; expected class numbers from 1 and ranges A:B with A <= B, "
                                        "comma-separated (e.g. --classes 1,5,100:120)",
                                        text, item, why));
  };
  const auto number = [&](const std::string& item, const std::string& t) -> std::uint64_t {
    if (t.empty() || t.size() > 12 || t.find_first_not_of("0123456789") != std::string::npos) throw bad(item, "is not a class number or range");
    return std::stoull(t);
  };
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    const std::size_t colon = item.find(':');
    const std::uint64_t a = number(item, item.substr(0, colon));
    const std::uint64_t b = colon == std::string::npos ? a : number(item, item.substr(colon + 1));
    if (a < 1) throw bad(item, "names class 0 (classes are numbered from 1)");
    if (b < a) throw bad(item, "is a range that ends before it starts");
    out.emplace_back(a, b);
    at = comma + 1;
  }
  return out;
}

std::vector<std::uint64_t> named_classes(std::uint64_t classes, const VerifyResultOptions& opt) {
  std::vector<std::uint64_t> out;
  for (const auto& [a, b] : opt.classes) {
    if (b > classes)
      throw VerifyInputError(fmt::format("--classes: class {} does not exist: this result has classes 1..{}", a > classes ? a : b,
                                         group_digits(classes)));
    for (std::uint64_t c = a; c <= b; ++c) out.push_back(c - 1);
  }
  return union_of(std::move(out), {});
}

std::vector<std::uint64_t> union_of(std::vector<std::uint64_t> a, const std::vector<std::uint64_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a;
}

// Partial Fisher-Yates over the eligible ids: k distinct ids, uniform, repeatable from the seed.
std::vector<std::uint64_t> choose_recount(std::uint64_t total, const VerifyResultOptions& opt, std::uint64_t seed) {
  if (!(opt.double_check >= 0 && opt.double_check <= 1))
    throw VerifyInputError(fmt::format("--double-check takes a share of the units in (0, 1], not {}", opt.double_check));
  std::vector<std::uint64_t> eligible;
  for (std::uint64_t u = 0; u < total; ++u)
    if (!opt.units || opt.units(u)) eligible.push_back(u);
  std::uint64_t k = opt.sample;
  if (opt.double_check > 0)
    k = std::max<std::uint64_t>(
        k, std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(opt.double_check * static_cast<double>(eligible.size())))));
  k = std::min<std::uint64_t>(k, eligible.size());
  std::mt19937_64 rng(seed);
  for (std::uint64_t i = 0; i < k; ++i) std::swap(eligible[i], eligible[i + rng() % (eligible.size() - i)]);
  eligible.resize(k);
  std::sort(eligible.begin(), eligible.end());
  return eligible;
}

namespace {

// Step 1: one line per class: sizes side by side; index and representative must match too.
void check_class_table(VerifyReport& r, const ResultDoc& doc, const Catalogue& cat) {
  VerifySection tab{"class table against the rebuilt catalogue", "document", "catalogue", {}};
  compare(r, tab, "classes", static_cast<std::uint64_t>(doc.classes.size()), static_cast<std::uint64_t>(cat.classes.size()));
  for (std::size_t a = 0; a < std::min(doc.classes.size(), cat.classes.size()); ++a) {
    const auto& dc = doc.classes[a];
    const std::string item = "class " + std::to_string(a + 1) + " " + dc.representative;
    const std::string rep = band_string(cat.classes[a].representative);
    std::string note;
    if (dc.index != a + 1) note = "listed with index " + std::to_string(dc.index);
    else if (dc.representative != rep) note = "the catalogue's representative is " + rep;
    if (!note.empty()) r.problems.push_back(item + ": " + note);
    compare(r, tab, item + " size", dc.size, cat.classes[a].size, note);
    if (!note.empty()) tab.lines.back().ok = false;
  }
  r.sections.push_back(std::move(tab));
}

// Step 2 (stack method): every unit of the plan present once, in its class, and the per-class
// sums n*_alpha re-done from the unit counts. Returns the listed unit of each id (first listing).
// A band-pair document's units add up to each class's n itself (band_pair.hpp), a stack one's to n*.
std::vector<const ResultDoc::Unit*> check_units(VerifyReport& r, const ResultDoc& doc, const Plan& plan) {
  const bool sums_are_n = doc.method == MethodId::BandPair;
  VerifySection us{"work units: every unit of the plan present once", "document", "plan", {}};
  compare(r, us, "slices per class", static_cast<std::uint64_t>(doc.slices_per_class),
          static_cast<std::uint64_t>(plan.slices_per_class));
  compare(r, us, "units declared", doc.units, static_cast<std::uint64_t>(plan.units.size()));
  compare(r, us, "unit counts listed", static_cast<std::uint64_t>(doc.unit_counts.size()),
          static_cast<std::uint64_t>(plan.units.size()));
  std::vector<BigInt> resum(doc.classes.size(), 0);
  std::vector<std::uint32_t> seen(plan.units.size(), 0);
  std::vector<const ResultDoc::Unit*> by_id(plan.units.size(), nullptr);
  std::uint64_t unknown = 0, wrong_class = 0;
  for (const auto& u : doc.unit_counts) {
    if (u.id >= plan.units.size()) {
      ++unknown;
      r.problems.push_back("unit " + std::to_string(u.id) + " is not in the plan (" + std::to_string(plan.units.size()) +
                           " units)");
      continue;
    }
    if (seen[u.id]++ == 0) by_id[u.id] = &u;
    const std::uint64_t plan_cls = plan.units[u.id].cls + 1;
    if (u.cls != plan_cls) {
      ++wrong_class;
      r.problems.push_back("unit " + std::to_string(u.id) + " is listed in class " + std::to_string(u.cls) +
                           " but belongs to class " + std::to_string(plan_cls));
    }
    if (u.cls >= 1 && u.cls <= resum.size()) resum[u.cls - 1] += u.count;
  }
  std::uint64_t missing = 0, duplicated = 0, once = 0;
  for (std::size_t id = 0; id < seen.size(); ++id) {
    const std::string unit = "unit " + std::to_string(id) + " (class " + std::to_string(plan.units[id].cls + 1) + ")";
    if (seen[id] == 0) {
      ++missing;
      r.problems.push_back(unit + " is missing");
    } else if (seen[id] > 1) {
      ++duplicated;
      r.problems.push_back(unit + " appears " + std::to_string(seen[id]) + " times");
    } else {
      ++once;
    }
  }
  compare(r, us, "units present exactly once", once, static_cast<std::uint64_t>(plan.units.size()));
  us.lines.push_back({"units missing", str(missing), "0", missing == 0, ""});
  us.lines.push_back({"units duplicated", str(duplicated), "0", duplicated == 0, ""});
  us.lines.push_back({"units not in the plan", str(unknown), "0", unknown == 0, ""});
  us.lines.push_back({"units in the wrong class", str(wrong_class), "0", wrong_class == 0, ""});
  r.sections.push_back(std::move(us));

  VerifySection sums{sums_are_n ? "per-class sums n_alpha: unit counts re-summed" : "per-class sums n*_alpha: unit counts re-summed",
                     "document", "re-summed", {}};
  for (std::size_t a = 0; a < doc.classes.size(); ++a)
    compare(r, sums, "class " + std::to_string(a + 1) + (sums_are_n ? " n" : " n*"),
            sums_are_n ? doc.classes[a].n : doc.classes[a].n_star, resum[a]);
  r.sections.push_back(std::move(sums));
  return by_id;
}

// The job's journal against its result: the journal reads cleanly, holds every unit of the plan
// once, and each of its counts is the one the result lists.
void check_journal(VerifyReport& r, const ResultDoc& doc, const Plan& plan) {
  const auto& jn = doc.journal;
  VerifySection js{"journal " + jn.path + " against the result", "journal", "result/plan", {}};
  if (!journal_read_cleanly(r, js, jn)) {
    r.sections.push_back(std::move(js));
    return;
  }
  compare(r, js, "units in the plan", jn.units_in_plan, static_cast<std::uint64_t>(plan.units.size()));
  compare(r, js, "slices per class", static_cast<std::uint64_t>(jn.slices_per_class),
          static_cast<std::uint64_t>(plan.slices_per_class));
  std::vector<const BigInt*> listed(plan.units.size(), nullptr);
  for (const auto& u : doc.unit_counts)
    if (u.id < listed.size() && !listed[u.id]) listed[u.id] = &u.count;
  std::vector<std::uint32_t> seen(plan.units.size(), 0);
  std::uint64_t unknown = 0, differ = 0;
  for (const auto& [id, count] : jn.units) {
    if (id >= plan.units.size()) {
      ++unknown;
      r.problems.push_back("journal: unit " + std::to_string(id) + " is not in the plan");
      continue;
    }
    ++seen[id];
    if (listed[id] && *listed[id] != count) {
      ++differ;
      r.problems.push_back("journal: unit " + std::to_string(id) + " has count " + count.str() + ", the result lists " +
                           listed[id]->str());
    }
  }
  std::uint64_t once = 0, missing = 0;
  for (std::size_t id = 0; id < seen.size(); ++id) {
    if (seen[id] == 1) ++once;
    if (seen[id] == 0) {
      ++missing;
      r.problems.push_back("journal: unit " + std::to_string(id) + " is missing");
    }
  }
  compare(r, js, "units in the journal exactly once", once, static_cast<std::uint64_t>(plan.units.size()));
  js.lines.push_back({"units missing from the journal", str(missing), "0", missing == 0, ""});
  js.lines.push_back({"journal units not in the plan", str(unknown), "0", unknown == 0, ""});
  js.lines.push_back({"journal counts unlike the result's", str(differ), "0", differ == 0, ""});
  r.sections.push_back(std::move(js));
}

// Step 4: the total from the class table, with the symmetry factors written out again here.
void check_total_arithmetic(VerifyReport& r, const ResultDoc& doc) {
  const Shape s = doc.shape;
  VerifySection tot{"the total recomputed from the class table", "document", "recomputed", {}};
  compare(r, tot, "L_stack", doc.stack_factor, stack_factor_of(s));
  compare(r, tot, "L_band", doc.band_factor, band_factor_of(s));
  compare(r, tot, "N!", doc.relabel_factor, factorial(s.n()));
  BigInt weighted = 0;
  for (std::size_t a = 0; a < doc.classes.size(); ++a) {
    const auto& c = doc.classes[a];
    compare(r, tot, "class " + std::to_string(a + 1) + " n = n* L_stack", c.n, c.n_star * stack_factor_of(s));
    weighted += c.n_star * c.size;
  }
  compare(r, tot, "sum |C| n*", doc.weighted_sum, weighted);
  const BigInt canonical = weighted * band_factor_of(s) * stack_factor_of(s);
  compare(r, tot, "canonical grids", doc.canonical_grids, canonical);
  compare(r, tot, "total", doc.total, canonical * factorial(s.n()));
  r.sections.push_back(std::move(tot));
}

// Step 5: every class's n and the total by the method the document did not use: signatures for
// a stack count (9x9: 0.03 s), the stack method for a signature count (9x9: 0.1 s). Per class, so
// a forged unit is pinned to its class; the total from the catalogue's own sizes. Returns false
// when the other method cannot take the shape (then the total rests on the sample).
bool recompute_whole_count(VerifyReport& r, const ResultDoc& doc, const Catalogue& cat, int nthreads) {
  const Shape s = doc.shape;
  // A band-pair count (2x3, 3x3) by signatures too: they share no counting code with band pairs.
  MethodId other = doc.method == MethodId::Signature ? MethodId::Stack : MethodId::Signature;
  if (other == MethodId::Signature && signature_shape_error(s)) {
    if (doc.method != MethodId::BandPair) return false;
    other = MethodId::Stack;
  }
  const auto t = SteadyClock::now();
  std::vector<BigInt> n;
  if (other == MethodId::Signature) {
    std::vector<Band> reps;
    for (const auto& c : cat.classes) reps.push_back(c.representative);
    n = completions_by_signature(s, reps, nthreads);
  } else {
    std::vector<std::uint32_t> all(cat.classes.size());
    std::iota(all.begin(), all.end(), 0u);
    n = stack_completions(cat, all, nthreads);
  }
  const double secs = seconds_since(t);
  VerifySection sec{"the whole count recomputed by the " + to_string(other) + " method", "document", to_string(other), {}};
  BigInt weighted = 0;
  for (std::size_t a = 0; a < cat.classes.size(); ++a) {
    weighted += n[a] * cat.classes[a].size;
    if (a < doc.classes.size()) compare(r, sec, "class " + std::to_string(a + 1) + " n", doc.classes[a].n, n[a]);
  }
  compare(r, sec, "total N! L_band sum |C| n", doc.total, weighted * band_factor_of(s) * factorial(s.n()));
  r.sections.push_back(std::move(sec));
  r.recomputed.push_back(fmt::format("the whole total and the n of all {} classes, by the {} method ({:.3f} s)",
                                     cat.classes.size(), to_string(other), secs));
  return true;
}

// The kernel that recounts units: partition unless asked otherwise. The backtracking kernel
// shares no code with it but is slow (measured: 8 units of a 9x9 plan, 27 s of CPU, against
// milliseconds), so it is the --kernel backtrack choice, not the default; the whole total is
// recomputed by the other method anyway wherever that is cheap.
Kernel recount_kernel(const VerifyResultOptions& opt) { return opt.kernel.value_or(Kernel::Partition); }

std::string share_of(std::size_t k, std::size_t of, const VerifyResultOptions& opt, const char* what) {
  return fmt::format("{} of {} {}{}", group_digits(k), group_digits(of), what, opt.units_name.empty() ? "" : " of " + opt.units_name);
}

// Step 6 (stack and band-pair methods): the chosen units counted again from scratch, by the
// document's own method (the partition kernel, or --kernel backtrack; band pairs).
void recount_units(VerifyReport& r, const ResultDoc& doc, const Catalogue& cat, const StackList& stacks, const Plan& plan,
                   const std::vector<const ResultDoc::Unit*>& by_id, const VerifyResultOptions& opt,
                   std::uint64_t seed, int nthreads) {
  // The sample, and every unit of the classes named (--classes).
  std::vector<std::uint64_t> named;
  if (!opt.classes.empty()) {
    const std::vector<std::uint64_t> cls = named_classes(cat.classes.size(), opt);
    for (std::uint64_t id = 0; id < plan.units.size(); ++id)
      if (std::binary_search(cls.begin(), cls.end(), std::uint64_t{plan.units[id].cls})) named.push_back(id);
  }
  const std::vector<std::uint64_t> ids = union_of(choose_recount(plan.units.size(), opt, seed), named);
  if (ids.empty()) return;
  const Kernel kernel = recount_kernel(opt);
  const bool band_pair = doc.method == MethodId::BandPair;  // its own units: counted by band pairs again
  const std::string engine = band_pair ? "band pairs" : to_string(kernel) + " kernel";
  std::vector<WorkUnit> todo;
  for (auto id : ids) todo.push_back(plan.units[id]);
  const auto t = SteadyClock::now();
  std::vector<u128> fresh(plan.units.size(), 0);
  const auto keep = [&](const WorkUnit& u, u128 c) { fresh[u.id] = c; };
  if (band_pair) {
    const ThreeBandCounter counter(cat.shape, nthreads);
    count_units([&](const WorkUnit& u) { return band_pair_unit_count(counter, cat, plan, u); }, {}, todo,
                PoolOptions{nthreads}, keep);
  } else {
    const CompletionCounter counter(cat, stacks, kernel);
    count_units(counter, todo, PoolOptions{nthreads}, keep);
  }
  const double secs = seconds_since(t);
  VerifySection smp{"units recomputed from scratch (" + engine + ")", "document", "recomputed", {}};
  for (auto id : ids) {
    const std::string item = "unit " + std::to_string(id) + " (class " + std::to_string(plan.units[id].cls + 1) + ")";
    if (!by_id[id]) {
      smp.lines.push_back({item, "-", to_string(fresh[id]), false, "missing from the document"});
      continue;  // already named as missing
    }
    compare(r, smp, item, by_id[id]->count, to_big(fresh[id]));
  }
  r.sections.push_back(std::move(smp));
  r.recomputed.push_back(fmt::format("{}, by {} ({:.3f} s, seed {})", share_of(ids.size(), plan.units.size(), opt, "units"),
                                     band_pair ? "band pairs" : "the " + engine, secs, seed));
}

// Step 6 (signature method): the chosen classes' n by signatures again.
void recount_classes(VerifyReport& r, const ResultDoc& doc, const Catalogue& cat, const VerifyResultOptions& opt,
                     std::uint64_t seed, int nthreads) {
  const std::size_t classes = std::min(doc.classes.size(), cat.classes.size());
  const std::vector<std::uint64_t> idx = union_of(choose_recount(classes, opt, seed), named_classes(classes, opt));
  if (idx.empty()) return;
  std::vector<Band> reps;
  for (auto a : idx) reps.push_back(cat.classes[a].representative);
  const auto fresh = completions_by_signature(doc.shape, reps, nthreads);
  VerifySection smp{"sampled classes recomputed from scratch (signature method)", "document", "recomputed", {}};
  for (std::size_t i = 0; i < idx.size(); ++i)
    compare(r, smp, "class " + std::to_string(idx[i] + 1) + " n", doc.classes[idx[i]].n, fresh[i]);
  r.sections.push_back(std::move(smp));
  r.recomputed.push_back(fmt::format("{}, by the signature method (seed {})", share_of(idx.size(), classes, opt, "classes"), seed));
}

}  // namespace

namespace {

VerifyReport verify_stack_or_signature_result(const ResultDoc& doc, const VerifyResultOptions& opt) {
  const Shape s = doc.shape;
  if (auto why = engine_shape_error(s)) throw VerifyInputError(doc.source + ": " + *why);
  const int nthreads = resolve_threads(opt.threads);
  VerifyReport r;
  r.title = "gridenum verify result: " + doc.source;
  r.info.push_back(shape_title(s) + ", method " + to_string(doc.method) + ", " + count_of(doc.classes.size(), "class", "classes") +
                   (doc.has_units ? ", " + count_of(doc.unit_counts.size(), "unit count", "unit counts") : ""));
  const std::uint64_t seed = resolve_seed(opt.seed);
  if (opt.sample || opt.double_check > 0)
    r.info.push_back(fmt::format("recount: sample {}, double-check share {}, seed {} (--seed {} repeats it){}", opt.sample,
                                 opt.double_check, seed, seed, opt.units_name.empty() ? "" : ", only " + opt.units_name));

  const Catalogue cat = build_catalogue(s);
  check_class_table(r, doc, cat);
  StackList stacks;
  Plan plan;
  std::vector<const ResultDoc::Unit*> by_id;
  const bool has_units = doc.method == MethodId::Stack || doc.method == MethodId::BandPair;
  if (doc.method == MethodId::BandPair && opt.kernel)
    throw VerifyInputError(doc.source + ": --kernel names the stack method's kernel; a band-pair result's units are "
                           "recounted by band pairs (leave --kernel out)");
  if (has_units) {
    if (doc.method == MethodId::Stack) stacks = build_stack_list(s);
    plan = doc.method == MethodId::Stack ? make_plan(cat, stacks, doc.slices_per_class)
                                         : make_band_pair_plan(cat, doc.slices_per_class);
    by_id = check_units(r, doc, plan);
    if (doc.has_journal) check_journal(r, doc, plan);
  } else {
    r.info.push_back("no work units: the signature method counts whole classes (unit checks not applicable)");
  }
  check_total_arithmetic(r, doc);
  const bool whole = opt.recompute != Recompute::Sample && recompute_whole_count(r, doc, cat, nthreads);
  r.sampled = !whole;
  if (has_units) recount_units(r, doc, cat, stacks, plan, by_id, opt, seed, nthreads);
  else recount_classes(r, doc, cat, opt, seed, nthreads);
  if (r.sampled && r.recomputed.empty())
    r.recomputed.push_back(fmt::format("0 of {} {} (--sample K or --double-check SHARE recomputes some)",
                                       group_digits(has_units ? plan.units.size() : doc.classes.size()),
                                       has_units ? "units" : "classes"));
  return r;
}

// result.txt, which `resume` of a finished job prints, against the result.json just checked: its
// SHA-256 against the one result.json records, and the total's digits in it. A directory without
// result.txt (a JSON document given as a file) has nothing to check here.
void check_result_text(VerifyReport& r, const ResultDoc& doc) {
  if (!doc.text_file.present) return;
  VerifySection sec{doc.text_file.path + " against result.json", "result.json", "result.txt", {}};
  if (doc.text_sha256.empty()) {
    r.problems.push_back(doc.text_file.path +
                         ": result.json records no SHA-256 of it (written by a gridenum before 0.1.0 recorded one): "
                         "it cannot be checked; `gridenum resume DIR` of a finished job writes both files again");
  } else {
    compare_figures(r, sec, "SHA-256 of result.txt", doc.text_sha256, sha256_hex(doc.text_file.text), {});
  }
  const std::string plain = doc.total.str();
  const bool has_total = doc.text_file.text.find(plain) != std::string::npos ||
                         doc.text_file.text.find(group_digits(plain)) != std::string::npos;
  compare_figures(r, sec, "the total, in its digits", plain, has_total ? plain : std::string("(not in the text)"), {});
  r.sections.push_back(std::move(sec));
}

// What a merged result lists for the unit each journal record counts, where units stand for
// classes: the class (0-based) and its listed figure. Side-2 routes: unit u is class u, its count
// the class's F. Three-band: unit u is class order[u] (the plan's prefix-group order, which only
// the route's check rebuilds and hands back), its count the class's F x completions. Others (stack
// and signature units are slices or classes of no listed figure): none.
struct ListedUnits {
  std::string figure;
  std::function<std::optional<std::pair<std::uint64_t, BigInt>>(std::uint64_t)> of_unit;  // nullopt: outside
};

std::optional<ListedUnits> listed_units(const ResultDoc& doc, const std::vector<std::uint32_t>& three_band_order) {
  if (doc.is_side2())
    return ListedUnits{"F", [&doc](std::uint64_t u) -> std::optional<std::pair<std::uint64_t, BigInt>> {
                         if (u >= doc.side2_classes.size()) return std::nullopt;
                         return std::pair{u, doc.side2_classes[u].F};
                       }};
  if (doc.method == MethodId::ThreeBand && doc.classes_listed && !three_band_order.empty())
    return ListedUnits{"count", [&doc, &three_band_order](std::uint64_t u) -> std::optional<std::pair<std::uint64_t, BigInt>> {
                         if (u >= three_band_order.size() || three_band_order[u] >= doc.three_band_classes.size())
                           return std::nullopt;
                         return std::pair{std::uint64_t{three_band_order[u]}, doc.three_band_classes[three_band_order[u]].count};
                       }};
  return std::nullopt;
}

// A merged result against the shards' journals it names (those kept beside it): each journal's
// units by their SHA-256, their number, and where units stand for classes (listed_units) every
// unit's count against its class's listed figure. A journal not kept is named, not a failure: the
// result's own checks stand without it.
void check_merged_journals(VerifyReport& r, const ResultDoc& doc, const std::optional<ListedUnits>& listed) {
  if (doc.merged_journals.empty()) return;
  VerifySection sec{"the shards' journals against the merged result", "result", "journal", {}};
  std::size_t found = 0;
  for (const auto& m : doc.merged_journals) {
    const std::string item = "shard " + m.shard + " (" + m.path + ")";
    if (!m.found) {
      r.info.push_back(item + ": not kept beside the result; its units are not re-read");
      continue;
    }
    ++found;
    if (!m.error.empty()) {
      r.problems.push_back(item + ": " + m.error);
      continue;
    }
    compare_figures(r, sec, item + " units", std::to_string(m.units), std::to_string(m.unit_counts.size()), {});
    compare_figures(r, sec, item + " SHA-256 of its units", m.units_sha256, m.computed_sha256, {});
    if (listed) {
      std::size_t agree = 0;
      for (const auto& [id, count] : m.unit_counts) {
        const auto cls = listed->of_unit(id);
        if (!cls)
          r.problems.push_back(fmt::format("{}: unit {} is outside the class table", item, id));
        else if (cls->second != count)
          r.problems.push_back(fmt::format("{}: unit {} holds {} but class {} lists {} = {}", item, id, count.str(),
                                           cls->first + 1, listed->figure, cls->second.str()));
        else
          ++agree;
      }
      compare_figures(r, sec, item + " units whose count is the class's " + listed->figure,
                      std::to_string(m.unit_counts.size()), std::to_string(agree), {});
    }
  }
  r.info.push_back(fmt::format("merged from {} shards; {} of their journals kept beside the result and re-read",
                               doc.merged_journals.size(), found));
  if (!sec.lines.empty()) r.sections.push_back(std::move(sec));
}

}  // namespace

VerifyReport verify_result(const ResultDoc& doc, const VerifyResultOptions& opt) {
  check_result_options(opt);
  std::vector<std::uint32_t> three_band_order;  // the class of each unit, from the rebuilt plan
  VerifyReport r = doc.is_side2()                        ? verify_side2_result(doc, opt)
                   : doc.method == MethodId::ThreeBand ? verify_three_band_result(doc, opt, &three_band_order)
                                                        : verify_stack_or_signature_result(doc, opt);
  check_result_text(r, doc);
  check_merged_journals(r, doc, listed_units(doc, three_band_order));
  return r;
}

}  // namespace gridenum
