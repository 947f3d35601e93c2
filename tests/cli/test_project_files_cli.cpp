// The project's licence and citation files agree with the project: CITATION.cff's version is
// CMakeLists.txt's project VERSION (and the one `gridenum --version` prints), both say MIT, and
// LICENSE is the MIT licence of the gridenum authors.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;

// The value of a top-level `key: value` line of CITATION.cff, quotes removed.
std::string cff_value(const std::string& cff, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(cff, m, std::regex("(^|\n)" + key + ": *\"?([^\"\n]*)\"?\n"))) return "";
  return m[2];
}

}  // namespace

TEST(ProjectFiles, CitationNamesTheProjectsVersionAndLicence) {
  const std::string cff = slurp(fs::path(GRIDENUM_SOURCE_DIR) / "CITATION.cff");
  ASSERT_FALSE(cff.empty());
  EXPECT_EQ(cff_value(cff, "cff-version"), "1.2.0");
  EXPECT_EQ(cff_value(cff, "title"), "gridenum");
  EXPECT_EQ(cff_value(cff, "version"), GRIDENUM_PROJECT_VERSION) << "CITATION.cff against CMakeLists.txt's project VERSION";
  EXPECT_EQ(cff_value(cff, "license"), "MIT");
  EXPECT_FALSE(cff_value(cff, "message").empty());
  EXPECT_TRUE(contains(cff, "authors:\n  - name: \"the gridenum authors\"\n")) << cff;
  const std::string version = run_cli({"--version"}).out;  // "gridenum 0.1.0 (commit ...)"
  const std::string expected = "gridenum " + cff_value(cff, "version");
  EXPECT_TRUE(version.rfind(expected + " ", 0) == 0 || version == expected + "\n") << version;
}

TEST(ProjectFiles, LicenceIsMit) {
  const std::string licence = slurp(fs::path(GRIDENUM_SOURCE_DIR) / "LICENSE");
  EXPECT_EQ(licence.compare(0, 12, "MIT License\n"), 0) << licence.substr(0, 40);
  EXPECT_TRUE(contains(licence, "Copyright (c) 2026 the gridenum authors\n"));
  EXPECT_TRUE(contains(licence, "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"));
}
