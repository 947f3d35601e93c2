// Wall-clock stage timing, the one helper every stage and command uses for the "times" it
// reports: a steady clock (never goes back when the system clock is set) and seconds as double.
#pragma once

#include <chrono>
#include <string>

namespace gridenum {

using SteadyClock = std::chrono::steady_clock;

// Seconds elapsed since `start`.
inline double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// A duration for people watching a run: "44s", "12m05s", "3h02m", "2d04h"; "?" when negative,
// not a number or beyond 30 years.
std::string short_duration(double seconds);

}  // namespace gridenum
