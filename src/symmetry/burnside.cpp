// Burnside's lemma over the geometric group (burnside.hpp): the classes, the identity's term from
// the count engine, every other class's f, the weighted sum and its checks, text and JSON.
#include "gridenum/symmetry/burnside.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <limits>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/count/side2/two_stack.hpp"

namespace gridenum {

std::optional<std::string> burnside_shape_error(Shape s) {
  if (s.n() <= 9) {
    if (auto why = engine_shape_error(s)) return "essentially different grids need the grid count: " + *why;
    return std::nullopt;
  }
  if (twelve_digit_shape(s))
    return fmt::format("essentially different {} grids need the identity's term, the whole 12x12 count (gridenum count "
                       "--shape {}, a job of hours), which this command does not run: give its result with --grid-counts "
                       "PATH or a published total with --identity-total N; the other classes can be counted alone: "
                       "--classes 2:{}",
                       s.str(), s.str(), build_symmetry_group(s, false).classes.size());
  if (side2_shape_error(s) || s.n() > 10)
    return "essentially different grids are counted for the shapes the count engine counts: 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, "
           "2x5 and 5x2 (and the classes other than the identity of 2x6, 6x2, 3x4 and 4x3), got " + s.str();
  return std::nullopt;
}

bool twelve_digit_shape(Shape s) { return s.n() == 12 && s.rows >= 2 && s.cols >= 2; }

std::optional<std::string> burnside_selection_error(Shape s, bool identity_selected, bool have_grid_counts,
                                                    bool have_identity_total) {
  if ((!identity_selected || have_identity_total || have_grid_counts) && twelve_digit_shape(s)) return std::nullopt;
  return burnside_shape_error(s);
}

namespace {

// The parts of the classes being counted, on the phase's line (Phase::set_detail): a 12x12 band
// swap is one step of hours, and "0 of 20 classes" said nothing of it. A part is counted when it
// is handed back (FixedParts::known) or finishes (FixedParts::done), by its family's buckets
// (parse_part_key): "parts: class 1134 49/64, class 2175 23/64" (a class of several families
// begun shows each, joined by '+'). Classes are numbered as in `symmetry --json` (index + 1).
class PartsOnThePhase {
 public:
  explicit PartsOnThePhase(Phase& phase) : phase_(phase) {}
  void part(std::size_t cls, const std::string& key) {
    const auto k = parse_part_key(key);
    if (!k) return;
    std::lock_guard lock(mu_);
    auto& f = classes_[cls][k->family];
    ++f.first;
    f.second = k->buckets;
    show_locked();
  }
  void finished(std::size_t cls) {
    std::lock_guard lock(mu_);
    if (classes_.erase(cls) > 0) show_locked();
  }

 private:
  void show_locked() {
    std::vector<std::string> shown;
    for (const auto& [cls, families] : classes_) {
      std::vector<std::string> fs;
      for (const auto& [name, f] : families) fs.push_back(fmt::format("{}/{}", f.first, f.second));
      shown.push_back(fmt::format("class {} {}", cls + 1, fmt::join(fs, "+")));
    }
    phase_.set_detail(shown.empty() ? std::string() : fmt::format("parts: {}", fmt::join(shown, ", ")));
  }
  Phase& phase_;
  std::mutex mu_;
  std::map<std::size_t, std::map<std::string, std::pair<std::uint32_t, std::uint32_t>>> classes_;  // done, buckets
};

// F(S) of the side-2 count's classes for the signature kernel, as their class table
// (PlainBandCounts::classes): the band-swapping classes of trivial band symmetry are summed over it
// (fixed_signature_classes.cpp), and nothing else asks for plain band counts.
class Side2PlainCounts final : public PlainBandCounts {
 public:
  Side2PlainCounts(int m, const Side2Classes& table, const std::vector<u128>& F) : m_(m) {
    table_.resize(table.classes.size());
    for (std::size_t i = 0; i < table.classes.size(); ++i) {
      for (int k = 0; k < m; ++k) table_[i].left[static_cast<std::size_t>(k)] = table.classes[i].representative.sets[static_cast<std::size_t>(k)];
      table_[i].size = table.classes[i].weight;
      table_[i].F = F[i];
    }
  }
  int half() const override { return m_; }
  const std::vector<Class>* classes() const override { return &table_; }

