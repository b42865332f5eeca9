// gauntlet award [show|define|remove|enter|open|close|decide|reveal]: the EO's side of the awards
// (issue 14 point 2). Players vote on their phones (the server's ballot box); `award close` counts
// the sealed votes with the key kept in the same database, then destroys it.
#include <fmt/format.h>

#include "app/awards.hpp"
#include "cli/commands.hpp"
#include "server/ballots.hpp"

namespace gauntlet::cli {
namespace {

struct AwardFlags {
  std::string key, name, category, method = "choice", metric = "none", player, title;
  bool everyone = false, withdraw = false, hide = false;
};

void show(const Options& o) {
  Store store = open_store(o);
  EventSession s = open_session(store, o);
  const nlohmann::json view = app::awards_json(s.state(), app::AwardsAudience::organizer());
  if (o.json) return fmt::print("{}\n", view.dump(2));
  if (view["awards"].empty()) return fmt::print("No awards yet (gauntlet award define NAME)\n");
  for (const auto& a : view["awards"]) {
    fmt::print("{} [{}] {}{}\n", a["name"].get<std::string>(), a["key"].get<std::string>(),
               a["method"].get<std::string>(),
               a["category"].get<std::string>().empty() ? "" : " · " + a["category"].get<std::string>());
    for (const auto& e : a["entries"])
      fmt::print("  entry: {} {}\n", e["name"].get<std::string>(), e["title"].get<std::string>());
    if (a.contains("ballot")) {
      const auto& b = a["ballot"];
      fmt::print("  vote {}: {} · {} of {} voted\n", b["number"].get<int>(),
                 b["open"].get<bool>() ? "open" : "closed", b["votes"].get<int>(), b["voters"].get<int>());
    }
    if (a.contains("tally"))
      for (const auto& t : a["tally"])
        fmt::print("  {:>3}  {}\n", t["votes"].get<int>(), t["name"].get<std::string>());
    for (const auto& w : a["winners"])
      fmt::print("  winner: {} ({}{})\n", w["name"].get<std::string>(), a["decided"].get<std::string>(),
                 a["revealed"].get<bool>() ? ", announced" : "");
    if (a.contains("tied") && !a["tied"].empty() && a["winners"].empty()) {
      std::string names;
      for (const auto& t : a["tied"]) names += (names.empty() ? "" : ", ") + t["name"].get<std::string>();
      fmt::print("  tied: {} (award decide {} PLAYER, or award open {} for a second vote)\n", names,
                 a["key"].get<std::string>(), a["key"].get<std::string>());
    }
  }
}

template <class F>
void with_session(const Options& o, F&& f) {
  Store store = open_store(o);
  EventSession s = open_session(store, o);
  f(s);
}

}  // namespace

void add_award_commands(CLI::App& app, Options& o) {
  auto f = std::make_shared<AwardFlags>();
  auto* award = app.add_subcommand("award", "Awards: Best Painted, Best Sport, your own; blind votes");
  award->require_subcommand(0, 1);
  award->callback([&o, award] {
    if (award->get_subcommands().empty()) show(o);
  });
  award->add_subcommand("show", "Every award, its entries, votes and winners")->callback([&o] { show(o); });

  auto* def = award->add_subcommand("define", "Define (or change) an award");
  def->add_option("name", f->name, "Its name: \"Best Painted\"")->required();
  def->add_option("--key", f->key, "Short name (default: from the name, best-painted)");
  def->add_option("--category", f->category,
                  "Best Painted's category: Best Single Model, Best Battlegroup, ...");
  def->add_option("--method", f->method, "choice (the EO's), vote (blind vote on the phones) or computed");
  def->add_option("--metric", f->metric,
                  "computed: assassinations, army-points, control-points, scenario-wins");
  def->add_flag("--everyone", f->everyone, "Every participant is an entry (Best Sport)");
  def->callback([&o, f] {
    const auto method = parse_award_method(f->method);
    if (!method) reject(Error{"--method", "awards", "'" + f->method + "': choice, vote or computed"});
    const auto metric = parse_award_metric(f->metric);
    if (!metric)
      reject(Error{"--metric", "awards",
                   "'" + f->metric + "': assassinations, army-points, control-points or scenario-wins"});
    with_session(o, [&](EventSession& s) {
      execute(s, DefineAward{f->key, f->name, f->category, *method, *metric, f->everyone});
    });
  });

  auto* rm = award->add_subcommand("remove", "Remove an award not yet put to a vote");
  rm->add_option("award", f->key, "The award's key")->required();
  rm->callback([&o, f] {
    with_session(o, [&](EventSession& s) { execute(s, DefineAward{f->key, "", "", {}, {}, false, true}); });
  });

  auto* enter = award->add_subcommand("enter", "Enter a player for an award (or --withdraw)");
  enter->add_option("award", f->key, "The award's key")->required();
  enter->add_option("player", f->player, "Player id or name")->required();
  enter->add_option("--title", f->title, "What the entry is: \"Khador battlegroup\"");
  enter->add_flag("--withdraw", f->withdraw, "Take the entry back");
  enter->callback([&o, f] {
    with_session(o, [&](EventSession& s) {
      execute(s,
              EnterAward{f->key, resolve_player(s.state(), f->player, "player"), f->title, "", f->withdraw});
    });
  });

  auto* open =
      award->add_subcommand("open", "Open the blind vote (a second one among the tied, after a tie)");
  open->add_option("award", f->key, "The award's key")->required();
  open->callback([&o, f] { with_session(o, [&](EventSession& s) { execute(s, OpenVote{f->key}); }); });

  auto* close =
      award->add_subcommand("close", "Close the vote and count it (the sealing key is then destroyed)");
  close->add_option("award", f->key, "The award's key")->required();
  close->callback([&o, f] {
    with_session(o, [&](EventSession& s) {
      server::AwardStore box(o.db);
      const app::Accepted a = unwrap(server::close_vote(s, box, f->key));
      const auto& c = std::get<CloseVote>(a.command);
      fmt::print("#{} vote {} counted: {}\n", a.seq, c.ballot,
                 c.winners.empty() ? "a tie (award decide, or award open for a second vote)"
                                   : s.state().label(c.winners.front()) + " wins");
    });
  });

  auto* decide_cmd = award->add_subcommand("decide", "The EO's choice: the winner, or who wins a tie");
  decide_cmd->add_option("award", f->key, "The award's key")->required();
  decide_cmd->add_option("player", f->player, "Player id or name (computed: default the one leader)");
  decide_cmd->callback([&o, f] {
    with_session(o, [&](EventSession& s) {
      execute(s, DecideAward{f->key, f->player.empty() ? "" : resolve_player(s.state(), f->player, "player"),
                             ""});
    });
  });

  auto* reveal = award->add_subcommand("reveal", "Announce decided awards to the players and the public");
  reveal->add_option("award", f->key, "One award (default: every decided one)");
  reveal->add_flag("--hide", f->hide, "Hide again");
  reveal->callback([&o, f] {
    with_session(o, [&](EventSession& s) { execute(s, RevealAwards{f->key, !f->hide}); });
  });
}

}  // namespace gauntlet::cli
