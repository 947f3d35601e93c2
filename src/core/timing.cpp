// Durations as text (timing.hpp).
#include "gridenum/core/timing.hpp"

#include <fmt/format.h>

namespace gridenum {

std::string short_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  if (s < 86400) return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
  return fmt::format("{}d{:02}h", s / 86400, s % 86400 / 3600);
}

}  // namespace gridenum
