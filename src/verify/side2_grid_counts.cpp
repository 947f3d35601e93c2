// A finished side-2 count read back and checked for Burnside (side2_grid_counts.hpp).
//
// Why through verify_side2_result: `symmetry --grid-counts` puts every listed F into the figure
// (F^2 weighted in the identity's term, F in the sixteen F(S) classes of 2x6), so the document must
// pass the checks `gridenum verify result` makes of it -- the same code, not a second reading of the
// JSON -- before a number is taken from it. No class is recounted here (the sampled recount of
// verify is minutes to tens of CPU-hours per 2x6 class); the first moment against the array count checks every
// F at once.
#include "gridenum/verify/side2_grid_counts.hpp"

#include <fmt/format.h>

#include "gridenum/core/errors.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/verify/side2_verify.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

Side2GridCounts load_side2_grid_counts(const std::string& path, Shape s, int threads) {
  const int m = side2_half(s);
  if (m == 0 || s.n() < 10)
    throw InputError("--grid-counts: only the side-2 shapes of 10 and 12 digits (2x5, 5x2, 2x6, 6x2) take a count's result, got " +
                     s.str());
  ResultDoc doc;
  try {
    doc = load_result(path);
  } catch (const std::exception& e) {
    throw InputError(std::string("--grid-counts: ") + e.what());
  }
  if (!doc.is_side2() || side2_half(doc.shape) != m)
    throw InputError(fmt::format("--grid-counts {}: a count of {} grids, not of {} or its transpose", path, doc.shape.str(), s.str()));
  if (doc.method != MethodId::TwoStack)
    throw InputError(fmt::format("--grid-counts {}: counted by the {} route, whose classes are not the two-stack classes "
                                 "Burnside sums over; count with --method two-stack",
                                 path, to_string(doc.method)));
  VerifyResultOptions vo;
  vo.recompute = Recompute::Sample;
  vo.sample = 0;
  vo.threads = threads;
  const VerifyReport report = verify_side2_result(doc, vo);
  if (!report.pass()) {
    std::string why;
    for (std::size_t i = 0; i < report.problems.size() && i < 3; ++i) why += "\n  " + report.problems[i];
    throw InputError(fmt::format("--grid-counts {}: the result fails verify ({} problems; `gridenum verify result {}` shows "
                                 "them all):{}",
                                 path, report.problems.size(), path, why));
  }
  Side2GridCounts out;
  out.source = path;
  out.total = doc.total;
  for (const auto& c : doc.side2_classes) {
    if (c.F < 0 || c.F > BigInt(~u128{0} >> 1))
      throw InputError(fmt::format("--grid-counts {}: class {} has F = {}, outside the range of the counters", path, c.index,
                                   c.F.str()));
    out.F.push_back(static_cast<u128>(c.F));
  }
  return out;
}

}  // namespace gridenum
