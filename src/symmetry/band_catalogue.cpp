// The catalogue sums' shared parts (band_catalogue.hpp).
#include "band_catalogue.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

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

std::uint64_t type_key(const CycleType& t) {
  std::uint64_t k = 0;
  for (int L : t) k += std::uint64_t{1} << (4 * (L - 1));
  return k;
}

std::uint64_t catalogue_class_id(SignatureKey key) {
  return static_cast<std::uint64_t>(key >> 64) * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(key);
}

}  // namespace gridenum::detail
