// Where a sampler's random choices come from (docs/estimate.md, "Unbiasedness").
//
// A sampler never draws a random number itself: at each step it hands its options to a Chooser,
// either all equally likely (uniform) or with exact integer weights (weighted: option i with
// probability w[i] / total). Two reasons:
//   - the estimators are unbiased only if the probability a path is drawn is exactly the inverse of
//     its weight; with integer weights and an exact integer draw there is no rounding anywhere;
//   - a test can walk the whole sampling tree with a Chooser that follows every branch in turn
//     and multiply the probabilities (tests/estimate/test_unbiased.cpp), which proves the mean.
// RandomChooser is the one used for estimates: xoshiro256** seeded by SplitMix64 from (seed, i),
// so sample i is the same whichever thread draws it and in whatever order (run.hpp).
#pragma once

#include <cstdint>
#include <span>

#include "gridenum/core/arith.hpp"

namespace gridenum::estimate {

class Chooser {
 public:
  virtual ~Chooser() = default;
  // An index in [0, n), each with probability 1/n (n >= 1).
  virtual unsigned uniform(unsigned n) = 0;
  // Index i with probability w[i] / total; total == sum of w, > 0 (weights of 0 are never chosen).
  virtual unsigned weighted(std::span<const u128> w, u128 total) = 0;
};

// SplitMix64 (Steele, Lea, Flood 2014): the seeding step xoshiro's authors recommend.
constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// xoshiro256** (Blackman, Vigna 2018) seeded from (seed, index): counter-based, so a sample's
// stream depends on nothing but its number. Integer draws are exact (Lemire's rejection for 64 bits,
// plain rejection for 128), so every probability is exactly the ratio the sampler asked for.
class RandomChooser final : public Chooser {
 public:
  RandomChooser(std::uint64_t seed, std::uint64_t index);
  std::uint64_t next();
  std::uint64_t below(std::uint64_t n);  // uniform in [0, n), n >= 1
  u128 below128(u128 n);                 // uniform in [0, n), n >= 1
  unsigned uniform(unsigned n) override { return static_cast<unsigned>(below(n)); }
  unsigned weighted(std::span<const u128> w, u128 total) override;

 private:
  std::uint64_t s_[4];
};

}  // namespace gridenum::estimate
