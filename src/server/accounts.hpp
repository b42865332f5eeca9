// Organizer accounts of a hosted instance (issue 15 point 3): the admin makes organizers, an
// organizer logs in, creates events and owns them, and gives co-organizers and judges a role per
// event. Kept beside the journal like the credentials (never in an event's journal or file):
//
//   Accounts accounts("postgresql://host/gauntlet", 600000);
//   accounts.add("admin", "alice", "Alice Liddell", "correct horse");   // Result<Organizer>
//   std::optional<Organizer> who = accounts.check_password("alice", typed);
//   accounts.event_created("alice", "spring-open");                      // owner, unpublished
//   accounts.grant("organizer:alice", "spring-open", "bob", EventRole::judge);
//   std::optional<EventRole> r = accounts.role_on("spring-open", "bob");
//
// Passwords are PBKDF2 hashes like EO passwords. Every change is written to account_audit in the
// same transaction (who, what, whom, when); triggers make that table append-only like the journal.
// A bad input is an Error naming the field, and changes nothing. Thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "journal/store.hpp"
#include "server/credentials.hpp"

namespace gauntlet::server {

struct Organizer {
  std::string login;  // lowercase letters, digits, '.', '_', '-'; chosen by the admin, never changes
  std::string name;   // display name
  bool disabled = false;
  std::string created_at;  // UTC ISO 8601
};

enum class EventRole { owner, co_organizer, judge };
const char* to_string(EventRole role);  // "owner", "co-organizer", "judge"
std::optional<EventRole> event_role_from(std::string_view text);

struct EventGrant {
  std::string event_id;
  std::string organizer;  // login
  std::string name;       // the organizer's display name
  EventRole role = EventRole::judge;
};

struct AuditEntry {
  std::int64_t seq = 0;
  std::string at, actor, action, subject, detail;
};

class Accounts {
 public:
  static constexpr std::size_t kMinPasswordLength = 8;

  Accounts(const std::string& db, int pbkdf2_iterations);
  ~Accounts();

  // `actor` in every write is who does it, as the audit shows it: "admin" (the admin key),
  // "cli" (the gauntlet command on the server), "organizer:<login>".
  Result<Organizer> add(const std::string& actor, const std::string& login, const std::string& name,
                        const std::string& password);
  std::vector<Organizer> list();
  std::optional<Organizer> find(const std::string& login);
  Result<void> set_disabled(const std::string& actor, const std::string& login, bool disabled);
  Result<void> set_password(const std::string& actor, const std::string& login, const std::string& password);
  // The organizer when `password` is theirs and the account is enabled; nullopt otherwise.
  std::optional<Organizer> check_password(const std::string& login, const std::string& password);
  // Written by the login route: logins are account actions too.
  void audit(const std::string& actor, const std::string& action, const std::string& subject,
             const std::string& detail);

  // The organizer's role at the event; nullopt without one or while the account is disabled.
  std::optional<EventRole> role_on(const std::string& event_id, const std::string& login);
  // An event made by an organizer: they own it, and it stays out of the directory until published.
  void event_created(const std::string& login, const std::string& event_id);
  // The event's owner, when an organizer made it (whatever the account's state).
  std::optional<std::string> owner_of(const std::string& event_id);
  // Gives `login` the role at the event (co-organizer or judge), or takes theirs away (nullopt).
  // The owner's role is neither given nor taken here.
  Result<void> grant(const std::string& actor, const std::string& event_id, const std::string& login,
                     std::optional<EventRole> role);
  std::vector<EventGrant> roles_at(const std::string& event_id);
  std::vector<EventGrant> events_of(const std::string& login);

  // The directory (GET /api/events) lists an event unless its owner unpublished it. Events made
  // without an organizer (the admin key, the CLI, a venue laptop) have no listing row and are listed.
  std::set<std::string> unlisted();
  std::optional<bool> published(const std::string& event_id);  // nullopt: no listing row
  void set_published(const std::string& actor, const std::string& event_id, bool published);

  // The newest `limit` entries, newest first.
  std::vector<AuditEntry> audit_log(int limit);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::mutex mutex_;  // a SQLite source is one connection, one caller at a time
};

// The EO passwords `gauntlet serve` prints as it starts: a generated one for every event without one,
// and a replacement for each event of `replace` (--new-eo-password). Not for an event an organizer
// owns: it is run through the organizers' roles, and has an EO password only when its owner sets one
// (POST /api/events/{id}/eo-password); a password printed on the server's terminal would be a second
// way in that the owner never chose. An unknown or owned event in `replace` is refused before
// anything is written.
struct PrintedEoPassword {
  std::string event_id, name, password;
};
Result<std::vector<PrintedEoPassword>> eo_passwords_at_start(const Store& store, Credentials& credentials,
                                                             Accounts& accounts,
                                                             const std::vector<std::string>& replace);

}  // namespace gauntlet::server