 private:
  int m_;
  std::vector<Class> table_;
};

// The identity's term needs every grid: the stack method up to 9 digits; for the side-2 shapes
// of 10 and 12 digits the two-stack route (side2.hpp, its default) -- its class table, F per class
// and side2_reduce -- rather than run_side2_count, so that the class table and F stay for the
// signature kernel (Side2PlainCounts). F is counted here for 10 digits (F of the 355 classes, a
// second or two) unless a finished count is given (grid_counts); 12 digits need that count, a job
// of hours, and take F from it always. A finished count of any other shape (3x4 and 4x3: the
// three-band route's certificate) gives its total, checked by verify_result when it was read.
BigInt count_all_grids(Shape s, int threads, const GridCounts* counts, std::string& route,
                       std::unique_ptr<Side2PlainCounts>& plain) {
  const int m = side2_half(s);
  if (counts && (s.n() <= 9 || m == 0)) {
    route = counts->method + " count read from " + counts->source;
    return counts->total;
  }
  if (s.n() <= 9) {
    CountOptions opt;
    opt.shape = s;
    opt.threads = threads;
    route = "stack";
    return run_count(opt).reduction.total;
  }
  tbb::task_arena arena(threads);
  Side2Classes table;
  // Kept: `symmetry --grid-counts` has just rebuilt the 12-digit table to verify the count.
  arena.execute([&] { table = side2_classes_kept(MethodId::TwoStack, m, threads); });
  std::vector<u128> F;
  if (counts) {
    if (counts->F.size() != table.classes.size())
      throw InputError(fmt::format("{}: {} classes, but the two-stack route has {} for {}", counts->source, counts->F.size(),
                                   table.classes.size(), s.str()));
    F = counts->F;
    route = "two-stack count read from " + counts->source;
  } else {
    if (s.n() > 10) throw InputError(*burnside_selection_error(s, true));
    route = "two-stack";
    F.assign(table.classes.size(), 0);
    Phase phase(s.str() + " grids: F of every two-stack class", F.size(), "classes");
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(0, F.size(), 1),
          [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i < range.end(); ++i) {
              F[i] = side2_fillings(MethodId::TwoStack, table.classes[i].representative);
              phase.step();
            }
          },
          tbb::simple_partitioner());
    });
  }
  const Side2Reduction red = side2_reduce(table, F);
  if (red.weight_sum != table.configurations)
    throw CheckError(fmt::format("Burnside: the side-2 class weights add up to {}, not C(N,m)^m = {}", red.weight_sum,
                                 table.configurations));
  if (counts && red.total != counts->total)
    throw CheckError(fmt::format("Burnside: {} gives the total {}, but its F re-summed give {}", counts->source,
                                 counts->total.str(), red.total.str()));
  plain = std::make_unique<Side2PlainCounts>(m, table, F);
  return red.total;
}

// Burnside for the cyclic group <g> inside the run: the orbits of <g> on grids up to
// relabelling number (1/m) * sum over k < m of f(g^k), m the order of g. So that sum must be
// divisible by m for every class -- a check on each class's f against the f of its powers (whose
// classes are found by class_index, from invariants only), at the cost of a few compositions. A
// partial run checks the classes whose powers were all counted.
void check_cyclic(const SymmetryGroup& grp, const std::vector<ClassTerm>& terms) {
  for (std::size_t i = 0; i < grp.classes.size(); ++i) {
    const GeometricSymmetry& g = grp.classes[i].rep;
    const int m = element_order(grp.shape, g);
    BigInt sum = 0;
    bool all_counted = true;
    GeometricSymmetry x = g;
    for (int k = 1; k <= m && all_counted; ++k, x = compose(grp.shape, g, x)) {
      const ClassTerm& power = terms[class_index(grp, x)];
      all_counted = power.counted;
      sum += fixed_value(power);
    }
    if (all_counted && sum % m != 0)
      throw CheckError(fmt::format("Burnside: for class {} ({}), of order {}, the fixed counts of its powers add up to {}, "
                                   "not a multiple of {}: some fixed count is wrong",
                                   i + 1, grp.classes[i].text, m, sum.str(), m));
  }
}

