// Hashing of packed words: splitmix64, and a hasher for hash tables keyed by them.
//
// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
// 2014; the finaliser of Java's SplittableRandom) is a bijection of 64-bit words that scatters
// neighbouring inputs. The keys the engine packs into words (digit masks, cell tensors) are
// structured -- a few bits vary, most are zero -- and std::hash of an integer is the integer
// itself: modulo a bucket count or masked to low bits, such keys crowd into a few buckets
// (measured: the completion kernel's partition ids, 9x9, spent 12 ms walking chains). Tables
// keyed by packed words hash them with WordHash.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gridenum {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

struct WordHash {
  std::size_t operator()(std::uint64_t key) const { return static_cast<std::size_t>(splitmix64(key)); }
};

}  // namespace gridenum
