#include "app/json.hpp"

#include "model/json.hpp"
#include "model/json_dump.hpp"

namespace gauntlet::app {

using nlohmann::json;

json findings_json(const std::vector<Finding>& findings) {
  json out = json::array();
  for (const Finding& f : findings)
    out.push_back(
        {{"rule", f.rule}, {"hard", f.hard}, {"players", f.players}, {"round", f.round}, {"text", f.text}});
  return out;
}

json pairing_json(const PairRound& p) {
  json tables = json::array();
  for (const Table& t : p.tables)
    tables.push_back({{"table", t.number}, {"players", {t.players[0], t.players[1]}}});
  return {{"round", p.round},
          {"tables", tables},
          {"bye", p.bye ? json(*p.bye) : json(nullptr)},
          {"explain", p.explain}};
}

json review_json(int round, const std::vector<Finding>& findings) {
  json warnings = json::array();
  for (const Finding& f : findings) warnings.push_back(f.text);
  return {{"round", round}, {"warnings", warnings}, {"findings", findings_json(findings)}};
}

json proposal_json(const Proposal& p) {
  json out = pairing_json(p.round);
  json warnings = p.warnings;
  for (const Finding& f : p.findings) warnings.push_back(f.text);
  out["warnings"] = warnings;
  out["findings"] = findings_json(p.findings);
  out["left_out"] = p.left_out;
  out["not_checked_in"] = p.not_checked_in;
  return out;
}

std::string proposal_json_text(const Proposal& p, int indent) {
  const PairRound& round = p.round;
  std::string out;
  // ~100 bytes a table and ~80 a line of explanation at indent 2: usually one allocation.
  out.reserve(1024 + 110 * round.tables.size() + 90 * round.explain.size());
  JsonDumpWriter w(out, indent, json::error_handler_t::strict);
  // proposal_json's members in byte order, as nlohmann writes them.
  w.open('{');
  w.key("bye");
  if (round.bye)
    w.string(*round.bye);
  else
    w.null();
  w.key("explain");
  w.strings(round.explain);
  w.key("findings");
  w.open('[');
  for (const Finding& f : p.findings) {
    w.element();
    w.open('{');
    w.bool_field("hard", f.hard);
    w.key("players");
    w.strings(f.players);
    w.int_field("round", f.round);
    w.string_field("rule", f.rule);
    w.string_field("text", f.text);
    w.close('}');
  }
  w.close(']');
  w.key("left_out");
  w.strings(p.left_out);
  w.key("not_checked_in");
  w.strings(p.not_checked_in);
  w.int_field("round", round.round);
  w.key("tables");
  w.open('[');
  for (const Table& t : round.tables) {
    w.element();
    w.open('{');
    w.key("players");
    w.strings(t.players);
    w.int_field("table", t.number);
    w.close('}');
  }
  w.close(']');
  w.key("warnings");
  w.open('[');
  for (const std::string& text : p.warnings) {
    w.element();
    w.string(text);
  }
  for (const Finding& f : p.findings) {
    w.element();
    w.string(f.text);
  }
  w.close(']');
  w.close('}');
  return out;
}

json drop_plan_json(const DropPlan& plan) {
  json out{
      {"command", command_to_json(plan.command)}, {"explain", plan.explain}, {"warnings", plan.warnings}};
  if (plan.owed_table) out["owed_table"] = *plan.owed_table;
  if (!plan.moved.empty()) out["moved"] = plan.moved;
  if (plan.command.amended) out["pairing"] = pairing_json(*plan.command.amended);
  return out;
}

json entry_json(const EntryView& e) {
  return {{"seq", e.seq}, {"at", e.at}, {"kind", e.kind}, {"text", e.text}, {"who", e.who}};
}

json result_preview_json(const ResultPreview& p) {
  json changes = json::array();
  for (const StandingChange& c : p.changes)
    changes.push_back({{"id", c.id},
                       {"name", c.name},
                       {"rank", c.rank},
                       {"tp", c.tp},
                       {"sos", c.sos},
                       {"cp", c.cp},
                       {"ap", c.ap}});
  return {{"changes", changes}, {"notes", p.notes}};
}

json timing_json(const std::string& edition, const RoundTiming& t) {
  json j{{"edition", edition},
         {"points", t.points},
         {"table_points", t.table_points},
         {"kind", to_string(t.kind)},
         {"expected_minutes", t.expected_minutes()},
         {"deathclock", nullptr},
         {"classic", nullptr},
         {"rules", t.rules}};
  if (const auto& d = t.deathclock)
    j["deathclock"] = {{"player_minutes", d->player_minutes},
                       {"min_turn_seconds", d->min_turn_seconds},
                       {"play_on_under_minutes", d->play_on_under_minutes},
                       {"at_expected_end", d->at_expected_end},
                       {"deployment_steps", d->deployment_steps}};
  if (const auto& c = t.classic)
    j["classic"] = {{"round_minutes", c->round_minutes},
                    {"turn_minutes", c->turn_minutes},
                    {"extension_minutes", c->extension_minutes},
                    {"extensions_per_player", c->extensions_per_player},
                    {"variable_step_minutes", c->variable_step_minutes}};
  return j;
}

nlohmann::json destroyed_json(const Destroyed& d) {
  nlohmann::json lines = nlohmann::json::array();
  for (const LossLine& l : d.lines)
    lines.push_back({{"entry", l.entry}, {"name", l.name}, {"points", l.points}, {"why", l.why}});
  // "destroyed": the marks counted (with what an assassination added), for the result to carry.
  return {{"total", d.total}, {"lines", lines}, {"rule", d.rule}, {"destroyed", losses_to_json(d.marks)}};
}

}  // namespace gauntlet::app
