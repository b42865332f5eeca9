// The application layer's policies (issue 9), in process over a real journal in a temporary
// SQLite file: hand-made pairings, drops after publishing, a player's authority, undo previews.
#include <gmock/gmock.h>

#include "app/events.hpp"
#include "app/execute.hpp"
#include "app/history.hpp"
#include "app/pairing.hpp"
#include "app/players.hpp"
#include "app/rounds.hpp"
#include "pairing/swiss_pairer.hpp"
#include "support/app_session.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet::app {
namespace {

using testing::config;
using ::testing::HasSubstr;
using testing::player;

class UseCases : public testing::AppSession {
 protected:
  void players(int n) {
    for (int i = 1; i <= n; ++i) eo(AddPlayer{player("Player " + std::to_string(i))});
  }
  // Every table of the open round a 3–0 scenario win for its first player (or a tie), then close.
  void play_and_close(bool tie = false) {
    const Round& r = s().state().rounds.back();
    for (const Table& t : r.tables) {
      RecordResult c;
      c.round = r.number;
      c.table = t.number;
      c.ending = tie ? Ending::tie : Ending::scenario;
      c.results[0] = GameResult{tie ? Outcome::tie : Outcome::win, tie ? 0 : 3, 20, std::nullopt, {}};
      c.results[1] = GameResult{tie ? Outcome::tie : Outcome::loss, 0, 10, std::nullopt, {}};
      eo(c);
    }
    eo(CloseRound{});
  }
  PairRound manual(std::vector<std::pair<PlayerId, PlayerId>> pairs) {
    PairRound p;
    int n = 0;
    for (auto& [a, b] : pairs) p.tables.push_back(testing::table(++n, a, b));
    return p;
  }
  std::int64_t journal_size() { return s().last_seq(); }
};

// SR2017 "Army Lists" (000_…txt): "A baseline Steamroller event requires a player to bring one army
// list, with a second army list optional." An event that asks for two (lists per player: 2) and a
// player who registered one: approved and paired without a word before. The EO hears it when
// approving the lists and in the round-1 proposal, as findings (the EO decides; nothing refused),
// and no longer once the lists are fixed (round 2).
TEST_F(UseCases, SR2017_ArmyLists_APlayerShortOfListsIsNamedAtApprovalAndInTheRoundOneProposal) {
  EventConfig two = config();
  two.lists = 2;
  eo(ConfigureEvent{two});
  players(4);
  for (const char* id : {"p1", "p2", "p3", "p4"}) eo(SetList{id, 1, testing::army(6, {4, 10, 67}, "Haley")});
  for (const char* id : {"p1", "p3", "p4"}) eo(SetList{id, 2, testing::army(6, {4, 10, 67}, "Stryker")});

  auto full = execute(s(), ReviewLists{"p1", true, {}, ""}, Caller::organizer());
  ASSERT_TRUE(full) << full.error().describe();
  EXPECT_TRUE(full->findings.empty());
  auto short_one = execute(s(), ReviewLists{"p2", true, {}, ""}, Caller::organizer());
  ASSERT_TRUE(short_one) << short_one.error().describe() << " (a warning, not a refusal)";
  ASSERT_EQ(short_one->findings.size(), 1u);
  EXPECT_EQ(short_one->findings[0].rule, "lists-missing");
  EXPECT_FALSE(short_one->findings[0].hard);
  EXPECT_EQ(short_one->findings[0].players, (std::vector<PlayerId>{"p2"}));
  EXPECT_THAT(short_one->findings[0].text, HasSubstr("registered 1 of the 2 lists"));
  auto withdrawn = execute(s(), ReviewLists{"p2", false, {}, ""}, Caller::organizer());
  ASSERT_TRUE(withdrawn);
  EXPECT_TRUE(withdrawn->findings.empty()) << "said at an approval";

  auto r1 = propose_pairing(s().state(), {});
  ASSERT_TRUE(r1) << r1.error().describe();
  std::vector<Finding> missing;
  for (const Finding& f : r1->findings)
    if (f.rule == "lists-missing") missing.push_back(f);
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].players, (std::vector<PlayerId>{"p2"}));
  EXPECT_EQ(missing[0].round, 1);
  EXPECT_FALSE(missing[0].hard);
  eo(r1->round);
  play_and_close();
  auto r2 = propose_pairing(s().state(), {});
  ASSERT_TRUE(r2);
  for (const Finding& f : r2->findings) EXPECT_NE(f.rule, "lists-missing") << f.text;
}

