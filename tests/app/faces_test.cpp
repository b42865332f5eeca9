// Issue 9: "the CLI and the web are two faces of the same use cases". One event played twice with
// the same inputs — once by the real `gauntlet` binary, once through the HTTP API of a real server
// on loopback — must leave identical journal entries (times of acceptance aside). And a hand-made
// rematch is refused by both faces without an override, accepted by both with one, the reason
// in the journal.
#include <gmock/gmock.h>

#include "../cli/run_gauntlet.hpp"
#include "../server/client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// The CLI runner of tests/cli, usable beside the server fixture.
struct Cli : gauntlet::testing::CliTest {
  void TestBody() override {}
  void start() { SetUp(); }
  void stop() { TearDown(); }
  using CliTest::gauntlet;
  using CliTest::write;
  json journal() const {
    json out = json::array();
    const auto r = gauntlet({"log", "--json"});
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) out.push_back(json::parse(line));
    return out;
  }
};

const std::vector<std::pair<std::string, std::string>> kPlayers = {
    {"Ada", "Cygnar"},  {"Boris", "Khador"},     {"Chen", "Cryx"},
    {"Dana", "Skorne"}, {"Emil", "Trollbloods"}, {"Fay", "Legion of Everblight"}};

class Faces : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    cli.start();
  }
  void TearDown() override {
    cli.stop();
    ServerTest::TearDown();
  }
  void cli_ok(const std::vector<std::string>& args) {
    const auto r = cli.gauntlet(args);
    ASSERT_EQ(r.status, 0) << r.out << r.err;
  }
  json api_ok(Client& eo, const std::string& path, const json& body) {
    const Reply r = eo.post(base + path, body);
    EXPECT_EQ(r.status, 200) << path << " " << body.dump() << " -> " << r.body;
    return r.json;
  }
  // The API's journal in the CLI's `log --json` form, times of acceptance removed from both.
  static json without_times(json entries) {
    for (json& e : entries) e.erase("at");
    return entries;
  }
  // Publishes the API's automatic proposal as the console does.
  void api_pair(Client& eo) {
    const json p = api_ok(eo, "/pairing/propose", json::object());
    json cmd{
        {"type", "pair-round"}, {"round", p["round"]}, {"tables", p["tables"]}, {"explain", p["explain"]}};
    if (!p["bye"].is_null()) cmd["bye"] = p["bye"];
    api_ok(eo, "/commands", cmd);
  }
  // Every table of the current round: the first seat wins 3–1 on scenario (the same in both faces).
  void play_round(Client& eo) {
    const Reply pairings = Client(port()).get(base + "/pairings");
    for (const json& t : pairings.json["tables"]) {
      const int table = t["table"];
      const std::string winner = t["players"][0]["id"];
      cli_ok({"round", "result", std::to_string(table), "--winner", winner, "--cp", "3:1", "--ap", "25:10",
              "--ending", "scenario"});
      api_ok(eo, "/commands",
             {{"type", "record-result"},
              {"round", pairings.json["round"]},
              {"table", table},
              {"results",
               {{{"outcome", "win"}, {"cp", 3}, {"ap", 25}}, {{"outcome", "loss"}, {"cp", 1}, {"ap", 10}}}},
              {"victory", "scenario"}});
    }
    cli_ok({"round", "close"});
    api_ok(eo, "/commands", {{"type", "close-round"}});
  }

  Cli cli;
  const std::string base = "/api/events/faces";
};

