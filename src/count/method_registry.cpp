// The registry of counting methods (method.hpp) and the decisions taken from it: which method
// counts a shape, why none does, which options a method takes.
#include "gridenum/count/method.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/errors.hpp"
#include "methods.hpp"

namespace gridenum {

namespace {

constexpr std::array<std::pair<MethodId, const char*>, 6> kNames = {{{MethodId::Stack, "stack"},
                                                                      {MethodId::Signature, "signature"},
                                                                      {MethodId::TwoStack, "two-stack"},
                                                                      {MethodId::TwoBand, "two-band"},
                                                                      {MethodId::ThreeBand, "three-band"},
                                                                      {MethodId::BandPair, "band-pair"}}};

// The registry. The count library's methods, in the order auto and the help list them; then the
// methods registered from above.
std::vector<const CountMethod*>& registry() {
  static std::vector<const CountMethod*> all = {&stack_method(), &band_pair_method(), &two_stack_method(),
                                                &two_band_method(), &three_band_method()};
  return all;
}

const CountMethod* ranked(Shape s, int CountMethod::*rank, bool (CountMethod::*takes)(Shape) const) {
  const CountMethod* best = nullptr;
  for (const CountMethod* m : registry())
    if (m->*rank > 0 && (!best || m->*rank < best->*rank) && (m->*takes)(s)) best = m;
  return best;
}

}  // namespace

std::string to_string(MethodId m) {
  for (const auto& [id, name] : kNames)
    if (id == m) return name;
  return "?";
}

std::optional<MethodId> parse_method(std::string_view name) {
  for (const auto& [id, text] : kNames)
    if (name == text) return id;
  return std::nullopt;
}

const char* method_option_name(MethodOption o) {
  switch (o) {
    case kOptionKernel: return "--kernel";
    case kOptionSlices: return "--slices";
    case kOptionTableCache: return "--table-cache";
    case kOptionMemoryLimit: return "--memory-limit";
  }
  return "?";
}

std::string MethodPlan::memory_plan(std::uint64_t limit, int /*threads*/) const {
  return "memory: no large tables in this method (its peak is in the result); limit " + format_bytes(limit) + " not needed";
}

const std::vector<const CountMethod*>& count_methods() { return registry(); }

void register_count_method(const CountMethod& m) {
  static std::mutex mu;
  const std::lock_guard lock(mu);
  for (const CountMethod* r : registry())
    if (r->id == m.id) throw std::logic_error("count method " + std::string(m.name) + " registered twice");
  registry().push_back(&m);
}

const CountMethod& method(MethodId id) {
  for (const CountMethod* m : registry())
    if (m->id == id) return *m;
  throw std::logic_error("count method " + to_string(id) + " is not registered (cli/main.cpp registers verify's)");
}

const CountMethod* find_method(std::string_view name) {
  for (const CountMethod* m : registry())
    if (name == m->name) return m;
  return nullptr;
}

const CountMethod* auto_method(Shape s) { return ranked(s, &CountMethod::auto_rank, &CountMethod::takes); }
const CountMethod* auto_classes_method(Shape s) {
  return ranked(s, &CountMethod::classes_rank, &CountMethod::takes_classes);
}

std::optional<std::string> count_shape_error(Shape s) {
  if (auto_method(s)) return std::nullopt;
  if (auto why = degenerate_box(s)) return why;
  return "box shape " + s.str() + " is beyond what count does: it counts grids of up to 10 digits, box shapes 2x2, 2x3, "
         "3x2, 2x4, 4x2 and 3x3 by the stack method and 2x5 and 5x2 by the side-2 routes (from 10 digits on the stack "
         "method's lists of band or stack fillings run into the billions), and the 12-digit 4x3, 3x4, 2x6 and 6x2 as "
         "long jobs (the three-band and two-stack routes)";
}

std::optional<std::string> method_shape_error(Shape s, std::optional<MethodId> requested) {
  if (!requested) return count_shape_error(s);
  const CountMethod& m = method(*requested);
  if (auto why = m.shape_error(s)) return "method " + std::string(m.name) + ": " + *why;
  return std::nullopt;
}

const CountMethod& resolve_method(Shape s, std::optional<MethodId> requested) {
  if (auto why = method_shape_error(s, requested)) throw InputError(*why);
  return requested ? method(*requested) : *auto_method(s);
}

std::optional<std::string> method_option_error(const CountMethod& m, MethodOption o) {
  if (m.options & o) return std::nullopt;
  std::vector<std::string> takers;
  for (const CountMethod* r : registry())
    if (r->options & o) takers.push_back(r->name);
  std::string who = takers.empty() ? "no method" : "the " + takers.front();
  for (std::size_t i = 1; i < takers.size(); ++i) who += (i + 1 == takers.size() ? " and " : ", ") + takers[i];
  return fmt::format("{} applies to {} method{}, not to {}", method_option_name(o), who, takers.size() > 1 ? "s" : "", m.name);
}

}  // namespace gridenum
