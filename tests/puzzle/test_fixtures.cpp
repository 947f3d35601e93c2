// The test fixtures themselves (tests/support/solve_fixtures.hpp): pointed at a missing or an
// empty file, or at a file with a bad line, they throw, so a test using them fails instead of
// looping over nothing and passing having checked nothing. And the project's own data is there.
#include <gtest/gtest.h>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

using namespace gridenum::testing;

TEST(Fixtures, MissingOrEmptyDataFails) {
  const TempDir t;
  spit(t / "empty.txt", "");
  spit(t / "comments.txt", "# only a comment\n\n");
  spit(t / "bad.txt", "12345\n");
  for (const char* f : {"missing.txt", "empty.txt", "comments.txt", "bad.txt"}) {
    EXPECT_THROW(load_path((t / f).string()), FixtureError) << f;
    EXPECT_THROW(seed_examples((t / f).string()), FixtureError) << f;
    EXPECT_THROW(load_counted((t / f).string()), FixtureError) << f;
  }
  EXPECT_THROW(data_lines((t / "empty.txt").string()), FixtureError);
  // A seed file with fewer than the four examples is refused too.
  spit(t / "one.txt", "classic " + std::string(81, '.') + " " + std::string(81, '.') + "\n");
  EXPECT_THROW(seed_examples((t / "one.txt").string()), FixtureError);
}

TEST(Fixtures, TheProjectsOwnDataIsThere) {
  EXPECT_EQ(seed_examples().size(), 4u);
  EXPECT_EQ(load_path(data_file("handmade/variants-9x9.txt")).size(), 2u);
  EXPECT_EQ(load_path(data_file("handmade/variants-small.txt")).size(), 4u);
}
