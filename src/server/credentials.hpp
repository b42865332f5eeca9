// Secrets kept beside the journal, in the same SQLite file, through a connection of their own:
// the server admin key and EO passwords (PBKDF2 hashes) and player PINs. Never in the journal
// or the event file, so exporting or sharing an event never leaks a credential.
//
//   Credentials creds("gauntlet.db", 600000);
//   std::optional<std::string> key = creds.ensure_admin_key();   // set only on first start
//   creds.set_eo_password("spring-open", "correct horse");
//   bool ok = creds.check_eo_password("spring-open", typed);
//   std::string pin = creds.ensure_pins("spring-open", {"p1", "p2"})["p1"];
//
// PINs are stored in clear: the EO must be able to reprint a player's slip, and a 6-digit
// secret gains nothing from hashing (10^6 guesses); rate limiting protects it instead.
// The database must be Gauntlet's (Store::open made it): a changed credential ends its sessions in
// the Store's server_sessions. Thread-safe (one mutex around the connection).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/state.hpp"
#include "server/crypto.hpp"

namespace gauntlet::server {

// A judge's PIN is kept beside the players' under this holder id (player ids never hold a ':').
inline std::string judge_credential(const std::string& name) {
  return "judge:" + name;
}

class Credentials {
 public:
  Credentials(const std::string& db_path, int pbkdf2_iterations);
  ~Credentials();

  // A fresh admin key when none exists yet (print it once), else nullopt. Set-if-absent: of two
  // servers starting together on one database, exactly one gets a key back.
  std::optional<std::string> ensure_admin_key();
  bool check_admin_key(const std::string& key);
  // A fresh admin key replacing the stored one (gauntlet admin-key --new): the old key stops
  // working at once. Printed once by the caller; only its hash is kept.
  std::string replace_admin_key();

  bool has_eo_password(const std::string& event_id);
  // Every way the EO password changes (set, set_eo_password_hash, remove) ends the EO sessions the
  // old one opened, in the same transaction.
  void set_eo_password(const std::string& event_id, const std::string& password);
  void remove_eo_password(const std::string& event_id);
  // set_eo_password in two steps: the slow PBKDF2 hash (about a second at full strength) first, then
  // one INSERT. POST /api/events hashes before it creates the event, so a crash right after the
  // event is stored leaves at most that INSERT undone, not a second of hashing (docs/reliability.md).
  PasswordHash hash_eo_password(const std::string& password) const;
  void set_eo_password_hash(const std::string& event_id, const PasswordHash& hash);
  // Stores `password` unless the event has one: true when it was stored (print it), false when
  // another process's stood (two servers starting together each generate one for the event).
  bool set_eo_password_if_absent(const std::string& event_id, const std::string& password);
  bool check_eo_password(const std::string& event_id, const std::string& password);

  std::optional<std::string> pin(const std::string& event_id, const std::string& player_id);
  // Takes the judge's PIN away and ends their sessions (one transaction); false when there was no
  // such judge. Made again (ensure_pins), the judge gets a new PIN.
  bool remove_judge(const std::string& event_id, const std::string& name);
  // Every PIN of the event whose holder id starts with `prefix` ("judge:"), by holder id.
  std::map<std::string, std::string> pins_with_prefix(const std::string& event_id, const std::string& prefix);
  // Generates a PIN for every listed player lacking one; returns all of theirs.
  std::map<std::string, std::string> ensure_pins(const std::string& event_id,
                                                 const std::vector<std::string>& players);
  // ensure_pins for every player of the event (the PIN slips), by player id.
  std::map<std::string, std::string> ensure_player_pins(const std::string& event_id, const EventState& state);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::mutex mutex_;
};

}  // namespace gauntlet::server
