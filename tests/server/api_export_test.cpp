// Issue 14 point 3 through HTTP: GET /api/events/{id}/export/standings.csv and …/games.csv are
// public like the standings, RFC 4180 CSV a spreadsheet opens (UTF-8 mark, CRLF), names quoted
// and guarded against formulas, byes and dropped players included, contacts never.
#include <gmock/gmock.h>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

class ExportApiTest : public ServerTest {
 protected:
  void record(Client& eo, int table, const json& first, const json& second) {
    const Reply r = eo.post(
        "/api/events/csv/commands",
        {{"type", "record-result"}, {"table", table}, {"results", {first, second}}, {"victory", "scenario"}});
    ASSERT_EQ(r.status, 200) << r.body;
  }
  static json side(const char* outcome, int cp, int ap) {
    return {{"outcome", outcome}, {"cp", cp}, {"ap", ap}};
  }

  // Two rounds of four players: a name with a comma and quotes, one that is a formula, one that
  // reads like a number; the fourth drops after round 1, so round 2 has a bye. Planned rounds: 2.
  void play() {
    create_event("csv");
    Client eo = login_eo("csv");
    ids = {add_player(eo, "csv", "Smith, \"Ace\"", "ace@example.org").first,
           add_player(eo, "csv", "=HYPERLINK(\"x\")").first, add_player(eo, "csv", "Cy Moss").first,
           add_player(eo, "csv", "-1").first};
    const auto pair = [&](json tables, json bye) {
      json cmd{{"type", "pair-round"}, {"tables", tables}};
      if (!bye.is_null()) cmd["bye"] = bye;
      const Reply r = eo.post("/api/events/csv/commands", cmd);
      ASSERT_EQ(r.status, 200) << r.body;
    };
    pair({{{"table", 1}, {"players", {ids[0], ids[1]}}}, {{"table", 2}, {"players", {ids[2], ids[3]}}}},
         nullptr);
    ASSERT_EQ(eo.post("/api/events/csv/rounds", {{"rounds", 2}}).status, 200);
    record(eo, 1, side("win", 3, 40), side("loss", 1, 25));
    record(eo, 2, side("win", 5, 30), side("loss", 0, 10));
    ASSERT_EQ(eo.post("/api/events/csv/commands", {{"type", "close-round"}}).status, 200);
    ASSERT_EQ(eo.post("/api/events/csv/commands",
                      {{"type", "set-player-status"}, {"id", ids[3]}, {"status", "dropped"}})
                  .status,
              200);
    pair({{{"table", 1}, {"players", {ids[0], ids[2]}}}}, ids[1]);
    record(eo, 1, side("loss", 2, 20), side("win", 4, 50));
    ASSERT_EQ(eo.post("/api/events/csv/commands", {{"type", "close-round"}}).status, 200);
  }

  std::vector<std::string> ids;
};

std::vector<std::string> lines_of(const std::string& body) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < body.size()) {
    const std::size_t end = body.find("\r\n", at);
    out.push_back(body.substr(at, end - at));
    at = end == std::string::npos ? body.size() : end + 2;
  }
  return out;
}