// SR2017 "Subsequent Pairings": "a player should never play the same opponent twice". A
// hand-made rematch needs the EO's override and a reason; both land in the journal.
TEST_F(UseCases, SR2017_SubsequentPairings_HandMadeRematchNeedsAnOverrideWithAReason) {
  players(4);
  eo(manual({{"p1", "p2"}, {"p3", "p4"}}));
  play_and_close();
  const auto before = journal_size();
  auto refused = execute(s(), manual({{"p1", "p2"}, {"p3", "p4"}}), Caller::organizer());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::precondition);
  EXPECT_THAT(refused.error().message, HasSubstr("rematch"));
  EXPECT_EQ(journal_size(), before) << "nothing written";

  PairRound blank = manual({{"p1", "p2"}, {"p3", "p4"}});
  blank.eo_override = PairingOverride{"  ", {}};
  auto empty_reason = execute(s(), blank, Caller::organizer());
  ASSERT_FALSE(empty_reason);
  EXPECT_EQ(empty_reason.error().field, "override.reason");

  PairRound forced = manual({{"p1", "p2"}, {"p3", "p4"}});
  forced.eo_override = PairingOverride{"the two clubs asked for it", {"made up by the client"}};
  auto ok = execute(s(), forced, Caller::organizer());
  ASSERT_TRUE(ok) << ok.error().describe();
  const auto& journaled = std::get<PairRound>(s().journal().back().command.value());
  ASSERT_TRUE(journaled.eo_override);
  EXPECT_EQ(journaled.eo_override->reason, "the two clubs asked for it");
  ASSERT_EQ(journaled.eo_override->broken.size(), 2u)
      << "the rules broken are the server's, not the client's";
  EXPECT_THAT(journaled.eo_override->broken[0], HasSubstr("rematch"));
}

TEST_F(UseCases, AHandMadePairingThatBreaksNothingCarriesNoOverride) {
  players(4);
  eo(manual({{"p1", "p2"}, {"p3", "p4"}}));
  play_and_close();
  PairRound fresh = manual({{"p1", "p3"}, {"p2", "p4"}});
  fresh.eo_override = PairingOverride{"just in case", {}};
  auto ok = execute(s(), fresh, Caller::organizer());
  ASSERT_TRUE(ok) << ok.error().describe();
  EXPECT_FALSE(std::get<PairRound>(ok->command).eo_override);
}

// The automatic pairer's own proposal never needs an override: what it breaks, no pairing avoids.
TEST_F(UseCases, TheAutomaticProposalIsPublishedWithoutAnOverrideEvenWithAnUnavoidableRematch) {
  auto c = config();
  c.rounds = 4;
  eo(ConfigureEvent{c});
  players(4);
  for (auto pairs : {manual({{"p1", "p2"}, {"p3", "p4"}}), manual({{"p1", "p3"}, {"p2", "p4"}}),
                     manual({{"p1", "p4"}, {"p2", "p3"}})}) {
    eo(pairs);
    play_and_close(true);
  }
  auto p = propose_pairing(s().state(), {});
  ASSERT_TRUE(p) << p.error().describe();
  ASSERT_FALSE(p->warnings.empty());
  EXPECT_THAT(p->warnings[0], HasSubstr("2 rematches"));
  auto ok = execute(s(), p->round, Caller::organizer());
  ASSERT_TRUE(ok) << ok.error().describe();
  EXPECT_FALSE(std::get<PairRound>(ok->command).eo_override);
}