void poll_stop(const BurnsideHooks& hooks) {
  throw_if_stop_requested("the symmetry classes");
  if (hooks.stop && hooks.stop()) throw Interrupted("the symmetry classes stopped by a stop request");
}

// The identity's term: counted when selected and not known, or when a class still to count needs
// the signature kernel's plain band counts (10 and 12 digits: signatures_need_plain_counts), which
// come with the count (12 digits: from opt.grid_counts); a known term counted again must be the same.
void identity_term(Shape s, const BurnsideOptions& opt, const BurnsideHooks& hooks, BurnsideResult& r,
                   std::unique_ptr<Side2PlainCounts>& plain) {
  ClassTerm& id = r.terms[0];
  const std::optional<u128> known = id.counted && hooks.known ? hooks.known(0) : std::nullopt;
  bool classes_need_plain = false;
  if (s.n() >= 10 && opt.method != FixedMethod::LineOrbits && opt.method != FixedMethod::CellSearch)
    for (std::size_t i = 1; i < r.terms.size(); ++i)
      classes_need_plain = classes_need_plain || (r.terms[i].counted && !r.terms[i].known &&
                                                  signatures_need_plain_counts(s, r.terms[i].cls.rep));
  const BigInt nfact = factorial(s.n());
  // A total given by the caller: the identity's term, not counted (a count the plain band counts
  // need anyway, or the journal's term, must agree with it).
  if (opt.identity_total && id.counted) {
    const BigInt& given = *opt.identity_total;
    if (given <= 0 || given % nfact != 0)
      throw InputError(fmt::format("--identity-total {}: not a count of {} grids (a positive multiple of {}! = {}, since "
                                   "relabelling the {} digits acts freely)",
                                   given.str(), s.str(), s.n(), nfact.str(), s.n()));
    const BigInt f = given / nfact;
    if (known && to_big(*known) != f)
      throw CheckError(fmt::format("Burnside: the given total's identity term {} differs from the journal's {}", f.str(),
                                   to_string(*known)));
    if (classes_need_plain) {
      const BigInt counted = count_all_grids(s, r.threads_used, opt.grid_counts.get(), r.total_route, plain);
      if (counted != given)
        throw CheckError(fmt::format("Burnside: the given total {} differs from the {} count's {}", given.str(),
                                     r.total_route, counted.str()));
    }
    r.grids = given;
    r.total_route = "given";
    id.identity_f = f;
    id.fixed.grids = f <= to_big(std::numeric_limits<u128>::max()) ? static_cast<u128>(f) : u128{0};
    id.known = known.has_value();
    return;
  }
  if (!(id.counted && !known) && !classes_need_plain) {
    if (known) {
      r.grids = to_big(*known) * nfact;
      r.total_route = "journal";
      id.fixed.grids = *known;
      id.identity_f = to_big(*known);
      id.known = true;
    }
    return;
  }
  const BigInt grids = count_all_grids(s, r.threads_used, opt.grid_counts.get(), r.total_route, plain);
  if (grids % nfact != 0) throw CheckError(fmt::format("Burnside: the grid count {} is not divisible by {}!", grids.str(), s.n()));
  // total / N! passes 2^128 for 2x6 (8.0e40): kept exactly in identity_f; fixed.grids and a
  // journal record hold it only when it fits (a cast would keep its low 128 bits, silently).
  const BigInt f = grids / nfact;
  const bool fits = f <= to_big(std::numeric_limits<u128>::max());
  if (known && (!fits || to_big(*known) != f))
    throw CheckError(fmt::format("Burnside: the identity's term counted again is {}, but the journal holds {}", f.str(),
                                 to_string(*known)));
  if (!id.counted) return;  // counted for the band counts only
  r.grids = grids;
  id.identity_f = f;
  id.fixed.grids = fits ? static_cast<u128>(f) : u128{0};
  id.known = known.has_value();
  if (!known && hooks.done) {
    if (!fits)
      throw CheckError(fmt::format("Burnside: the identity's term {} does not fit a journal record (128 bits)", f.str()));
    hooks.done(0, static_cast<u128>(f));
  }
}

}  // namespace

BigInt fixed_value(const ClassTerm& t) { return t.identity && t.identity_f ? *t.identity_f : to_big(t.fixed.grids); }

