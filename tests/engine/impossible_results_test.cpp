// Issue 10 point 11: impossible results are refused, and two different reports of one game are a
// dispute, never a silent replacement.
#include <gmock/gmock.h>

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

EventState one_table() {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  return s;
}

// SR2017 3rd tiebreaker "Army Points Destroyed": "Models and units are worth their point cost
// value", "Warcasters and warlocks are worth 10 army points each".
TEST(SR2017_ArmyPointsDestroyed, NoMoreThanTheOpponentsListIsWorth) {
  EventState s = event_with_players(2);
  must(s, SetList{"p2", 1, army(29, {30, 30, 30, 14})});  // Kaelyssa: 104 points of models
  must(s, pairing({table(1, "p1", "p2")}));
  auto e = run(s, win_at(1, 0, 5, 0, 115, 20));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[0].ap");
  EXPECT_THAT(e->rule, HasSubstr("Army Points Destroyed"));
  EXPECT_THAT(e->message, HasSubstr("at most 114"));
  must(s, win_at(1, 0, 5, 0, 114, 20));
}

TEST(SR2017_ArmyPointsDestroyed, WithoutAListThePointSizeBounds) {
  EventState s = one_table();  // 75 points, no list: at most 2 × 75 + 10
  auto e = run(s, win_at(1, 0, 5, 0, 500, 20));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[0].ap");
  e = run(s, win_at(1, 0, 5, 0, 40, 161));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[1].ap");
}

TEST(Results, NegativeCpAndApAreRefused) {
  EventState s = one_table();
  auto e = run(s, win_at(1, 0, 5, 0, -1, 20));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[0].ap");
  e = run(s, win_at(1, 0, 5, -1, 40, 20));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[1].cp");
}

ReportResult report(const PlayerId& by, const RecordResult& r) {
  return ReportResult{r.round, r.table, by, r.results, r.ending};
}

TEST(PlayerReports, TheOpponentsSameReportConfirmsIt) {
  EventState s = one_table();
  must(s, report("p1", win_at(1, 0)));
  auto resolved = decide(s, report("p2", win_at(1, 0)));
  ASSERT_TRUE(resolved) << resolved.error().describe();
  EXPECT_TRUE(std::get<ReportResult>(*resolved).recorded.has_value());
  apply(s, *resolved);
  const Table& t = s.rounds[0].tables[0];
  EXPECT_TRUE(t.results.has_value());
  EXPECT_FALSE(t.report.has_value());
}

TEST(PlayerReports, TheOpponentsDifferentReportIsADisputeKeepingBoth) {
  EventState s = one_table();
  must(s, report("p1", win_at(1, 0)));
  must(s, report("p2", win_at(1, 1)));
  const Table& t = s.rounds[0].tables[0];
  ASSERT_TRUE(t.report);
  EXPECT_FALSE(t.results);
  EXPECT_TRUE(t.report->disputed);
  EXPECT_EQ(t.report->reporter, "p1");
  ASSERT_TRUE(t.report->counter);
  EXPECT_EQ(t.report->counter->reporter, "p2");
  EXPECT_EQ(t.report->counter->results[1].outcome, Outcome::win);
  // Nobody replaces a disputed report; the EO decides.
  auto e = run(s, report("p1", win_at(1, 1)));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::conflict);
  must(s, win_at(1, 1));
  EXPECT_FALSE(s.rounds[0].tables[0].report);
}

TEST(PlayerReports, TheReporterMayReplaceTheirOwnReport) {
  EventState s = one_table();
  must(s, report("p1", win_at(1, 0)));
  must(s, report("p1", win_at(1, 1)));
  const Table& t = s.rounds[0].tables[0];
  ASSERT_TRUE(t.report);
  EXPECT_FALSE(t.report->disputed);
  EXPECT_EQ(t.report->results[1].outcome, Outcome::win);
}

}  // namespace
}  // namespace gauntlet
