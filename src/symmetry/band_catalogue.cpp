// The catalogue sums' shared parts (band_catalogue.hpp).
#include "band_catalogue.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "gridenum/core/errors.hpp"

namespace gridenum::detail {

const SignatureCatalogue& band_catalogue(Shape s) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::unique_ptr<SignatureCatalogue>> built;
  std::lock_guard lock(mu);
  auto& slot = built[{s.rows, s.cols}];
  if (!slot) slot = std::make_unique<SignatureCatalogue>(build_signature_catalogue(s));
  return *slot;
}

std::vector<Perm> conjugates_in_column_group(Shape s, const Perm& gamma) {
  const int R = s.rows, C = s.cols, N = s.n();
  std::vector<Perm> inner;  // every permutation of a stack's C columns
  for (Perm p = identity_perm(C);;) {
    inner.push_back(p);
    if (!std::next_permutation(p.begin(), p.end())) break;
  }
  std::set<Perm> seen;
  Perm stacks = identity_perm(R);
  std::vector<std::size_t> pick(static_cast<std::size_t>(R), 0);
  Perm tau(static_cast<std::size_t>(N));
  do {
    std::fill(pick.begin(), pick.end(), 0);
    for (;;) {
      for (int b = 0; b < R; ++b)
        for (int i = 0; i < C; ++i)
          tau[static_cast<std::size_t>(b * C + i)] =
              stacks[static_cast<std::size_t>(b)] * C + inner[pick[static_cast<std::size_t>(b)]][static_cast<std::size_t>(i)];
      seen.insert(compose(inverse(tau), compose(gamma, tau)));
      std::size_t b = 0;
      while (b < pick.size() && ++pick[b] == inner.size()) pick[b++] = 0;
      if (b == pick.size()) break;
    }
  } while (std::next_permutation(stacks.begin(), stacks.end()));
  return {seen.begin(), seen.end()};
}

std::vector<int> digit_columns(Shape s, const std::vector<DigitMask>& S) {
  const int R = s.rows, C = s.cols, N = s.n();
  std::vector<int> out(static_cast<std::size_t>(N * R));
  for (int c = 0; c < N; ++c)
    for (DigitMask m = S[static_cast<std::size_t>(c)]; m; m &= m - 1)
      out[static_cast<std::size_t>(std::countr_zero(m) * R + c / C)] = c;
  return out;
}

u128 catalogue_sum_to_f(u128 total, std::size_t conjugates, int N, const char* kernel) {
  const u128 per = checked_mul(u128{conjugates}, u128{factorial_u64(N)});
  if (total % per != 0)
    throw CheckError(std::string("fixed grids by ") + kernel +
                     ": the sum over the catalogue's classes is not a multiple of |class of gamma| x N!");
  return total / per;
}

std::uint64_t type_key(const CycleType& t) {
  std::uint64_t k = 0;
  for (int L : t) k += std::uint64_t{1} << (4 * (L - 1));
  return k;
}

std::uint64_t catalogue_class_id(SignatureKey key) {
  return static_cast<std::uint64_t>(key >> 64) * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(key);
}

}  // namespace gridenum::detail
