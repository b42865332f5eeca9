// gauntlet player add|import|edit|check-in|drop|disqualify|reinstate|list, list
// add|import|remove|show|count|review|publish.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "app/execute.hpp"
#include "app/json.hpp"
#include "app/list_import.hpp"
#include "app/list_views.hpp"
#include "app/players.hpp"
#include "armylists/characters.hpp"
#include "cli/commands.hpp"
#include "cli/print.hpp"
#include "engine/list_plays.hpp"
#include "eventfile/players_csv.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"

namespace gauntlet::cli {

namespace {

bool is_number(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

// "Name:cost:kind[:models]"; read from the right so a name may itself hold ':'.
ListEntry parse_entry(const std::string& text) {
  const std::string field = "--entry '" + text + "'";
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    const auto colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  if (parts.size() < 3)
    reject(Error{field, "army lists",
                 "write entries as Name:cost:kind[:models], e.g. \"Kaelyssa:7:warcaster\""});
  ListEntry e;
  if (parts.size() >= 4 && is_number(parts.back()) && parse_entry_kind(parts[parts.size() - 2])) {
    e.models = std::stoi(parts.back().substr(0, 6));
    parts.pop_back();
  }
  auto kind = parse_entry_kind(parts.back());
  if (!kind)
    reject(Error{field, "army lists",
                 "'" + parts.back() +
                     "' is not warcaster, warlock, leader, warjack, warbeast, unit, solo, battle-engine, "
                     "attachment or other"});
  e.kind = *kind;
  parts.pop_back();
  if (!is_number(parts.back()) || parts.back().size() > 6)
    reject(Error{field, "army lists", "the cost must be a whole number"});
  e.cost = std::stoi(parts.back());
  parts.pop_back();
  for (std::size_t i = 0; i < parts.size(); ++i) e.name += (i ? ":" : "") + parts[i];
  return e;
}

// "--mark 6:5" (5 models of entry 6), "--mark 3" (entry 3 whole), "--inert 1", "--again 1:2".
std::vector<Loss> parse_marks(const ArmyList& l, const std::vector<std::string>& marks,
                              const std::vector<int>& inert, const std::vector<std::string>& again) {
  std::map<int, Loss> by_entry;
  const auto pair = [](const std::string& text, const char* flag) {
    const auto colon = text.find(':');
    const std::string a = text.substr(0, colon), b = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (!is_number(a) || a.size() > 4 || (colon != std::string::npos && (!is_number(b) || b.size() > 4)))
      reject(Error{std::string(flag) + " '" + text + "'", "army points destroyed",
                   "write ENTRY or ENTRY:N with the entry numbers 'gauntlet list show' prints"});
    return std::pair{std::stoi(a), b.empty() ? -1 : std::stoi(b)};
  };
  const auto at = [&](int entry) -> Loss& {
    return by_entry.emplace(entry, Loss{entry, 0, false, 0}).first->second;
  };
  for (const std::string& m : marks) {
    const auto [entry, models] = pair(m, "--mark");
    const bool known = entry < static_cast<int>(l.entries.size());
    at(entry).models = models >= 0 ? models : known ? l.entries[static_cast<std::size_t>(entry)].models : 1;
  }
  for (int entry : inert) at(entry).inert = true;
  for (const std::string& a : again) {
    const auto [entry, n] = pair(a, "--again");
    at(entry).again = n < 0 ? 1 : n;
  }
  std::vector<Loss> out;
  for (const auto& [entry, loss] : by_entry) out.push_back(loss);
  return out;
}

void print_status(const EventState& st, const PlayerId& id) {
  const Player& p = *st.find_player(id);
  fmt::print("{} ({}) is {}{}\n", p.name, p.id, to_string(p.status),
             p.dropped_after ? fmt::format(" after round {}", *p.dropped_after) : "");
}

void status_command(CLI::App* parent, Options& o, const char* name, const char* help, PlayerStatus status,
                    bool takes_round) {
  auto* cmd = parent->add_subcommand(name, help);
  auto who = std::make_shared<std::vector<std::string>>();
  auto after = std::make_shared<int>(-1);
  cmd->add_option("player", *who, "Player id or name (several allowed)")->required();
  if (takes_round)
    cmd->add_option("--after", *after, "Last round the player takes part in (default: the latest paired)");
  cmd->callback([&o, who, after, status] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    for (const std::string& ref : *who) {
      const PlayerId id = resolve_player(s.state(), ref, "player");
      SetPlayerStatus c{id, status, *after >= 0 ? std::optional<int>(*after) : std::nullopt};
      execute(s, c);
      print_status(s.state(), id);
    }
  });
}

// `player drop`: like the other status commands, plus leaving the open round before playing it
// (issue 3: "a player can be dropped after pairings are published (re-pair or give the orphan a
// bye — EO's choice, explained)"). Tables with a result or a report never change.
void drop_command(CLI::App* parent, Options& o) {
  auto* cmd = parent->add_subcommand("drop", "Drop players from the event");
  auto who = std::make_shared<std::vector<std::string>>();
  auto after = std::make_shared<int>(-1);
  auto orphan_bye = std::make_shared<bool>(false);
  auto repair = std::make_shared<bool>(false);
  cmd->add_option("player", *who, "Player id or name (several allowed)")->required();
  cmd->add_option("--after", *after, "Last round the player takes part in (default: the latest paired)");
  cmd->add_flag("--orphan-bye", *orphan_bye,
                "The player leaves the open round before playing it: their opponent gets the bye (the round "
                "must have none)");
  cmd->add_flag("--repair", *repair,
                "The player leaves the open round before playing it: every table without a result or report "
                "is paired again");
  cmd->callback([&o, who, after, orphan_bye, repair] {
    if (*orphan_bye && *repair)
      reject(Error{"--orphan-bye", "pairings", "choose --orphan-bye or --repair, not both"});
    const app::Amend amend = *orphan_bye ? app::Amend::orphan_bye
                             : *repair   ? app::Amend::repair
                                         : app::Amend::none;
    const char* flag = *orphan_bye ? "--orphan-bye" : "--repair";
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    for (const std::string& ref : *who) {
      const PlayerId id = resolve_player(s.state(), ref, "player");
      auto plan =
          app::plan_drop(s.state(), id, *after >= 0 ? std::optional<int>(*after) : std::nullopt, amend);
      if (!plan && plan.error().field == "after_round") {
        const int round = s.state().rounds.back().number;
        reject(
            Error{"--after", "pairings",
                  fmt::format(
                      "with {} the player leaves round {} before playing it: --after must be {} or left out",
                      flag, round, round - 1)});
      }
      if (!plan && amend == app::Amend::orphan_bye && plan.error().field == "bye")
        plan.error().message += " (--repair)";
      const app::DropPlan p = unwrap(std::move(plan));
      for (const std::string& w : p.warnings) fmt::print(stderr, "{}\n", w);
      execute(s, p.command);
      print_status(s.state(), id);
      if (p.command.amended) {
        fmt::print("{}", describe_round(s.state(), p.command.amended->round));
        for (const std::string& line : p.explain) fmt::print("  · {}\n", line);
      } else if (p.owed_table) {
        // Dropped after the open round: they still owe the game at their table.
        fmt::print(
            "  · {} is still paired at table {} of round {}: record that game (e.g. a concession), or if "
            "they leave before playing it, undo and use --orphan-bye or --repair\n",
            s.state().find_player(id)->name, *p.owed_table, *p.command.after_round);
      }
    }
  });
}

void add_register_commands(CLI::App* player, Options& o) {
  auto* add = player->add_subcommand("add", "Register a player (a late entry once the event has begun)");
  auto p = std::make_shared<Player>();
  add->add_option("--name", p->name, "Player name")->required();
  add->add_option("--faction", p->faction, "Faction (SR2023: army); a unique prefix is enough")->required();
  add->add_option("--club", p->club, "Club or team");
  add->add_option("--contact", p->contact, "Contact (never shown publicly)");
  add->callback([&o, p] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    execute(s, AddPlayer{*p});
    const Player& added = s.state().players.back();
    fmt::print("Registered {} ({}), {}{}\n", added.name, added.id, added.faction,
               added.joined_round > 1
                   ? fmt::format(" — late entry, joins round {} with 0 TP", added.joined_round)
                   : "");
  });

