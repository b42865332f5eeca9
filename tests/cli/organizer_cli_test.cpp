// Issue 15 point 3 from the command line: `gauntlet organizer add|list|disable|password|audit`, the
// admin's side of organizer accounts. Passwords are generated and printed once.
#include <gmock/gmock.h>

#include <regex>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliOrganizers : public CliTest {};

TEST_F(CliOrganizers, AddListDisablePasswordAndAudit) {
  const Ran added = gauntlet({"organizer", "add", "alice", "--name", "Alice Liddell"});
  ASSERT_EQ(added.status, 0) << added.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(added.out, m, std::regex("stored hashed\\): (\\S+)"))) << added.out;
  EXPECT_GE(m[1].str().size(), 8u);

  const Ran again = gauntlet({"organizer", "add", "alice", "--name", "Someone Else"});
  EXPECT_NE(again.status, 0);
  EXPECT_THAT(again.err, HasSubstr("login"));
  const Ran bad = gauntlet({"organizer", "add", "Alice Smith", "--name", "A"});
  EXPECT_NE(bad.status, 0);
  EXPECT_THAT(bad.err, HasSubstr("login"));

  ok({"organizer", "disable", "alice"});
  const Ran listed = gauntlet({"--json", "organizer", "list"});
  ASSERT_EQ(listed.status, 0) << listed.err;
  ASSERT_EQ(listed.json().size(), 1u);
  EXPECT_EQ(listed.json()[0]["disabled"], true);
  EXPECT_EQ(listed.json()[0]["name"], "Alice Liddell");
  ok({"organizer", "disable", "alice", "--enable"});

  const Ran fresh = gauntlet({"organizer", "password", "alice"});
  ASSERT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_THAT(fresh.out, HasSubstr("New password for 'alice'"));
  const Ran nobody = gauntlet({"organizer", "password", "zed"});
  EXPECT_NE(nobody.status, 0);
  EXPECT_THAT(nobody.err, HasSubstr("no organizer 'zed'"));

  const Ran audit = gauntlet({"--json", "organizer", "audit"});
  ASSERT_EQ(audit.status, 0) << audit.err;
  std::vector<std::string> actions;
  for (const auto& e : audit.json())
    actions.push_back(e["action"].get<std::string>() + " " + e["actor"].get<std::string>());
  EXPECT_THAT(actions, ::testing::ElementsAre("organizer.password cli", "organizer.enable cli",
                                              "organizer.disable cli", "organizer.add cli"));
}

}  // namespace
}  // namespace gauntlet
