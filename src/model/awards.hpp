// Awards beyond the placings (SR2017 "Prizes"): Best Painted in a category announced in advance,
// Best Sport, and awards the EO defines. Each is chosen by the EO, put to a blind vote of the
// participants, or computed from the results.
//
//   const Award* a = find_award(state, "best-painted");
//   if (a && a->open_ballot()) ...                 // a vote is running
//   for (const PlayerId& w : a->winners) ...       // decided (shown to the public once revealed)
//
// Secrecy (issue 14): a vote is journaled as who voted and a *sealed* choice, an opaque string the
// server made with a key kept outside the journal (server/ballots.hpp). The core never sees a
// choice in clear: it checks that each participant votes once, and takes the count the ballot box
// hands it when the vote closes. Once counted, the key is destroyed, so nobody can ever pair a
// voter with a choice, whatever they read.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gauntlet {

using PlayerId = std::string;

enum class AwardMethod { choice, vote, computed };
// What a computed award counts over the results (ties are broken by the EO).
enum class AwardMetric { none, assassinations, army_points, control_points, scenario_wins };

// A submission (Best Painted: the player's entry, with a photo the player uploads or the EO
// takes); `photo` is the image's SHA-256 (the bytes live beside the journal, not in it).
struct AwardEntry {
  PlayerId player;
  std::string title;  // "Khador battlegroup"; may be empty
  std::string photo;  // hex SHA-256 or empty
  bool operator==(const AwardEntry&) const = default;
};

struct SealedVote {
  PlayerId voter;
  std::string sealed;  // opaque; only the ballot box's key opens it
  bool operator==(const SealedVote&) const = default;
};

// One round of voting. The first has every entry; a second is held "among only the tied entries"
// (SR2017 "Prizes").
struct Ballot {
  int number = 1;
  std::vector<PlayerId> candidates;
  std::vector<SealedVote> votes;
  std::optional<std::map<PlayerId, int>> tally;  // set when the vote closes
  bool operator==(const Ballot&) const = default;
  bool open() const { return !tally; }
  bool has_voted(std::string_view player) const;
  // The candidates with the most votes, once counted (several: a tie).
  std::vector<PlayerId> leaders() const;
};

struct Award {
  std::string key;       // "best-painted"
  std::string name;      // "Best Painted"
  std::string category;  // "Best Army": announced in advance for Best Painted
  AwardMethod method = AwardMethod::choice;
  AwardMetric metric = AwardMetric::none;  // computed awards only
  // Every participant is an entry (Best Sport); otherwise players submit entries (Best Painted).
  bool everyone = false;
  std::vector<AwardEntry> entries;
  std::vector<Ballot> ballots;
  std::vector<PlayerId> winners;  // empty until decided
  std::string decided;            // how: "vote", "EO", "EO broke the tie", "results"
  bool revealed = false;          // results are hidden until the EO reveals them
  bool operator==(const Award&) const = default;

  const Ballot* open_ballot() const;
  const AwardEntry* entry_of(std::string_view player) const;
};

const char* to_string(AwardMethod m);
const char* to_string(AwardMetric m);
std::optional<AwardMethod> parse_award_method(std::string_view s);
std::optional<AwardMetric> parse_award_metric(std::string_view s);
// "Best Painted" -> "best-painted": the key an award gets when none is given.
std::string award_key_of(std::string_view name);

}  // namespace gauntlet
