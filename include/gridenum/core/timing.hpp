// Wall-clock stage timing, the one helper every stage and command uses for the "times" it
// reports: a steady clock (never goes back when the system clock is set) and seconds as double.
#pragma once

#include <chrono>

namespace gridenum {

using SteadyClock = std::chrono::steady_clock;

// Seconds elapsed since `start`.
inline double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

}  // namespace gridenum
