// A state-shaped event file (no "journal", as other tools write it) in the exact shape of issue 2
// §6 is rebuilt through the engine and scores as the rules say: TP/SoS/CP/AP, byes per edition,
// late entries, drops and disqualifications.
#include "support/event_files.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using nlohmann::json;

// Six players, three rounds (SR2017, 75 points). p6 enters late (round 2); p3 drops and p2 is
// disqualified after round 2; p5 has the round-1 bye; round 3 table 1 is a concession.
constexpr const char* kSixPlayers = R"({
  "gauntlet": 1,
  "event": {"name": "Shape Open", "edition": "SR2017", "points": 75, "variants": [], "rounds": 3},
  "players": [
    {"id": "p1", "name": "Ada", "faction": "Cygnar", "club": "Iron Foundry"},
    {"id": "p2", "name": "Boris", "faction": "Khador", "disqualified": true, "disqualified_after": 2},
    {"id": "p3", "name": "Chen", "faction": "Cryx", "dropped_after": 2},
    {"id": "p4", "name": "Dana", "faction": "Retribution of Scyrah"},
    {"id": "p5", "name": "Emil", "faction": "Legion of Everblight"},
    {"id": "p6", "name": "Fatima", "faction": "Circle Orboros", "joined_round": 2}
  ],
  "rounds": [
    {"number": 1, "tables": [
      {"table": 1, "players": ["p1", "p2"], "victory": "scenario",
       "results": [{"outcome": "win", "cp": 5, "ap": 40}, {"outcome": "loss", "cp": 0, "ap": 20}]},
      {"table": 2, "players": ["p3", "p4"],
       "results": [{"outcome": "win", "cp": 2, "ap": 30, "victory": "assassination"}, {"outcome": "loss", "cp": 3, "ap": 25}]},
      {"bye": "p5"}]},
    {"number": 2, "tables": [
      {"table": 1, "players": ["p1", "p5"], "victory": "clock",
       "results": [{"outcome": "win", "cp": 1, "ap": 30}, {"outcome": "loss", "cp": 2, "ap": 35}]},
      {"table": 2, "players": ["p3", "p6"], "victory": "scenario",
       "results": [{"outcome": "win", "cp": 6, "ap": 12}, {"outcome": "loss", "cp": 1, "ap": 8}]},
      {"table": 3, "players": ["p2", "p4"],
       "results": [{"outcome": "tie", "cp": 2, "ap": 15}, {"outcome": "tie", "cp": 2, "ap": 15}]}]},
    {"number": 3, "tables": [
      {"table": 1, "players": ["p1", "p4"], "victory": "concession",
       "results": [{"outcome": "loss", "cp": 4, "ap": 22}, {"outcome": "win", "cp": 1, "ap": 10}]},
      {"table": 2, "players": ["p5", "p6"], "victory": "tiebreaker",
       "results": [{"outcome": "win", "cp": 2, "ap": 20}, {"outcome": "loss", "cp": 2, "ap": 18}]}]}
  ]
})";

struct Expect {
  const char* id;
  int rank, tp, sos, cp, ap;
};

TEST(EventFileStateShape, IssueShapedFileScoresTpSosCpApByRule) {
  const EventFile f = must_parse(kSixPlayers);
  ASSERT_TRUE(f.state.created);
  const Standings s = compute_standings(f.state);
  EXPECT_EQ(s.criteria, (std::vector<std::string>{"tp", "sos", "cp", "ap"}));
  EXPECT_TRUE(s.finished);  // "rounds": 3 played
  // Worked by hand. p5: bye (1 TP, 3 CP, 38 AP = half of 75 rounded up) + loss + win; the bye adds
  // nothing to SoS. p4 wins round 3 by concession: max(3, 1) CP, max(38, 10) AP; p1 gets 0 and 0.
  // p2 is disqualified: listed after every ranked player.
  const Expect want[] = {{"p1", 1, 2, 3, 6, 70}, {"p5", 2, 2, 2, 7, 93}, {"p3", 3, 2, 1, 8, 42},
                         {"p4", 4, 1, 4, 8, 78}, {"p6", 5, 0, 4, 3, 26}, {"p2", 6, 0, 3, 2, 35}};
  ASSERT_EQ(s.rows.size(), std::size(want));
  for (std::size_t i = 0; i < std::size(want); ++i) {
    const StandingRow& r = s.rows[i];
    SCOPED_TRACE(want[i].id);
    EXPECT_EQ(r.id, want[i].id);
    EXPECT_EQ(r.rank, want[i].rank);
    EXPECT_EQ(r.tp, want[i].tp);
    EXPECT_EQ(r.sos, Fraction(want[i].sos));
    EXPECT_EQ(r.cp, want[i].cp);
    EXPECT_EQ(r.ap, want[i].ap);
  }
  EXPECT_TRUE(row_of(s, "p3").dropped);
  EXPECT_TRUE(row_of(s, "p2").disqualified);
  EXPECT_EQ(row_of(s, "p1").assassinations, 1);  // a clock win is scored as an assassination
}