std::vector<std::size_t> class_selection(const std::vector<std::uint32_t>& numbers, std::size_t classes) {
  std::vector<std::size_t> out;
  for (std::uint32_t k : numbers) {
    if (k < 1 || k > classes)
      throw InputError(fmt::format("--classes: {} is not a class here (1 to {}, the order of gridenum symmetry --json)", k,
                                   classes));
    if (std::find(out.begin(), out.end(), k - 1) != out.end())
      throw InputError(fmt::format("--classes: class {} is named twice; name each class once", k));
    out.push_back(k - 1);
  }
  std::sort(out.begin(), out.end());
  return out;
}

BurnsideResult run_burnside(const BurnsideOptions& opt, const BurnsideHooks& hooks) {
  const auto t0 = SteadyClock::now();
  const Shape s = opt.shape;
  if (auto why = burnside_selection_error(s, !hooks.select || hooks.select(0), opt.grid_counts != nullptr,
                                          opt.identity_total.has_value()))
    throw InputError(*why);
  BurnsideResult r;
  r.shape = s;
  r.transposition = opt.transposition && s.rows == s.cols;
  r.threads_used = resolve_threads(opt.threads);

  // The classes; which of them this run counts, and which a job already has. A known class's
  // relabelling types and kernel are recomputed (cheap) so that its row reads as a counted one.
  auto t = SteadyClock::now();
  const SymmetryGroup grp = build_symmetry_group(s, r.transposition);
  r.group_order = grp.order;
  r.row_order = grp.row_order;
  r.col_order = grp.col_order;
  for (std::size_t i = 0; i < grp.classes.size(); ++i) {
    const auto& c = grp.classes[i];
    ClassTerm term;
    term.cls = c;
    term.identity = c.rep.is_identity();
    term.counted = !hooks.select || hooks.select(i);
    r.complete = r.complete && term.counted;
    const std::optional<u128> known = i > 0 && term.counted && hooks.known ? hooks.known(i) : std::nullopt;
    if (known) {
      term.known = true;
      term.fixed.grids = *known;
      term.fixed.relabel_types = relabelling_types(s, c.rep);
      term.fixed.method = resolve_fixed_method(s, c.rep, method_for_class(s, c.rep, opt.method), term.fixed.relabel_types);
      if (term.fixed.method == FixedMethod::Filter && *known != 0)
        throw CheckError(fmt::format("Burnside: class {} ({}) fixes no grid (no relabelling fits it), but the journal gives "
                                     "it {} fixed grids",
                                     i + 1, c.text, to_string(*known)));
    }
    r.terms.push_back(std::move(term));
  }
  assert(r.terms[0].identity);
  // 12 digits: the classes counted from plain band counts need the 2x6 count's table (hours).
  if (s.n() == 12 && !opt.grid_counts) {
    std::string waiting;
    for (std::size_t i = 1; i < r.terms.size(); ++i)
      if (r.terms[i].counted && !r.terms[i].known && signatures_need_plain_counts(s, r.terms[i].cls.rep))
        waiting += (waiting.empty() ? "" : ", ") + std::to_string(i + 1);
    if (!waiting.empty())
      throw InputError("classes " + waiting + " of " + s.str() + " are counted from F(S) of every band signature, the " +
                       s.str() + " count's class table, which this program does not have yet; leave them out of --classes");
  }
  r.times.group = seconds_since(t);

  t = SteadyClock::now();
  std::unique_ptr<Side2PlainCounts> plain;
  identity_term(s, opt, hooks, r, plain);
  r.times.total = seconds_since(t);

  // Every other class still to count, cheapest first: the signature kernel's work is known in
  // microseconds before it starts (signature_work: the signature multisets it will walk; its
  // histogram sums, not estimated, count as the most); the classes no relabelling fits come
  // first (no work at all: on 3x4, where every class is a line-orbit one, 2,998 of 3,314 had
  // waited behind class 2, a heavy one, on one thread), line-orbit classes count as the least work
  // after those, and each worker takes the next class in that order (the kernels run their own
  // tasks inside). So a job's journal fills with the cheap classes before the heavy ones hold the
  // workers. Measured on 2x6 (2 threads, AMD EPYC family 26 model 2): in class order two classes
  // of minutes or more (625, 626) held both workers after 810 of 4,987 classes, with about 4,000
  // cheap ones waiting behind; in this order the first 263 of the 471 classes past the filter each
  // finish in under a second.
  // On 2x5 the whole run is as fast as in class order (fixed grids 9.2-10.1 s against 9.5-9.9 s,
  // alternating runs, nothing else running): its two heaviest classes, a histogram sum and the
  // largest signature walk, still run side by side at the end. (Counting the histogram sums as
  // no work put the first at the start and the second alone at the end: 11.5-13.1 s.)
  t = SteadyClock::now();
  std::vector<std::pair<std::uint64_t, std::size_t>> order;
  for (std::size_t i = 1; i < r.terms.size(); ++i)
    if (r.terms[i].counted && !r.terms[i].known) {
      const GeometricSymmetry& g = r.terms[i].cls.rep;
      const std::uint64_t work = opt.method == FixedMethod::LineOrbits ? 0 : signature_work(s, g);
      // Past the filtered classes (0); a histogram sum's work is already the most there is. On 11
      // and 12 digits the classes line orbits counts go last: some of them never finish (their
      // memo does not close, docs/symmetry.md), and a job should journal every other class first;
      // just before them the band swaps (minutes to hours each on 3x4), and before those the band
      // keeps (seconds to minutes).
      const std::vector<CycleType> types = relabelling_types(s, g);
      const FixedMethod m = resolve_fixed_method(s, g, method_for_class(s, g, opt.method), types);
      const std::uint64_t key = m == FixedMethod::Filter                              ? 0
                                : s.n() >= 11 && m == FixedMethod::LineOrbits ? ~std::uint64_t{0}
                                : m == FixedMethod::BandKeeps                     ? ~std::uint64_t{0} - 2
                                : m == FixedMethod::BandSwaps                     ? ~std::uint64_t{0} - 1
                                : work == ~std::uint64_t{0}                       ? work
                                                                                  : work + 1;
      order.emplace_back(key, i);
    }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  tbb::task_arena arena(r.threads_used);
  // At most one line-orbit count per thread at a time (a class's orbits run as tasks of this arena).
  const std::size_t line_memo_states = line_memo_states_within(default_memory_limit(), r.threads_used, s.n());
  Phase phase(s.str() + " fixed grids of the symmetry classes", order.size(), "classes");
  PartsOnThePhase parts_shown(phase);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  arena.execute([&] {
    tbb::parallel_for(
        0, r.threads_used,
        [&](int) {
          for (std::size_t k; !failed.load() && (k = next.fetch_add(1)) < order.size();) {
            try {
              poll_stop(hooks);
              const std::size_t i = order[k].second;
              const GeometricSymmetry& g = r.terms[i].cls.rep;
              FixedOptions fo;
              // A method asked for: the classes it cannot take (e.g. transposed ones) by line orbits.
              fo.method = method_for_class(s, g, opt.method);
              fo.plain = plain.get();
              fo.line_memo_states = line_memo_states;
              if (hooks.known_part)
                fo.parts.known = [&hooks, &parts_shown, i](const std::string& key) {
                  std::optional<u128> c = hooks.known_part(i, key);
                  if (c) parts_shown.part(i, key);
                  return c;
                };
              // Always set, journaled or not, so that the phase shows the parts (the kernels then
              // make the 64 keys of each family: nothing beside its work).
              fo.parts.done = [&hooks, &parts_shown, i](const std::string& key, u128 c) {
                throw_if_cancelled("a part's count");  // may be partial (core/stop.hpp)
                if (hooks.part_done) hooks.part_done(i, key, c);
                parts_shown.part(i, key);
              };
              fo.parts.known_walk = hooks.known_walk;
              if (hooks.walk_done)
                fo.parts.walk_done = [&hooks](const std::string& key, const SignatureWalk& w) {
                  throw_if_cancelled("a signature walk");
                  hooks.walk_done(key, w);
                };
              fo.parts.known_band = hooks.known_band;
              if (hooks.band_done)
                fo.parts.band_done = [&hooks, i](const std::string& key, u128 c) {
                  throw_if_cancelled("a band count");
                  hooks.band_done(i, key, c);
                };
              FixedCount fixed = count_fixed_grids(s, g, fo);
              throw_if_cancelled("a class's fixed grids");
              r.terms[i].fixed = std::move(fixed);
              if (hooks.done) hooks.done(i, r.terms[i].fixed.grids);
              parts_shown.finished(i);
              phase.step();
            } catch (...) {
              failed.store(true);  // the other workers stop at their next class
              throw;
            }
          }
        },
        tbb::simple_partitioner());
  });
  r.times.fixed = seconds_since(t);

  t = SteadyClock::now();
  for (const auto& term : r.terms) {
    const BigInt f = fixed_value(term);
    r.weighted_sum += BigInt(term.cls.size) * f;
    if (f > 0) ++r.fixing_classes;
  }
  if (r.complete) {
    if (r.weighted_sum % r.group_order != 0)
      throw CheckError(fmt::format("Burnside: the weighted sum of fixed counts {} is not divisible by the group order {}{}",
                                   r.weighted_sum.str(), r.group_order,
                                   r.total_route == "given"
                                       ? fmt::format(" (its identity term is the total given with --identity-total, {}: "
                                                     "that total, or a class's fixed count, is wrong)",
                                                     r.grids.str())
                                       : std::string()));
    r.essentially_different = r.weighted_sum / r.group_order;
  }
  check_cyclic(grp, r.terms);
  r.times.sum = seconds_since(t);
  r.times.all = seconds_since(t0);
  return r;
}

