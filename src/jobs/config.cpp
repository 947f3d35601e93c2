// Job configs (config.hpp). The TOML is walked key by key: each key has a parser that checks
// type and range and reports problems at the value's source position; anything without a parser
// is an unknown key reported at the key's position. Values are checked here, not later when
// they are used, so a bad config fails before any work starts.
#include "gridenum/jobs/config.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <functional>
#include <map>
#include <sstream>

#include "gridenum/core/memory_budget.hpp"
#include "gridenum/count/method.hpp"

namespace gridenum {

namespace {

std::string where(const std::string& file, const toml::source_region& r) {
  return file + ":" + std::to_string(r.begin.line) + ":" + std::to_string(r.begin.column);
}

using Setter = std::function<void(const toml::node&, JobConfig&, const std::function<void(const std::string&)>&)>;

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> m = {
      {"description",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_string()) bad("expected a string");
         c.description = *v.value<std::string>();
       }},
      {"shape",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_string()) bad("expected a string \"RxC\", e.g. \"3x3\"");
         const std::string text = *v.value<std::string>();
         const auto s = Shape::parse(text);
         if (!s) bad(shape_parse_problem(text));
         if (auto why = count_shape_error(*s)) bad(degenerate_box(*s) ? *why : *why + "; " + shape_meaning(*s));
         c.shape = *s;
       }},
      {"method",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         const std::string text = v.is_string() ? *v.value<std::string>() : "";
         const CountMethod* m = find_method(text);
         if (v.is_string() && text == "auto") {
           c.method.reset();
           return;
         }
         if (!m || !m->has_jobs()) {
           std::string names = "\"auto\"";  // the methods that run as jobs, from the registry
           for (const CountMethod* r : count_methods())
             if (r->has_jobs()) names += std::string(", \"") + r->name + "\"";
           bad("expected one of " + names + (v.is_string() ? ", got \"" + text + "\"" : std::string()));
         }
         c.method = m->id;
       }},
      {"kernel",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         const std::string text = v.is_string() ? *v.value<std::string>() : "";
         if (!v.is_string() || !parse_kernel(text, c.kernel))
           bad("expected \"partition\" or \"backtrack\"" + (v.is_string() ? ", got \"" + text + "\"" : std::string()));
       }},
      {"threads",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_integer()) bad("expected an integer (0: all cores)");
         const auto n = *v.value<std::int64_t>();
         if (n < 0 || n > 4096) bad("expected 0..4096, got " + std::to_string(n));
         c.threads = static_cast<int>(n);
       }},
      {"slices_per_class",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_integer()) bad("expected an integer (0: the default)");
         const auto n = *v.value<std::int64_t>();
         if (n < 0 || n > 0xffffffffll) bad("expected 0..4294967295, got " + std::to_string(n));
         c.slices_per_class = static_cast<std::uint32_t>(n);
       }},
      {"shard",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         const std::string text = v.is_string() ? *v.value<std::string>() : "";
         const auto s = Shard::parse(text);
         if (!v.is_string() || !s)
           bad("expected \"K/M\" with 1 <= K <= M, e.g. \"1/1\"" + (v.is_string() ? ", got \"" + text + "\"" : std::string()));
         c.shard = *s;
       }},
      {"checkpoint_seconds",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_number()) bad("expected a number of seconds");
         const double s = *v.value<double>();
         if (!(s > 0 && s <= 3600)) bad("expected more than 0 and at most 3600 seconds");
         c.checkpoint_seconds = s;
       }},
      {"progress_seconds",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_number()) bad("expected a number of seconds");
         const double s = *v.value<double>();
         if (!(s > 0 && s <= 86400)) bad("expected more than 0 and at most 86400 seconds");
         c.progress_seconds = s;
       }},
      {"catalogue_cache",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_boolean()) bad("expected true or false");
         c.catalogue_cache = *v.value<bool>();
       }},
      {"table_cache",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_boolean()) bad("expected true or false");
         c.table_cache = *v.value<bool>();
       }},
      {"table_cache_dir",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         if (!v.is_string()) bad("expected a directory name (\"\": the job directory)");
         c.table_cache_dir = *v.value<std::string>();
       }},
      {"memory_limit",
       [](const toml::node& v, JobConfig& c, auto& bad) {
         const char* want = "expected \"auto\" or a size such as \"20G\", \"512M\" (binary units)";
         if (!v.is_string()) bad(want);
         const std::string text = *v.value<std::string>();
         if (text == "auto") {
           c.memory_limit = 0;
           return;
         }
         const auto bytes = parse_memory_size(text);
         if (!bytes) bad(want);
         c.memory_limit = *bytes;
       }},
  };
  return m;
}

