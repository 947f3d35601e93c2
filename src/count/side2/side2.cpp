// The side-2 routes' common part (side2.hpp): shapes and configurations, the dispatch to a route's
// class generator and F counter, the reduction (the parallel run is side2_run.cpp).
// No counting here: each route's classes and F come from its own files (two_stack_*.cpp,
// two_band_*.cpp); this file only adds up weight x F and weight x F^2.
#include "gridenum/count/side2/side2.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/memory.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/side2/two_stack_split.hpp"

namespace gridenum {

int side2_half(Shape s) {
  if (s.rows == 2 && s.cols >= 2) return s.cols;
  if (s.cols == 2 && s.rows >= 2) return s.rows;
  return 0;
}

MethodId side2_native_route(Shape s) { return s.rows == 2 ? MethodId::TwoStack : MethodId::TwoBand; }

std::optional<std::string> side2_shape_error(Shape s) {
  const int m = side2_half(s);
  if (m == 0)
    return "the two-stack and two-band routes count boxes with a side of 2 (2xm or mx2), got " + s.str();
  if (m > kSide2MaxOrbitHalf)
    return "the two-stack route's class generator goes up to 2x" + std::to_string(kSide2MaxOrbitHalf) + " and " +
           std::to_string(kSide2MaxOrbitHalf) + "x2 (12 digits), got " + s.str();
  return std::nullopt;
}

std::optional<std::string> side2_route_error(Shape s, MethodId route) {
  if (auto why = side2_shape_error(s)) return why;
  if (route == MethodId::TwoBand && side2_half(s) > kSide2MaxClassHalf)
    return "the two-band route's class generator goes up to 2x" + std::to_string(kSide2MaxClassHalf) + " and " +
           std::to_string(kSide2MaxClassHalf) + "x2 (10 digits), got " + s.str() + "; " + s.str() +
           " is counted by the two-stack route (method two-stack, the default; " +
           (s.rows == 2 ? "its own orientation" : "through the transpose") + ")";
  return std::nullopt;
}

bool is_valid_config(const Side2Config& c) {
  if (c.m < 1 || c.m > kSide2MaxHalf) return false;
  const unsigned all = (1u << (2 * c.m)) - 1;
  for (int k = 0; k < c.m; ++k)
    if ((c.sets[k] & ~all) || std::popcount(static_cast<unsigned>(c.sets[k])) != c.m) return false;
  for (int k = c.m; k < kSide2MaxHalf; ++k)
    if (c.sets[k]) return false;
  return true;
}

std::string config_string(const Side2Config& c) {
  static const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVW";
  std::string s;
  for (int k = 0; k < c.m; ++k) {
    if (k) s.push_back(' ');
    for (int d = 0; d < 2 * c.m; ++d)
      if (c.sets[k] >> d & 1) s.push_back(digits[d + 1]);
  }
  return s;
}

std::optional<Side2Config> parse_config_string(std::string_view text, int m) {
  if (m < 1 || m > kSide2MaxHalf) return std::nullopt;
  Side2Config c;
  c.m = m;
  int k = 0;
  bool in_set = false;
  for (char ch : text) {
    if (ch == ' ') {
      if (in_set) ++k;
      in_set = false;
      continue;
    }
    int d = -1;
    if (ch >= '1' && ch <= '9') d = ch - '1';
    else if (ch >= 'A' && ch <= 'W') d = ch - 'A' + 9;
    if (d < 0 || d >= 2 * m || k >= m || (c.sets[k] >> d & 1)) return std::nullopt;
    c.sets[k] = static_cast<std::uint16_t>(c.sets[k] | 1u << d);
    in_set = true;
  }
  if (in_set) ++k;
  if (k != m || !is_valid_config(c)) return std::nullopt;
  return c;
}

Side2Classes side2_classes(MethodId route, int m, int threads) {
  // Two-stack: the listing generator up to kSide2MaxClassHalf (its class order is the one jobs
  // and journals of 2x5 / 5x2 already use), the orbit generator beyond (m = 6).
  if (route == MethodId::TwoStack)
    return m > kSide2MaxClassHalf ? TwoStackOrbitClasses(m, threads).table() : TwoStackClasses(m, threads).table();
  return TwoBandClasses(m, threads).table();
}

Side2Classes side2_classes_kept(MethodId route, int m, int threads) {
  if (m <= kSide2MaxClassHalf) return side2_classes(route, m, threads);
  static std::mutex lock;
  static std::map<std::pair<MethodId, int>, Side2Classes> kept;
  const std::lock_guard<std::mutex> hold(lock);
  auto it = kept.find({route, m});
  if (it == kept.end()) it = kept.emplace(std::pair{route, m}, side2_classes(route, m, threads)).first;
  return it->second;
}

u128 side2_fillings(MethodId route, const Side2Config& c, MemoryBudget* budget) {
  // Two-stack: the footprint counter (two_stack_split.hpp; 2x6 needs it), whose halves run side
  // by side when the caller's arena has threads to spare, its tables reserved from the budget.
  // The matching-removal counter (two_stack_fillings) stays as its cross-check in `verify` and
  // the tests. Two-band (m <= 5, megabytes) does not use the budget.
  return route == MethodId::TwoStack ? two_stack_fillings_split(c, nullptr, 0, budget) : two_band_fillings(c);
}

Side2Reduction side2_reduce(const Side2Classes& classes, const std::vector<u128>& F) {
  if (F.size() != classes.classes.size())
    throw std::invalid_argument("side-2 reduce: " + std::to_string(F.size()) + " counts for " +
                                std::to_string(classes.classes.size()) + " classes");
  Side2Reduction r;
  r.first_moment = 0;
  r.total = 0;
  for (std::size_t i = 0; i < F.size(); ++i) {
    const std::uint64_t w = classes.classes[i].weight;
    r.weight_sum += w;
    const BigInt f = to_big(F[i]);
    r.first_moment += f * w;
    r.total += f * f * w;
  }
  return r;
}

}  // namespace gridenum