TEST(EventFileStateShape, LateEntryDropAndDisqualificationLandInTheirRounds) {
  const EventFile f = must_parse(kSixPlayers);
  const EventState& st = f.state;
  ASSERT_EQ(st.rounds.size(), 3u);
  EXPECT_EQ(st.find_player("p6")->joined_round, 2);
  EXPECT_FALSE(st.rounds[0].table_of("p6"));
  EXPECT_EQ(st.find_player("p3")->status, PlayerStatus::dropped);
  EXPECT_EQ(st.find_player("p3")->dropped_after, 2);
  EXPECT_EQ(st.find_player("p2")->status, PlayerStatus::disqualified);
  EXPECT_EQ(st.find_player("p2")->disqualified_after, 2);
  EXPECT_EQ(st.rounds[0].bye, "p5");
  EXPECT_EQ(st.find_player("p1")->club, "Iron Foundry");
  for (const Round& r : st.rounds) EXPECT_TRUE(r.closed) << "round " << r.number;
  // The concession was scored by the engine, not taken from the file.
  const Table& conceded = st.rounds[2].tables[0];
  ASSERT_TRUE(conceded.results);
  EXPECT_EQ(conceded.ending, Ending::concession);
  EXPECT_EQ((*conceded.results)[0], (GameResult{Outcome::loss, 0, 0, std::nullopt, {}}));
  EXPECT_EQ((*conceded.results)[1], (GameResult{Outcome::win, 3, 38, std::nullopt, {}}));
  // A table without "victory" that is a tie ends as a tie.
  EXPECT_EQ(st.rounds[1].tables[2].ending, Ending::tie);
  // The file's history is rebuilt as engine commands: one creation, six players, then per round
  // a pairing, its results and the close, plus one drop and one disqualification.
  EXPECT_EQ(f.journal.size(), 1u + 6u + (1 + 2 + 1) + (1 + 3 + 1) + (1 + 2 + 1) + 2u);
  EXPECT_EQ(replay(f.journal), f.state);
}

TEST(EventFileStateShape, DisqualifiedWithoutRoundIsDisqualifiedAfterTheLastRound) {
  json j = json::parse(kSixPlayers);
  j["players"][1].erase("disqualified_after");
  // p2 must then play round 3: give p2 the round-3 table of p6 and drop p6 instead.
  j["players"][5]["dropped_after"] = 2;
  j["rounds"][2]["tables"][1]["players"] = {"p5", "p2"};
  const auto f = read_event_file(j);
  ASSERT_TRUE(f) << f.error().describe();
  EXPECT_EQ(f->state.find_player("p2")->disqualified_after, 3);
  EXPECT_EQ(f->state.find_player("p6")->dropped_after, 2);
}

TEST(EventFileStateShape, OpenLastRoundStaysOpenAndIsNotFinished) {
  json j = json::parse(kSixPlayers);
  j["rounds"][2]["tables"][1].erase("results");
  j["rounds"][2]["tables"][1].erase("victory");
  const auto f = read_event_file(j);
  ASSERT_TRUE(f) << f.error().describe();
  EXPECT_FALSE(f->state.rounds[2].closed);
  EXPECT_FALSE(f->state.rounds[2].tables[1].results);
  EXPECT_FALSE(compute_standings(f->state).finished);
}

// Four players, round 1 played and closed; `extra` is appended to "players".
json one_round_played(const json& extra = json()) {
  json j = json::parse(R"({
    "gauntlet": 1,
    "event": {"name": "Late Open", "edition": "SR2017", "points": 75},
    "players": [
      {"id": "p1", "name": "Ada", "faction": "Cygnar"}, {"id": "p2", "name": "Boris", "faction": "Khador"},
      {"id": "p3", "name": "Chen", "faction": "Cryx"}, {"id": "p4", "name": "Dana", "faction": "Skorne"}],
    "rounds": [{"number": 1, "tables": [
      {"table": 1, "players": ["p1", "p2"], "victory": "assassination",
       "results": [{"outcome": "win", "cp": 0, "ap": 40}, {"outcome": "loss", "cp": 0, "ap": 20}]},
      {"table": 2, "players": ["p3", "p4"], "victory": "assassination",
       "results": [{"outcome": "loss", "cp": 1, "ap": 10}, {"outcome": "win", "cp": 2, "ap": 30}]}]}]
  })");
  if (!extra.is_null()) j["players"].push_back(extra);
  return j;
}

