// standings_to_json / standings_json_text / standings_to_text.
#include "standings/render.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "support/json_strings.hpp"
#include "support/property.hpp"
#include "support/random_state.hpp"
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
  // Two rounds: the finals are paired by the standings before the final round (none before round 1).
  EventState s = make_event(4, {{"finals-tables", {}}}, 2);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p3", win(), loss());
  add_game(r1, "p2", "p4", win(), loss());
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

// standings_json_text must be the DOM's dump byte for byte (issue 16 point 1): the CLI and the
// server's cached standings body switched to it, and clients compare bodies and ETags.
constexpr int kRenderEventsPerVariant = 143;  // x 7 variants: 1 001 events, ~9 s with ASan

void expect_same_text(const Standings& st, bool invalid) {
  const nlohmann::json dom = standings_to_json(st);
  for (int indent : {-1, 2}) {
    SCOPED_TRACE("indent " + std::to_string(indent));
    for (auto handler : {nlohmann::json::error_handler_t::strict, nlohmann::json::error_handler_t::replace}) {
      if (invalid && handler == nlohmann::json::error_handler_t::strict) {
        EXPECT_THROW(standings_json_text(st, indent, handler), nlohmann::json::type_error);
        EXPECT_THROW(dom.dump(indent, ' ', false, handler), nlohmann::json::type_error);
      } else {
        EXPECT_EQ(standings_json_text(st, indent, handler), dom.dump(indent, ' ', false, handler));
      }
    }
  }
}

TEST(StandingsJsonText, MatchesTheDomByteForByte) {
  std::mt19937_64 rng(0x16);
  int fractional = 0, placed = 0, frozen = 0, dropped = 0, disqualified = 0, ruled = 0, invalid_events = 0;
  for (int k = 0; k < static_cast<int>(VariantKind::count); ++k) {
    const int events = property_cases(kRenderEventsPerVariant);
    for (int n = 0; n < events; ++n) {
      Standings st = compute_standings(random_state(rng, static_cast<VariantKind>(k)));
      const auto& awkward = awkward_strings();
      auto pick = [&](const std::vector<std::string>& from) {
        return from[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(from.size()) - 1))];
      };
      for (StandingRow& r : st.rows) {
        if (percent(rng, 30)) r.name = pick(awkward);
        if (percent(rng, 10)) r.faction = pick(awkward);
        if (percent(rng, 5)) r.id = pick(awkward);
        if (!r.placed_by.empty() && percent(rng, 30)) r.placed_by = pick(awkward);
        fractional += r.sos.denominator() != 1;
        placed += !r.placed_by.empty();
        frozen += r.frozen;
        dropped += r.dropped;
        disqualified += r.disqualified;
      }
      if (percent(rng, 10)) st.rule = pick(awkward);
      if (percent(rng, 5)) st.criteria.push_back(pick(awkward));
      ruled += !st.rule.empty();
      const bool invalid = !st.rows.empty() && percent(rng, 15);
      if (invalid) {
        std::string& field =
            percent(rng, 50)
                ? st.rows[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(st.rows.size()) - 1))]
                      .name
            : percent(rng, 50) ? st.rows.back().faction
                               : st.rule;
        field = pick(invalid_utf8());
        ++invalid_events;
      }
      SCOPED_TRACE("variant " + std::to_string(k) + ", event " + std::to_string(n));
      expect_same_text(st, invalid);
      if (HasFailure()) return;
    }
  }
  // The events really carry what the writer must get right.
  EXPECT_GT(fractional, 0);
  EXPECT_GT(placed, 0);
  EXPECT_GT(frozen, 0);
  EXPECT_GT(dropped, 0);
  EXPECT_GT(disqualified, 0);
  EXPECT_GT(ruled, 0);
  EXPECT_GT(invalid_events, 0);
}

TEST(StandingsJsonText, EmptyListsAsTheDomWritesThem) {
  expect_same_text(Standings{}, false);  // "criteria": [], "standings": []
  EXPECT_EQ(standings_json_text(Standings{}),
            R"({"criteria":[],"finished":false,"rounds_counted":0,"standings":[]})");
  Standings one = large_event();
  one.rows.resize(1);
  one.criteria.clear();
  expect_same_text(one, false);
}

TEST(StandingsJsonText, DefaultsAndOtherIndentsAreDumpsToo) {
  const Standings st = large_event();
  const nlohmann::json dom = standings_to_json(st);
  EXPECT_EQ(standings_json_text(st), dom.dump());  // indent -1, strict
  for (int indent : {0, 1, 4}) EXPECT_EQ(standings_json_text(st, indent), dom.dump(indent)) << indent;
}

TEST(StandingsJsonText, InvalidUtf8ThrowsWhenStrictAndIsReplacedOtherwise) {
  Standings st = large_event();
  st.rows[0].name = "bad \xff byte";
  EXPECT_THROW(standings_json_text(st), nlohmann::json::type_error);
  const std::string text = standings_json_text(st, -1, nlohmann::json::error_handler_t::replace);
  EXPECT_NE(text.find("\"name\":\"bad \xef\xbf\xbd byte\""), std::string::npos) << text;  // U+FFFD
}

}  // namespace
}  // namespace gauntlet
