// Awards and blind votes (SR2017 "Prizes", issue 14 point 2). The core never sees a vote's choice:
// it keeps who voted (one vote per participant and ballot) and the ballot box's count at close.
#include "engine/awards.hpp"

#include <algorithm>
#include <set>

#include "engine/validate.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"

namespace gauntlet {

namespace {

constexpr const char* kPrizes = "SR2017 \"Prizes\"";

int metric_of(const PlayerRecord& r, AwardMetric metric) {
  int n = 0;
  for (const GameRecord& g : r.history) {
    if (g.bye()) continue;
    const bool win = g.result.outcome == Outcome::win;
    switch (metric) {
      case AwardMetric::assassinations:
        n += win && g.ending == Ending::assassination;
        break;
      case AwardMetric::scenario_wins:
        n += win && g.ending == Ending::scenario;
        break;
      case AwardMetric::army_points:
        n += g.result.ap;
        break;
      case AwardMetric::control_points:
        n += g.result.cp;
        break;
      case AwardMetric::none:
        break;
    }
  }
  return n;
}

}  // namespace

bool eligible_for_awards(const Player& p) {
  return p.status != PlayerStatus::disqualified;
}

std::vector<AwardScore> award_scores(const EventState& state, AwardMetric metric) {
  std::vector<AwardScore> out;
  const auto records = player_records(state);
  for (std::size_t i = 0; i < records.size() && i < state.players.size(); ++i)
    if (eligible_for_awards(state.players[i])) out.push_back({records[i].id, metric_of(records[i], metric)});
  std::stable_sort(out.begin(), out.end(),
                   [](const AwardScore& a, const AwardScore& b) { return a.value > b.value; });
  return out;
}

std::vector<PlayerId> award_leaders(const EventState& state, AwardMetric metric) {
  std::vector<PlayerId> out;
  const auto scores = award_scores(state, metric);
  for (const AwardScore& s : scores)
    if (s.value > 0 && s.value == scores.front().value) out.push_back(s.player);
  return out;
}

std::vector<std::string> award_warnings(const EventState& s, const DefineAward& c) {
  const std::string& rule = edition_of(s).award_category_rule;
  if (c.remove || rule.empty() || c.everyone || c.method == AwardMethod::computed) return {};
  if (c.category.find_first_not_of(" \t") != std::string::npos) return {};
  return {c.name +
          " has no category: players enter it, so name the category it is chosen for and announce it "
          "well in advance (" +
          rule + ")"};
}

namespace detail {

namespace {

std::string dq_rule(const EventState& s) {
  return edition_of(s).id + " \"Sportsmanship\"";
}

Result<const Award*> require_award(const EventState& s, const std::string& key) {
  if (const Award* a = s.find_award(key)) return a;
  return fail(ErrorKind::not_found, "award", "awards", "no award '" + key + "' in this event");
}

// A player who may enter or win: registered and not disqualified.
Result<const Player*> require_eligible(const EventState& s, const PlayerId& id, const std::string& field) {
  GAUNTLET_TRY(const Player* p, require_player(s, id, field));
  if (!eligible_for_awards(*p))
    return fail(
        field, dq_rule(s),
        p->name + " is disqualified: \"Disqualified players are not eligible for any awards or prizes\"");
  return p;
}

std::string names(const EventState& s, const std::vector<PlayerId>& ids) {
  std::string out;
  for (const PlayerId& id : ids) out += (out.empty() ? "" : ", ") + s.label(id);
  return out;
}

bool valid_key(const std::string& key) {
  return !key.empty() && key.size() <= 40 && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

bool is_sha256_hex(const std::string& s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The players on the first ballot: the entries, or every eligible participant.
std::vector<PlayerId> first_candidates(const EventState& s, const Award& a) {
  std::vector<PlayerId> out;
  if (a.everyone) {
    for (const Player& p : s.players)
      if (eligible_for_awards(p)) out.push_back(p.id);
    return out;
  }
  for (const AwardEntry& e : a.entries)
    if (const Player* p = s.find_player(e.player); p && eligible_for_awards(*p)) out.push_back(e.player);
  return out;
}

}  // namespace

Result<Command> decide_define_award(const EventState& s, DefineAward c) {
  if (c.key.empty()) c.key = award_key_of(c.name);
  if (c.remove) {
    GAUNTLET_TRY(const Award* a, require_award(s, c.key));
    if (!a->ballots.empty())
      return fail(ErrorKind::precondition, "award", kPrizes,
                  a->name + " has been put to a vote; it stays in the event's record");
    return c;
  }
  if (c.name.find_first_not_of(" \t") == std::string::npos)
    return fail("name", "awards", "an award needs a name (Best Painted, Best Sport, ...)");
  if (!valid_key(c.key))
    return fail("key", "awards", "'" + c.key + "': lowercase letters, digits and '-', at most 40");
  if (c.method == AwardMethod::computed && c.metric == AwardMetric::none)
    return fail("metric", "awards",
                "a computed award counts assassinations, army-points, control-points or scenario-wins");
  if (c.method != AwardMethod::computed) c.metric = AwardMetric::none;
  if (c.method == AwardMethod::computed) c.everyone = true;  // every player's results count
  if (const Award* a = s.find_award(c.key)) {
    if (!a->ballots.empty() || !a->winners.empty())
      return fail(ErrorKind::precondition, "award", kPrizes,
                  a->name + (a->ballots.empty() ? " is decided" : " has been put to a vote") +
                      "; it can no longer change");
  }
  return c;
}

Result<Command> decide_enter_award(const EventState& s, EnterAward c) {
  GAUNTLET_TRY(const Award* a, require_award(s, c.award));
  if (a->everyone)
    return fail(ErrorKind::precondition, "award", kPrizes,
                "every participant is already an entry for " + a->name);
  if (!a->ballots.empty() || !a->winners.empty())
    return fail(ErrorKind::precondition, "award", kPrizes,
                "entries for " + a->name +
                    " are closed: " + (a->ballots.empty() ? "it is decided" : "the vote has opened"));
  GAUNTLET_TRY(const Player* p, require_eligible(s, c.player, "player"));
  if (c.withdraw) {
    if (!a->entry_of(p->id))
      return fail(ErrorKind::not_found, "player", "awards", p->name + " has no entry for " + a->name);
    return c;
  }
  if (!c.photo.empty() && !is_sha256_hex(c.photo))
    return fail("photo", "awards", "must be the hex SHA-256 of an uploaded photo");
  if (c.title.size() > 200) return fail("title", "awards", "at most 200 characters");
  return c;
}

Result<Command> decide_open_vote(const EventState& s, OpenVote c) {
  GAUNTLET_TRY(const Award* a, require_award(s, c.award));
  if (a->method != AwardMethod::vote)
    return fail(ErrorKind::precondition, "award", kPrizes, a->name + " is not decided by a blind vote");
  if (!a->winners.empty()) return fail(ErrorKind::precondition, "award", kPrizes, a->name + " is decided");
  if (a->open_ballot())
    return fail(ErrorKind::conflict, "award", kPrizes, "the vote for " + a->name + " is open");
  c.ballot = static_cast<int>(a->ballots.size()) + 1;
  if (a->ballots.empty()) {
    c.candidates = first_candidates(s, *a);
    if (c.candidates.size() < 2)
      return fail(ErrorKind::precondition, "award", kPrizes,
                  a->name + " has " + std::to_string(c.candidates.size()) + " entr" +
                      (c.candidates.size() == 1 ? "y" : "ies") +
                      ": a vote needs two or more (or the EO chooses the winner)");
    return c;
  }
  // "holding a second blind vote among only the tied entries"
  c.candidates.clear();
  for (const PlayerId& id : a->ballots.back().leaders())
    if (const Player* p = s.find_player(id); p && eligible_for_awards(*p)) c.candidates.push_back(id);
  if (c.candidates.size() < 2)
    return fail(ErrorKind::precondition, "award", kPrizes, "no tie to vote on again for " + a->name);
  return c;
}

Result<Command> decide_cast_vote(const EventState& s, CastVote c) {
  GAUNTLET_TRY(const Award* a, require_award(s, c.award));
  const Ballot* b = a->open_ballot();
  if (!b) return fail(ErrorKind::precondition, "award", kPrizes, "no vote is open for " + a->name);
  if (c.ballot != 0 && c.ballot != b->number)
    return fail(ErrorKind::conflict, "ballot", kPrizes, "vote " + std::to_string(c.ballot) + " is closed");
  c.ballot = b->number;
  GAUNTLET_TRY(const Player* p, require_player(s, c.voter, "voter"));
  if (!eligible_for_awards(*p))
    return fail(ErrorKind::forbidden, "voter", dq_rule(s),
                p->name + " is disqualified: \"barred from further participation in the event\"");
  if (b->has_voted(p->id))
    return fail(ErrorKind::conflict, "voter", kPrizes,
                p->name + " has already voted for " + a->name + ": one secret vote per participant");
  if (c.sealed.empty() || c.sealed.size() > 512) return fail("sealed", "awards", "not a sealed vote");
  return c;
}

Result<Command> decide_close_vote(const EventState& s, CloseVote c) {
  GAUNTLET_TRY(const Award* a, require_award(s, c.award));
  const Ballot* b = a->open_ballot();
  if (!b) return fail(ErrorKind::precondition, "award", kPrizes, "no vote is open for " + a->name);
  int counted = 0;
  for (const auto& [id, n] : c.tally) {
    if (std::find(b->candidates.begin(), b->candidates.end(), id) == b->candidates.end())
      return fail("tally", kPrizes, s.label(id) + " is not on this ballot");
    if (n < 0) return fail("tally", kPrizes, "a count cannot be negative");
    counted += n;
  }
  if (counted != static_cast<int>(b->votes.size()))
    return fail(
        "tally", kPrizes,
        "counts " + std::to_string(counted) + " votes; " + std::to_string(b->votes.size()) + " were cast");
  for (const PlayerId& id : b->candidates) c.tally.emplace(id, 0);
  c.ballot = b->number;
  Ballot counted_ballot = *b;
  counted_ballot.tally = c.tally;
  c.winners = counted_ballot.leaders();
  if (c.winners.size() != 1) c.winners.clear();  // a tie: the EO chooses or holds a second vote
  return c;
}

Result<Command> decide_decide_award(const EventState& s, DecideAward c) {
  GAUNTLET_TRY(const Award* a, require_award(s, c.award));
  if (a->revealed)
    return fail(ErrorKind::precondition, "award", kPrizes, a->name + " has been announced; hide it first");
  std::vector<PlayerId> tied;
  if (a->method == AwardMethod::vote) {
    if (a->open_ballot())
      return fail(ErrorKind::precondition, "award", kPrizes, "the vote for " + a->name + " is still open");
    if (a->ballots.empty())
      return fail(ErrorKind::precondition, "award", kPrizes,
                  a->name + " is decided by a blind vote: open it first");
    tied = a->ballots.back().leaders();
    if (tied.size() < 2)
      return fail(ErrorKind::precondition, "award", kPrizes, a->name + " was decided by the vote");
  } else if (a->method == AwardMethod::computed) {
    tied = award_leaders(s, a->metric);
    if (tied.empty())
      return fail(ErrorKind::precondition, "award", "awards", "no result counts for " + a->name + " yet");
    if (c.winner.empty()) {
      if (tied.size() > 1)
        return fail("winner", "awards",
                    "a tie for " + a->name + " between " + names(s, tied) + ": name the winner");
      c.winner = tied.front();
    }
  }
  if (c.winner.empty()) return fail("winner", "awards", "name the winner of " + a->name);
  GAUNTLET_TRY(const Player* p, require_eligible(s, c.winner, "winner"));
  if (!tied.empty() && std::find(tied.begin(), tied.end(), p->id) == tied.end())
    return fail("winner", kPrizes, p->name + " is not among the tied: " + names(s, tied));
  if (a->method == AwardMethod::choice && !a->everyone && !a->entries.empty() && !a->entry_of(p->id))
    return fail("winner", kPrizes, p->name + " did not enter " + a->name);
  c.how = tied.size() > 1 ? "EO broke the tie" : a->method == AwardMethod::computed ? "results" : "EO";
  return c;
}

Result<Command> decide_reveal_awards(const EventState& s, RevealAwards c) {
  c.awards.clear();
  if (!c.award.empty()) {
    GAUNTLET_TRY(const Award* a, require_award(s, c.award));
    if (c.revealed && a->winners.empty())
      return fail(ErrorKind::precondition, "award", kPrizes, a->name + " has no winner yet");
    c.awards.push_back(a->key);
    return c;
  }
  for (const Award& a : s.awards)
    if (!a.winners.empty() && a.revealed != c.revealed) c.awards.push_back(a.key);
  if (c.awards.empty())
    return fail(ErrorKind::precondition, "award", kPrizes,
                c.revealed ? "no decided award is waiting to be announced" : "no award is shown");
  return c;
}

void apply_award(EventState& s, const DefineAward& c) {
  if (c.remove) {
    std::erase_if(s.awards, [&](const Award& a) { return a.key == c.key; });
    return;
  }
  Award* a = s.find_award(c.key);
  if (!a) a = &s.awards.emplace_back();
  std::vector<AwardEntry> entries = c.everyone ? std::vector<AwardEntry>{} : std::move(a->entries);
  *a =
      Award{c.key, c.name, c.category, c.method, c.metric, c.everyone, std::move(entries), {}, {}, "", false};
}

void apply_award(EventState& s, const EnterAward& c) {
  Award& a = *s.find_award(c.award);
  std::erase_if(a.entries, [&](const AwardEntry& e) { return e.player == c.player; });
  if (!c.withdraw) a.entries.push_back({c.player, c.title, c.photo});
}

void apply_award(EventState& s, const OpenVote& c) {
  s.find_award(c.award)->ballots.push_back(Ballot{c.ballot, c.candidates, {}, std::nullopt});
}

void apply_award(EventState& s, const CastVote& c) {
  s.find_award(c.award)->ballots.back().votes.push_back({c.voter, c.sealed});
}

void apply_award(EventState& s, const CloseVote& c) {
  Award& a = *s.find_award(c.award);
  a.ballots.back().tally = c.tally;
  if (!c.winners.empty()) {
    a.winners = c.winners;
    a.decided = "vote";
  }
}

void apply_award(EventState& s, const DecideAward& c) {
  Award& a = *s.find_award(c.award);
  a.winners = {c.winner};
  a.decided = c.how;
}

void apply_award(EventState& s, const RevealAwards& c) {
  for (const std::string& key : c.awards) s.find_award(key)->revealed = c.revealed;
}

}  // namespace detail
}  // namespace gauntlet
