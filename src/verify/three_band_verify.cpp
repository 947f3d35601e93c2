// Completions of 4x3 top-band classes by two methods that share no counting code (issue 15):
// the three-band counter (count/three_band.cpp: its own partitions, relabelling tables, colouring
// count, F table, chains and the prefix-group sum) and the signature method with its pair-type
// table (verify/signature.cpp, signature_pairs.cpp, signature_parts.cpp, orbits.cpp). What the
// two share is the catalogue (count/band_signatures.cpp) that names the classes and hands each
// its column sets; the class sizes are checked elsewhere (the Burnside count in the tests), and a
// wrong representative would make both methods count the same wrong band, so each class's column
// sets are also checked to be a configuration of that class (its key). The two sides even count
// different configurations of each class: the three-band counter the class's prefix form, the
// signature method a relabelling of it (below); both sum the chosen classes of a prefix group
// together (as a job counts them), each in its own way.
//
// Order: the signature tables are built, used and freed first (about 3.3 GB), then the
// three-band tables (1.4 GB), so the peak is the larger of the two, not their sum.
#include "gridenum/verify/three_band_verify.hpp"

#include <oneapi/tbb/task_arena.h>

#include <bit>
#include <map>
#include <optional>
#include <random>
#include <set>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/band_signatures.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/count/three_band.hpp"
#include "gridenum/count/three_band_cache.hpp"
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
    r.info.push_back(fmt::format("sample of {} classes, seed {} (--seed {} repeats it)", opt.sample, seed, seed));
    std::mt19937_64 rng(seed);
    std::set<std::uint32_t> pick;
    while (pick.size() < std::min<std::size_t>(opt.sample, cat.classes.size()))
      pick.insert(static_cast<std::uint32_t>(rng() % cat.classes.size()));
    chosen.assign(pick.begin(), pick.end());
  }

  // Each class's prefix form (its first three boxes shared by the classes of its prefix group:
  // count/band_signatures.hpp). The three-band side counts it as it is; the signature side counts
  // another configuration of the class, the form relabelled (digit d to 5d + 7 mod 12) with each
  // box's columns reversed -- one map for every class, so a group still shares its boxes and
  // both sides sum a group together. Both configurations are checked to carry the class's key.
  VerifySection reps{"configurations counted: each class's prefix form (three-band) and its relabelling (signature)",
                     "catalogue key", "keys of both", {}};
  std::vector<std::vector<DigitMask>> forms(chosen.size()), tops(chosen.size());
  std::map<SignatureKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    SignaturePrefixForm f = signature_prefix_form(s, cat.classes[chosen[i]].key);
    forms[i] = std::move(f.columns);
    groups[f.prefix].push_back(i);
    tops[i].resize(forms[i].size());
    for (int b = 0; b < s.rows; ++b)
      for (int j = 0; j < s.cols; ++j) {
        DigitMask m = 0;
        for (DigitMask x = forms[i][static_cast<std::size_t>(b * s.cols + j)]; x; x &= x - 1)
          m |= DigitMask{1} << ((5 * std::countr_zero(x) + 7) % s.n());
        tops[i][static_cast<std::size_t>(b * s.cols + (s.cols - 1 - j))] = m;
      }
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
  r.recomputed.push_back(fmt::format("{} of {} classes' completions by the signature method", chosen.size(), cat.classes.size()));
  r.sampled = true;
  return r;
}

}  // namespace gridenum
