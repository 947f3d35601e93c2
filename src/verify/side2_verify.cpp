// `gridenum verify classes | completions` for 2x5 and 5x2 (side2_verify.hpp). This file compares;
// the figures come from the two routes' own generators and counters (count/two_stack*.cpp,
// count/two_band*.cpp), from the census below and from plain enumeration (plain_fillings.cpp).
//
// The census. A class's weight is the number of choices S = (S_1..S_m) in it. Relabelling moves
// S_1 onto any m-set and keeps classes, so weight = C(N,m) x (choices in the class with
// S_1 = {1..m}). With S_1 fixed, the relabellings fixing it (Sym(S_1) x Sym(complement)) move
// S_2 within the orbit given by j = |S_2 & S_1|, of size C(m,j)^2; one representative T_j per
// orbit. With S_1, S_2 fixed, the relabellings fixing both permute the four cells of their Venn
// diagram, so S_3's orbit is given by how many digits it takes from each cell (x_1..x_4), of
// size prod C(|cell_i|, x_i). S_4..S_m run over all C(N,m) sets. Every such configuration is
// classified (the two-stack classifier: its type histogram, looked up) and tallied with the
// product of the orbit sizes; tally x C(N,m) must be the weight. For m = 5: 6 x (about 30) x
// 252^2 = about 11 million configurations instead of 252^5 = 10^12.
#include "gridenum/verify/side2_verify.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>
#include <set>

#include <fmt/format.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/verify/side2_first_moment.hpp"

#include "as_text.hpp"