// SR2017 "First Round Pairings": the EO pairs players randomly. A re-draw (issue 10 point 14) is
// another stream of the event's seed; published with the options it was proposed with, it is the
// pairer's proposal (its reasons kept, the draw named first), not a hand-made pairing.
TEST_F(UseCases, SR2017_FirstRoundPairings_ReDrawIsAnotherDrawPublishedAsThePairers) {
  players(8);
  auto first = propose_pairing(s().state(), {});
  SwissPairerOptions again;
  again.draw = 2;
  auto second = propose_pairing(s().state(), again);
  ASSERT_TRUE(first && second);
  EXPECT_NE(tables_of(first->round), tables_of(second->round))
      << "the event's seed 42 draws differently twice";
  EXPECT_THAT(second->round.explain.front(), HasSubstr("re-draw 2"));
  auto ok = execute(s(), second->round, Caller::organizer(), again);
  ASSERT_TRUE(ok) << ok.error().describe();
  const auto& published = std::get<PairRound>(ok->command);
  EXPECT_THAT(published.explain.front(), HasSubstr("re-draw 2"));
  EXPECT_THAT(published.explain, ::testing::Not(::testing::Contains("paired by hand by the EO")));
}

// Issue 3: "a player can be dropped after pairings are published (re-pair or give the orphan a
// bye — EO's choice, explained)".
TEST_F(UseCases, DropAfterPublishGivesTheOrphanTheByeAndExplainsItBeforeAnythingIsWritten) {
  players(4);
  eo(manual({{"p1", "p2"}, {"p3", "p4"}}));
  const auto before = journal_size();
  auto plan = plan_drop(s().state(), "p1", std::nullopt, Amend::orphan_bye);
  ASSERT_TRUE(plan) << plan.error().describe();
  EXPECT_EQ(journal_size(), before);
  ASSERT_TRUE(plan->command.amended);
  EXPECT_EQ(plan->command.amended->bye, "p2");
  EXPECT_EQ(plan->command.after_round, 0);
  ASSERT_FALSE(plan->explain.empty());
  EXPECT_THAT(plan->explain[0], HasSubstr("drops before playing round 1"));
  eo(plan->command);
  EXPECT_EQ(s().state().rounds.back().bye, "p2");
  EXPECT_EQ(s().state().find_player("p1")->status, PlayerStatus::dropped);
}

// A drop after round 2 is published, "re-pair the open tables": every table was drawn again before
// (a fixed table ignored, the round's options lost). The rules need one table more at most: SR2017
// "Byes & Odd Number of Players": "In subsequent rounds, the EO randomly selects a player from those
// with the lowest tournament point totals" — the orphan (1 TP) plays a 0-TP player whose opponent
// takes the bye. The fixed table and the club the options avoid stay; the plan lists what moves.
TEST_F(UseCases, SR2017_ByesAndOddNumberOfPlayers_ARepairAfterADropChangesTheFewestTables) {
  for (int i = 1; i <= 16; ++i) {
    Player p = player("Player " + std::to_string(i));
    p.club = "Club " + std::to_string((i + 1) / 2);  // p1 p2 one club, p3 p4 the next, …
    eo(AddPlayer{p});
  }
  SwissPairerOptions o;
  o.avoid_same_club = true;
  o.avoid_in_all_rounds = true;
  o.fixed_tables = {{"p16", 8}};
  auto r1 = SwissPairer(o).pair(s().state(), 1);
  ASSERT_TRUE(r1) << r1.error().describe();
  eo(*r1);
  play_and_close();
  auto r2 = SwissPairer(o).pair(s().state(), 2);
  ASSERT_TRUE(r2) << r2.error().describe();
  eo(*r2);
  const Round published = s().state().rounds.back();
  // A 1-TP player (a round-1 winner sits first) away from the fixed table drops.
  const Table* gone = nullptr;
  for (const Table& t : published.tables)
    if (t.number != 8 && !gone) gone = &t;
  ASSERT_NE(gone, nullptr);
  const PlayerId dropped = gone->players[0];

  auto plan = plan_drop(s().state(), dropped, std::nullopt, Amend::repair, o);
  ASSERT_TRUE(plan) << plan.error().describe();
  ASSERT_TRUE(plan->command.amended);
  const PairRound& a = *plan->command.amended;
  int same = 0;
  for (const Table& t : a.tables)
    for (const Table& old : published.tables) same += t.number == old.number && t.players == old.players;
  EXPECT_EQ(same, 6) << "8 tables: the broken one and one 0-TP table change, the other 6 stay";
  ASSERT_TRUE(a.bye);
  for (const Table& t : a.tables) {
    EXPECT_NE(s().state().find_player(t.players[0])->club, s().state().find_player(t.players[1])->club)
        << "table " << t.number << ": a club the options avoid";
    if (t.players[0] == "p16" || t.players[1] == "p16") {
      EXPECT_EQ(t.number, 8) << "p16's fixed table";
    }
  }
  EXPECT_THAT(plan->explain, ::testing::Contains(HasSubstr("1 table changes, 6 stay as published")));
  ASSERT_EQ(plan->moved.size(), 3u);  // the new table, the table no longer played, the bye
  EXPECT_THAT(plan->moved, ::testing::Contains(HasSubstr("gets the bye")));
  EXPECT_THAT(plan->moved, ::testing::Contains(HasSubstr(" is not played (was ")));
  eo(plan->command);
  EXPECT_EQ(s().state().rounds.back().bye, a.bye);
}

