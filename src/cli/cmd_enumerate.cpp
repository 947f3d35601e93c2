// `gridenum enumerate`: count or list every grid of a small shape under some rules, by
// solving the empty puzzle with no solution limit. Text (the number; the grids with --list) or
// one JSON document (--json: the same, with what was counted and how).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "output.hpp"
#include "options.hpp"
#include "gridenum/jobs/config.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"

namespace gridenum::cli {
namespace {

struct EnumArgs {
  std::string shape = "2x2";
  std::string rules;
  std::string engine = "dlx";
  bool count = false;
  bool list = false;
  bool no_symmetry = false;
  bool json = false;
  std::uint64_t limit = 0;
};

int run_enumerate(const EnumArgs& a) {
  if (a.engine != "dlx" && a.engine != "propagate") {
    std::fprintf(stderr, "gridenum enumerate: bad --engine '%s' (dlx, propagate)\n", a.engine.c_str());
    return 2;
  }
  const std::optional<Shape> box = parse_box_shape(a.shape);
  if (box->rows < 2 || box->cols < 2 || box->n() > 16) {
    std::fprintf(stderr, "gridenum enumerate: --shape: %s\n",
                 shape_refusal(*box, "enumerate takes boxes of at least 2 x 2 cells with R*C <= 16").c_str());
    return 2;
  }
  // Every grid is found one by one (n! at a time when counting): fine up to 6 digits (6x6: a
  // few seconds), hopeless from 8 on, where `gridenum count` gives the number in a second.
  // Listing or counting a bounded number (--limit) works for any shape. `count` is suggested
  // only for shapes it takes (it used to be suggested for 4x4, then refused).
  if (box->n() > 6 && a.limit == 0) {
    const std::string many = fmt::format("{0}x{0} grids are far too many to enumerate one by one (--limit K stops after K grids)", box->n());
    const std::string text = count_shape_error(*box)
                                 ? shape_refusal(*box, many + ", and beyond what `gridenum count` counts (up to 10 digits)")
                                 : many + "; `gridenum count --shape " + box->str() + "` counts them";
    std::fprintf(stderr, "gridenum enumerate: %s\n", text.c_str());
    return 2;
  }
  const unsigned rules = parse_grid_rules(a.rules);
  Model m;
  try {
    m = make_model(*box, rules, {});
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "gridenum enumerate: %s\n", e.what());
    return 2;
  }
  // --json: one document, the grids (--list) streamed into it as they are found, then the count.
  if (a.json)
    write_stdout("{\"shape\":\"" + box->str() + "\",\"size\":" + std::to_string(box->n()) +
                 ",\"rules\":" + nlohmann::json(rules_text(rules)).dump() + ",\"engine\":\"" + a.engine + "\"" +
                 (a.list ? ",\"grids\":[" : ""));
  SolutionCallback print;
  std::string line;
  std::uint64_t listed = 0;
  if (a.list)
    print = [&](const std::vector<int>& g) {
      line = a.json ? (listed ? ",\"" : "\"") + format_line(g, m.n) + "\"" : format_line(g, m.n) + "\n";
      ++listed;
      write_stdout(line);
      return false;
    };
  // Counting only: every rule here is invariant under relabelling the digits, so the grids
  // fall into classes of n! with the first row 1, 2, .., n; count those and multiply.
  const bool relabel = !a.list && a.limit == 0 && !a.no_symmetry;
  std::uint64_t factor = 1;
  if (relabel) {
    std::vector<int> g(static_cast<std::size_t>(m.n) * m.n, 0);
    for (int c = 0; c < m.n; ++c) {
      g[c] = c + 1;
      factor *= static_cast<std::uint64_t>(c + 1);
    }
    m = make_model(*box, rules, g);
  }
  const SolveResult r = a.engine == "propagate" ? solve_propagate(m, a.limit, print) : solve_dlx(m, a.limit, print);
  const std::uint64_t grids = r.count * factor;
  if (a.json) {
    nlohmann::ordered_json tail;
    tail["count"] = grids;
    tail["limit"] = a.limit ? nlohmann::ordered_json(a.limit) : nlohmann::ordered_json(nullptr);
    tail["limit_reached"] = a.limit > 0 && r.count >= a.limit;  // there may be more grids
    // Counted with the first row fixed to 1..n, times n! (the default count), or one by one.
    tail["first_row_fixed"] = relabel;
    std::string t = tail.dump();
    t.front() = ',';  // continue the document's object
    write_stdout((a.list ? "]" : "") + t + "\n");
  } else if (!a.list || a.count) {
    std::printf("%llu\n", static_cast<unsigned long long>(grids));
  }
  return 0;
}

const RegisterCommand register_enumerate(22, [](CLI::App& root) {
  auto a = std::make_shared<EnumArgs>();
  auto* cmd = root.add_subcommand("enumerate", "Count or list all grids of a small box shape (e.g. 2x2: 288)");
  cmd->footer("Examples: gridenum enumerate --shape 2x2            -> 288\n"
              "          gridenum enumerate --shape 2x2 --rules x  -> 48\n"
              "          gridenum enumerate --shape 2x3            -> 28200960 (first row fixed, times 6!)\n"
              "Exit: 0 done; 2 usage error (a shape, rule or engine it does not take); 3 run-time error (standard\n"
              "output could not be written).");
  cmd->add_option("--shape", a->shape, "Box shape RxC (grid side R*C)")->default_val("2x2");
  cmd->add_option("--rules", a->rules, "Extra rules: x (both diagonals), windoku; comma-separated");
  cmd->add_option("--engine", a->engine, "dlx (default) or propagate");
  cmd->add_flag("--count", a->count, "Print the number of grids, the solutions of the empty grid (the default)");
  cmd->add_flag("--list", a->list, "Print every grid as a line (with --count, the number after them)");
  cmd->add_flag("--no-symmetry", a->no_symmetry, "Count every grid one by one (default: fix the first row, times n!)");
  cmd->add_option("--limit", a->limit, "Stop after K grids (0: all)")->check(count_validator());
  cmd->add_flag("--json", a->json,
                "Print one JSON document: shape, size, rules, engine, the grids (with --list), count, limit, "
                "limit_reached, first_row_fixed");
  cmd->callback([a] {
    const int code = run_enumerate(*a);
    if (code != 0) throw Exit{code};
  });
});

}  // namespace
}  // namespace gridenum::cli
