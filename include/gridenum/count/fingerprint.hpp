// The fingerprint of a job: one 64-bit hash of everything that decides what a unit id means and
// what its count is -- the shape, the classes (representatives and sizes, in order), the ordered
// stack list, and the slicing (units per class). It goes into the journal header; resume and
// merge refuse a journal with another fingerprint, so counts can never be added up across
// different plans (another slicing, another shape, or a future gridenum whose catalogue orders
// classes differently).
//
// A side-2 job (2x5, 5x2) hashes its route and class table instead (one unit per class), a
// three-band job (4x3, 3x4) its signature catalogue, a band-pair job (2x3, 3x3) its classes,
// slicing and the counter's layout (the method's name first: its units are not stack units).
//
// Threads and kernel are left out on purpose: they change how fast a unit is counted, never its
// count. A job may be resumed with another kernel, and shards of one job may use different ones.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/plan_header.hpp"
#include "gridenum/count/stack/plan.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/stack/stacks.hpp"

namespace gridenum {

std::uint64_t plan_fingerprint(const Catalogue& cat, const StackList& stacks, const Plan& plan);

// The journal header of a job with this plan and shard.
PlanHeader journal_header_for(const Catalogue& cat, const StackList& stacks, const Plan& plan, Shard shard);

// A band-pair job (band_pair/band_pair.hpp): the shape, the classes (representatives and sizes),
// the slicing, and the three-band counter's layout fingerprint (its partitions and pair types
// in order: what decides which chains a slice holds) decide what a unit means.
std::uint64_t band_pair_fingerprint(const Catalogue& cat, const Plan& plan, std::uint64_t counter_layout);
PlanHeader band_pair_journal_header(const Catalogue& cat, const Plan& plan, std::uint64_t counter_layout, Shard shard);

// A side-2 job (side2.hpp): the shape as asked, the route, and its class table (representatives
// and weights, in order) decide what a unit (a class index) means. One unit per class.
std::uint64_t side2_fingerprint(Shape shape, const Side2Classes& classes);
PlanHeader side2_journal_header(Shape shape, const Side2Classes& classes, Shard shard);
// The three-band route's plan: the shape asked, the shape counted, every signature class
// (canonical key and size, in catalogue order) and the unit order -- order[u] is the class
// index - 1 of unit u, the classes in prefix-group order (three_band/method.cpp), so that the
// block rule of shards (shard.hpp, set here whatever the config's K/M) keeps groups whole.
std::uint64_t three_band_fingerprint(Shape shape, const SignatureCatalogue& cat, const std::vector<std::uint32_t>& order);
PlanHeader three_band_journal_header(Shape shape, const SignatureCatalogue& cat, const std::vector<std::uint32_t>& order,
                                        Shard shard);

}  // namespace gridenum
