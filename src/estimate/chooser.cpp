// RandomChooser (chooser.hpp): the generator and its exact integer draws.
#include "gridenum/estimate/chooser.hpp"

#include <stdexcept>

namespace gridenum::estimate {

RandomChooser::RandomChooser(std::uint64_t seed, std::uint64_t index) {
  // Two SplitMix64 rounds mix (seed, index) into one 64-bit key; four more fill the state. A state of
  // all zeros (xoshiro's one forbidden state) cannot come out of four SplitMix64 outputs in a row.
  std::uint64_t x = seed;
  std::uint64_t key = splitmix64(x) ^ index;
  key = splitmix64(key);
  for (auto& s : s_) s = splitmix64(key);
}

std::uint64_t RandomChooser::next() {
  const auto rotl = [](std::uint64_t v, int k) { return (v << k) | (v >> (64 - k)); };
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

// Lemire (2019), "Fast random integer generation in an interval": multiply, reject the few low
// products that would make some values more likely.
std::uint64_t RandomChooser::below(std::uint64_t n) {
  u128 m = static_cast<u128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<u128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

u128 RandomChooser::below128(u128 n) {
  if (n >> 64 == 0) return below(static_cast<std::uint64_t>(n));
  // Rejection: draw 128 bits, keep those under the largest multiple of n (less than half rejected).
  const u128 limit = ~u128{0} - (~u128{0} % n);
  for (;;) {
    const u128 x = (static_cast<u128>(next()) << 64) | next();
    if (x < limit) return x % n;
  }
}

unsigned RandomChooser::weighted(std::span<const u128> w, u128 total) {
  if (total == 0) throw std::invalid_argument("RandomChooser::weighted: total weight 0");
  u128 x = below128(total);
  for (unsigned i = 0; i < w.size(); ++i) {
    if (x < w[i]) return i;
    x -= w[i];
  }
  throw std::invalid_argument("RandomChooser::weighted: the weights sum to less than total");
}

}  // namespace gridenum::estimate
