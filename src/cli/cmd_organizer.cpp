// gauntlet organizer add|list|disable|password|audit: organizer accounts of a hosted instance
// (issue 15 point 3), on the database the server uses (a SQLite file or a PostgreSQL URL).
//
//   gauntlet --db postgresql://host/gauntlet organizer add alice --name "Alice Liddell"
//   gauntlet organizer password alice      # a new password, printed once
//   gauntlet organizer disable alice       # --enable undoes it
//   gauntlet organizer audit --limit 50    # who did what to which account, newest first
//
// Passwords are generated and printed once (never typed on a command line, where the shell's
// history would keep them); only their hash is stored. Every change is audited as "cli".
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "server/accounts.hpp"
#include "server/crypto.hpp"

namespace gauntlet::cli {
namespace {

struct OrganizerFlags {
  std::string login, name;
  bool enable = false;
  int limit = 50;
};

constexpr const char* kActor = "cli";

server::Accounts accounts(const Options& o) {
  Store::open(o.db);  // the database must be Gauntlet's (or new): its sessions table is needed too
  return server::Accounts(o.db, server::kDefaultPbkdf2Iterations);
}

void list(const Options& o) {
  const std::vector<server::Organizer> all = accounts(o).list();
  if (o.json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& a : all)
      j.push_back(
          {{"login", a.login}, {"name", a.name}, {"disabled", a.disabled}, {"created_at", a.created_at}});
    return fmt::print("{}\n", j.dump(2));
  }
  if (all.empty()) return fmt::print("No organizers yet (gauntlet organizer add LOGIN --name NAME)\n");
  for (const auto& a : all)
    fmt::print("{:<20} {}{}  (since {})\n", a.login, a.name, a.disabled ? "  [disabled]" : "", a.created_at);
}

void audit(const Options& o, int limit) {
  if (limit < 1) reject(Error{"--limit", "", "must be 1 or more"});
  const std::vector<server::AuditEntry> entries = accounts(o).audit_log(limit);
  if (o.json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& e : entries)
      j.push_back({{"seq", e.seq},
                   {"at", e.at},
                   {"actor", e.actor},
                   {"action", e.action},
                   {"subject", e.subject},
                   {"detail", e.detail}});
    return fmt::print("{}\n", j.dump(2));
  }
  if (entries.empty()) return fmt::print("The account audit is empty\n");
  for (const auto& e : entries)
    fmt::print("#{} {} {} {} {}{}\n", e.seq, e.at, e.actor, e.action, e.subject,
               e.detail.empty() ? "" : " (" + e.detail + ")");
}

}  // namespace

void add_organizer_commands(CLI::App& app, Options& o) {
  auto f = std::make_shared<OrganizerFlags>();
  auto* cmd = app.add_subcommand(
      "organizer", "Organizer accounts of a hosted server: add, list, disable, password, audit");
  cmd->require_subcommand(1);

  auto* add = cmd->add_subcommand("add", "Add an organizer; prints their password once");
  add->add_option("login", f->login, "Login name: lowercase letters, digits, '.', '_', '-'")->required();
  add->add_option("--name", f->name, "Display name, e.g. \"Alice Liddell\"")->required();
  add->callback([&o, f] {
    const std::string password = server::random_password();
    const server::Organizer a = unwrap(accounts(o).add(kActor, f->login, f->name, password));
    fmt::print("Organizer '{}' ({}) added. Password (shown once, stored hashed): {}\n", a.login, a.name,
               password);
  });

  cmd->add_subcommand("list", "Every organizer, disabled ones marked")->callback([&o] { list(o); });

  auto* disable = cmd->add_subcommand("disable", "Disable an organizer (logged out at once), or --enable");
  disable->add_option("login", f->login, "The organizer's login")->required();
  disable->add_flag("--enable", f->enable, "Enable the account again");
  disable->callback([&o, f] {
    unwrap(accounts(o).set_disabled(kActor, f->login, !f->enable));
    fmt::print("Organizer '{}' {}\n", f->login, f->enable ? "enabled" : "disabled (and logged out)");
  });

  auto* password = cmd->add_subcommand("password", "Give an organizer a new password; prints it once");
  password->add_option("login", f->login, "The organizer's login")->required();
  password->callback([&o, f] {
    const std::string fresh = server::random_password();
    unwrap(accounts(o).set_password(kActor, f->login, fresh));
    fmt::print("New password for '{}' (shown once, stored hashed; their sessions ended): {}\n", f->login,
               fresh);
  });

  auto* log = cmd->add_subcommand("audit", "The account audit: who did what, newest first");
  log->add_option("--limit", f->limit, "How many entries (default 50)");
  log->callback([&o, f] { audit(o, f->limit); });
}

}  // namespace gauntlet::cli
