// An estimate as the user reads it (docs/estimate.md, "Error bars"): the text `gridenum estimate`
// prints and the JSON document of --json, from a RunResult and the shape's rigorous bounds. One
// place for both, because a plain run prints them, and an estimate job (jobs/estimate_job.hpp)
// writes them as result.txt and result.json, resumed or merged.
//
// The JSON gives the estimate, its standard error and interval as strings (25x25's are past a
// double's range), log10 of the estimate as a number, and under "exact_statistics" the fold's
// count, mean and sum of squared deviations in C99 hexadecimal (moments.hpp): every bit, so that
// a job's result can be compared with a plain run's exactly.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/estimate/bounds.hpp"
#include "gridenum/estimate/run.hpp"

namespace gridenum::estimate {

// Whether the effective samples are under 5 % of the samples: a few heavy weights carry the mean
// and the normal interval is likely too short (a heuristic signal, not a test: docs/estimate.md).
bool heavy_tail(const RunResult& r);

// The two lines on the batches' spread (BatchSpread, moments.hpp): the relative error from the
// batch means and the heaviest batch's share of the squared deviations, with a caution when it
// holds over a quarter; empty with fewer than ten batches (the JSON's batch_check has the figures
// from two). Part of format_text, and of an estimate job's status.
std::string batch_lines(const RunResult& r);

nlohmann::json to_json(const RunResult& r, const CountBounds& b);
std::string format_text(const RunResult& r, const CountBounds& b);

}  // namespace gridenum::estimate