namespace {

std::string grouped(const BigInt& v) { return group_digits(v.str()); }
std::string grouped(std::uint64_t v) { return group_digits(std::to_string(v)); }

std::string method_text(const ClassTerm& t) { return t.identity ? "count" : to_string(t.fixed.method); }

}  // namespace

std::optional<std::string> published_figure_note(Shape s) {
  if (s.n() == 10 && (s.rows == 2 || s.cols == 2))
    return "differs from the published term a(5) of OEIS A291188; docs/symmetry.md (\"10x10: the published figure\") "
           "has every class recounted independently and why this count stands (the docs are installed in "
           "share/doc/gridenum/docs)";
  return std::nullopt;
}

std::string format_text(const BurnsideResult& r) {
  std::ostringstream o;
  const Shape s = r.shape;
  o << fmt::format("Essentially different {}x{} grids ({} boxes) by Burnside's lemma\n", s.n(), s.n(), s.str());
  o << fmt::format("  geometric group: rows {} x columns {}{} = {} symmetries (relabelling, {}! = {}, acts on top)\n",
                   grouped(r.row_order), grouped(r.col_order), r.transposition ? " x transposition 2" : "", grouped(r.group_order),
                   s.n(), grouped(factorial(s.n())));
  if (s.rows == s.cols && !r.transposition) o << "  transposition left out (--no-transpose)\n";
  if (s.rows != s.cols) o << fmt::format("  transposition is not a symmetry here (it turns {} boxes into {})\n", s.str(), Shape{s.cols, s.rows}.str());
  std::size_t counted = 0, known = 0;
  for (const auto& t : r.terms) {
    counted += t.counted ? 1 : 0;
    known += t.known ? 1 : 0;
  }
  if (r.complete)
    o << fmt::format("  conjugacy classes: {}, of which {} fix at least one grid:\n", grouped(r.terms.size()),
                     grouped(r.fixing_classes));
  else
    o << fmt::format("  conjugacy classes: {}; this run counted {} of them (--classes), of which {} fix at least one grid:\n",
                     grouped(r.terms.size()), grouped(counted), grouped(r.fixing_classes));
  if (known > 0) o << fmt::format("  {} of them from the job's journal (counted in an earlier session)\n", grouped(known));
  o << fmt::format("  {:>5}  {:>12}  {:>26}  {:<11}  {}\n", "class", "size", "fixed grids (up to relab.)", "method", "representative");
  for (std::size_t i = 0; i < r.terms.size(); ++i) {
    const auto& t = r.terms[i];
    const BigInt f = fixed_value(t);
    if (f == 0) continue;
    o << fmt::format("  {:>5}  {:>12}  {:>26}  {:<11}  {}\n", i + 1, grouped(t.cls.size), grouped(f), method_text(t), t.cls.text);
  }
  if (r.total_route == "journal") o << fmt::format("  grids (from the job's journal): {}\n", grouped(r.grids));
  else if (r.total_route == "given")
    o << fmt::format("  grids (given with --identity-total, not counted by this run): {}\n", grouped(r.grids));
  else if (r.terms[0].counted && r.total_route.find(" read from ") != std::string::npos)
    o << fmt::format("  grids ({}): {}\n", r.total_route, grouped(r.grids));
  else if (r.terms[0].counted) o << fmt::format("  grids ({} count): {}\n", r.total_route, grouped(r.grids));
  if (r.complete) {
    o << fmt::format("  sum over classes of size x fixed: {}\n", grouped(r.weighted_sum));
    o << fmt::format("  essentially different grids: {}\n", grouped(r.essentially_different));
    if (r.total_route == "given")
      o << "  note: the identity's term is the given total / " << s.n()
        << "!; the figure holds if that total does (Burnside's divisibility by |G| held with it)\n";
    if (const auto note = published_figure_note(s)) o << "  note: " << *note << "\n";
  } else {
    o << fmt::format("  sum over the classes counted of size x fixed: {}\n", grouped(r.weighted_sum));
    o << "  essentially different grids: not computed (a partial run: every class is needed)\n";
  }
  o << fmt::format("  threads: {}; times (s): classes {:.3f}, grid count {:.3f}, fixed grids {:.3f}, sum and checks {:.3f}, total {:.3f}\n",
                   r.threads_used, r.times.group, r.times.total, r.times.fixed, r.times.sum, r.times.all);
  return o.str();
}