// Round 2's proposal warned of club clashes the options avoid in round 1 only. A clash is a finding
// where the options avoid clubs this round; the proposal says what is and is not avoided.
TEST_F(UseCases, AClubClashIsAFindingOnlyWhereTheOptionsAvoidClubs) {
  for (int i = 1; i <= 4; ++i) {
    Player p = player("Player " + std::to_string(i));
    p.club = "Lions";  // one club: every pair is a clash
    eo(AddPlayer{p});
  }
  SwissPairerOptions round_one;
  round_one.avoid_same_club = true;
  const auto clashes = [](const std::vector<Finding>& fs) {
    return std::count_if(fs.begin(), fs.end(), [](const Finding& f) { return f.rule == "club-clash"; });
  };
  auto r1 = propose_pairing(s().state(), round_one);
  ASSERT_TRUE(r1) << r1.error().describe();
  EXPECT_EQ(clashes(r1->findings), 2) << "round 1: avoided, and unavoidable";
  EXPECT_THAT(r1->round.explain, ::testing::Contains("pairing options: same club avoided in round 1"));
  eo(r1->round);
  play_and_close();
  auto r2 = propose_pairing(s().state(), round_one);
  ASSERT_TRUE(r2) << r2.error().describe();
  EXPECT_EQ(clashes(r2->findings), 0) << "round 2: the options do not avoid clubs";
  EXPECT_THAT(r2->round.explain, ::testing::Contains(HasSubstr("same club not avoided in round 2")));
  SwissPairerOptions every = round_one;
  every.avoid_in_all_rounds = true;
  auto r2_every = propose_pairing(s().state(), every);
  ASSERT_TRUE(r2_every);
  EXPECT_EQ(clashes(r2_every->findings), 2);
  // An edit checked with the options: the same rule; without them (a hand-made pairing), every clash.
  const Tables edit = tables_of(r2->round);
  auto with = review_pairing(s().state(), edit, std::nullopt, &round_one);
  ASSERT_TRUE(with);
  EXPECT_EQ(clashes(*with), 0);
  auto with_every = review_pairing(s().state(), edit, std::nullopt, &every);
  ASSERT_TRUE(with_every);
  EXPECT_EQ(clashes(*with_every), 2);
  auto unknown = review_pairing(s().state(), edit, std::nullopt);
  ASSERT_TRUE(unknown);
  EXPECT_EQ(clashes(*unknown), 2);
}

