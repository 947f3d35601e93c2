// A finished side-2 count read back for `gridenum symmetry --grid-counts`: the identity's term and
// the plain band counts F(S) of Burnside's sum for 10 and 12 digits (symmetry/burnside.hpp,
// Side2GridCounts). For 2x6 and 6x2 that count is a job of hours (results/2x6/), so the figure of
// essentially different grids is assembled from its result, never from a count of its own.
#pragma once

#include <string>

#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/burnside.hpp"

namespace gridenum {

// Reads a count's, a job's or a merge's result (result.json or its directory, as `gridenum verify
// result` reads it) of the side-2 shape s or its transpose, by the two-stack route, and checks it
// as `verify result` does without recounting any class: the class table rebuilt and equal class for
// class, the weights, the first moment and total re-summed, the first moment against the array
// count that knows no classes, the journal against the listed F. Throws InputError naming the file
// and what is wrong (a shard, an unfinished job, a two-band result, another shape, any failed
// check: then `gridenum verify result PATH` shows the whole report).
Side2GridCounts load_side2_grid_counts(const std::string& path, Shape s, int threads);

}  // namespace gridenum