namespace gridenum {

namespace {

using verify_text::as_text;
using verify_text::line;

// The lowest `count` digits of `cell`.
std::uint16_t lowest(std::uint16_t cell, int count) {
  std::uint16_t out = 0;
  for (unsigned c = cell; count > 0 && c; c &= c - 1, --count) out |= static_cast<std::uint16_t>(c & (~c + 1));
  return out;
}

std::string title(const char* what, Shape s) {
  return fmt::format("gridenum verify {}: {}x{} grids, boxes {} (side-2 routes)", what, s.n(), s.n(), s.str());
}

// The library takes every side-2 shape with 3 <= m <= 5 (the tests run the small ones); the CLI
// sends it 2x5 and 5x2 only (is_side2_verify_shape), the other shapes having their own checks.
void require_shape(Shape s) {
  const int m = side2_half(s);
  if (m < 3 || m > kSide2MaxClassHalf)
    throw VerifyInputError("the side-2 checks take boxes 2xm or mx2 with 3 <= m <= 5, got " + s.str());
}

struct Census {
  std::vector<BigInt> weight;  // per two-stack class
  std::uint64_t classified = 0;
};

Census census(const TwoStackClasses& a, int m) {
  const int n = 2 * m;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  std::vector<std::uint16_t> sets;
  for (unsigned s = 0; s <= all; ++s)
    if (std::popcount(s) == m) sets.push_back(static_cast<std::uint16_t>(s));
  const auto s1 = static_cast<std::uint16_t>((1u << m) - 1);
  // (S_2, S_3, multiplicity) representatives.
  struct Head {
    std::uint16_t s2, s3;
    std::uint64_t mult;
  };
  std::vector<Head> heads;
  for (int j = 0; j <= m; ++j) {
    const auto s2 = static_cast<std::uint16_t>(lowest(s1, j) | lowest(static_cast<std::uint16_t>(all & ~s1), m - j));
    const std::uint16_t cell[4] = {static_cast<std::uint16_t>(s1 & s2), static_cast<std::uint16_t>(s1 & ~s2),
                                   static_cast<std::uint16_t>(~s1 & s2 & all), static_cast<std::uint16_t>(all & ~s1 & ~s2)};
    int size[4];
    for (int i = 0; i < 4; ++i) size[i] = std::popcount(static_cast<unsigned>(cell[i]));
    for (int x0 = 0; x0 <= size[0]; ++x0)
      for (int x1 = 0; x1 <= size[1]; ++x1)
        for (int x2 = 0; x2 <= size[2]; ++x2) {
          const int x3 = m - x0 - x1 - x2;
          if (x3 < 0 || x3 > size[3]) continue;
          const auto s3 = static_cast<std::uint16_t>(lowest(cell[0], x0) | lowest(cell[1], x1) | lowest(cell[2], x2) |
                                                     lowest(cell[3], x3));
          const std::uint64_t mult = binomial(m, j) * binomial(m, j) * binomial(size[0], x0) * binomial(size[1], x1) *
                                     binomial(size[2], x2) * binomial(size[3], x3);
          heads.push_back({s2, s3, mult});
        }
  }
  // The tails S_4..S_m: all of them, (m-3) sets; tasks = heads x first tail set.
  const std::size_t classes = a.table().classes.size();
  tbb::enumerable_thread_specific<std::vector<u128>> tally([&] { return std::vector<u128>(classes, 0); });
  tbb::enumerable_thread_specific<std::uint64_t> seen(0);
  const std::size_t tails = sets.size();
  const int free_boxes = m - 3;
  std::uint64_t per_task = 1;
  for (int k = 1; k < free_boxes; ++k) per_task *= tails;
  Phase phase(fmt::format("census of the {}x2 configurations", m), heads.size() * (free_boxes > 0 ? tails : 1), "tasks");
  tbb::parallel_for(std::size_t{0}, heads.size() * (free_boxes > 0 ? tails : 1), [&](std::size_t t) {
    phase.step();
    const Head& h = heads[free_boxes > 0 ? t / tails : t];
    Side2Config c;
    c.m = m;
    c.sets[0] = s1;
    c.sets[1] = h.s2;
    c.sets[2] = h.s3;
    auto& mine = tally.local();
    if (free_boxes == 0) {
      mine[a.class_of(c)] += h.mult;
      ++seen.local();
      return;
    }
    c.sets[3] = sets[t % tails];
    for (std::uint64_t r = 0; r < per_task; ++r) {
      std::uint64_t x = r;
      for (int k = 4; k < m; ++k) {
        c.sets[k] = sets[x % tails];
        x /= tails;
      }
      mine[a.class_of(c)] += h.mult;
    }
    seen.local() += per_task;
  });
  Census out;
  out.weight.assign(classes, 0);
  for (const auto& v : tally)
    for (std::size_t i = 0; i < classes; ++i) out.weight[i] += to_big(v[i]);
  for (auto& w : out.weight) w *= binomial(n, m);
  for (auto v : seen) out.classified += v;
  return out;
}

}  // namespace

bool is_side2_verify_shape(Shape s) { return side2_half(s) == 5; }

VerifyReport verify_side2_classes(Shape s, int threads) {
  require_shape(s);
  const int m = side2_half(s);
  const int nthreads = resolve_threads(threads);
  VerifyReport r;
  r.title = title("classes", s);
  r.info.push_back("two-stack: two_stack_classes.cpp (type histograms, orbits under B_m marked by listing them)");
  r.info.push_back("two-band:  two_band_classes.cpp (box-partition tuples, orbits walked by generator moves)");
  r.info.push_back("census:    side2_verify.cpp (configurations with boxes 1-3 up to stabilisers, classified one by one)");
  tbb::task_arena arena(nthreads);
  double t_a = 0, t_b = 0, t_c = 0;
  std::optional<TwoStackClasses> a;
  std::optional<TwoBandClasses> b;
  Census cen;
  arena.execute([&] {
    auto t = SteadyClock::now();
    a.emplace(m, nthreads);
    t_a = seconds_since(t);
    t = SteadyClock::now();
    b.emplace(m, nthreads);
    t_b = seconds_since(t);
    t = SteadyClock::now();
    cen = census(*a, m);
    t_c = seconds_since(t);
  });
  r.info.push_back(fmt::format("times (s): two-stack classes {:.3f}, two-band classes {:.3f}, census {:.3f}, {} thread{}", t_a,
                               t_b, t_c, nthreads, nthreads == 1 ? "" : "s"));
  const auto& ta = a->table().classes;
  const auto& tb = b->table().classes;

  VerifySection fig{"figures", "two-stack", "two-band", {}};
  line(r, fig, "classes", ta.size(), tb.size());
  std::uint64_t wa = 0, wb = 0;
  for (const auto& c : ta) wa += c.weight;
  for (const auto& c : tb) wb += c.weight;
  line(r, fig, "sum of weights", wa, wb);
  line(r, fig, "configurations C(N,m)^m", a->table().configurations, wa, "left: from the binomial; right: the weights");
  line(r, fig, "configurations classified by the census", cen.classified, cen.classified,
       fmt::format("{} of {} choices stand for all", cen.classified, a->table().configurations));
  r.sections.push_back(std::move(fig));

  VerifySection cls{"class weights (two-stack order; two-band class found by its classifier)", "two-stack", "two-band", {}};
  std::vector<int> hit(tb.size(), 0);
  for (std::size_t i = 0; i < ta.size(); ++i) {
    const std::uint32_t j = b->class_of(ta[i].representative);
    ++hit[j];
    const std::uint32_t back = a->class_of(tb[j].representative);
    line(r, cls, fmt::format("class {} ({})", i + 1, config_string(ta[i].representative)), ta[i].weight, tb[j].weight,
         back == i ? fmt::format("two-band class {}", j + 1)
                   : fmt::format("two-band class {} maps back to two-stack class {}", j + 1, back + 1));
    if (back != i) r.problems.push_back(fmt::format("class {}: the two classifiers disagree", i + 1));
  }
  for (std::size_t j = 0; j < tb.size(); ++j)
    if (hit[j] != 1) r.problems.push_back(fmt::format("two-band class {} is met {} times", j + 1, hit[j]));
  r.sections.push_back(std::move(cls));

  VerifySection cen_sec{"class weights against the census", "generator", "census", {}};
  for (std::size_t i = 0; i < ta.size(); ++i)
    line(r, cen_sec, fmt::format("class {}", i + 1), BigInt(ta[i].weight), cen.weight[i]);
  r.sections.push_back(std::move(cen_sec));
  return r;
}

VerifyReport verify_side2_fillings(const VerifySide2FillingsOptions& opt) {
  require_shape(opt.shape);
  const int m = side2_half(opt.shape);
  const int nthreads = resolve_threads(opt.threads);
  VerifyReport r;
  r.title = title("completions", opt.shape);
  r.info.push_back("F by the two-stack counter (matchings), the two-band counter (2-factors) and, where F / " +
                   std::to_string(m) + "! <= " + group_digits(std::to_string(opt.plain_limit)) +
                   ", plain enumeration of stack fillings");
  tbb::task_arena arena(nthreads);
  std::optional<TwoStackClasses> a;
  arena.execute([&] { a.emplace(m, nthreads); });
  const auto& ta = a->table().classes;
  std::vector<std::uint32_t> chosen;  // 0-based
  if (opt.all) {
    chosen.resize(ta.size());
    std::iota(chosen.begin(), chosen.end(), 0u);
  } else if (!opt.classes.empty()) {
    for (auto k : opt.classes) {
      if (k < 1 || k > ta.size())
        throw VerifyInputError(fmt::format("class {} does not exist: {} has classes 1..{}", k, opt.shape.str(), ta.size()));
      chosen.push_back(k - 1);
    }
  } else {
    const std::uint64_t seed = opt.seed ? opt.seed : std::random_device{}();
    r.info.push_back(fmt::format("sample of {}, seed {} (--seed {} repeats it)", count_of(opt.sample, "class", "classes"), seed, seed));
    std::mt19937_64 rng(seed);
    std::set<std::uint32_t> pick;
    while (pick.size() < std::min<std::size_t>(opt.sample, ta.size()))
      pick.insert(static_cast<std::uint32_t>(rng() % ta.size()));
    chosen.assign(pick.begin(), pick.end());
  }
  std::vector<u128> fs(chosen.size()), fb(chosen.size());
  std::vector<std::optional<u128>> fp(chosen.size());
  const auto t = SteadyClock::now();
  {
    // Shown as it goes, a class at a time (2x5: seconds each); the counters hear a stop inside a
    // class (core/stop.hpp).
    Phase phase(fmt::format("{} F of {} by both routes", opt.shape.str(), count_of(chosen.size(), "class", "classes")),
                chosen.size(), "classes");
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, chosen.size(), [&](std::size_t i) {
        const Side2Config& c = ta[chosen[i]].representative;
        fs[i] = two_stack_fillings(c);
        fb[i] = two_band_fillings(c);
        if (fs[i] / factorial_u64(m) <= opt.plain_limit) fp[i] = plain_stack_fillings(c, opt.plain_limit);
        phase.step();
      });
    });
  }
  r.info.push_back(fmt::format("times (s): counting {:.3f}, {} thread{}", seconds_since(t), nthreads, nthreads == 1 ? "" : "s"));
  VerifySection sec{"F per class (fillings of one stack / band)", "two-stack", "two-band", {}};
  std::size_t plain_done = 0;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    std::string note;
    if (fp[i]) {
      ++plain_done;
      note = *fp[i] == fs[i] ? "plain enumeration agrees" : "plain enumeration " + to_string(*fp[i]);
      if (*fp[i] != fs[i])
        r.problems.push_back(fmt::format("class {}: plain enumeration {} but two-stack {}", chosen[i] + 1, to_string(*fp[i]),
                                         to_string(fs[i])));
    } else {
      note = "F / m! above the plain-enumeration limit";
    }
    line(r, sec, fmt::format("class {} ({})", chosen[i] + 1, config_string(ta[chosen[i]].representative)), to_string(fs[i]),
         to_string(fb[i]), note);
  }
  r.info.push_back(fmt::format("plain enumeration done for {} of {} classes", group_digits(plain_done), group_digits(chosen.size())));
  r.sections.push_back(std::move(sec));
  if (opt.all) {
    // Both orientations: 2 x m counted by two-stack (its classes, its F), m x 2 by two-band (its
    // own class table, its own F, matched to nothing): two independent totals.
    std::optional<TwoBandClasses> b;
    std::vector<u128> fb_own;
    arena.execute([&] {
      b.emplace(m, nthreads);
      fb_own.resize(b->table().classes.size());
      Phase phase(fmt::format("{}x2 F of every two-band class", m), fb_own.size(), "classes");
      tbb::parallel_for(std::size_t{0}, fb_own.size(), [&](std::size_t j) {
        fb_own[j] = two_band_fillings(b->table().classes[j].representative);
        phase.step();
      });
    });
    Side2Classes sa = a->table();
    const Side2Reduction ra = side2_reduce(sa, fs);
    const Side2Reduction rb = side2_reduce(b->table(), fb_own);
    VerifySection tot{"totals of both orientations", fmt::format("2x{} two-stack", m), fmt::format("{}x2 two-band", m), {}};
    line(r, tot, "sum weight x F (first moment)", ra.first_moment, rb.first_moment);
    line(r, tot, "total = sum weight x F^2", ra.total, rb.total);
    r.sections.push_back(std::move(tot));
  }
  return r;
}

}  // namespace gridenum

