// Job configs: the shipped configs/ parse and document every key; unknown keys, bad values and
// TOML syntax errors name the key, the file and the line:column; the CLI exits 2 on them.
#include <gtest/gtest.h>

#include <regex>

#include "gridenum/count/method.hpp"
#include "gridenum/jobs/config.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const fs::path kConfigs = fs::path(GRIDENUM_SOURCE_DIR) / "configs";

TEST(Config, EveryShippedConfigParses) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(kConfigs)) {
    if (e.path().extension() != ".toml") continue;
    ++n;
    EXPECT_NO_THROW(load_config(e.path())) << e.path();
  }
  EXPECT_GE(n, 6);
  const JobConfig d = load_config(kConfigs / "default.toml");
  EXPECT_EQ(d.shape, (Shape{3, 3}));
  EXPECT_EQ(d.kernel, Kernel::Partition);
  EXPECT_EQ(d.shard, (Shard{1, 1}));
  EXPECT_EQ(load_config(kConfigs / "2x3.toml").shape, (Shape{2, 3}));
  EXPECT_EQ(load_config(kConfigs / "4x2.toml").shape, (Shape{4, 2}));
  EXPECT_EQ(load_config(kConfigs / "4x3.toml").shape, (Shape{4, 3}));
  EXPECT_EQ(load_config(kConfigs / "4x3.toml").method, MethodId::ThreeBand);
  // The 12x12 (2x6) count by the two-stack route, as "auto" resolves it: parsed here, shape and
  // method checked together; its dry run (the class table alone takes 15-30 s) is left to the user
  // (the fast tier's tests stay under 10 s, docs/testing.md).
  const JobConfig twelve = load_config(kConfigs / "2x6.toml");
  EXPECT_EQ(twelve.shape, (Shape{2, 6}));
  EXPECT_EQ(twelve.method, MethodId::TwoStack);
  EXPECT_EQ(resolve_method(Shape{2, 6}, std::nullopt).id, MethodId::TwoStack);  // what "auto" takes
  EXPECT_EQ(twelve.shard, (Shard{1, 1}));
  EXPECT_EQ(twelve.memory_limit, 0u);  // "auto": 90 % of the task's --mem under Slurm
}

// Every key a config can hold appears in each shipped file under a comment.
TEST(Config, ShippedConfigsDocumentEveryKey) {
  JobConfig all;
  all.description = "x";
  const std::string keys_toml = to_toml(all);
  std::vector<std::string> keys;
  std::regex key_re(R"(^([a-z_]+) = )");
  std::istringstream in(keys_toml);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, key_re)) keys.push_back(m[1]);
  }
  ASSERT_EQ(keys.size(), 13u);
  for (const auto& e : fs::directory_iterator(kConfigs)) {
    if (e.path().extension() != ".toml") continue;
    const std::string text = slurp(e.path());
    for (const auto& k : keys) {
      const auto at = text.find("\n" + k + " = ");
      ASSERT_NE(at, std::string::npos) << e.path() << " lacks " << k;
      const auto prev_line_start = text.rfind('\n', at - 1);
      EXPECT_EQ(text[prev_line_start + 1], '#') << e.path() << ": no comment above " << k;
    }
  }
}

TEST(Config, RoundTripThroughToml) {
  JobConfig c;
  c.description = "a \"quoted\" note";
  c.shape = Shape{2, 4};
  c.kernel = Kernel::Backtrack;
  c.threads = 3;
  c.slices_per_class = 77;
  c.shard = Shard{2, 5};
  c.checkpoint_seconds = 0.25;
  c.progress_seconds = 3;
  c.catalogue_cache = false;
  c.table_cache = false;
  c.table_cache_dir = "/shared/gridenum tables";
  c.memory_limit = 3ULL << 30;
  EXPECT_EQ(parse_config(to_toml(c), "x.toml"), c);
  EXPECT_EQ(parse_config(to_toml(JobConfig{}), "x.toml"), JobConfig{});
  EXPECT_EQ(parse_config("", "empty.toml"), JobConfig{});
}

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "cfg/job.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Config, UnknownKeyNamesKeyFileAndPosition) {
  const std::string e = error_of("shape = \"3x3\"\n\n  shap = \"2x2\"\n");
  EXPECT_TRUE(contains(e, "cfg/job.toml:3:3: unknown key 'shap'")) << e;
  EXPECT_TRUE(contains(e, "known keys:")) << e;
  EXPECT_TRUE(contains(error_of("[count]\nshape = \"3x3\"\n"), "cfg/job.toml:1:2: unknown key 'count'"));
}