std::string known_keys() {
  std::string s;
  for (const auto& [k, _] : setters()) s += (s.empty() ? "" : ", ") + k;
  return s;
}

JobConfig from_table(const toml::table& table, const std::string& file) {
  JobConfig c;
  // Plain names rather than a structured binding: clang 14 (the fuzz build) cannot capture a
  // structured binding in the lambda below.
  for (auto&& entry : table) {
    const auto& key = entry.first;
    const toml::node& node = entry.second;
    const std::string name(key.str());
    const auto it = setters().find(name);
    if (it == setters().end())
      throw ConfigError(where(file, key.source()) + ": unknown key '" + name + "' (known keys: " + known_keys() + ")");
    const auto bad = [&](const std::string& why) {
      throw ConfigError(where(file, node.source()) + ": bad value for '" + name + "': " + why);
    };
    it->second(node, c, bad);
  }
  // Shape and method are checked together once both are known, at the method's position (or the
  // shape's when the method is left to auto).
  if (auto why = method_shape_error(c.shape, c.method)) {
    const toml::node* at = table.get("method") ? table.get("method") : table.get("shape");
    throw ConfigError((at ? where(file, at->source()) : file) + ": " + *why);
  }
  // A kernel other than the default names the stack method's kernel: refused, at its position,
  // for a method that has none -- auto's band-pair for 2x3 and 3x3 would otherwise count by band
  // pairs a job its config asks to count by backtracking.
  if (c.kernel != Kernel::Partition) {
    const CountMethod& m = resolve_method(c.shape, c.method);
    if (!(m.options & kOptionKernel)) {
      const toml::node* at = table.get("kernel");
      throw ConfigError((at ? where(file, at->source()) : file) + ": kernel = \"" + to_string(c.kernel) +
                        "\" is the stack method's, not " + m.name + "'s" + (c.method ? "" : " (auto's pick for " + c.shape.str() + ")") +
                        ": set method = \"stack\", or leave the kernel out");
    }
  }
  return c;
}

}  // namespace

JobConfig parse_config(std::string_view text, const std::string& source_name) {
  toml::table table;
  try {
    table = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw ConfigError(where(source_name, e.source()) + ": " + std::string(e.description()));
  }
  return from_table(table, source_name);
}

std::uint64_t memory_limit_bytes(const JobConfig& c) { return c.memory_limit ? c.memory_limit : default_memory_limit(); }

JobConfig load_config(const std::filesystem::path& file) {
  toml::table table;
  try {
    table = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    // toml++ reports a missing or unreadable file as a parse error at 0:0.
    if (e.source().begin.line == 0) throw ConfigError(file.string() + ": " + std::string(e.description()));
    throw ConfigError(where(file.string(), e.source()) + ": " + std::string(e.description()));
  }
  return from_table(table, file.string());
}

std::string to_toml(const JobConfig& c) {
  toml::table t;
  if (!c.description.empty()) t.insert("description", c.description);
  t.insert("shape", c.shape.str());
  t.insert("method", c.method ? to_string(*c.method) : std::string("auto"));
  t.insert("kernel", to_string(c.kernel));
  t.insert("threads", static_cast<std::int64_t>(c.threads));
  t.insert("slices_per_class", static_cast<std::int64_t>(c.slices_per_class));
  t.insert("shard", c.shard.str());
  t.insert("checkpoint_seconds", c.checkpoint_seconds);
  t.insert("progress_seconds", c.progress_seconds);
  t.insert("catalogue_cache", c.catalogue_cache);
  t.insert("table_cache", c.table_cache);
  t.insert("table_cache_dir", c.table_cache_dir);
  t.insert("memory_limit", c.memory_limit ? std::to_string(c.memory_limit) : std::string("auto"));
  std::ostringstream o;
  o << "# The config this job uses (written by gridenum; keys as in configs/default.toml).\n"
    << "# shape, method, slices_per_class and shard must not change while the job has a journal.\n"
    << toml::toml_formatter(t) << "\n";
  return o.str();
}

}  // namespace gridenum