TEST_F(ExportApiTest, StandingsCsvIsPublicQuotedGuardedAndShowsTheDroppedPlayer) {
  play();
  const Reply r = Client(port()).get("/api/events/csv/export/standings.csv");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("Content-Type"), "text/csv; charset=utf-8");
  EXPECT_EQ(r.header("Content-Disposition"), "attachment; filename=\"csv-standings.csv\"");
  EXPECT_EQ(r.header("Cache-Control"), "no-store");
  ASSERT_THAT(r.body, StartsWith("\xEF\xBB\xBF"));
  const auto lines = lines_of(r.body.substr(3));
  ASSERT_EQ(lines.size(), 5u) << r.body;
  EXPECT_EQ(lines[0], "Rank,ID,Player,Faction,Status,TP,SoS,CP,AP,Wins,Losses,Ties,Notes");
  // Cy won both (SoS: -1's 0 + Ace's 1); Ace (1 TP, SoS 3) above the formula's author (1 TP from
  // the bye, which W-L-T does not count as a win, as the standings JSON; SoS 1); -1 dropped.
  EXPECT_EQ(lines[1], "1," + ids[2] + ",Cy Moss,Cygnar,active,2,1,9,80,2,0,0,");
  EXPECT_EQ(lines[2], "2," + ids[0] + ",\"Smith, \"\"Ace\"\"\",Cygnar,active,1,3,5,60,1,1,0,");
  EXPECT_EQ(lines[3], "3," + ids[1] + ",\"'=HYPERLINK(\"\"x\"\")\",Cygnar,active,1,1,4,63,0,1,0,");
  EXPECT_EQ(lines[4], "4," + ids[3] + ",'-1,Cygnar,dropped,0,2,0,10,0,1,0,dropped");
  EXPECT_THAT(r.body, Not(HasSubstr("ace@example.org")));
}

TEST_F(ExportApiTest, GamesCsvHasOneRowPerPlayerPerGameAndTheBye) {
  play();
  const json round2 = Client(port()).get("/api/events/csv/pairings?round=2").json;
  const std::string scenario2 = round2["scenario_name"];
  // The pairings say what the bye scores, as the file does.
  EXPECT_EQ(round2["bye"]["award"], json({{"tp", 1}, {"cp", 3}, {"ap", 38}}));
  const std::string scenario1 = Client(port()).get("/api/events/csv/pairings?round=1").json["scenario_name"];
  const Reply r = Client(port()).get("/api/events/csv/export/games.csv");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("Content-Type"), "text/csv; charset=utf-8");
  EXPECT_EQ(r.header("Content-Disposition"), "attachment; filename=\"csv-games.csv\"");
  const auto lines = lines_of(r.body.substr(3));
  ASSERT_EQ(lines.size(), 8u) << r.body;  // header, 4 + 2 players' games, the bye
  EXPECT_EQ(lines[0],
            "Round,Table,Scenario,Player,Faction,Opponent,Opponent faction,List played,Result,Ending,CP,AP");
  EXPECT_EQ(lines[1],
            "1,1," + scenario1 +
                ",\"Smith, \"\"Ace\"\"\",Cygnar,\"'=HYPERLINK(\"\"x\"\")\",Cygnar,,win,scenario,3,40");
  EXPECT_EQ(lines[4], "1,2," + scenario1 + ",'-1,Cygnar,Cy Moss,Cygnar,,loss,scenario,0,10");
  EXPECT_EQ(lines[6],
            "2,1," + scenario2 + ",Cy Moss,Cygnar,\"Smith, \"\"Ace\"\"\",Cygnar,,win,scenario,4,50");
  // SR2017 "Byes & Odd Number of Players": a win, 3 CP, half the 75-point size (38) AP.
  EXPECT_EQ(lines[7], "2,," + scenario2 + ",\"'=HYPERLINK(\"\"x\"\")\",Cygnar,bye,,,win,,3,38");
}

TEST_F(ExportApiTest, UnknownEventsAndFilesAre404) {
  create_event("csv");
  EXPECT_EQ(Client(port()).get("/api/events/nope/export/standings.csv").status, 404);
  const Reply file = Client(port()).get("/api/events/csv/export/players.csv");
  EXPECT_EQ(file.status, 404);
  EXPECT_EQ(file.json["error"]["field"], "file");
  EXPECT_EQ(Client(port()).get("/api/events/csv/export/standings").status, 404);
  // Before round 1: the header alone, and every registered player with nothing played.
  const Reply early = Client(port()).get("/api/events/csv/export/games.csv");
  ASSERT_EQ(early.status, 200);
  EXPECT_EQ(lines_of(early.body.substr(3)).size(), 1u);
}

}  // namespace
}  // namespace gauntlet::server::test