TEST_F(UseCases, DropWithoutAmendingSaysTheGameIsStillOwed) {
  players(4);
  eo(manual({{"p1", "p2"}, {"p3", "p4"}}));
  auto plan = plan_drop(s().state(), "p3", std::nullopt, Amend::none);
  ASSERT_TRUE(plan) << plan.error().describe();
  EXPECT_EQ(plan->owed_table, 2);
  EXPECT_EQ(plan->command.after_round, 1);
  auto unknown = plan_drop(s().state(), "p9", std::nullopt, Amend::none);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::not_found);
}

// A player reports only for their own table, as themselves (the request cannot name another reporter).
TEST_F(UseCases, APlayerMayOnlyReportTheirOwnTableAndIsTheReporter) {
  players(4);
  eo(manual({{"p1", "p2"}, {"p3", "p4"}}));
  ReportResult r{1, 2, "p3", {}, Ending::scenario};
  r.results[0] = GameResult{Outcome::win, 3, 20, std::nullopt, {}};
  r.results[1] = GameResult{Outcome::loss, 0, 10, std::nullopt, {}};
  auto other = execute(s(), r, Caller::as_player("p1"));
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().kind, ErrorKind::forbidden);
  auto missing = execute(s(), ReportResult{1, 9, "", r.results, Ending::scenario}, Caller::as_player("p1"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::not_found);
  auto eo_only = execute(s(), CloseRound{}, Caller::as_player("p1"));
  ASSERT_FALSE(eo_only);
  EXPECT_EQ(eo_only.error().kind, ErrorKind::forbidden);
  r.reporter = "p1";  // a forged reporter is replaced by the caller
  auto own = execute(s(), r, Caller::as_player("p4"));
  ASSERT_TRUE(own) << own.error().describe();
  EXPECT_EQ(std::get<ReportResult>(own->command).reporter, "p4");
}

TEST_F(UseCases, UndoSaysWhatItWillCancelBeforeItDoes) {
  players(2);
  eo(SetPlayerStatus{"p2", PlayerStatus::checked_in, std::nullopt});
  auto next = undo_preview(s().journal(), s().state());
  ASSERT_TRUE(next) << next.error().describe();
  EXPECT_EQ(next->seq, 4);
  EXPECT_EQ(next->kind, "set-player-status");
  EXPECT_EQ(next->text, "checked-in: Player 2 (p2)");
  eo(SetPlayerStatus{"p1", PlayerStatus::checked_in, std::nullopt});  // arrives after the preview
  auto stale = undo(s(), next->seq);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().kind, ErrorKind::conflict);
  EXPECT_THAT(stale.error().message, HasSubstr("entry 5 (checked-in: Player 1 (p1))"));
  auto latest = undo(s(), 5);
  ASSERT_TRUE(latest) << latest.error().describe();
  auto done = undo(s());
  ASSERT_TRUE(done);
  EXPECT_EQ(done->undid.seq, 4);
  EXPECT_EQ(s().state().find_player("p2")->status, PlayerStatus::registered);
}

// Issue 10 point 1: the proposal and the engine agree on round 1's field when check-in is used.
TEST_F(UseCases, SR2017_CheckIn_ProposalLeavesOutWhoIsNotCheckedIn) {
  players(5);
  auto nobody = propose_pairing(s().state(), {});
  ASSERT_TRUE(nobody) << nobody.error().describe();
  EXPECT_THAT(nobody->warnings,
              ::testing::Contains(HasSubstr("nobody checked in: every registered player is paired")));
  for (const char* id : {"p1", "p2", "p3", "p4"})
    eo(SetPlayerStatus{id, PlayerStatus::checked_in, std::nullopt});
  auto p = propose_pairing(s().state(), {});
  ASSERT_TRUE(p) << p.error().describe();
  EXPECT_EQ(p->left_out, std::vector<PlayerId>{"p5"});
  EXPECT_EQ(p->round.tables.size(), 2u);
  EXPECT_FALSE(p->round.bye);
  EXPECT_THAT(p->warnings,
              ::testing::Contains(HasSubstr("left out of round 1, not checked in: Player 5 (p5)")));
  auto done = publish_automatic(s(), {}, "", nullptr);
  ASSERT_TRUE(done) << done.error().describe();
  EXPECT_EQ(std::get<PairRound>(done->command).left_out, std::vector<PlayerId>{"p5"});
  play_and_close();
  auto r2 = propose_pairing(s().state(), {});
  ASSERT_TRUE(r2) << r2.error().describe();
  EXPECT_EQ(r2->not_checked_in, std::vector<PlayerId>{"p5"});
  EXPECT_THAT(r2->warnings, ::testing::Contains(HasSubstr("drop them if they are not here")));
}