  auto* csv_import =
      player->add_subcommand("import", "Register players from a CSV file (name,faction,club,contact)");
  auto csv = std::make_shared<std::string>();
  csv_import->add_option("file", *csv, "CSV file with a header row")->required();
  csv_import->callback([&o, csv] {
    const std::vector<Player> players = unwrap(parse_players_csv(read_file(*csv, "file")));
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    // Every row checked first, so a bad row 40 leaves rows 1–39 unwritten too.
    unwrap(app::execute_all(s, unwrap(app::registrations(s.state(), players, "csv"))));
    fmt::print("Registered {} players from {}\n", players.size(), *csv);
  });

  auto* edit = player->add_subcommand("edit", "Correct a player's details");
  auto edit_ref = std::make_shared<std::string>();
  auto edit_cmd = std::make_shared<std::map<std::string, std::string>>();
  edit->add_option("player", *edit_ref, "Player id or name")->required();
  for (const char* key : {"name", "faction", "club", "contact"})
    edit->add_option_function<std::string>(std::string("--") + key,
                                           [edit_cmd, key](const std::string& v) { (*edit_cmd)[key] = v; });
  edit->callback([&o, edit_ref, edit_cmd] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    EditPlayer c;
    c.id = resolve_player(s.state(), *edit_ref, "player");
    if (edit_cmd->count("name")) c.name = edit_cmd->at("name");
    if (edit_cmd->count("faction")) c.faction = edit_cmd->at("faction");
    if (edit_cmd->count("club")) c.club = edit_cmd->at("club");
    if (edit_cmd->count("contact")) c.contact = edit_cmd->at("contact");
    execute(s, c);
    fmt::print("Updated {}\n", c.id);
  });
}

