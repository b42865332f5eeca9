// The console's use cases of issue 10, in process over a real journal: undo back to a picked entry
// (a stack, all or nothing), a result that names the result it replaces (two tabs), and the preview
// of a corrected past result.
#include <gmock/gmock.h>

#include "app/correction.hpp"
#include "app/events.hpp"
#include "app/execute.hpp"
#include "app/history.hpp"
#include "app/pairing_options.hpp"
#include "support/app_session.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet::app {
namespace {

using testing::config;
using ::testing::HasSubstr;
using testing::player;

class ConsoleCases : public testing::AppSession {
 protected:
  // Four players checked in, round 1 paired automatically.
  void round_one() {
    for (int i = 1; i <= 4; ++i) eo(AddPlayer{player("Player " + std::to_string(i))});
    for (int i = 1; i <= 4; ++i)
      eo(SetPlayerStatus{"p" + std::to_string(i), PlayerStatus::checked_in, std::nullopt});
    ASSERT_TRUE(publish_automatic(s(), {}, ""));
  }
  static RecordResult win_for(int table, int side, int round = 1) {
    RecordResult c;
    c.round = round;
    c.table = table;
    c.ending = Ending::assassination;
    c.results[side] = GameResult{Outcome::win, 1, 20, std::nullopt, {}};
    c.results[1 - side] = GameResult{Outcome::loss, 0, 10, std::nullopt, {}};
    return c;
  }
};

TEST_F(ConsoleCases, RecentEntriesNameWhoAskedNewestFirstWithoutTheCreation) {
  round_one();
  const Table t = s().state().rounds[0].tables[0];
  ReportResult report{1, t.number, "", win_for(t.number, 0).results, Ending::assassination};
  ASSERT_TRUE(execute(s(), report, Caller::as_player(t.players[0])));
  const auto recent = recent_entries(s().journal(), s().state(), 100);
  ASSERT_EQ(recent.size(), 10u);  // four registrations, four check-ins, the pairing, the report
  EXPECT_EQ(recent[0].kind, "report-result");
  EXPECT_EQ(recent[0].who, s().state().label(t.players[0]));
  EXPECT_EQ(recent[1].who, "EO");
  EXPECT_EQ(recent.back().text, "registration of Player 1 (p1)");
  EXPECT_EQ(recent_entries(s().journal(), s().state(), 2).size(), 2u);
}

TEST_F(ConsoleCases, UndoToAnEntryUndoesItAndEveryLaterOneInOneGo) {
  round_one();
  eo(win_for(1, 0));
  eo(win_for(2, 1));
  const auto recent = recent_entries(s().journal(), s().state(), 10);
  const std::int64_t pairing = recent[2].seq, latest = recent[0].seq;
  auto done = undo_to(s(), pairing, latest);
  ASSERT_TRUE(done) << done.error().describe();
  ASSERT_EQ(done->undid.size(), 3u);
  EXPECT_EQ(done->undid[0].seq, latest);
  EXPECT_EQ(done->undid[2].kind, "pair-round");
  EXPECT_TRUE(s().state().rounds.empty());
  EXPECT_EQ(s().last_seq(), latest + 3);  // one compensating entry per cancelled entry
  // Replay agrees with the live state.
  EXPECT_EQ(replay(store_->load("open")), s().state());
}

TEST_F(ConsoleCases, UndoToRefusesAStaleViewAndAnEntryNotInEffect) {
  round_one();
  eo(win_for(1, 0));
  const std::int64_t seen = s().last_seq();
  eo(win_for(2, 0));
  auto stale = undo_to(s(), seen, seen);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().kind, ErrorKind::conflict);
  EXPECT_THAT(stale.error().message, HasSubstr("entry " + std::to_string(seen + 1)));
  auto creation = undo_to(s(), 1, s().last_seq());
  ASSERT_FALSE(creation);
  EXPECT_EQ(creation.error().kind, ErrorKind::not_found);
  EXPECT_EQ(s().last_seq(), seen + 1);  // nothing written
}

TEST_F(ConsoleCases, AResultThatChangedMeanwhileIsAConflictAndNothingIsWritten) {
  round_one();
  auto first = replace_result(s(), win_for(1, 0), std::nullopt);
  ASSERT_TRUE(first) << first.error().describe();
  const std::int64_t seq = s().last_seq();
  // A second tab still shows no result.
  auto stale = replace_result(s(), win_for(1, 1), std::nullopt);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().kind, ErrorKind::conflict);
  EXPECT_EQ(stale.error().field, "replaces");
  EXPECT_EQ(s().last_seq(), seq);
  // Having seen the result recorded now, it may overwrite it.
  const auto now = current_result(s().state(), 1, 1);
  ASSERT_TRUE(now);
  ASSERT_TRUE(replace_result(s(), win_for(1, 1), now));
  EXPECT_EQ(current_result(s().state(), 1, 1)->results[1].outcome, Outcome::win);
}

TEST_F(ConsoleCases, CorrectingAPastResultPreviewsTheStandingsAndKeepsLaterPairings) {
  round_one();
  eo(win_for(1, 0));
  eo(win_for(2, 0));
  eo(CloseRound{});
  ASSERT_TRUE(publish_automatic(s(), {}, ""));
  const std::int64_t seq = s().last_seq();
  const Table t = s().state().rounds[0].tables[0];
  auto p = preview_result(s().state(), win_for(1, 1));
  ASSERT_TRUE(p) << p.error().describe();
  EXPECT_EQ(s().last_seq(), seq);  // nothing written
  const auto loser = std::find_if(p->changes.begin(), p->changes.end(),
                                  [&](const StandingChange& c) { return c.id == t.players[0]; });
  ASSERT_NE(loser, p->changes.end());
  EXPECT_EQ(loser->tp, (std::array<int, 2>{1, 0}));
  ASSERT_FALSE(p->notes.empty());
  EXPECT_THAT(p->notes[0], HasSubstr("Round 2 keeps its pairings as published"));
  auto refused = preview_result(s().state(), win_for(9, 0));
  ASSERT_FALSE(refused);
}

TEST_F(ConsoleCases, PairingOptionsAreCheckedOnceForBothFaces) {
  round_one();
  PairingChoices c;
  c.avoid_all_rounds = true;
  auto alone = pairer_options(s().state(), c);
  ASSERT_FALSE(alone);
  EXPECT_EQ(alone.error().field, "avoid_all_rounds");
  c = {};
  c.fixed = {{"fixed_tables[0]", "p1", 2}, {"fixed_tables[1]", "p2", 2}};
  auto taken = pairer_options(s().state(), c);
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().field, "fixed_tables[1]");
  EXPECT_THAT(taken.error().message, HasSubstr("table 2 is already fixed for p1"));
  c.fixed = {{"fixed_tables[0]", "p9", 1}};
  EXPECT_EQ(pairer_options(s().state(), c).error().kind, ErrorKind::not_found);
  c.fixed = {{"fixed_tables[0]", "p3", 1}};
  c.locks = {{"locks[0]", "p1", "p4"}};
  c.avoid_club = true;
  auto ok = pairer_options(s().state(), c);
  ASSERT_TRUE(ok) << ok.error().describe();
  EXPECT_TRUE(ok->avoid_same_club);
  EXPECT_EQ(ok->fixed_tables, (std::vector<std::pair<PlayerId, int>>{{"p3", 1}}));
  EXPECT_EQ(ok->locked, (std::vector<std::pair<PlayerId, PlayerId>>{{"p1", "p4"}}));
}

}  // namespace
}  // namespace gauntlet::app