TEST_F(Faces, TheSameEventThroughTheCliAndTheApiJournalsIdenticalEntries) {
  cli_ok({"event", "new", "--id", "faces", "--name", "Faces Open", "--edition", "SR2017", "--points", "75",
          "--seed", "7", "--rounds", "3"});
  Client admin(port());
  admin.bearer = admin_key_;
  const Reply made = admin.post(
      "/api/events",
      {{"id", "faces"},
       {"password", "eo-secret-faces"},
       {"config",
        {{"name", "Faces Open"}, {"edition", "SR2017"}, {"points", 75}, {"seed", 7}, {"rounds", 3}}}});
  ASSERT_EQ(made.status, 201) << made.body;
  Client eo = login_eo("faces");

  // Registration: one by one, a CSV batch, the check-in.
  for (std::size_t i = 0; i < 4; ++i) {
    cli_ok({"player", "add", "--name", kPlayers[i].first, "--faction", kPlayers[i].second});
    api_ok(
        eo, "/commands",
        {{"type", "add-player"}, {"player", {{"name", kPlayers[i].first}, {"faction", kPlayers[i].second}}}});
  }
  const std::string csv = "name,faction\nEmil,Trollbloods\nFay,Legion of Everblight\n";
  cli.write("late.csv", csv);
  cli_ok({"player", "import", "late.csv"});
  api_ok(eo, "/players/import", {{"csv", csv}});
  // Everyone checks in: with check-in in use, round 1 pairs only the checked-in players (issue 10).
  cli_ok({"player", "check-in", "p1", "p2", "p3", "p4", "p5", "p6"});
  for (const char* id : {"p1", "p2", "p3", "p4", "p5", "p6"})
    api_ok(eo, "/commands", {{"type", "set-player-status"}, {"id", id}, {"status", "checked-in"}});

  // Round 1 automatic, played and closed; round 2 automatic, then a drop before playing it:
  // the orphan gets the bye.
  cli_ok({"round", "pair"});
  api_pair(eo);
  play_round(eo);
  cli_ok({"round", "pair"});
  api_pair(eo);
  cli_ok({"player", "drop", "p6", "--orphan-bye"});
  api_ok(eo, "/drop", {{"player", "p6"}, {"amend", "orphan-bye"}});
  play_round(eo);

  // Round 3 by hand, with a rematch published on purpose, and an undo of the last change.
  const Reply r2 = Client(port()).get(base + "/pairings?round=2");
  const std::string a = r2.json["tables"][0]["players"][0]["id"],
                    b = r2.json["tables"][0]["players"][1]["id"];
  std::vector<std::string> rest;
  const Reply summary = Client(port()).get(base);
  for (const json& p : summary.json["players"])
    if (p["id"] != a && p["id"] != b && p["status"] != "dropped") rest.push_back(p["id"]);
  ASSERT_EQ(rest.size(), 3u);
  const std::string reason = "Ada and Boris asked for a grudge match";
  cli_ok({"round", "pair", "--table", a + "," + b, "--table", rest[0] + "," + rest[1], "--bye", rest[2],
          "--force", "--reason", reason});
  api_ok(eo, "/commands",
         {{"type", "pair-round"},
          {"tables", {{{"table", 1}, {"players", {a, b}}}, {{"table", 2}, {"players", {rest[0], rest[1]}}}}},
          {"bye", rest[2]},
          {"override", {{"reason", reason}}}});
  cli_ok({"player", "edit", "p2", "--club", "Dice Vault"});
  api_ok(eo, "/commands", {{"type", "edit-player"}, {"id", "p2"}, {"club", "Dice Vault"}});
  cli_ok({"undo"});
  api_ok(eo, "/undo", json::object());

  const json from_cli = without_times(cli.journal());
  const json from_api = without_times(eo.get(base + "/journal").json["entries"]);
  ASSERT_EQ(from_cli.size(), from_api.size());
  for (std::size_t i = 0; i < from_cli.size(); ++i) EXPECT_EQ(from_cli[i], from_api[i]) << "entry " << i + 1;
  // The override and its reason are in both journals.
  bool overridden = false;
  for (const json& e : from_api)
    if (e.contains("command") && e["command"].contains("override")) {
      overridden = true;
      EXPECT_EQ(e["command"]["override"]["reason"], reason);
      EXPECT_THAT(e["command"]["override"]["broken"][0].get<std::string>(), HasSubstr("rematch"));
    }
  EXPECT_TRUE(overridden);
}

// Issue 9: "a hand-made rematch is refused in both faces without an override, and accepted with
// one, the reason in the journal". SR2017 "Subsequent Pairings".
TEST_F(Faces, AHandMadeRematchIsRefusedByBothFacesWithoutAnOverride) {
  cli_ok({"event", "new", "--id", "faces", "--name", "Faces Open", "--edition", "SR2017", "--points", "75",
          "--rounds", "3"});
  create_event("faces", "Faces Open");
  Client eo = login_eo("faces");
  for (std::size_t i = 0; i < 4; ++i) {
    cli_ok({"player", "add", "--name", kPlayers[i].first, "--faction", kPlayers[i].second});
    add_player(eo, "faces", kPlayers[i].first);
  }
  const json tables = {{{"table", 1}, {"players", {"p1", "p2"}}}, {{"table", 2}, {"players", {"p3", "p4"}}}};
  cli_ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  api_ok(eo, "/commands", {{"type", "pair-round"}, {"tables", tables}});
  for (int t = 1; t <= 2; ++t) {
    cli_ok({"round", "result", std::to_string(t), "--tie", "--ending", "tie"});
    api_ok(eo, "/commands",
           {{"type", "record-result"},
            {"table", t},
            {"results",
             {{{"outcome", "tie"}, {"cp", 0}, {"ap", 0}}, {{"outcome", "tie"}, {"cp", 0}, {"ap", 0}}}},
            {"victory", "tie"}});
  }
  cli_ok({"round", "close"});
  api_ok(eo, "/commands", {{"type", "close-round"}});

  const auto cli_before = cli.journal().size();
  const auto refused = cli.gauntlet({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_THAT(refused.err, HasSubstr("rematch"));
  EXPECT_THAT(refused.err, HasSubstr("--force --reason"));
  EXPECT_EQ(cli.journal().size(), cli_before);
  const auto no_reason = cli.gauntlet({"round", "pair", "--table", "p1,p2", "--table", "p3,p4", "--force"});
  EXPECT_EQ(no_reason.status, 2);
  EXPECT_THAT(no_reason.err, HasSubstr("--reason"));

  const auto api_before = journal_length("faces");
  const Reply r = eo.post(base + "/commands", {{"type", "pair-round"}, {"tables", tables}});
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(r.json["error"]["kind"], "precondition");
  EXPECT_THAT(r.json["error"]["message"].get<std::string>(), HasSubstr("rematch"));
  ASSERT_TRUE(r.json["error"]["findings"].is_array()) << r.body;
  EXPECT_EQ(r.json["error"]["findings"][0]["rule"], "rematch");
  EXPECT_EQ(journal_length("faces"), api_before);

  cli_ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4", "--force", "--reason", "league finals"});
  api_ok(eo, "/commands",
         {{"type", "pair-round"}, {"tables", tables}, {"override", {{"reason", "league finals"}}}});
  for (const json& last : {cli.journal().back(), eo.get(base + "/journal").json["entries"].back()}) {
    EXPECT_EQ(last["command"]["override"]["reason"], "league finals");
    EXPECT_EQ(last["command"]["override"]["broken"].size(), 2u);
  }
}

}  // namespace
}  // namespace gauntlet::server::test
