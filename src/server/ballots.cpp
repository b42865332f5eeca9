#include "server/ballots.hpp"

#include <algorithm>

#include "app/clock.hpp"
#include "engine/engine.hpp"
#include "journal/session.hpp"
#include "server/seal.hpp"

namespace gauntlet::server {

namespace {

constexpr const char* kPrizes = "SR2017 \"Prizes\"";

// What a seal is bound to: a sealed vote copied to another voter, ballot or event fails to open.
std::string context(const std::string& event_id, const std::string& award, int ballot,
                    const PlayerId& voter) {
  return event_id + "|" + award + "|" + std::to_string(ballot) + "|" + voter;
}

Result<const Ballot*> open_ballot(const EventState& s, const std::string& award) {
  const Award* a = s.find_award(award);
  if (!a) return fail(ErrorKind::not_found, "award", "awards", "no award '" + award + "' in this event");
  if (!a->open_ballot())
    return fail(ErrorKind::precondition, "award", kPrizes, "no vote is open for " + a->name);
  return a->open_ballot();
}

Result<app::Accepted> appended(EventSession& session, Result<std::int64_t> seq) {
  if (!seq) return tl::unexpected(seq.error());
  return app::Accepted{*seq, *session.journal().back().command, {}};
}

}  // namespace

Result<app::Accepted> cast_vote(EventSession& session, AwardStore& store, const std::string& award,
                                const PlayerId& voter, const PlayerId& choice) {
  GAUNTLET_TRY(const Ballot* b, open_ballot(session.state(), award));
  if (std::find(b->candidates.begin(), b->candidates.end(), choice) == b->candidates.end())
    return fail(
        "choice", kPrizes,
        choice.empty() ? "choose one of the entries" : "'" + choice + "' is not an entry on this ballot");
  const int number = b->number;
  // The engine refuses a second vote or a disqualified voter; check first so no key is made for it.
  GAUNTLET_TRY(Command checked, decide(session.state(), CastVote{award, voter, "-", number}));
  (void)checked;
  const std::string key = store.ballot_key(session.event_id(), award, number);
  CastVote vote{award, voter, seal(key, choice, context(session.event_id(), award, number, voter)), number};
  return appended(session, session.execute(std::move(vote), app::now_utc()));
}

Result<app::Accepted> close_vote(EventSession& session, AwardStore& store, const std::string& award) {
  GAUNTLET_TRY(const Ballot* b, open_ballot(session.state(), award));
  const int number = b->number;
  std::map<PlayerId, int> tally;
  if (!b->votes.empty()) {
    const auto key = store.find_ballot_key(session.event_id(), award, number);
    if (!key)
      return fail(
          ErrorKind::precondition, "award", "ballot box",
          "the key that opens this vote's sealed ballots is not in this database (was the event moved "
          "while the vote was open?); decide the award by the EO's choice");
    for (const SealedVote& v : b->votes) {
      const auto choice = unseal(*key, v.sealed, context(session.event_id(), award, number, v.voter));
      if (!choice)
        return fail(ErrorKind::storage, "award", "ballot box",
                    "a sealed vote does not open; nothing counted");
      ++tally[*choice];
    }
  }
  auto done = appended(session, session.execute(CloseVote{award, std::move(tally)}, app::now_utc()));
  if (done) store.forget_ballot_key(session.event_id(), award, number);
  return done;
}

}  // namespace gauntlet::server