nlohmann::json to_json(const BurnsideResult& r) {
  nlohmann::json j;
  j["shape"] = r.shape.str();
  j["grid_side"] = r.shape.n();
  j["transposition"] = r.transposition;
  j["group_order"] = r.group_order;
  j["row_order"] = r.row_order;
  j["col_order"] = r.col_order;
  j["classes"] = r.terms.size();
  j["fixing_classes"] = r.fixing_classes;
  nlohmann::json cls = nlohmann::json::array();
  for (std::size_t i = 0; i < r.terms.size(); ++i) {
    const auto& t = r.terms[i];
    nlohmann::json c;
    c["index"] = i + 1;
    c["representative"] = t.cls.text;
    c["size"] = t.cls.size;
    c["fixed"] = fixed_value(t).str();
    c["method"] = method_text(t);
    c["counted"] = t.counted;
    c["from_journal"] = t.known;
    if (!t.identity) {  // every kernel that can count the class, for a second count by another
      nlohmann::json kernels = nlohmann::json::array();
      for (FixedMethod m : kernels_for(r.shape, t.cls.rep)) kernels.push_back(to_string(m));
      c["kernels"] = kernels;
    }
    if (!t.counted) c["fixed"] = nullptr;
    if (!t.identity && t.counted) {
      nlohmann::json types = nlohmann::json::array();
      for (const auto& ty : t.fixed.relabel_types) types.push_back(type_string(ty));
      c["relabelling_types"] = types;
      c["relabellings"] = t.fixed.relabellings;
      c["searched"] = t.fixed.searched;
      c["states"] = t.fixed.states;
      c["seconds"] = t.fixed.seconds;
    }
    cls.push_back(c);
  }
  j["class_table"] = cls;
  j["total_route"] = r.total_route;
  j["complete"] = r.complete;
  j["grids"] = r.terms[0].counted ? nlohmann::json(r.grids.str()) : nlohmann::json(nullptr);
  j["weighted_sum"] = r.weighted_sum.str();  // over the classes counted
  j["essentially_different"] = r.complete ? nlohmann::json(r.essentially_different.str()) : nlohmann::json(nullptr);
  const auto note = published_figure_note(r.shape);
  j["note"] = note ? nlohmann::json(*note) : nlohmann::json(nullptr);
  j["threads"] = r.threads_used;
  j["times"] = {{"classes", r.times.group}, {"grid_count", r.times.total}, {"fixed", r.times.fixed},
                {"sum", r.times.sum}, {"total", r.times.all}};
  return j;
}

}  // namespace gridenum
