// A finished count read back and checked for Burnside (grid_counts.hpp).
//
// Why through verify_result: `symmetry --grid-counts` puts the document's figures into the
// essentially different count (the total as the identity's term; for 2x6 also every F, weighted in
// the sixteen F(S) classes), so the document must pass the checks `gridenum verify result` makes of
// it -- the same code, the same entry point, not a second reading of the JSON and not one route's
// part of it: a merge's shard journals are held against its listed counts there, and only there.
// No class is recounted (the sampled recount of verify is minutes to tens of CPU-hours per 12x12
// class); for the side-2 routes the first moment against the array count checks every F at once,
// and for the three-band route the shards' journals tie each listed count to the unit that made it.
#include "gridenum/verify/grid_counts.hpp"

#include <fmt/format.h>

#include "gridenum/core/errors.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

GridCounts load_grid_counts(const std::string& path, Shape s, int threads) {
  ResultDoc doc;
  try {
    doc = load_result(path);
  } catch (const std::exception& e) {
    throw InputError(std::string("--grid-counts: ") + e.what());
  }
  if (doc.shape != s && doc.shape != Shape{s.cols, s.rows})
    throw InputError(fmt::format("--grid-counts {}: a count of {} grids, not of {} or its transpose", path, doc.shape.str(),
                                 s.str()));
  // The side-2 shapes' F(S) classes sum F over the two-stack classes (symmetry/burnside.cpp).
  const bool side2_classes = s.n() >= 10 && side2_half(s) != 0;
  if (side2_classes && doc.method != MethodId::TwoStack)
    throw InputError(fmt::format("--grid-counts {}: counted by the {} route, whose classes are not the two-stack classes "
                                 "Burnside sums over; count with --method two-stack",
                                 path, to_string(doc.method)));
  VerifyResultOptions vo;
  vo.recompute = Recompute::Sample;
  vo.sample = 0;
  vo.threads = threads;
  const VerifyReport report = verify_result(doc, vo);
  if (!report.pass()) {
    std::string why;
    for (std::size_t i = 0; i < report.problems.size() && i < 3; ++i) why += "\n  " + report.problems[i];
    throw InputError(fmt::format("--grid-counts {}: the result fails verify ({} problems; `gridenum verify result {}` shows "
                                 "them all):{}",
                                 path, report.problems.size(), path, why));
  }
  GridCounts out;
  out.source = path;
  out.method = to_string(doc.method);
  out.total = doc.total;
  if (side2_classes)
    for (const auto& c : doc.side2_classes) {
      if (c.F < 0 || c.F > BigInt(~u128{0} >> 1))
        throw InputError(fmt::format("--grid-counts {}: class {} has F = {}, outside the range of the counters", path,
                                     c.index, c.F.str()));
      out.F.push_back(static_cast<u128>(c.F));
    }
  return out;
}

}  // namespace gridenum
