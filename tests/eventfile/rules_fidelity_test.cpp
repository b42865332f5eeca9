// Results and setups the rules allow, read from event files and written back (issue 8): each
// newly legal result round-trips through the event file, journal and state alike.
#include <gmock/gmock.h>

#include "support/event_files.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using nlohmann::json;
using ::testing::HasSubstr;

json two_tables(const std::string& edition, int points, const json& table1, const json& table2) {
  json j = {{"gauntlet", 1},
            {"event", {{"name", "Fidelity Open"}, {"edition", edition}, {"points", points}, {"rounds", 3}}},
            {"players", json::array()},
            {"rounds", json::array({{{"number", 1}, {"tables", json::array({table1, table2})}}})}};
  // What players type and other tools export: words and abbreviations of faction names.
  const char* factions[] = {"Menoth", "Mercs", "Circle", "Legion"};
  for (int i = 0; i < 4; ++i)
    j["players"].push_back({{"id", "p" + std::to_string(i + 1)},
                            {"name", "Player " + std::to_string(i + 1)},
                            {"faction", factions[i]}});
  return j;
}

json table(int n, const char* a, const char* b, const char* victory, json ra, json rb) {
  return {{"table", n}, {"players", {a, b}}, {"victory", victory}, {"results", {ra, rb}}};
}

json result(const char* outcome, int cp, int ap) {
  return {{"outcome", outcome}, {"cp", cp}, {"ap", ap}};
}

// Reads the state-shaped file, writes it with its journal, reads that again: same state.
EventFile round_trip(const json& j) {
  const auto f = read_event_file(j);
  EXPECT_TRUE(f) << (f ? "" : f.error().describe());
  if (!f) return {};
  const auto back = parse_event_file(write_event_file(f->state, f->journal).dump());
  EXPECT_TRUE(back) << (back ? "" : back.error().describe());
  if (!back) return {};
  EXPECT_EQ(back->state, f->state);
  EXPECT_EQ(compute_standings(back->state), compute_standings(f->state));
  return *f;
}

// SR2017 scenario pages: "If the game ends before a player wins via scenario or assassination
// victory, the player with the most control points wins via scenario victory."
TEST(SR2017_ScenarioVictory, AGameEndedThreeToOneOnTurnSevenRoundTrips) {
  const EventFile f = round_trip(
      two_tables("SR2017", 75, table(1, "p1", "p2", "scenario", result("win", 3, 40), result("loss", 1, 20)),
                 table(2, "p3", "p4", "tiebreaker", result("loss", 2, 10), result("win", 2, 30))));
  const Table& t = f.state.rounds.at(0).tables.at(0);
  EXPECT_EQ((*t.results)[0].cp, 3);
  EXPECT_EQ(t.ending, Ending::scenario);
  // Faction words and abbreviations became the factions' names.
  EXPECT_EQ(f.state.players.at(0).faction, "Protectorate of Menoth");
  EXPECT_EQ(f.state.players.at(1).faction, "Mercenaries");
  EXPECT_EQ(f.state.players.at(2).faction, "Circle Orboros");
  EXPECT_EQ(f.state.players.at(3).faction, "Legion of Everblight");
}

// SR2014 "a player cannot earn more control points than are required to win the scenario":
// 6–5 is what wins against 5.
TEST(SR2014_RecordingResults, SixToFiveRoundTrips) {
  const EventFile f = round_trip(
      two_tables("SR2014", 50, table(1, "p1", "p2", "scenario", result("win", 6, 40), result("loss", 5, 20)),
                 table(2, "p3", "p4", "assassination", result("loss", 0, 10), result("win", 2, 30))));
  EXPECT_EQ((*f.state.rounds.at(0).tables.at(0).results)[0].cp, 6);
  json j =
      two_tables("SR2014", 50, table(1, "p1", "p2", "scenario", result("win", 6, 40), result("loss", 0, 20)),
                 table(2, "p3", "p4", "assassination", result("loss", 0, 10), result("win", 2, 30)));
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("results[0].cp"));
}

// SR2017 "Sportsmanship": half "the total value of the opponent's starting army". Without any
// registered list the point size stands in, and the result says it did, through the file too.
TEST(SR2017_Concession, PointSizeStandInRoundTripsAndIsSaid) {
  const EventFile f = round_trip(
      two_tables("SR2017", 75, table(1, "p1", "p2", "concession", result("win", 0, 0), result("loss", 0, 0)),
                 table(2, "p3", "p4", "scenario", result("loss", 0, 10), result("win", 5, 30))));
  const Table& t = f.state.rounds.at(0).tables.at(0);
  EXPECT_EQ((*t.results)[0].ap, 38);
  EXPECT_EQ((*t.results)[0].cp, 3);
  ASSERT_TRUE(t.concession_army);
  EXPECT_EQ(t.concession_army->points, 75);
  EXPECT_FALSE(t.concession_army->list);
  const json written = write_event_file(f.state, f.journal);
  EXPECT_EQ(written.dump().find("\"from\":\"point-size\"") != std::string::npos, true);
}

// The list played halves the conceding player's army; an EO-added faction is part of the setup:
// both come back from the written file.
TEST(SR2017_Concession, ListPlayedAndAddedFactionRoundTrip) {
  json j =
      two_tables("SR2017", 75, table(1, "p1", "p2", "concession", result("win", 0, 0), result("loss", 0, 0)),
                 table(2, "p3", "p4", "scenario", result("loss", 0, 10), result("win", 5, 30)));
  j["event"]["factions"] = {"Orgoth"};
  j["players"][0]["faction"] = "Khador";
  j["players"][1]["faction"] = "orgoth";
  j["players"][2]["faction"] = "Cygnar";
  j["players"][3]["faction"] = "Cryx";
  auto list = [](const char* leader, int unit) {
    return json{{"entries",
                 {{{"name", leader}, {"cost", 28}, {"kind", "warcaster"}},
                  {{"name", "Unit"}, {"cost", unit}, {"kind", "unit"}}}}};
  };
  j["event"]["lists"] = 2;
  j["players"][1]["lists"] = {list("Leader A", 103), list("Leader B", 99)};  // 75 and 71 net
  j["rounds"][0]["tables"][0]["results"][1]["list"] = 2;
  const EventFile f = round_trip(j);
  EXPECT_EQ(f.state.config.factions, (std::vector<std::string>{"Orgoth"}));
  EXPECT_EQ(f.state.players.at(1).faction, "Orgoth");
  const Table& t = f.state.rounds.at(0).tables.at(0);
  EXPECT_EQ((*t.results)[0].ap, 50);  // 99 / 2 rounded up
  EXPECT_EQ(t.concession_army, (ConcessionArmy{99, 2}));
}

}  // namespace
}  // namespace gauntlet
