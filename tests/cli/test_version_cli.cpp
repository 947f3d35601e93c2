// `gridenum --version` names the commit it was built from: the short hash, "-dirty" when tracked
// files had changes at build time, "unknown" outside a git checkout (cmake/git_revision.cmake,
// run at every build). The script is run here on checkouts made for the test: clean, changed,
// no git at all, and a folder inside a checkout that is not its top (a tarball unpacked there).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <regex>
#include <string>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;

// A shell command's standard output, without its last newline; "" when it failed.
std::string version_sh(const std::string& line) {
  const TempDir t;
  const std::string full = "( " + line + " ) > '" + (t / "out").string() + "' 2>/dev/null";
  if (std::system(full.c_str()) != 0) return "";
  std::string out = slurp(t / "out");
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

std::string quoted_path(const fs::path& p) { return "'" + p.string() + "'"; }

// The revision the script writes for `dir` (the string literal in the generated source).
std::string revision_of(const fs::path& dir, const fs::path& output) {
  const std::string cmd = std::string("'") + GRIDENUM_CMAKE_COMMAND + "' -DSOURCE_DIR=" + quoted_path(dir) +
                          " -DOUTPUT=" + quoted_path(output) + " -P '" + GRIDENUM_SOURCE_DIR + "/cmake/git_revision.cmake'";
  EXPECT_EQ(std::system((cmd + " > /dev/null").c_str()), 0) << cmd;
  const std::string text = slurp(output);
  std::smatch m;
  if (!std::regex_search(text, m, std::regex("return \"([^\"]*)\";"))) return "(no revision in " + text + ")";
  return m[1];
}

const std::string kGit = "git -c user.name=test -c user.email=test@example.org -c init.defaultBranch=main";

}  // namespace

TEST(VersionCli, VersionNamesTheVersionAndTheCommit) {
  const Proc p = run_cli({"--version"});
  ASSERT_EQ(p.code, 0) << p.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(p.out, m, std::regex("gridenum ([0-9]+\\.[0-9]+\\.[0-9]+) \\(commit ([0-9a-f]{4,}(-dirty)?|unknown)\\)\n")))
      << p.out;
  EXPECT_EQ(m[1], GRIDENUM_PROJECT_VERSION);
  // This build's source: the hash of its HEAD when it is the top of a git checkout, else unknown.
  const std::string src = GRIDENUM_SOURCE_DIR;
  const std::string top = version_sh("cd '" + src + "' && git rev-parse --show-toplevel");
  if (!top.empty() && fs::equivalent(top, src)) {
    const std::string head = version_sh("cd '" + src + "' && git rev-parse HEAD");
    const std::string hash = m[2].str().substr(0, m[2].str().find('-'));
    EXPECT_EQ(head.compare(0, hash.size(), hash), 0) << "built from " << hash << ", HEAD is " << head;
  } else {
    EXPECT_EQ(m[2], "unknown");
  }
}

TEST(VersionCli, RevisionOfACleanAndAChangedCheckout) {
  const TempDir t;
  const fs::path repo = t / "repo";
  fs::create_directories(repo);
  spit(repo / "a.txt", "one\n");
  ASSERT_EQ(std::system(("cd " + quoted_path(repo) + " && " + kGit + " init -q && " + kGit + " add a.txt && " + kGit +
                         " commit -q -m one")
                            .c_str()),
            0);
  const std::string head = version_sh("cd " + quoted_path(repo) + " && git rev-parse --short HEAD");
  ASSERT_FALSE(head.empty());
  EXPECT_EQ(revision_of(repo, t / "rev.cpp"), head);
  // An untracked file does not make it dirty (as git describe --dirty); a changed tracked one does.
  spit(repo / "new.txt", "untracked\n");
  EXPECT_EQ(revision_of(repo, t / "rev.cpp"), head);
  spit(repo / "a.txt", "two\n");
  EXPECT_EQ(revision_of(repo, t / "rev.cpp"), head + "-dirty");
}

TEST(VersionCli, RevisionOutsideACheckoutIsUnknown) {
  const TempDir t;
  fs::create_directories(t / "tarball");
  spit(t / "tarball" / "CMakeLists.txt", "\n");
  EXPECT_EQ(revision_of(t / "tarball", t / "rev.cpp"), "unknown");
  // Unpacked inside some other checkout: that checkout's commit is not this source's.
  const fs::path outer = t / "outer";
  fs::create_directories(outer / "gridenum-0.1.0");
  spit(outer / "x.txt", "x\n");
  ASSERT_EQ(std::system(("cd " + quoted_path(outer) + " && " + kGit + " init -q && " + kGit + " add x.txt && " + kGit +
                         " commit -q -m x")
                            .c_str()),
            0);
  EXPECT_EQ(revision_of(outer / "gridenum-0.1.0", t / "rev.cpp"), "unknown");
}

// The generated source is rewritten only when the revision changes: a build with nothing new
// recompiles nothing.
TEST(VersionCli, RevisionFileUntouchedWhenUnchanged) {
  const TempDir t;
  fs::create_directories(t / "src");
  EXPECT_EQ(revision_of(t / "src", t / "rev.cpp"), "unknown");
  const auto before = fs::last_write_time(t / "rev.cpp");
  fs::last_write_time(t / "rev.cpp", before - std::chrono::hours(1));
  const auto backdated = fs::last_write_time(t / "rev.cpp");
  EXPECT_EQ(revision_of(t / "src", t / "rev.cpp"), "unknown");
  EXPECT_EQ(fs::last_write_time(t / "rev.cpp"), backdated);
}
