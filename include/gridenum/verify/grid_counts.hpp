// A finished count read back for `gridenum symmetry --grid-counts`: the identity's term of
// Burnside's sum (the grid count / N!) and, for the side-2 shapes of 10 and 12 digits, the plain
// band counts F(S) (symmetry/burnside.hpp, GridCounts). For the 12x12 shapes that count is a job
// of hours (results/2x6/, results/4x3/), so the figure of essentially different grids is
// assembled from its certificate, never from a count of its own.
#pragma once

#include <string>

#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/burnside.hpp"

namespace gridenum {

// Reads a count's, a job's or a merge's result (result.json or its directory, as `gridenum verify
// result` reads it) of the shape s or its transpose, and checks it with `verify result`'s own code
// (verify_result) without recounting any class: the route's plan or class table rebuilt and equal
// class for class, the sums and the total re-done, result.txt against its digest, the job's journal
// and a merge's shard journals against the listed counts; for the side-2 routes also the first
// moment against the array count that knows no classes. What it takes from the document:
//   - side-2 shapes of 10 and 12 digits (2x5, 5x2, 2x6, 6x2): the two-stack route's F of every
//     class and the total (the signature kernel sums F(S) over those classes; another route is
//     refused, its classes are not those);
//   - every other shape: the total alone, by whichever route counted it (three-band for 4x3 and
//     3x4, whose 3x4 figure needs nothing else).
// Throws InputError naming the file and what is wrong (a shard, an unfinished job, another
// shape, any failed check: then `gridenum verify result PATH` shows the whole report).
GridCounts load_grid_counts(const std::string& path, Shape s, int threads);

}  // namespace gridenum