void add_list_commands(CLI::App& app, Options& o) {
  auto* list = app.add_subcommand("list", "Army lists")->require_subcommand(1);
  auto* ladd = list->add_subcommand("add", "Add or replace a player's army list");
  auto owner = std::make_shared<std::string>();
  auto index = std::make_shared<int>(0);
  auto entries = std::make_shared<std::vector<std::string>>();
  auto from_json = std::make_shared<std::string>();
  ladd->add_option("player", *owner, "Player id or name")->required();
  ladd->add_option("--index", *index, "List number to replace (default: the next one)");
  ladd->add_option("--entry", *entries,
                   "Name:cost:kind[:models]; the warcaster/warlock's cost is its battlegroup points");
  ladd->add_option("--json", *from_json,
                   "A list as JSON: {\"entries\": [{\"name\", \"cost\", \"kind\", \"models\"}]}");
  ladd->callback([&o, owner, index, entries, from_json] {
    ArmyList l;
    if (!from_json->empty())
      l = unwrap(list_from_json(unwrap(read_json_text(read_file(*from_json, "--json"), "--json")), "list"));
    for (const std::string& e : *entries) l.entries.push_back(parse_entry(e));
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const PlayerId id = resolve_player(s.state(), *owner, "player");
    const int i = *index ? *index : static_cast<int>(s.state().find_player(id)->lists.size()) + 1;
    execute(s, SetList{id, i, l});
    fmt::print("List {} of {}: {} entries led by {}, {} points\n", i, id, l.entries.size(), l.leader()->name,
               l.total_cost());
  });

  // Pasted text from War Room or Conflict Chamber, or the JSON: every refused line named, nothing
  // half-imported (issue 13 point 1).
  auto* limp =
      list->add_subcommand("import", "Import a player's list as War Room or Conflict Chamber export it");
  auto imp_owner = std::make_shared<std::string>();
  auto imp_file = std::make_shared<std::string>();
  auto imp_index = std::make_shared<int>(0);
  limp->add_option("player", *imp_owner, "Player id or name")->required();
  limp->add_option("file", *imp_file, "The exported text (default or \"-\": standard input)");
  limp->add_option("--index", *imp_index, "List number to replace (default: the next one)");
  limp->callback([&o, imp_owner, imp_file, imp_index] {
    const std::string text = read_file_or_stdin(*imp_file, "file");
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const PlayerId id = resolve_player(s.state(), *imp_owner, "player");
    auto plan = unwrap(app::plan_list_import(
        s.state(), id, text, *imp_index ? std::optional<int>(*imp_index) : std::nullopt, "list"));
    execute(s, plan.command);
    const ImportedList& l = plan.imported;
    if (o.json) return fmt::print("{}\n", list_to_json(plan.command.list).dump(2));
    fmt::print("List {} of {}: {} list{}{}{}, {} entries led by {}, {} points (+{} battlegroup points)\n",
               plan.command.index, id, l.format, l.title.empty() ? "" : " '" + l.title + "'",
               l.faction.empty() ? "" : " (" + l.faction + ")", l.theme.empty() ? "" : ", theme " + l.theme,
               l.list.entries.size(), l.list.leader()->name, l.list.net_points(), l.list.leader()->cost);
  });

  auto* lrem = list->add_subcommand("remove", "Remove a player's army list");
  auto rem_owner = std::make_shared<std::string>();
  auto rem_index = std::make_shared<int>(1);
  lrem->add_option("player", *rem_owner, "Player id or name")->required();
  lrem->add_option("index", *rem_index, "List number")->required();
  lrem->callback([&o, rem_owner, rem_index] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    execute(s, RemoveList{resolve_player(s.state(), *rem_owner, "player"), *rem_index});
    fmt::print("Removed list {}\n", *rem_index);
  });

  // The army-points calculator (issue 13 point 4): marks on the list, counted by the edition.
  auto* lcount = list->add_subcommand("count", "Count the army points destroyed of a player's list");
  auto cnt_owner = std::make_shared<std::string>();
  auto cnt_list = std::make_shared<int>(0);
  auto cnt_marks = std::make_shared<std::vector<std::string>>();
  auto cnt_inert = std::make_shared<std::vector<int>>();
  auto cnt_again = std::make_shared<std::vector<std::string>>();
  lcount->add_option("player", *cnt_owner, "Player id or name (whose army was destroyed)")->required();
  lcount->add_option("--list", *cnt_list, "The list played (needed when the player has two or more)");
  lcount->add_option(
      "--mark", *cnt_marks,
      "ENTRY (the whole entry) or ENTRY:MODELS destroyed; entries as 'list show' numbers them");
  lcount->add_option("--inert", *cnt_inert, "ENTRY: a warjack left inert or a warbeast left wild");
  lcount->add_option("--again", *cnt_again, "ENTRY:N: destroyed N more times before, returned to play");
  auto cnt_assassination = std::make_shared<bool>(false);
  lcount->add_flag(
      "--as-assassination", *cnt_assassination,
      "The player conceded or their clock ran out, scored as an assassination on the table as "
      "it is: their warcaster/warlock and (where inert and wild models count) battlegroup added");
  lcount->callback([&o, cnt_owner, cnt_list, cnt_marks, cnt_inert, cnt_again, cnt_assassination] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const Player& pl = *s.state().find_player(resolve_player(s.state(), *cnt_owner, "player"));
    const std::optional<int> which = *cnt_list ? std::optional<int>(*cnt_list) : std::nullopt;
    const int shown = which.value_or(1);
    const ArmyList empty;
    const ArmyList& l = shown >= 1 && shown <= static_cast<int>(pl.lists.size())
                            ? pl.lists[static_cast<std::size_t>(shown - 1)]
                            : empty;
    const std::vector<Loss> marks = parse_marks(l, *cnt_marks, *cnt_inert, *cnt_again);
    const Destroyed d =
        unwrap(app::count_destroyed(s.state(), pl.id, which, marks, "--mark", *cnt_assassination));
    if (o.json) {
      nlohmann::json j = app::destroyed_json(d);
      return fmt::print("{}\n", j.dump(2));
    }
    for (const LossLine& x : d.lines)
      fmt::print("  [{}] {:<40} {:>4}  {}\n", x.entry, x.name, x.points, x.why);
    fmt::print("{} army points destroyed of {}'s list {}\n", d.total, pl.name, shown);
  });

  // Issue 13 point 2: the EO approves what the program cannot check, marks names that are no
  // character, and publishes the lists once they lock.
  auto* lrev =
      list->add_subcommand("review", "Approve a player's lists (Field Allowance, themes: the EO's call)");
  auto rev_owner = std::make_shared<std::string>();
  auto rev_not = std::make_shared<std::vector<std::string>>();
  auto rev_note = std::make_shared<std::string>();
  auto rev_withdraw = std::make_shared<bool>(false);
  lrev->add_option("player", *rev_owner, "Player id or name")->required();
  lrev->add_option("--not-character", *rev_not, "A name in two lists that is no character (FA C)");
  lrev->add_option("--note", *rev_note, "Why (kept in the journal)");
  lrev->add_flag("--withdraw", *rev_withdraw, "Withdraw an approval (the marks are kept)");
  lrev->callback([&o, rev_owner, rev_not, rev_note, rev_withdraw] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const PlayerId id = resolve_player(s.state(), *rev_owner, "player");
    execute(s, ReviewLists{id, !*rev_withdraw, *rev_not, *rev_note});
    fmt::print("Lists of {} {}\n", s.state().label(id), *rev_withdraw ? "not approved" : "approved");
  });
  auto* lpub = list->add_subcommand("publish", "Show every list to the public (once round 1 is paired)");
  auto pub_hide = std::make_shared<bool>(false);
  lpub->add_flag("--hide", *pub_hide, "Hide them again");
  lpub->callback([&o, pub_hide] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    execute(s, PublishLists{!*pub_hide});
    fmt::print("Lists {}\n", *pub_hide ? "hidden" : "published");
  });

  auto* lshow = list->add_subcommand("show", "Show a player's lists");
  auto show_owner = std::make_shared<std::string>();
  lshow->add_option("player", *show_owner, "Player id or name")->required();
  lshow->callback([&o, show_owner] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const Player& pl = *s.state().find_player(resolve_player(s.state(), *show_owner, "player"));
    for (std::size_t i = 0; i < pl.lists.size(); ++i) {
      fmt::print("List {} ({} points):\n", i + 1, pl.lists[i].total_cost());
      for (std::size_t n = 0; n < pl.lists[i].entries.size(); ++n) {
        const ListEntry& e = pl.lists[i].entries[n];
        fmt::print("  [{}] {:<32} {:>4}  {}{}\n", n, e.name,
                   e.kind == EntryKind::leader ? "+" + std::to_string(e.cost) : std::to_string(e.cost),
                   to_string(e.kind), e.models > 1 ? fmt::format(" ×{}", e.models) : "");
      }
    }
    for (const CharacterClash& k : character_clashes(pl))
      fmt::print("In lists {}: {}{}\n", fmt::join(k.lists, " and "), k.name,
                 pl.review && std::find(pl.review->not_characters.begin(), pl.review->not_characters.end(),
                                        k.name) != pl.review->not_characters.end()
                     ? " (marked: no character)"
                 : characters_restricted(s.state())
                     ? " — if it is a character (FA C), it may be in one list only"
                     : "");
    if (pl.review)
      fmt::print("Reviewed by the EO: {}{}\n", pl.review->approved ? "approved" : "not approved",
                 pl.review->note.empty() ? "" : " (" + pl.review->note + ")");
  });
}

}  // namespace

void add_player_commands(CLI::App& app, Options& o) {
  auto* player = app.add_subcommand("player", "Register and manage players")->require_subcommand(1);
  add_register_commands(player, o);
  status_command(player, o, "check-in", "Check players in", PlayerStatus::checked_in, false);
  drop_command(player, o);
  status_command(player, o, "disqualify", "Disqualify players (no prizes, no further play)",
                 PlayerStatus::disqualified, true);
  status_command(player, o, "reinstate", "Undo a drop or a check-in", PlayerStatus::registered, false);
  player->add_subcommand("list", "List the players")->callback([&o] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    if (o.json) {
      nlohmann::json out = nlohmann::json::array();
      for (const Player& pl : s.state().players) out.push_back(command_to_json(AddPlayer{pl})["player"]);
      fmt::print("{}\n", out.dump(2));
      return;
    }
    fmt::print("{}", describe_players(s.state()));
  });
  add_list_commands(app, o);
}

}  // namespace gauntlet::cli
