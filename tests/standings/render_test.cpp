// standings_to_json / standings_to_text.
#include "standings/render.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "support/state_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

Standings large_event() {
  EventState s = make_event(3, {{"large-event-scoring", {}}}, 3);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(4, 30), loss(1, 10), Ending::assassination);
  give_bye(r1, "p3");
  return compute_standings(s);
}

TEST(StandingsJson, RowsCarryEveryFieldAndExactSos) {
  nlohmann::json j = standings_to_json(large_event());
  EXPECT_EQ(j["criteria"], (nlohmann::json{"tp", "sos", "cp", "ap"}));
  EXPECT_EQ(j["finished"], false);
  ASSERT_EQ(j["standings"].size(), 3u);
  const nlohmann::json& p1 = j["standings"][0];  // above p3 (bye, SoS 0) on SoS 1/3
  EXPECT_EQ(p1["id"], "p1");
  EXPECT_EQ(p1["rank"], 1);
  EXPECT_EQ(p1["sos_exact"], "1/3");  // p2 has 0 TP: 1 / 3 rounds
  EXPECT_TRUE(p1["sos"].is_number_float());
  EXPECT_EQ(p1["assassinations"], 1);
  EXPECT_EQ(p1["wins"], 1);
  EXPECT_EQ(p1["dropped"], false);
  EXPECT_FALSE(p1.contains("placed_by"));
  const nlohmann::json& p2 = j["standings"][2];
  EXPECT_TRUE(p2["sos"].is_number_integer());
  EXPECT_EQ(p2["sos"], 1);
  EXPECT_FALSE(p2.contains("sos_exact"));
  EXPECT_EQ(p2["assassinations"], 0);  // always present
}

TEST(StandingsJson, PlacedByOnlyWhenARulePlaced) {
  EventState s = make_event(4, {{"finals-tables", {}}}, 1);
  Round& r = add_round(s);
  add_game(r, "p1", "p2", loss(), win());
  add_game(r, "p3", "p4", win(), loss());
  nlohmann::json j = standings_to_json(compute_standings(s));
  EXPECT_EQ(j["standings"][0]["placed_by"], "finals table 1 winner");
  EXPECT_EQ(j["standings"][0]["id"], "p2");
  EXPECT_FALSE(j["standings"][3].contains("placed_by"));
}

TEST(StandingsText, ColumnsFollowCriteriaAndAlign) {
  std::string text = standings_to_text(large_event());
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("Rank", 0), 0u);
  EXPECT_LT(lines[0].find("TP"), lines[0].find("SoS"));
  EXPECT_LT(lines[0].find("SoS"), lines[0].find("CP"));
  EXPECT_LT(lines[0].find("CP"), lines[0].find("AP"));
  EXPECT_NE(lines[1].find("1/3"), std::string::npos);
  // Right-aligned numbers: the SoS column ends at the same place on every line.
  const std::size_t end = lines[0].find("SoS") + 3;
  EXPECT_EQ(lines[1].substr(end - 3, 3), "1/3");
  EXPECT_EQ(lines[3][end - 1], '1');
}

TEST(StandingsText, NotesFlagDroppedDisqualifiedFrozen) {
  EventState s = make_event(4);
  Round& r = add_round(s);
  add_game(r, "p1", "p2", win(), loss());
  add_game(r, "p3", "p4", win(), loss());
  drop(s, "p2", 1);
  disqualify(s, "p4", 1);
  std::string text = standings_to_text(compute_standings(s));
  EXPECT_NE(text.find("dropped"), std::string::npos);
  EXPECT_NE(text.find("disqualified"), std::string::npos);
}

TEST(StandingsText, AssassinScoringShowsAssassinationsColumn) {
  EventState s = make_event(2, {{"assassin-scoring", {}}});
  add_game(add_round(s), "p1", "p2", win(), loss(), Ending::assassination);
  std::string head = standings_to_text(compute_standings(s));
  head = head.substr(0, head.find('\n'));
  EXPECT_LT(head.find("TP"), head.find("Assassinations"));
  EXPECT_LT(head.find("Assassinations"), head.find("CP"));
  EXPECT_EQ(head.find("AP"), std::string::npos);
}

}  // namespace
}  // namespace gauntlet
