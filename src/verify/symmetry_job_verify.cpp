// verify_symmetry_job (symmetry_job_verify.hpp): a symmetry job's journal, Burnside's checks on
// it, its result files and classes counted again. Reads the job through jobs/ (spec, header,
// journal) and counts through symmetry/ (run_burnside, count_fixed_grids), the code that made it.
#include "gridenum/verify/symmetry_job_verify.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
#include "gridenum/symmetry/burnside.hpp"

namespace gridenum {

namespace fs = std::filesystem;

bool is_symmetry_result(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return is_symmetry_job(path);
  return path.filename() == "result.json" && is_symmetry_job(job_dir_of(path));
}

VerifyReport verify_symmetry_job(const fs::path& path, const VerifyResultOptions& opt) {
  if (opt.units) throw VerifyInputError("--shard applies to a count's units; a symmetry job's classes are checked as a whole");
  if (opt.kernel) throw VerifyInputError("--kernel applies to a count; a symmetry job's classes are counted again by its own kernels");
  if (!(opt.double_check >= 0 && opt.double_check <= 1))
    throw VerifyInputError(fmt::format("--double-check takes a share of the classes in (0, 1], not {}", opt.double_check));
  const fs::path dir = job_dir_of(path);
  const JobPaths p{dir};
  SymmetryJobSpec spec;
  PlanHeader header;
  JournalContents journal;
  try {
    spec = read_symmetry_spec(dir);
    header = symmetry_job_header(spec);
    journal = read_journal(p.journal());
    check_journal_matches(journal, p.journal(), header);
  } catch (const JournalError& e) {
    throw VerifyInputError(e.what());
  } catch (const JobInputError& e) {
    throw VerifyInputError(e.what());
  }
  const Shape s = spec.run.shape;
  std::vector<bool> in_job(header.units, spec.classes.empty());
  for (std::uint32_t k : spec.classes) in_job[k - 1] = true;
  const auto job_classes = static_cast<std::uint64_t>(std::count(in_job.begin(), in_job.end(), true));
  // --classes: checked before any work; each must be one of the job's.
  const std::vector<std::uint64_t> named = named_classes(header.units, opt);
  for (std::uint64_t c : named)
    if (!in_job[c])
      throw VerifyInputError(fmt::format("--classes: class {} is not one of this job's classes (its spec lists {} of the {}); "
                                         "name classes the job counts",
                                         c + 1, group_digits(job_classes), group_digits(header.units)));

  VerifyReport r;
  r.title = "gridenum verify result: " + dir.string();
  r.info.push_back(fmt::format("symmetry job: essentially different {}x{} grids ({} boxes{}), {} of {} classes", s.n(), s.n(),
                               s.str(), spec.run.transposition ? ", with transposition" : "", group_digits(job_classes),
                               group_digits(header.units)));
  if (journal.torn_tail) r.info.push_back("the journal's last line was torn (a kill mid-write); it is not a class");

  // 1. The journal: the job's classes, each once (the reader refuses a class twice with two counts).
  std::vector<std::optional<u128>> f(header.units);
  VerifySection js{"the journal's classes", "the job", "journal", {}};
  for (const JournalUnit& u : journal.units) {
    if (!in_job[u.id])
      compare_figures(r, js, fmt::format("class {}", u.id + 1), "(not one of the job's classes)", to_string(u.count));
    f[u.id] = u.count;
  }
  const auto done = static_cast<std::uint64_t>(journal.units.size());
  compare_figures(r, js, "classes in the journal", group_digits(done), group_digits(done),
                  done == job_classes ? "every class of the job" : fmt::format("{} still to count", job_classes - done));
  r.sections.push_back(std::move(js));
  const bool finished = done == job_classes;
  if (!finished)
    r.info.push_back(fmt::format("the job is not finished: {} of {} classes are in the journal; what is there is checked "
                                 "(gridenum resume {} finishes it)",
                                 group_digits(done), group_digits(job_classes), dir.string()));

  // 2. Burnside's checks on the journal's counts, and 3. the document made again.
  BurnsideHooks hooks;
  hooks.select = [&](std::size_t i) { return static_cast<bool>(f[i]); };
  hooks.known = [&](std::size_t i) { return f[i]; };
  BurnsideOptions bo = spec.run;
  bo.threads = opt.threads;
  VerifySection bs{"Burnside's checks on the journal's counts", "expected", "found", {}};
  std::optional<BurnsideResult> again;
  try {
    again = run_burnside(bo, hooks);
    compare_figures(r, bs, "filter, cyclic subgroups" + std::string(again->complete ? ", divisibility by |G|" : ""), "pass",
                    "pass");
  } catch (const CheckError& e) {
    compare_figures(r, bs, "Burnside's checks", "pass", e.what());
  }
  r.sections.push_back(std::move(bs));
  if (finished && again) {
    VerifySection ds{"the document made again from the journal", "made again", "result.json / result.txt", {}};
    std::string text;
    nlohmann::json stored;
    try {
      stored = nlohmann::json::parse(read_whole_file(p.result_json()));
      text = read_whole_file(p.result_text());
    } catch (const std::exception& e) {
      compare_figures(r, ds, "result.json and result.txt", "readable", e.what());
    }
    if (stored.is_object()) {
      const nlohmann::json want = to_json(*again);
      const auto field = [](const nlohmann::json& j, const char* key) {
        return j.contains(key) ? (j[key].is_string() ? j[key].get<std::string>() : j[key].dump()) : std::string("(missing)");
      };
      compare_figures(r, ds, "essentially different grids", field(want, "essentially_different"),
                      field(stored, "essentially_different"));
      std::size_t differing = 0;
      const nlohmann::json& table = stored.contains("class_table") ? stored["class_table"] : nlohmann::json::array();
      for (std::size_t i = 0; i < want["class_table"].size(); ++i) {
        const std::string a = field(want["class_table"][i], "fixed");
        const std::string b = i < table.size() ? field(table[i], "fixed") : "(missing)";
        if (a != b && differing++ < 5) compare_figures(r, ds, fmt::format("class {}: fixed grids", i + 1), a, b);
      }
      compare_figures(r, ds, "classes whose fixed count differs", "0", std::to_string(differing));
      compare_figures(r, ds, "SHA-256 of result.txt", field(stored, "result_txt_sha256"),
                      text.empty() ? std::string("(no result.txt)") : sha256_hex(text));
    }
    r.sections.push_back(std::move(ds));
  }

  // 4. Classes counted again: among the journal's classes that the relabelling filter passes
  // (the others are 0 by step 2), a random sample (two when nothing is asked for) and the named
  // ones. One class can take CPU-hours on 12x12 (a band-keeping class of 3x4), so each is
  // announced through opt.progress as it starts and as it ends.
  std::vector<std::size_t> counted;
  if (again)
    for (std::size_t i = 1; i < again->terms.size(); ++i)
      if (f[i] && again->terms[i].fixed.method != FixedMethod::Filter) counted.push_back(i);
  const std::uint64_t seed = resolve_seed(opt.seed);
  VerifyResultOptions choose = opt;
  if (choose.sample == 0 && choose.double_check == 0 && named.empty()) choose.sample = 2;
  std::vector<std::uint64_t> picks;  // class indices, sorted
  if (!counted.empty())
    for (std::uint64_t k : choose_recount(counted.size(), choose, seed)) picks.push_back(counted[k]);
  const std::size_t drawn = picks.size();
  for (std::uint64_t c : named) {
    if (std::binary_search(counted.begin(), counted.end(), c)) picks.push_back(c);
    else if (!again) r.info.push_back(fmt::format("class {} (named): not counted again, since Burnside's checks on the "
                                                  "journal failed above", c + 1));
    else if (c == 0) r.info.push_back("class 1 (named): the identity, whose term is the grid total; that is a count's to "
                                      "check (verify result of the count), not counted again here");
    else if (!f[c]) r.info.push_back(fmt::format("class {} (named): not in the journal yet, so not counted again", c + 1));
    else r.info.push_back(fmt::format("class {} (named): no relabelling fits it, so its f = 0 is checked by Burnside's "
                                      "checks above, not counted again", c + 1));
  }
  picks = union_of(std::move(picks), {});
  const std::size_t more = picks.size() - std::min(picks.size(), drawn);  // named and not drawn
  const std::string how =
      drawn == 0 ? std::string("named by --classes")
                 : fmt::format("{} drawn at random, seed {}: --seed {} repeats the choice{}", drawn, seed, seed,
                               more == 0 ? std::string() : fmt::format("; {} more named by --classes", more));
  r.info.push_back(fmt::format("classes counted again: {} of the {} in the journal that the relabelling filter passes ({})",
                               picks.size(), counted.size(), how));
  VerifySection cs{"classes counted again from scratch", "journal", "counted again", {}};
  const SymmetryGroup grp = build_symmetry_group(s, spec.run.transposition && s.rows == s.cols);
  double seconds = 0;
  std::size_t n = 0;
  for (std::uint64_t i : picks) {
    FixedOptions fo;
    fo.method = method_for_class(s, grp.classes[i].rep, spec.run.method);
    if (opt.progress)
      opt.progress(fmt::format("class {} ({} of {}): counting again{}", i + 1, ++n, picks.size(),
                               fo.method == FixedMethod::Auto ? std::string() : " by " + to_string(fo.method)));
    const FixedCount c = count_fixed_grids(s, grp.classes[i].rep, fo);
    seconds += c.seconds;
    const bool same = c.grids == *f[i];
    if (opt.progress)
      opt.progress(fmt::format("class {}: {} fixed grids by {} in {:.1f} s, {} the journal", i + 1, to_string(c.grids),
                               to_string(c.method), c.seconds, same ? "equal to" : "DIFFERENT FROM"));
    compare_figures(r, cs, fmt::format("class {} ({})", i + 1, to_string(c.method)), to_string(*f[i]), to_string(c.grids));
  }
  r.sections.push_back(std::move(cs));
  r.recomputed.push_back(fmt::format("{} of {} counted classes from scratch in {:.1f} s, by the kernel the job's --method "
                                     "gives each class in this build",
                                     picks.size(), counted.size(), seconds));
  r.sampled = picks.size() < counted.size();
  return r;
}

}  // namespace gridenum
