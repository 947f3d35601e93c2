// The chunk cost model's fit (cost_model.hpp).
#include "gridenum/count/cost_model.hpp"

namespace gridenum {

ChunkCostModel ChunkCostModel::fit(const std::vector<std::pair<double, double>>& pts) {
  double sg = 0, st = 0, sgg = 0, sgt = 0;
  for (const auto& [g, t] : pts) sg += g, st += t, sgg += g * g, sgt += g * t;
  ChunkCostModel m;
  if (!(sg > 0)) return m;
  const double n = static_cast<double>(pts.size()), var = n * sgg - sg * sg;
  m.b = st / sg;
  if (var > 1e-9 * sgg * n) {
    const double b = (n * sgt - sg * st) / var, a = (st - b * sg) / n;
    if (a >= 0 && b >= 0) m.a = a, m.b = b;
  }
  return m;
}

}  // namespace gridenum
