// The signature walks a symmetry job keeps (jobs/walk_store.hpp): the file round trip, and every
// kind of damage read back as "no walk, and why" (a cache: the kernel walks again), never as a walk.
#include <gtest/gtest.h>

#include <string>

#include "gridenum/core/digest.hpp"
#include "gridenum/jobs/walk_store.hpp"
#include "cli_run.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

SignatureWalk sample_walk() {
  SignatureWalk w;
  w.members = 10;
  w.orbits = {{0, 4, 8}, {3, 5, 20}, {7, 1, 1}};
  return w;
}

// The file's text with line `line` (0-based) replaced, its SHA-256 line made again when `reseal`.
std::string edited(const std::string& text, std::size_t line, const std::string& with, bool reseal) {
  std::vector<std::string> lines = lines_of(text);
  lines[line] = with;
  std::string body;
  for (std::size_t k = 0; k + 1 < lines.size(); ++k) body += lines[k] + "\n";
  return body + (reseal ? "sha256 " + sha256_hex(body) : lines.back()) + "\n";
}

}  // namespace

TEST(WalkStore, ARoundTripAndEveryDamageRefused) {
  TempDir t;
  const auto dir = t / "walks";
  const std::string key = "walk.v1.5.2-3-0-1-5-4-7-6-9-8.2+2+2+2+2.keep";
  std::string why = "stale";
  EXPECT_FALSE(load_walk(dir, key, &why));
  EXPECT_EQ(why, "");  // no file: nothing to report

  save_walk(dir, key, sample_walk());  // creates the directory
  const auto file = walk_file(dir, key);
  EXPECT_EQ(file.parent_path(), dir);
  EXPECT_EQ(file.extension(), ".walk");
  const auto back = load_walk(dir, key, &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(*back, sample_walk());
  const std::string text = slurp(file);
  EXPECT_EQ(text, walk_text(key, sample_walk()));
  EXPECT_TRUE(contains(text, "\nkey " + key + "\nmembers 10\norbits 3\n0 4 8\n3 5 20\n7 1 1\nsha256 ")) << text;

  // Another key names another file; the same file under another key (a renamed file) is refused.
  EXPECT_NE(walk_file(dir, key + "x"), file);
  std::filesystem::copy_file(file, walk_file(dir, "walk.v1.other"));
  EXPECT_FALSE(load_walk(dir, "walk.v1.other", &why));
  EXPECT_TRUE(contains(why, "line 2: a walk of another family")) << why;

  const auto refused = [&](const std::string& contents, const std::string& reason) {
    spit(file, contents);
    std::string w;
    EXPECT_FALSE(load_walk(dir, key, &w)) << reason;
    EXPECT_TRUE(contains(w, file.string())) << w;
    EXPECT_TRUE(contains(w, reason)) << w;
  };
  refused(edited(text, 5, "3 5 21", false), "line 8: the SHA-256");                    // one digit changed
  refused(text.substr(0, text.size() - 1), "cut off");                                 // torn tail
  refused(text.substr(0, text.find("7 1 1")), "line 6: the SHA-256");                  // lines missing
  refused(edited(text, 0, "gridenum signature walk 2", true), "line 1: not");          // another format
  refused(edited(text, 3, "orbits 4", true), "line 4: 4 orbits announced, 3 orbit");  // a count off
  refused(edited(text, 2, "members ten", true), "line 3: expected \"members");
  refused(edited(text, 6, "7 1", true), "line 7: expected \"<first member>");
  refused(edited(text, 6, "7 1 1 1", true), "line 7: expected");
  refused("", "too short");
  // Sealed again, a walk of the right form is read back: whether it fits its family is the
  // kernel's check (FixedGrids.KeptWalksAreTakenBackAndChecked).
  spit(file, edited(text, 2, "members 11", true));
  EXPECT_TRUE(load_walk(dir, key, &why)) << why;
}
