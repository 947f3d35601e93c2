// Shards: `--shard K/M` runs the K-th of M disjoint, deterministic subsets of the work units so
// one job can be spread over machines and merged (merge.hpp). Every machine computes the same
// subsets from the unit ids alone, without talking to the others. Two rules, chosen by the
// method's plan (never by the user), recorded in the journal header:
//
//  - mod (the stack method, the side-2 routes): unit u belongs to shard K/M when u % M == K - 1.
//    Their ids run class by class, slice by slice, so taking every M-th id gives each shard a
//    slice of every class, and shards take about equally long though classes differ in cost.
//  - blocks (the three-band route): the units 0 .. U-1 cut into M consecutive blocks, shard K/M
//    holding ids floor((K-1) U / M) .. floor(K U / M) - 1. Its unit ids run through the classes in
//    prefix-group order (three_band/method.cpp), and a group's classes are counted together far more
//    cheaply than apart (three_band.hpp): a block keeps its groups whole, where every M-th id would
//    split each of the 349 groups of 4x3 M ways. Header form "K/M:blocks".
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gridenum {

struct Shard {
  std::uint32_t k = 1;  // 1..m
  std::uint32_t m = 1;  // 1: the whole job
  std::uint64_t blocks = 0;  // 0: the mod rule; else the block rule over this many units

  bool whole() const { return m == 1; }
  // First and one-past-last unit of the block rule.
  std::uint64_t begin() const { return static_cast<std::uint64_t>((unsigned __int128){k - 1} * blocks / m); }
  std::uint64_t end() const { return static_cast<std::uint64_t>((unsigned __int128){k} * blocks / m); }
  bool contains(std::uint64_t unit) const { return blocks ? unit >= begin() && unit < end() : unit % m == k - 1; }
  // Units of this shard among ids 0..units-1 (the block rule's units are `blocks`).
  std::uint64_t size(std::uint64_t units) const {
    return blocks ? end() - begin() : units / m + (units % m > k - 1 ? 1 : 0);
  }
  // Units of this shard among ids 0..x-1, for any x (size() is this at the plan's end); the
  // shard's units in [a, b) are count_below(b) - count_below(a).
  std::uint64_t count_below(std::uint64_t x) const {
    return blocks ? std::min(std::max(x, begin()), end()) - begin() : x / m + (x % m > k - 1 ? 1 : 0);
  }
  std::string str() const { return std::to_string(k) + "/" + std::to_string(m); }
  // The journal header's form: "K/M", or "K/M:blocks" for the block rule.
  std::string spec() const { return str() + (blocks ? ":blocks" : ""); }
  // "K/M" with 1 <= K <= M (a user's --shard or config); nullopt otherwise.
  static std::optional<Shard> parse(std::string_view text);
  // A journal header's spec: "K/M" or "K/M:blocks" (then blocks = units); nullopt otherwise.
  static std::optional<Shard> parse_spec(std::string_view text, std::uint64_t units);

  friend bool operator==(const Shard&, const Shard&) = default;
};

}  // namespace gridenum
