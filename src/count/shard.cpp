// Shard specs "K/M" (shard.hpp).
#include "gridenum/count/shard.hpp"

#include <charconv>

namespace gridenum {

std::optional<Shard> Shard::parse(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view s) -> std::optional<std::uint32_t> {
    std::uint32_t v = 0;
    if (s.empty()) return std::nullopt;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
  };
  const auto k = number(text.substr(0, slash)), m = number(text.substr(slash + 1));
  if (!k || !m || *k < 1 || *k > *m) return std::nullopt;
  return Shard{*k, *m};
}

std::optional<Shard> Shard::parse_spec(std::string_view text, std::uint64_t units) {
  constexpr std::string_view kBlocks = ":blocks";
  const bool blocks = text.size() > kBlocks.size() && text.substr(text.size() - kBlocks.size()) == kBlocks;
  auto s = parse(blocks ? text.substr(0, text.size() - kBlocks.size()) : text);
  if (s && blocks) s->blocks = units;
  return s;
}

}  // namespace gridenum
