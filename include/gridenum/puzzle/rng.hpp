// The puzzle generator's randomness (generate.hpp): the same seed gives the same puzzles on
// every platform and standard library.
//
// Why not <random>'s distributions: std::mt19937_64 is specified bit for bit by the standard
// (its 10000th output is fixed, [rand.predef]), but std::uniform_int_distribution and
// std::shuffle are not -- libstdc++, libc++ and MSVC draw different numbers from the same
// engine. So the engine is the standard one and everything drawn from it is written here:
//
//   below(b)  a uniform integer in [0, b): Lemire's nearly divisionless method (D. Lemire,
//             "Fast Random Integer Generation in an Interval", ACM TOMACS 29(1), 2019): the
//             high 64 bits of x*b for a 64-bit draw x, rejecting the few x whose low 64 bits
//             fall below 2^64 mod b, so every value has exactly the same number of x.
//   shuffle   Fisher-Yates (Durstenfeld's form, TAOCP 3.4.2 Algorithm P): for i = size-1 down
//             to 1, swap element i with element below(i+1).
//
// Per-puzzle streams: puzzle i of a run with seed s draws from std::mt19937_64 seeded with
// puzzle_seed(s, i) = splitmix64(splitmix64(s) ^ i). splitmix64 (Steele, Lea and Flood,
// "Fast splittable pseudorandom number generators", OOPSLA 2014; the finaliser of Java's
// SplittableRandom) is a bijection of 64-bit words that scatters neighbouring inputs, so the
// indices of one seed get distinct, unrelated engine seeds. Puzzle i depends only on (s, i,
// options): a batch is generated in any order, on any number of threads, with the same output.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/hash.hpp"  // splitmix64

namespace gridenum {

// The engine seed of puzzle `index` of a run with seed `seed`.
constexpr std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t index) { return splitmix64(splitmix64(seed) ^ index); }

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t next() { return engine_(); }

  // Uniform in [0, bound); bound > 0.
  std::uint64_t below(std::uint64_t bound) {
    u128 m = static_cast<u128>(engine_()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
      while (low < threshold) {
        m = static_cast<u128>(engine_()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Uniform int in [0, bound); bound > 0.
  int index(std::size_t bound) { return static_cast<int>(below(bound)); }

  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

  // A random permutation of 0 .. size-1.
  std::vector<int> permutation(int size) {
    std::vector<int> p(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) p[i] = i;
    shuffle(p);
    return p;
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace gridenum