TEST(Config, BadValuesNameKeyFileAndPosition) {
  struct Case {
    std::string text, expect;
  };
  const std::vector<Case> cases = {
      {"shape = \"3y3\"", "cfg/job.toml:2:9: bad value for 'shape'"},
      {"shape = \"5x5\"", "box shape 5x5 gives 25x25 grids"},
      {"shape = \"2x7\"", "box shape 2x7 is beyond what count does"},
      // Every method that runs as a job, from the registry (three-band included; signature is one pass).
      {"method = \"fast\"", "cfg/job.toml:2:10: bad value for 'method': expected one of \"auto\", \"stack\", \"band-pair\", "
                            "\"two-stack\", \"two-band\", \"three-band\", got \"fast\""},
      {"method = \"signature\"", "cfg/job.toml:2:10: bad value for 'method': expected one of \"auto\", \"stack\""},
      // Shape and method checked together, at the method's position.
      {"method = \"stack\"\nshape = \"2x5\"", "cfg/job.toml:2:10: method stack: "},
      {"method = \"two-band\"\nshape = \"3x3\"", "cfg/job.toml:2:10: method two-band: the two-stack and two-band routes count boxes with a side of 2"},
      {"shape = \"1x4\"", "bad value for 'shape'"},
      {"shape = 9", "bad value for 'shape': expected a string"},
      {"kernel = \"fast\"", "cfg/job.toml:2:10: bad value for 'kernel': expected \"partition\" or \"backtrack\", got \"fast\""},
      {"threads = -1", "bad value for 'threads': expected 0..4096, got -1"},
      {"threads = \"two\"", "bad value for 'threads': expected an integer"},
      {"threads = 1.5", "bad value for 'threads'"},
      {"slices_per_class = -3", "bad value for 'slices_per_class'"},
      {"shard = \"4/3\"", "bad value for 'shard': expected \"K/M\""},
      {"shard = \"0/3\"", "bad value for 'shard'"},
      {"shard = 1", "bad value for 'shard'"},
      {"checkpoint_seconds = 0", "bad value for 'checkpoint_seconds'"},
      {"checkpoint_seconds = \"1s\"", "bad value for 'checkpoint_seconds': expected a number"},
      {"progress_seconds = -2.0", "bad value for 'progress_seconds'"},
      {"catalogue_cache = \"yes\"", "bad value for 'catalogue_cache': expected true or false"},
      {"table_cache = 1", "bad value for 'table_cache': expected true or false"},
      {"table_cache_dir = false", "bad value for 'table_cache_dir': expected a directory name"},
      {"memory_limit = 20", "bad value for 'memory_limit': expected \"auto\" or a size"},
      {"memory_limit = \"lots\"", "bad value for 'memory_limit': expected \"auto\" or a size"},
      {"memory_limit = \"0G\"", "bad value for 'memory_limit': expected \"auto\" or a size"},
      {"description = 3", "bad value for 'description'"},
  };
  for (const auto& c : cases) {
    const std::string e = error_of("# comment\n" + c.text + "\n");
    EXPECT_TRUE(contains(e, c.expect)) << c.text << " -> " << e;
    EXPECT_TRUE(contains(e, "cfg/job.toml:2:")) << c.text << " -> " << e;  // line 2: after the comment
  }
}

TEST(Config, SyntaxErrorNamesFileAndPosition) {
  const std::string e = error_of("shape = \"3x3\"\nthreads = = 2\n");
  EXPECT_TRUE(contains(e, "cfg/job.toml:2:")) << e;
  EXPECT_TRUE(contains(error_of("shape = \"3x3\"\nshape = \"2x2\"\n"), "cfg/job.toml:2:")) << "duplicate key";
}

TEST(Config, MissingFileNamed) {
  try {
    load_config("/nonexistent/dir/job.toml");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_TRUE(contains(e.what(), "/nonexistent/dir/job.toml")) << e.what();
  }
}

TEST(ConfigCli, CountWithConfigAndOverrides) {
  Proc p = run_cli({"count", "--config", (kConfigs / "2x3.toml").string(), "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "28200960"));
  EXPECT_TRUE(contains(p.out, "1 thread"));
  // --shape overrides the file.
  p = run_cli({"count", "--config", (kConfigs / "2x3.toml").string(), "--shape", "2x2"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "total                   288"));
}

TEST(ConfigCli, BadConfigExitsTwoNamingKeyFileAndLine) {
  TempDir t;
  spit(t / "bad.toml", "shape = \"3x3\"\nkernal = \"partition\"\n");
  Proc p = run_cli({"count", "--config", (t / "bad.toml").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, (t / "bad.toml").string() + ":2:1: unknown key 'kernal'")) << p.err;
  spit(t / "bad.toml", "threads = -4\n");
  p = run_cli({"count", "--config", (t / "bad.toml").string(), "--job-dir", (t / "job").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "bad.toml:1:11: bad value for 'threads'")) << p.err;
  EXPECT_FALSE(fs::exists(t / "job" / "journal"));
  p = run_cli({"count", "--config", (t / "missing.toml").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "missing.toml")) << p.err;
  p = run_cli({"count", "--shard", "2/3"});  // a shard needs a job directory
  EXPECT_EQ(p.code, 2);
  p = run_cli({"count", "--shard", "4/3", "--job-dir", (t / "j2").string()});
  EXPECT_EQ(p.code, 2);
}

}  // namespace