TEST(EventFileStateShape, LateEntryForTheNextRoundIsKept) {
  // Registered after round 1 was paired: joins round 2, which is not paired yet.
  const auto f = read_event_file(
      one_round_played({{"id", "p5"}, {"name", "Emil"}, {"faction", "Trollbloods"}, {"joined_round", 2}}));
  ASSERT_TRUE(f) << f.error().describe();
  ASSERT_TRUE(f->state.find_player("p5")) << "the late entry was dropped from the file";
  EXPECT_EQ(f->state.find_player("p5")->joined_round, 2);
  EXPECT_EQ(compute_standings(f->state).rows.size(), 5u);
}

TEST(EventFileStateShape, DroppedThenDisqualifiedPlayerKeepsBoth) {
  // What the engine records for "drop p4 after round 1", then "disqualify p4".
  const auto f = read_event_file(one_round_played());
  ASSERT_TRUE(f) << f.error().describe();
  EventState s = f->state;
  for (Command c : {Command{SetPlayerStatus{"p4", PlayerStatus::dropped, 1}},
                    Command{SetPlayerStatus{"p4", PlayerStatus::disqualified, 1}}}) {
    auto r = decide(s, c);
    ASSERT_TRUE(r) << r.error().describe();
    apply(s, *r);
  }
  ASSERT_EQ(s.find_player("p4")->dropped_after, 1);
  ASSERT_EQ(s.find_player("p4")->disqualified_after, 1);
  json j = write_event_file(s, {});
  j.erase("journal");
  const auto back = read_event_file(j);
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(back->state.find_player("p4")->dropped_after, 1);
  EXPECT_EQ(back->state.players, s.players);
  EXPECT_EQ(compute_standings(back->state), compute_standings(s));
}

// Bye award per edition (RULES.md §4): 1 TP, 3 CP, half the event's point size rounded up in AP.
struct ByeCase {
  const char* edition;
  int points;
  int ap;
};

class EventFileByeScoring : public ::testing::TestWithParam<ByeCase> {};

TEST_P(EventFileByeScoring, ByeGivesOneTpThreeCpAndHalfThePointSizeRoundedUp) {
  const ByeCase c = GetParam();
  const json j = {
      {"gauntlet", 1},
      {"event", {{"name", "Bye"}, {"edition", c.edition}, {"points", c.points}}},
      {"players",
       {{{"id", "a"}, {"name", "A"}, {"faction", "Cygnar"}},
        {{"id", "b"}, {"name", "B"}, {"faction", "Khador"}},
        {{"id", "c"}, {"name", "C"}, {"faction", "Cryx"}}}},
      {"rounds",
       {{{"number", 1},
         {"tables",
          {{{"table", 1},
            {"players", {"a", "b"}},
            {"victory", "assassination"},
            {"results",
             {{{"outcome", "win"}, {"cp", 1}, {"ap", 20}}, {{"outcome", "loss"}, {"cp", 0}, {"ap", 9}}}}},
           {{"bye", "c"}}}}}}}};
  const auto f = read_event_file(j);
  ASSERT_TRUE(f) << f.error().describe();
  const Standings s = compute_standings(f->state);
  const StandingRow& bye = row_of(s, "c");
  ASSERT_FALSE(HasFailure());  // row_of found the row
  EXPECT_EQ(bye.tp, 1);
  EXPECT_EQ(bye.cp, 3);
  EXPECT_EQ(bye.ap, c.ap);
  EXPECT_EQ(bye.sos, Fraction(0));  // a bye adds nothing to SoS
  // Level with the winner on TP and SoS (0 each), the bye's 3 CP rank it first.
  EXPECT_EQ(s.rows[0].id, "c");
}

INSTANTIATE_TEST_SUITE_P(Editions, EventFileByeScoring,
                         ::testing::Values(ByeCase{"SR2014", 50, 25}, ByeCase{"SR2014", 35, 18},
                                           ByeCase{"SR2017", 75, 38}, ByeCase{"SR2017", 25, 13},
                                           ByeCase{"SR2023", 100, 50}, ByeCase{"SR2023", 75, 38}),
                         [](const auto& info) {
                           return std::string(info.param.edition) + "_" + std::to_string(info.param.points);
                         });

TEST(EventFileStateShape, VariantKeysOfTheIssueAreRead) {
  json j = json::parse(kSixPlayers);
  j["event"]["variants"] = {"assassin-scoring", "max-rounds:3"};
  const auto f = read_event_file(j);
  ASSERT_TRUE(f) << f.error().describe();
  EXPECT_TRUE(f->state.config.has_variant("assassin-scoring"));
  EXPECT_EQ(f->state.config.variant_value("max-rounds"), 3);
  EXPECT_EQ(compute_standings(f->state).criteria,
            (std::vector<std::string>{"tp", "assassinations", "cp", "sos"}));
}

}  // namespace
}  // namespace gauntlet