// Issue 10 point 7: what a change of the planned rounds means, before it is written.
TEST_F(UseCases, SR2017_NumberOfRounds_EndNowExplainsTheConsequencesFirst) {
  players(8);
  auto none = plan_rounds(s().state(), 2);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().kind, ErrorKind::precondition);
  ASSERT_TRUE(publish_automatic(s(), {}, "", nullptr));
  auto plan = plan_rounds(s().state(), end_now(s().state()));
  ASSERT_TRUE(plan) << plan.error().describe();
  EXPECT_EQ(plan->command.rounds, 1);
  EXPECT_THAT(plan->explain, ::testing::Contains("Planned rounds: 3 → 1 (1 round paired so far)"));
  EXPECT_THAT(plan->explain,
              ::testing::Contains(HasSubstr("SR2017 \"Number of Rounds\": 8 players → a 3-round event")));
  EXPECT_THAT(plan->explain,
              ::testing::Contains("The event finishes when round 1 closes; the standings are final then"));
  EXPECT_EQ(journal_size(), 10);  // nothing written by the plan
  eo(plan->command);
  play_and_close();
  EXPECT_TRUE(event_finished(s().state()));
}

TEST_F(UseCases, ARegistrationBatchIsAllOrNothingAndNamesTheRow) {
  std::vector<Player> rows{player("Ada"), player("Boris", "Atlantis"), player("Chen")};
  auto batch = registrations(s().state(), rows, "csv");
  ASSERT_FALSE(batch);
  EXPECT_THAT(batch.error().field, HasSubstr("csv, row 3"));
  rows[1].faction = "Khador";
  batch = registrations(s().state(), rows, "csv");
  ASSERT_TRUE(batch) << batch.error().describe();
  ASSERT_TRUE(execute_all(s(), *batch));
  EXPECT_EQ(s().state().players.size(), 3u);
}

TEST_F(UseCases, EventIdsComeFromTheNameAndATakenIdIsAConflict) {
  const IdTaken taken = [&](const std::string& id) { return store_->has_event(id); };
  EXPECT_EQ(*choose_event_id("", "Open", taken), "open-2");
  EXPECT_EQ(*choose_event_id("", "  Spring Open 2026!! ", taken), "spring-open-2026");
  auto clash = choose_event_id("open", "x", taken);
  ASSERT_FALSE(clash);
  EXPECT_EQ(clash.error().kind, ErrorKind::conflict);
  EXPECT_NE(s().state().config.seed, 0u);
}

TEST_F(UseCases, AnInvalidEventIdIsRefusedNamingIdBeforeTheStoreIsAsked) {
  int asked = 0;
  const IdTaken taken = [&](const std::string& id) {
    ++asked;
    return store_->has_event(id);
  };
  for (const std::string id : {"A", "a b", "../x", "SpringOpen", "-x"}) {
    const auto r = choose_event_id(id, "x", taken);
    ASSERT_FALSE(r) << id;
    EXPECT_EQ(r.error().field, "id");
    EXPECT_EQ(r.error().kind, ErrorKind::invalid);
    const auto created = create_event(*store_, id, s().state().config);
    ASSERT_FALSE(created) << id;
    EXPECT_EQ(created.error().field, "id");
    EXPECT_EQ(created.error().kind, ErrorKind::invalid) << created.error().describe();
  }
  EXPECT_EQ(asked, 0);
}

}  // namespace
}  // namespace gauntlet::app
