// The box chains of a top band (signature_parts.hpp): the signature method's enumeration of the
// lower bands' column sets, box by box.
#include "signature_parts.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace gridenum::signature_detail {

BoxChains box_chains(Shape s, const BoxPartitions& parts, const DigitMask* top_cols) {
  const int R = s.rows, C = s.cols, N = s.n(), K = C - 1;
  std::vector<int> home(N);
  for (int j = 0; j < C; ++j)
    for (DigitMask m = top_cols[j]; m; m &= m - 1) home[std::countr_zero(m)] = j;
  // Per digit: the orderings of its C-1 free columns over the lower bands.
  std::vector<std::vector<std::vector<int>>> options(N);
  for (int d = 0; d < N; ++d) {
    std::vector<int> free;
    for (int j = 0; j < C; ++j)
      if (j != home[d]) free.push_back(j);
    do options[d].push_back(free);
    while (std::next_permutation(free.begin(), free.end()));
  }
  std::vector<DigitMask> masks(K * C, 0);  // [k * C + j]
  std::vector<int> load(K * C, 0);
  std::map<std::vector<std::uint32_t>, std::uint64_t> merged;
  auto rec = [&](auto&& self, int d) -> void {
    if (d == N) {
      std::vector<std::uint32_t> key(K);
      for (int k = 0; k < K; ++k) key[k] = parts.id(masks.data() + k * C);
      ++merged[key];
      return;
    }
    for (const auto& o : options[d]) {
      bool ok = true;
      for (int k = 0; k < K && ok; ++k) ok = load[k * C + o[k]] < R;
      if (!ok) continue;
      for (int k = 0; k < K; ++k) {
        ++load[k * C + o[k]];
        masks[k * C + o[k]] |= DigitMask{1} << d;
      }
      self(self, d + 1);
      for (int k = 0; k < K; ++k) {
        --load[k * C + o[k]];
        masks[k * C + o[k]] &= ~(DigitMask{1} << d);
      }
    }
  };
  rec(rec, 0);
  BoxChains out;
  out.bands = K;
  for (auto& [key, m] : merged) {
    out.ids.insert(out.ids.end(), key.begin(), key.end());
    out.mult.push_back(m);
  }
  return out;
}

std::vector<BoxChains> top_band_chains(Shape s, const BoxPartitions& parts, const std::vector<DigitMask>& cols) {
  const int C = s.cols;
  if (cols.size() != static_cast<std::size_t>(s.n()))
    throw std::invalid_argument("signature: a top band needs " + std::to_string(s.n()) + " column sets");
  std::vector<BoxChains> out;
  for (int b = 0; b < s.rows; ++b) {
    (void)parts.id(cols.data() + b * C);  // throws unless box b's column sets are a partition
    out.push_back(box_chains(s, parts, cols.data() + b * C));
  }
  return out;
}

BoxChains merge_lower_band_orders(const BoxChains& c) {
  std::map<std::vector<std::uint32_t>, std::uint64_t> merged;
  for (std::size_t x = 0; x < c.size(); ++x) {
    std::vector<std::uint32_t> t(c.ids.begin() + x * c.bands, c.ids.begin() + (x + 1) * c.bands);
    std::sort(t.begin(), t.end());
    merged[t] += c.mult[x];
  }
  BoxChains out;
  out.bands = c.bands;
  for (auto& [t, m] : merged) {
    out.ids.insert(out.ids.end(), t.begin(), t.end());
    out.mult.push_back(m);
  }
  return out;
}

TopChains::TopChains(Shape s, const BoxPartitions& parts, const std::vector<DigitMask>& cols)
    : boxes(top_band_chains(s, parts, cols)) {
  raw_first = boxes[0].size();
  boxes[0] = merge_lower_band_orders(boxes[0]);
}

std::uint64_t TopChains::terms() const {
  std::uint64_t t = 1;
  for (auto& c : boxes) t *= c.size();
  return t;
}

std::uint64_t TopChains::chain_count() const {
  std::uint64_t t = raw_first;
  for (std::size_t b = 1; b < boxes.size(); ++b) t += boxes[b].size();
  return t;
}

bool TopChains::fits_64(std::uint64_t max_value, int K) const {
  const BoxChains& last = boxes.back();
  const std::uint64_t max_mult = *std::max_element(last.mult.begin(), last.mult.end());
  u128 bound = static_cast<u128>(max_mult) * last.size();
  for (int k = 0; k < K && bound <= ~std::uint64_t{0}; ++k) bound *= max_value;
  return bound <= ~std::uint64_t{0};
}

std::uint64_t last_box_sum64(const std::uint64_t* m, const std::uint32_t* a, std::size_t n, int K,
                             const std::uint32_t* const* rows) {
  std::uint64_t s = 0;
  if (K == 1) {
    const std::uint32_t* t0 = rows[0];
    for (std::size_t x = 0; x < n; ++x) s += m[x] * t0[a[x]];
  } else if (K == 2) {
    const std::uint32_t *t0 = rows[0], *t1 = rows[1];
    const std::uint32_t *a0 = a, *a1 = a + n;
    for (std::size_t x = 0; x < n; ++x) s += m[x] * t0[a0[x]] * std::uint64_t{t1[a1[x]]};
  } else if (K == 3) {
    const std::uint32_t *t0 = rows[0], *t1 = rows[1], *t2 = rows[2];
    const std::uint32_t *a0 = a, *a1 = a + n, *a2 = a + 2 * n;
    for (std::size_t x = 0; x < n; ++x) s += m[x] * t0[a0[x]] * std::uint64_t{t1[a1[x]]} * t2[a2[x]];
  } else {
    for (std::size_t x = 0; x < n; ++x) {
      std::uint64_t p = m[x];
      for (int k = 0; k < K; ++k) p *= rows[k][a[k * n + x]];
      s += p;
    }
  }
  return s;
}

std::vector<DigitMask> band_columns(Shape s, const std::vector<std::uint8_t>& band) {
  const int R = s.rows, C = s.cols, N = s.n();
  if (band.size() != static_cast<std::size_t>(R) * N) throw std::invalid_argument("signature: band has the wrong size");
  std::vector<DigitMask> cols(N, 0), rows(R, 0), boxes(R, 0);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < N; ++c) {
      const int d = band[r * N + c];
      if (d < 1 || d > N) throw std::invalid_argument("signature: band digit out of range");
      cols[c] |= DigitMask{1} << (d - 1);
      rows[r] |= DigitMask{1} << (d - 1);
      boxes[c / C] |= DigitMask{1} << (d - 1);
    }
  for (int i = 0; i < R; ++i)
    if (rows[i] != s.all_digits() || boxes[i] != s.all_digits()) throw std::invalid_argument("signature: not a valid band");
  return cols;
}

}  // namespace gridenum::signature_detail
