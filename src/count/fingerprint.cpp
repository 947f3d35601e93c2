// The job fingerprint (fingerprint.hpp): FNV-1a over a canonical text of the plan's inputs,
// then over the raw stack list (650 kB for 9x9, 10 MB for 2x4) in 64-bit words.
//
// Why words: byte-wise FNV-1a is one dependent multiply per byte, ~1 ms for the 9x9 stack list
// -- about 1 % of a whole 9x9 job, spent before its first unit. Over words it is 8 times fewer.
// Each step h -> (h ^ w) * prime is a bijection of h for a given word w, so two stack lists that
// differ in one word always get different fingerprints.
#include "gridenum/count/fingerprint.hpp"

#include <stdexcept>
#include <string_view>

#include "gridenum/core/checksum.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/stack/count.hpp"

namespace gridenum {

namespace {

std::uint64_t fnv1a64_words(std::string_view bytes, std::uint64_t h) {
  constexpr std::uint64_t kPrime = 1099511628211ull;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w = 0;  // little-endian whatever the machine: shards may run anywhere
    for (int k = 7; k >= 0; --k) w = w << 8 | static_cast<unsigned char>(bytes[i + k]);
    h = (h ^ w) * kPrime;
  }
  return fnv1a64(bytes.substr(i), h);
}

}  // namespace

std::uint64_t plan_fingerprint(const Catalogue& cat, const StackList& stacks, const Plan& plan) {
  std::string text = "gridenum plan v3\nshape=" + cat.shape.str() + "\nunits=" + std::to_string(plan.units.size()) +
                     "\nslices=" + std::to_string(plan.slices_per_class) +
                     "\nstack_fillings=" + std::to_string(stacks.size()) + "\nclasses=" + std::to_string(cat.classes.size()) +
                     "\n";
  for (const auto& c : cat.classes) text += band_string(c.representative) + ":" + std::to_string(c.size) + "\n";
  std::uint64_t h = fnv1a64(text);
  h = fnv1a64_words(std::string_view(reinterpret_cast<const char*>(stacks.cells.data()), stacks.cells.size()), h);
  // The units themselves, not only their number: a build whose plan.cpp cut the slices differently
  // would otherwise read an old journal's unit ids as other ranges of the stack list and print a
  // wrong total. Four words per unit (id, class, begin, end), ~17 kB for 9x9, hashed by words like
  // the stack list.
  std::string units;
  units.reserve(plan.units.size() * 32);
  const auto put = [&units](std::uint64_t w) {
    for (int k = 0; k < 8; ++k) units.push_back(static_cast<char>(w >> (8 * k) & 0xff));  // little-endian
  };
  for (const WorkUnit& u : plan.units) {
    put(u.id);
    put(u.cls);
    put(u.begin);
    put(u.end);
  }
  h = fnv1a64_words(units, h);
  return h;
}

namespace {
// A plan of (class, slice) units (the stack and band-pair methods).
PlanHeader sliced_header(std::uint64_t fingerprint, const Catalogue& cat, const Plan& plan, Shard shard) {
  PlanHeader h;
  h.fingerprint = fingerprint;
  h.shard = shard;
  h.units = plan.units.size();
  h.classes = cat.classes.size();
  h.slices_per_class = plan.slices_per_class;
  return h;
}
}  // namespace

PlanHeader journal_header_for(const Catalogue& cat, const StackList& stacks, const Plan& plan, Shard shard) {
  return sliced_header(plan_fingerprint(cat, stacks, plan), cat, plan, shard);
}

std::uint64_t band_pair_fingerprint(const Catalogue& cat, const Plan& plan, std::uint64_t counter_layout) {
  std::string text = "gridenum band-pair plan v1\nshape=" + cat.shape.str() + "\nunits=" + std::to_string(plan.units.size()) +
                     "\nslices=" + std::to_string(plan.slices_per_class) + "\nlayout=" + std::to_string(counter_layout) +
                     "\nclasses=" + std::to_string(cat.classes.size()) + "\n";
  for (const auto& c : cat.classes) text += band_string(c.representative) + ":" + std::to_string(c.size) + "\n";
  return fnv1a64(text);
}

PlanHeader band_pair_journal_header(const Catalogue& cat, const Plan& plan, std::uint64_t counter_layout, Shard shard) {
  return sliced_header(band_pair_fingerprint(cat, plan, counter_layout), cat, plan, shard);
}

std::uint64_t side2_fingerprint(Shape shape, const Side2Classes& classes) {
  std::string text = "gridenum side2 plan v1\nshape=" + shape.str() + "\nroute=" + to_string(classes.route) +
                     "\nm=" + std::to_string(classes.m) + "\nclasses=" + std::to_string(classes.classes.size()) + "\n";
  for (const auto& c : classes.classes) text += config_string(c.representative) + ":" + std::to_string(c.weight) + "\n";
  return fnv1a64(text);
}

namespace {
// A plan of one unit per class (the side-2 and three-band routes).
PlanHeader per_class_header(std::uint64_t fingerprint, std::uint64_t classes, Shard shard) {
  PlanHeader h;
  h.fingerprint = fingerprint;
  h.shard = shard;
  h.units = classes;
  h.classes = classes;
  h.slices_per_class = 1;
  return h;
}
}  // namespace

PlanHeader side2_journal_header(Shape shape, const Side2Classes& classes, Shard shard) {
  return per_class_header(side2_fingerprint(shape, classes), classes.classes.size(), shard);
}

std::uint64_t three_band_fingerprint(Shape shape, const SignatureCatalogue& cat, const std::vector<std::uint32_t>& order) {
  // v2: units in prefix-group order and shards by blocks (v1: unit = class index - 1, shards mod M).
  std::string text = "gridenum three-band plan v2\nshape=" + shape.str() + "\ncounted=" + cat.shape.str() +
                     "\nclasses=" + std::to_string(cat.classes.size()) + "\n";
  for (const auto& c : cat.classes) text += to_string(c.key) + ":" + std::to_string(c.size) + "\n";
  text += "order\n";
  for (auto c : order) text += std::to_string(c) + "\n";
  return fnv1a64(text);
}

PlanHeader three_band_journal_header(Shape shape, const SignatureCatalogue& cat, const std::vector<std::uint32_t>& order,
                                        Shard shard) {
  if (order.size() != cat.classes.size()) throw std::invalid_argument("three-band journal header: one unit per class");
  shard.blocks = cat.classes.size();
  return per_class_header(three_band_fingerprint(shape, cat, order), cat.classes.size(), shard);
}

}  // namespace gridenum
