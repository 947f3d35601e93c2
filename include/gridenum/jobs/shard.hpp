// Shards: `--shard K/M` runs the K-th of M disjoint, deterministic subsets of the work units so
// one job can be spread over machines and merged (merge.hpp).
//
// Unit u belongs to shard K/M when u % M == K - 1. Unit ids are stable (plan.hpp), so every
// machine computes the same subsets without talking to the others; and because ids run class by
// class, slice by slice, taking every M-th id gives each shard a slice of every class, so shards
// take about equally long even though classes differ in cost.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gridenum {

struct Shard {
  std::uint32_t k = 1;  // 1..m
  std::uint32_t m = 1;  // 1: the whole job

  bool whole() const { return m == 1; }
  bool contains(std::uint64_t unit) const { return unit % m == k - 1; }
  // Units of this shard among ids 0..units-1.
  std::uint64_t size(std::uint64_t units) const { return units / m + (units % m > k - 1 ? 1 : 0); }
  std::string str() const { return std::to_string(k) + "/" + std::to_string(m); }
  // "K/M" with 1 <= K <= M; nullopt otherwise.
  static std::optional<Shard> parse(std::string_view text);

  friend bool operator==(const Shard&, const Shard&) = default;
};

}  // namespace gridenum
