// The ballot box: the only way a vote reaches the journal (app::execute refuses cast-vote and
// close-vote). It checks the choice against the open ballot, seals it (server/seal.hpp) under the
// ballot's key from the AwardStore, and at close opens every sealed vote, journals the count only,
// then destroys the key: from then on nobody can pair a voter with a choice (issue 14).
//
//   auto a = cast_vote(session, store, "best-painted", "p3", "p7");   // p3 votes for p7
//   auto c = close_vote(session, store, "best-painted");              // tally journaled, key gone
//
// Call inside the event's sequencer (EventHub::sequenced): the ballot read and the append are one step.
#pragma once

#include "app/execute.hpp"
#include "server/award_store.hpp"

namespace gauntlet::server {

// Errors: `choice` not on the ballot; the engine's own (no open vote, disqualified or repeat voter).
Result<app::Accepted> cast_vote(EventSession& session, AwardStore& store, const std::string& award,
                                const PlayerId& voter, const PlayerId& choice);
// Errors: no open vote; the ballot's key is not in this database (the event was moved mid-vote).
Result<app::Accepted> close_vote(EventSession& session, AwardStore& store, const std::string& award);

}  // namespace gauntlet::server