namespace gridenum {

namespace {

// C(N,m)^m, the number of configurations, by big-integer arithmetic (the generators report it
// from a 64-bit binomial; this is the check's own).
BigInt configurations(int m) {
  BigInt c = 1;
  for (int k = 0; k < m; ++k) c *= BigInt(binomial(2 * m, m));
  return c;
}

}  // namespace

VerifyReport verify_side2_result(const ResultDoc& doc, const VerifyResultOptions& opt) {
  if (!doc.is_side2()) throw VerifyInputError(doc.source + ": not a two-stack or two-band result");
  const Shape s = doc.shape;
  if (auto why = side2_shape_error(s)) throw VerifyInputError(doc.source + ": " + *why);
  const int m = side2_half(s);
  const MethodId route = doc.method == MethodId::TwoStack ? MethodId::TwoStack : MethodId::TwoBand;
  const MethodId other = route == MethodId::TwoStack ? MethodId::TwoBand : MethodId::TwoStack;
  const int nthreads = resolve_threads(opt.threads);
  const std::vector<std::uint64_t> named = named_classes(doc.side2_classes.size(), opt);  // refused before any work
  VerifyReport r;
  r.title = "gridenum verify result: " + doc.source;
  r.info.push_back(fmt::format("{}x{} grids, boxes {}, route {}, {} classes", s.n(), s.n(), s.str(), to_string(route),
                               doc.side2_classes.size()));

  // The plan: the route's class table, rebuilt. Representatives must parse and match in order.
  // The 12-digit table (63,199 classes, about 2 MB) takes 15 CPU-seconds to build, the document's
  // checks a few; a process that verifies twice (two documents through the library, a test suite
  // on the committed 2x6 certificate) or verifies and then sums Burnside's terms (`symmetry
  // --grid-counts`) builds it once (side2_classes_kept).
  tbb::task_arena arena(nthreads);
  Side2Classes table;
  arena.execute([&] { table = side2_classes_kept(route, m, nthreads); });
  VerifySection plan{"class table against the route's generator, rebuilt", "document", "generator", {}};
  line(r, plan, "classes", static_cast<std::uint64_t>(doc.side2_classes.size()),
       static_cast<std::uint64_t>(table.classes.size()));
  std::vector<Side2Config> reps;
  for (std::size_t i = 0; i < doc.side2_classes.size(); ++i) {
    const auto& dc = doc.side2_classes[i];
    const std::string item = fmt::format("class {} {}", i + 1, dc.representative);
    const auto c = parse_config_string(dc.representative, m);
    if (!c) {
      r.problems.push_back(item + ": not a configuration of " + std::to_string(m) + " sets of " + std::to_string(m) +
                           " digits");
      continue;
    }
    reps.push_back(*c);
    if (dc.index != i + 1) r.problems.push_back(item + ": listed with index " + std::to_string(dc.index));
    if (i < table.classes.size()) {
      if (!(table.classes[i].representative == *c))
        r.problems.push_back(item + ": the generator's representative is " + config_string(table.classes[i].representative));
      line(r, plan, item + " weight", dc.weight, table.classes[i].weight);
    }
  }

  // Sums, re-done from the listed weights and F.
  VerifySection sums{"sums re-done from the class table", "document", "re-summed", {}};
  BigInt weights = 0, first = 0, total = 0;
  for (const auto& dc : doc.side2_classes) {
    weights += BigInt(dc.weight);
    first += dc.F * dc.weight;
    total += dc.F * dc.F * dc.weight;
  }
  line(r, sums, fmt::format("sum of weights = C({},{})^{}", 2 * m, m, m), configurations(m), weights);
  line(r, sums, "first moment (sum weight x F)", doc.first_moment, first);
  line(r, sums, "total (sum weight x F^2)", doc.total, total);
  r.sections.push_back(std::move(plan));
  r.sections.push_back(std::move(sums));

  // Every F at once: the first moment re-summed from the listed F against 2^(m^2) x D(m), the
  // array count that knows nothing of classes (side2_first_moment.hpp). An F changed in one class
  // moves the re-summed moment by its weight x the change, so it cannot hide here.
  std::string first_moment_note;
  {
    Side2FirstMoment fm;
    arena.execute([&] {
      Phase phase("first moment by the array count");
      fm = side2_first_moment(m);
    });
    VerifySection sec{"first moment, by the array count 2^(m^2) x D(m) (no class table)", "document", "array count", {}};
    line(r, sec, fmt::format("sum weight x F = 2^{} x D({}), D({}) = {}", m * m, m, m, group_digits(fm.arrays.str())), first,
         fm.first_moment);
    r.sections.push_back(std::move(sec));
    first_moment_note = fmt::format("the first moment, by the array count ({} histogram orbits, {:.3f} s)",
                                    group_digits(fm.states), fm.seconds);
  }

  // The job's journal: one unit per class, its count the class's F.
  if (doc.has_journal) {
    VerifySection jr{"journal " + doc.journal.path, "document", "journal", {}};
    if (!doc.journal.error.empty()) {
      r.problems.push_back("journal: " + doc.journal.error);
    } else {
      line(r, jr, "units in the plan", static_cast<std::uint64_t>(doc.side2_classes.size()), doc.journal.units_in_plan);
      line(r, jr, "units recorded", static_cast<std::uint64_t>(doc.side2_classes.size()),
           static_cast<std::uint64_t>(doc.journal.units.size()));
      std::size_t agree = 0;
      for (const auto& [id, count] : doc.journal.units) {
        if (id >= doc.side2_classes.size()) {
          r.problems.push_back(fmt::format("journal: unit {} is outside the class table", id));
        } else if (doc.side2_classes[id].F != count) {
          r.problems.push_back(fmt::format("journal: unit {} holds {} but class {} lists F = {}", id, count.str(), id + 1,
                                           doc.side2_classes[id].F.str()));
        } else {
          ++agree;
        }
      }
      line(r, jr, "units whose count is the class's F", static_cast<std::uint64_t>(doc.journal.units.size()),
           static_cast<std::uint64_t>(agree));
    }
    for (const auto& n : doc.journal.notes) r.info.push_back("journal: " + n);
    r.sections.push_back(std::move(jr));
  }

  // F recounted by the other route's counter: every class where that is cheap (m <= 4: well
  // under a second) or asked for (Recompute::Full), which recomputes the total too; else the
  // chosen classes (--sample, --double-check, --shard), and a PASS says "sampled".
  const bool whole = !reps.empty() && reps.size() == doc.side2_classes.size() && opt.recompute != Recompute::Sample &&
                     (opt.recompute == Recompute::Full || m <= 4);
  const std::uint64_t seed = resolve_seed(opt.seed);
  std::vector<std::uint64_t> chosen;
  if (whole) {
    chosen.resize(reps.size());
    std::iota(chosen.begin(), chosen.end(), std::uint64_t{0});
  } else if (!reps.empty()) {
    chosen = union_of(choose_recount(reps.size(), opt, seed), named);
  }
  r.sampled = !whole;
  // 2x6 / 6x2 have no two-band class table and the two-band counter is hopeless on generic classes:
  // there F is recounted by the two-stack route's first counter, matching removal, which shares no
  // code with the footprint counter the count used (seconds to minutes on a symmetric class, tens
  // of CPU-hours on a generic one).
  const bool twelve = m > kSide2MaxClassHalf;
  const std::string other_name = twelve ? "two-stack matchings" : to_string(other);
  // A class with a small stabiliser is tens of CPU-hours there on one thread (docs/methods/side2.md),
  // so the progress is counted in first terms (two_stack_fillings_by_terms), and with fewer classes
  // than threads the classes go one after another, each split over the threads (which costs 1.6x
  // the CPU on a symmetric class: the threads' memos are not shared); with more, a class per thread.
  // Each counter's memo grows without end on such a class (past 20 GB in hours): each gets half
  // the process's memory over the threads (memory_budget.hpp), at least 1 GiB.
  const std::uint64_t memo_bytes = std::max<std::uint64_t>(std::uint64_t{1} << 30, default_memory_limit() / (2 * static_cast<std::uint64_t>(nthreads)));
  if (!chosen.empty()) {
    std::vector<u128> F(chosen.size());
    const auto t = SteadyClock::now();
    arena.execute([&] {
      if (twelve) {
        std::uint64_t terms = 0;
        for (const std::uint64_t i : chosen) terms += two_stack_first_terms(reps[i]);
        Phase phase(fmt::format("F of {} class{} recounted by {}", chosen.size(), chosen.size() == 1 ? "" : "es", other_name), terms,
                    "first terms");
        auto one = [&](std::size_t i, bool over_threads) {
          F[i] = two_stack_fillings_by_terms(reps[chosen[i]], memo_bytes, over_threads, [&](std::uint64_t n) { phase.step(n); });
        };
        if (chosen.size() < static_cast<std::size_t>(nthreads))
          for (std::size_t i = 0; i < chosen.size(); ++i) one(i, true);
        else
          tbb::parallel_for(std::size_t{0}, chosen.size(), [&](std::size_t i) { one(i, false); });
        return;
      }
      Phase phase("F recounted by " + other_name, chosen.size(), "classes");
      tbb::parallel_for(std::size_t{0}, chosen.size(), [&](std::size_t i) {
        F[i] = side2_fillings(other, reps[chosen[i]]);
        phase.step();
      });
    });
    const double secs = seconds_since(t);
    r.info.push_back(fmt::format("recount: {:.3f} s, {} thread{}", secs, nthreads, nthreads == 1 ? "" : "s"));
    VerifySection sec{whole ? "F of every class, recounted by the other route" : "F of sampled classes, recounted by the other route",
                      "document", other_name, {}};
    BigInt recounted_total = 0;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      const auto& dc = doc.side2_classes[chosen[i]];
      line(r, sec, fmt::format("class {} {}", chosen[i] + 1, dc.representative), dc.F, to_big(F[i]));
      // The weights from the generator rebuilt here, not the document's.
      if (chosen[i] < table.classes.size()) recounted_total += to_big(F[i]) * to_big(F[i]) * table.classes[chosen[i]].weight;
    }
    if (whole) line(r, sec, "total (sum weight x F^2, F recounted)", doc.total, recounted_total);
    r.sections.push_back(std::move(sec));
    if (whole)
      r.recomputed.push_back(fmt::format("the whole total and F of all {} classes, by the {} route ({:.3f} s)", chosen.size(),
                                         other_name, secs));
    else
      r.recomputed.push_back(fmt::format("F of {} of {} classes (units){}{}, by the {} route ({:.3f} s, seed {})",
                                         group_digits(chosen.size()), group_digits(reps.size()), opt.units_name.empty() ? "" : " of " + opt.units_name,
                                         named.empty() ? "" : fmt::format(", {} of them named (--classes)", group_digits(named.size())),
                                         other_name, secs, seed));
  } else {
    r.recomputed.push_back(fmt::format("0 of {} classes (--sample K, --double-check SHARE or --recompute full recounts some)",
                                       group_digits(doc.side2_classes.size())));
  }
  r.recomputed.push_back(first_moment_note);
  return r;
}

}  // namespace gridenum
