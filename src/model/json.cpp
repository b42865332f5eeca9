#include "model/json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>
#include <utility>

#include "model/json_awards.hpp"
#include "model/json_read.hpp"

namespace gauntlet {

using nlohmann::json;

namespace {

std::string variant_text(const VariantChoice& v) {
  return v.value ? v.key + ":" + std::to_string(*v.value) : v.key;
}

Result<VariantChoice> parse_variant(const std::string& text, const std::string& field) {
  VariantChoice v;
  const auto colon = text.find(':');
  v.key = text.substr(0, colon);
  if (colon != std::string::npos) {
    const std::string number = text.substr(colon + 1);
    if (number.empty() || number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos)
      return fail(field, "variants", "'" + text + "': the value after ':' must be a whole number");
    v.value = std::stoi(number);
  }
  return v;
}

Result<std::uint64_t> read_seed(const json& j, const std::string& where) {
  auto it = j.find("seed");
  if (it == j.end() || it->is_null()) return std::uint64_t{0};
  // Written as a string: JSON readers in browsers lose precision above 2^53.
  if (it->is_string()) {
    const std::string s = it->get<std::string>();
    // 20 digits may still exceed 2^64 - 1: from_chars says so where stoull threw out_of_range.
    std::uint64_t seed = 0;
    if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos ||
        std::from_chars(s.data(), s.data() + s.size(), seed).ec != std::errc{})
      return fail(json_path(where, "seed"), "event file",
                  "must be a decimal number from 0 to 18446744073709551615");
    return seed;
  }
  if (it->is_number_unsigned()) return it->get<std::uint64_t>();
  return fail(json_path(where, "seed"), "event file", "must be a decimal number in a string");
}

json player_to_json(const Player& p) {
  json j{{"id", p.id}, {"name", p.name}, {"faction", p.faction}};
  if (!p.club.empty()) j["club"] = p.club;
  if (!p.contact.empty()) j["contact"] = p.contact;
  j["status"] = to_string(p.status);
  if (p.dropped_after) j["dropped_after"] = *p.dropped_after;
  if (p.disqualified_after) {
    j["disqualified"] = true;
    j["disqualified_after"] = *p.disqualified_after;
  }
  if (p.joined_round != 1) j["joined_round"] = p.joined_round;
  if (!p.lists.empty()) {
    j["lists"] = json::array();
    for (const ArmyList& l : p.lists) j["lists"].push_back(list_to_json(l));
  }
  return j;
}

json table_to_json(const Table& t) {
  json j{{"table", t.number}, {"players", {t.players[0], t.players[1]}}};
  if (t.results) j["results"] = {result_to_json((*t.results)[0]), result_to_json((*t.results)[1])};
  if (t.ending) j["victory"] = to_string(*t.ending);
  if (t.concession_army) j["concession_army"] = concession_army_to_json(*t.concession_army);
  if (t.report) {
    json r{{"reporter", t.report->reporter},
           {"results", {result_to_json(t.report->results[0]), result_to_json(t.report->results[1])}},
           {"victory", to_string(t.report->ending)},
           {"disputed", t.report->disputed}};
    if (!t.report->note.empty()) r["note"] = t.report->note;
    if (const auto& c = t.report->counter)
      r["counter"] = {{"reporter", c->reporter},
                      {"results", {result_to_json(c->results[0]), result_to_json(c->results[1])}},
                      {"victory", to_string(c->ending)}};
    j["report"] = r;
  }
  return j;
}

struct ToJson {
  json operator()(const CreateEvent& c) const { return {{"config", config_to_json(c.config)}}; }
  json operator()(const ConfigureEvent& c) const { return {{"config", config_to_json(c.config)}}; }
  json operator()(const AddPlayer& c) const { return {{"player", player_to_json(c.player)}}; }
  json operator()(const EditPlayer& c) const {
    json j{{"id", c.id}};
    if (c.name) j["name"] = *c.name;
    if (c.faction) j["faction"] = *c.faction;
    if (c.club) j["club"] = *c.club;
    if (c.contact) j["contact"] = *c.contact;
    return j;
  }
  json operator()(const SetPlayerStatus& c) const {
    json j{{"id", c.id}, {"status", to_string(c.status)}};
    if (c.after_round) j["after_round"] = *c.after_round;
    if (c.amended) {
      j["amended"] = (*this)(*c.amended);
      j["amended"].erase("scenario");
    }
    return j;
  }
  json operator()(const SetList& c) const {
    return {{"id", c.id}, {"index", c.index}, {"list", list_to_json(c.list)}};
  }
  json operator()(const RemoveList& c) const { return {{"id", c.id}, {"index", c.index}}; }
  json operator()(const PairRound& c) const {
    json j{{"round", c.round}, {"tables", json::array()}, {"scenario", c.scenario}};
    for (const Table& t : c.tables) j["tables"].push_back(table_to_json(t));
    if (c.bye) j["bye"] = *c.bye;
    if (c.round_minutes_adjust) j["round_minutes_adjust"] = c.round_minutes_adjust;
    if (!c.explain.empty()) j["explain"] = c.explain;
    if (c.eo_override) j["override"] = {{"reason", c.eo_override->reason}, {"broken", c.eo_override->broken}};
    if (!c.left_out.empty()) j["left_out"] = c.left_out;
    return j;
  }
  json operator()(const RecordResult& c) const {
    json j{{"round", c.round},
           {"table", c.table},
           {"results", {result_to_json(c.results[0]), result_to_json(c.results[1])}},
           {"victory", to_string(c.ending)}};
    if (c.concession_army) j["concession_army"] = concession_army_to_json(*c.concession_army);
    return j;
  }
  json operator()(const ReportResult& c) const {
    json j{{"round", c.round},
           {"table", c.table},
           {"reporter", c.reporter},
           {"results", {result_to_json(c.results[0]), result_to_json(c.results[1])}},
           {"victory", to_string(c.ending)}};
    if (c.recorded) j["recorded"] = (*this)(*c.recorded);
    if (c.disputes) j["disputes"] = true;
    return j;
  }
  json operator()(const ConfirmResult& c) const {
    json j{{"round", c.round}, {"table", c.table}, {"by", c.by}, {"agree", c.agree}};
    if (!c.note.empty()) j["note"] = c.note;
    if (c.recorded) j["recorded"] = (*this)(*c.recorded);
    return j;
  }
  json operator()(const SetRounds& c) const { return {{"rounds", c.rounds}}; }
  json operator()(const ReviewLists& c) const {
    json j{{"id", c.id}, {"approved", c.approved}, {"not_characters", c.not_characters}};
    if (!c.note.empty()) j["note"] = c.note;
    return j;
  }
  json operator()(const PublishLists& c) const { return {{"published", c.published}}; }
  json operator()(const StartRound& c) const { return {{"round", c.round}, {"at_ms", c.at_ms}}; }
  json operator()(const ClockAction& c) const {
    json j{{"round", c.round},
           {"table", c.table},
           {"action", to_string(c.action)},
           {"by", c.by},
           {"at_ms", c.at_ms}};
    if (c.seat >= 0) j["seat"] = c.seat;
    if (c.delta_ms) j["delta_ms"] = c.delta_ms;
    if (!c.reason.empty()) j["reason"] = c.reason;
    if (c.scenario_win) j["scenario_win"] = true;
    if (!c.notes.empty()) j["notes"] = c.notes;
    return j;
  }
  json operator()(const DefineAward& c) const { return award_command_json(c); }
  json operator()(const EnterAward& c) const { return award_command_json(c); }
  json operator()(const OpenVote& c) const { return award_command_json(c); }
  json operator()(const CastVote& c) const { return award_command_json(c); }
  json operator()(const CloseVote& c) const { return award_command_json(c); }
  json operator()(const DecideAward& c) const { return award_command_json(c); }
  json operator()(const RevealAwards& c) const { return award_command_json(c); }
  json operator()(const CloseRound& c) const {
    json j{{"round", c.round}};
    if (c.cut)
      j["cut"] = {{"after_round", c.cut->after_round}, {"top", c.cut->top}, {"frozen", c.cut->frozen_order}};
    return j;
  }
};

// A record-result's keys (also the "recorded" result a report or confirmation answers).
constexpr std::array<std::string_view, 6> kRecordKeys{"type",    "round",   "table",
                                                      "results", "victory", "concession_army"};

Result<RecordResult> record_from_json(const json& j, const std::string& w) {
  RecordResult c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  GAUNTLET_TRY(c.table, read_int(j, "table", w));
  if (!j.contains("results") || !j["results"].is_array() || j["results"].size() != 2)
    return fail(json_path(w, "results"), "event file", "must be two results, in table order");
  for (int i = 0; i < 2; ++i) {
    GAUNTLET_TRY(c.results[i],
                 result_from_json(j["results"][i], json_path(w, "results[" + std::to_string(i) + "]")));
  }
  GAUNTLET_TRY(std::string victory, read_string(j, "victory", w));
  auto ending = parse_ending(victory);
  if (!ending)
    return fail(json_path(w, "victory"), "results",
                "'" + victory + "' is not assassination/scenario/clock/tiebreaker/concession/tie");
  c.ending = *ending;
  if (j.contains("concession_army")) {
    const json& a = j["concession_army"];
    const std::string aw = json_path(w, "concession_army");
    GAUNTLET_CHECK(check_keys(a, {"points", "list", "from"}, aw));
    ConcessionArmy army;
    GAUNTLET_TRY(army.points, read_int(a, "points", aw));
    GAUNTLET_TRY(army.list, read_optional_int(a, "list", aw));
    c.concession_army = army;
  }
  return c;
}

// One reader per command type; `j` is the command's object, `w` its path for errors.
using CommandReader = Result<Command> (*)(const json& j, const std::string& w);

Result<EventConfig> config_body(const json& j, const std::string& w) {
  if (!j.contains("config")) return fail(json_path(w, "config"), "event file", "is required");
  return config_from_json(j["config"], json_path(w, "config"));
}

Result<Command> read_create_event(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "config"}, w));
  GAUNTLET_TRY(EventConfig config, config_body(j, w));
  return CreateEvent{std::move(config)};
}

Result<Command> read_configure_event(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "config"}, w));
  GAUNTLET_TRY(EventConfig config, config_body(j, w));
  return ConfigureEvent{std::move(config)};
}

Result<Command> read_add_player(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "player"}, w));
  if (!j.contains("player")) return fail(json_path(w, "player"), "event file", "is required");
  GAUNTLET_TRY(Player p, player_from_json(j["player"], json_path(w, "player")));
  return AddPlayer{std::move(p)};
}

Result<Command> read_edit_player(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "id", "name", "faction", "club", "contact"}, w));
  EditPlayer c;
  GAUNTLET_TRY(c.id, read_string(j, "id", w));
  for (auto [key, slot] :
       {std::pair{"name", &c.name}, {"faction", &c.faction}, {"club", &c.club}, {"contact", &c.contact}})
    if (j.contains(key)) {
      GAUNTLET_TRY(*slot, read_string(j, key, w));
    }
  return c;
}

// {"reason", "broken"}: the EO published a pairing that breaks the rules named in "broken".
Result<std::optional<PairingOverride>> read_override(const json& j, const std::string& w) {
  if (!j.contains("override") || j["override"].is_null()) return std::optional<PairingOverride>{};
  const std::string ow = json_path(w, "override");
  const json& o = j["override"];
  if (!o.is_object()) return fail(ow, "pairings", "must be {\"reason\": \"...\"}");
  GAUNTLET_CHECK(check_keys(o, {"reason", "broken"}, ow));
  PairingOverride po;
  GAUNTLET_TRY(po.reason, read_string(o, "reason", ow));
  GAUNTLET_TRY(po.broken, read_strings(o, "broken", ow));
  return std::optional<PairingOverride>{std::move(po)};
}

Result<PairRound> pair_round_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j,
                            {"type", "round", "scenario", "round_minutes_adjust", "bye", "tables", "explain",
                             "override", "left_out"},
                            w));
  PairRound c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  GAUNTLET_TRY(c.scenario, read_string(j, "scenario", w, ""));
  GAUNTLET_TRY(c.round_minutes_adjust, read_int(j, "round_minutes_adjust", w, 0));
  GAUNTLET_TRY(std::string bye, read_string(j, "bye", w, ""));
  if (!bye.empty()) c.bye = bye;
  if (!j.contains("tables") || !j["tables"].is_array())
    return fail(json_path(w, "tables"), "event file", "must be an array");
  for (std::size_t i = 0; i < j["tables"].size(); ++i) {
    GAUNTLET_TRY(Table t, table_from_json(j["tables"][i], json_path(w, "tables[" + std::to_string(i) + "]")));
    c.tables.push_back(std::move(t));
  }
  GAUNTLET_TRY(c.explain, read_strings(j, "explain", w));
  GAUNTLET_TRY(c.eo_override, read_override(j, w));
  GAUNTLET_TRY(c.left_out, read_strings(j, "left_out", w));
  return c;
}

Result<Command> read_pair_round(const json& j, const std::string& w) {
  GAUNTLET_TRY(PairRound c, pair_round_from_json(j, w));
  return c;
}

Result<Command> read_set_player_status(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "id", "status", "after_round", "amended"}, w));
  SetPlayerStatus c;
  GAUNTLET_TRY(c.id, read_string(j, "id", w));
  GAUNTLET_TRY(std::string status, read_string(j, "status", w));
  auto parsed = parse_player_status(status);
  if (!parsed) return fail(json_path(w, "status"), "event file", "'" + status + "' is not a player status");
  c.status = *parsed;
  GAUNTLET_TRY(c.after_round, read_optional_int(j, "after_round", w));
  if (j.contains("amended") && !j["amended"].is_null()) {
    // The amended round is written as a pair-round body without its "type".
    if (!j["amended"].is_object())
      return fail(json_path(w, "amended"), "event file", "must be a pair-round body (an object) or null");
    json body = j["amended"];
    body["type"] = "pair-round";
    GAUNTLET_TRY(c.amended, pair_round_from_json(body, json_path(w, "amended")));
  }
  return c;
}

Result<Command> read_set_list(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "id", "index", "list"}, w));
  GAUNTLET_TRY(std::string id, read_string(j, "id", w));
  GAUNTLET_TRY(int index, read_int(j, "index", w));
  if (!j.contains("list")) return fail(json_path(w, "list"), "event file", "is required");
  GAUNTLET_TRY(ArmyList list, list_from_json(j["list"], json_path(w, "list")));
  return SetList{id, index, std::move(list)};
}

Result<Command> read_remove_list(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "id", "index"}, w));
  GAUNTLET_TRY(std::string id, read_string(j, "id", w));
  GAUNTLET_TRY(int index, read_int(j, "index", w));
  return RemoveList{id, index};
}

Result<Command> read_record_result(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, kRecordKeys, w));
  GAUNTLET_TRY(RecordResult c, record_from_json(j, w));
  return c;
}

Result<Command> read_report_result(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(
      j,
      {"type", "round", "table", "results", "victory", "concession_army", "reporter", "recorded", "disputes"},
      w));
  GAUNTLET_TRY(RecordResult r, record_from_json(j, w));
  ReportResult c{r.round, r.table, "", r.results, r.ending};
  GAUNTLET_TRY(c.reporter, read_string(j, "reporter", w));
  if (j.contains("recorded")) {
    GAUNTLET_CHECK(check_keys(j["recorded"], kRecordKeys, json_path(w, "recorded")));
    GAUNTLET_TRY(c.recorded, record_from_json(j["recorded"], json_path(w, "recorded")));
  }
  GAUNTLET_TRY(c.disputes, read_bool(j, "disputes", w, false));
  return c;
}

Result<Command> read_confirm_result(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "round", "table", "by", "agree", "note", "recorded"}, w));
  ConfirmResult c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  GAUNTLET_TRY(c.table, read_int(j, "table", w));
  GAUNTLET_TRY(c.by, read_string(j, "by", w));
  GAUNTLET_TRY(c.agree, read_bool(j, "agree", w, true));
  GAUNTLET_TRY(c.note, read_string(j, "note", w, ""));
  if (j.contains("recorded")) {
    GAUNTLET_CHECK(check_keys(j["recorded"], kRecordKeys, json_path(w, "recorded")));
    GAUNTLET_TRY(c.recorded, record_from_json(j["recorded"], json_path(w, "recorded")));
  }
  return c;
}

Result<Command> read_close_round(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "round", "cut"}, w));
  CloseRound c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  if (j.contains("cut")) {
    const json& cut = j["cut"];
    GAUNTLET_CHECK(check_keys(cut, {"after_round", "top", "frozen"}, json_path(w, "cut")));
    Cut k;
    GAUNTLET_TRY(k.after_round, read_int(cut, "after_round", json_path(w, "cut")));
    GAUNTLET_TRY(k.top, read_strings(cut, "top", json_path(w, "cut")));
    GAUNTLET_TRY(k.frozen_order, read_strings(cut, "frozen", json_path(w, "cut")));
    c.cut = std::move(k);
  }
  return c;
}

// Keyed by command_name(): the "type" a journal entry carries. One entry per Command alternative.
Result<Command> read_set_rounds(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "rounds"}, w));
  SetRounds c;
  GAUNTLET_TRY(c.rounds, read_int(j, "rounds", w));
  return c;
}

Result<Command> read_review_lists(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "id", "approved", "not_characters", "note"}, w));
  ReviewLists c;
  GAUNTLET_TRY(c.id, read_string(j, "id", w));
  GAUNTLET_TRY(c.approved, read_bool(j, "approved", w, true));
  if (j.contains("not_characters")) {
    GAUNTLET_TRY(c.not_characters, read_strings(j, "not_characters", w));
  }
  GAUNTLET_TRY(c.note, read_string(j, "note", w, ""));
  return c;
}

Result<Command> read_publish_lists(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "published"}, w));
  PublishLists c;
  GAUNTLET_TRY(c.published, read_bool(j, "published", w, true));
  return c;
}

Result<Command> read_start_round(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "round", "at_ms"}, w));
  StartRound c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  GAUNTLET_TRY(c.at_ms, read_int64(j, "at_ms", w, 0));
  return c;
}

Result<Command> read_clock_action(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j,
                            {"type", "round", "table", "action", "by", "at_ms", "seat", "delta_ms", "reason",
                             "scenario_win", "notes"},
                            w));
  ClockAction c;
  GAUNTLET_TRY(c.round, read_int(j, "round", w, 0));
  GAUNTLET_TRY(c.table, read_int(j, "table", w));
  GAUNTLET_TRY(std::string action, read_string(j, "action", w));
  const auto kind = parse_clock_action(action);
  if (!kind)
    return fail(json_path(w, "action"), "clock",
                "unknown clock action '" + action +
                    "' (start, pass, switch, pause, resume, adjust, extension, flag, time-up)");
  c.action = *kind;
  GAUNTLET_TRY(c.by, read_string(j, "by", w, ""));
  GAUNTLET_TRY(c.at_ms, read_int64(j, "at_ms", w, 0));
  GAUNTLET_TRY(c.seat, read_int(j, "seat", w, -1));
  GAUNTLET_TRY(c.delta_ms, read_int64(j, "delta_ms", w, 0));
  GAUNTLET_TRY(c.reason, read_string(j, "reason", w, ""));
  GAUNTLET_TRY(c.scenario_win, read_bool(j, "scenario_win", w, false));
  if (j.contains("notes")) {
    GAUNTLET_TRY(c.notes, read_strings(j, "notes", w));
  }
  return c;
}

constexpr std::array<std::pair<std::string_view, CommandReader>, 24> kCommandReaders = {{
    {"create-event", read_create_event},
    {"configure-event", read_configure_event},
    {"add-player", read_add_player},
    {"edit-player", read_edit_player},
    {"set-player-status", read_set_player_status},
    {"set-list", read_set_list},
    {"remove-list", read_remove_list},
    {"pair-round", read_pair_round},
    {"record-result", read_record_result},
    {"report-result", read_report_result},
    {"confirm-result", read_confirm_result},
    {"close-round", read_close_round},
    {"set-rounds", read_set_rounds},
    {"start-round", read_start_round},
    {"clock", read_clock_action},
    {"review-lists", read_review_lists},
    {"publish-lists", read_publish_lists},
    {"define-award", read_define_award},
    {"enter-award", read_enter_award},
    {"open-vote", read_open_vote},
    {"cast-vote", read_cast_vote},
    {"close-vote", read_close_vote},
    {"decide-award", read_decide_award},
    {"reveal-awards", read_reveal_awards},
}};
static_assert(kCommandReaders.size() == std::variant_size_v<Command>, "a command without a JSON reader");

Result<Command> from_json(const std::string& type, const json& j, const std::string& w) {
  const auto reader = std::find_if(kCommandReaders.begin(), kCommandReaders.end(),
                                   [&](const auto& entry) { return entry.first == type; });
  if (reader == kCommandReaders.end())
    return fail(json_path(w, "type"), "journal", "unknown command '" + type + "'");
  return reader->second(j, w);
}

}  // namespace

Result<Player> player_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j,
                            {"id", "name", "faction", "club", "contact", "status", "dropped_after",
                             "disqualified", "disqualified_after", "joined_round", "lists"},
                            w));
  Player p;
  GAUNTLET_TRY(p.id, read_string(j, "id", w, ""));
  GAUNTLET_TRY(p.name, read_string(j, "name", w));
  GAUNTLET_TRY(p.faction, read_string(j, "faction", w));
  GAUNTLET_TRY(p.club, read_string(j, "club", w, ""));
  GAUNTLET_TRY(p.contact, read_string(j, "contact", w, ""));
  GAUNTLET_TRY(std::string status, read_string(j, "status", w, "registered"));
  auto parsed = parse_player_status(status);
  if (!parsed)
    return fail(json_path(w, "status"), "event file",
                "'" + status + "' is not registered/checked-in/dropped/disqualified");
  p.status = *parsed;
  GAUNTLET_TRY(p.dropped_after, read_optional_int(j, "dropped_after", w));
  GAUNTLET_TRY(p.disqualified_after, read_optional_int(j, "disqualified_after", w));
  GAUNTLET_TRY(bool dq, read_bool(j, "disqualified", w, false));
  if (dq) p.status = PlayerStatus::disqualified;
  GAUNTLET_TRY(p.joined_round, read_int(j, "joined_round", w, 1));
  if (j.contains("lists")) {
    if (!j["lists"].is_array()) return fail(json_path(w, "lists"), "event file", "must be an array");
    for (std::size_t i = 0; i < j["lists"].size(); ++i) {
      GAUNTLET_TRY(ArmyList l,
                   list_from_json(j["lists"][i], json_path(w, "lists[" + std::to_string(i) + "]")));
      p.lists.push_back(std::move(l));
    }
  }
  return p;
}

Result<Table> table_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"table", "players"}, w));
  Table t;
  GAUNTLET_TRY(t.number, read_int(j, "table", w, 0));
  if (!j.contains("players") || !j["players"].is_array() || j["players"].size() != 2 ||
      !j["players"][0].is_string() || !j["players"][1].is_string())
    return fail(json_path(w, "players"), "event file", "must be two player ids");
  t.players = {j["players"][0].get<std::string>(), j["players"][1].get<std::string>()};
  return t;
}

json concession_army_to_json(const ConcessionArmy& a) {
  json j{{"points", a.points}};
  if (a.list)
    j["list"] = *a.list;
  else
    j["from"] = "point-size";
  return j;
}

json losses_to_json(const std::vector<Loss>& losses) {
  json a = json::array();
  for (const Loss& l : losses) {
    json j{{"entry", l.entry}, {"models", l.models}};
    if (l.inert) j["inert"] = true;
    if (l.again) j["again"] = l.again;
    a.push_back(j);
  }
  return a;
}

Result<std::vector<Loss>> losses_from_json(const json& j, const std::string& w) {
  if (!j.is_array())
    return fail(w, "army points destroyed", "must be an array of {entry, models, inert?, again?}");
  std::vector<Loss> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string f = w + "[" + std::to_string(i) + "]";
    if (!j[i].is_object())
      return fail(f, "army points destroyed", "must be an object {entry, models, inert?, again?}");
    GAUNTLET_CHECK(check_keys(j[i], {"entry", "models", "inert", "again"}, f));
    Loss l;
    GAUNTLET_TRY(l.entry, read_int(j[i], "entry", f));
    GAUNTLET_TRY(l.models, read_int(j[i], "models", f, 0));
    GAUNTLET_TRY(l.inert, read_bool(j[i], "inert", f, false));
    GAUNTLET_TRY(l.again, read_int(j[i], "again", f, 0));
    out.push_back(l);
  }
  return out;
}

json result_to_json(const GameResult& r) {
  json j{{"outcome", to_string(r.outcome)}, {"cp", r.cp}, {"ap", r.ap}};
  if (r.list) j["list"] = *r.list;
  if (!r.destroyed.empty()) j["destroyed"] = losses_to_json(r.destroyed);
  return j;
}

Result<GameResult> result_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"outcome", "cp", "ap", "list", "victory", "destroyed"}, w));
  GameResult r;
  GAUNTLET_TRY(std::string outcome, read_string(j, "outcome", w));
  auto o = parse_outcome(outcome);
  if (!o) return fail(json_path(w, "outcome"), "results", "'" + outcome + "' is not win, loss or tie");
  r.outcome = *o;
  GAUNTLET_TRY(r.cp, read_int(j, "cp", w));
  GAUNTLET_TRY(r.ap, read_int(j, "ap", w));
  GAUNTLET_TRY(r.list, read_optional_int(j, "list", w));
  if (j.contains("destroyed")) {
    GAUNTLET_TRY(r.destroyed, losses_from_json(j["destroyed"], json_path(w, "destroyed")));
  }
  return r;
}

namespace {

json entries_to_json(const std::vector<ListEntry>& entries) {
  json out = json::array();
  for (const ListEntry& e : entries)
    out.push_back({{"name", e.name}, {"cost", e.cost}, {"kind", to_string(e.kind)}, {"models", e.models}});
  return out;
}

Result<std::vector<ListEntry>> entries_from_json(const json& j, const std::string& key,
                                                 const std::string& w) {
  if (!j.contains(key)) return std::vector<ListEntry>{};
  if (!j[key].is_array()) return fail(json_path(w, key), "event file", "must be an array");
  std::vector<ListEntry> out;
  for (std::size_t i = 0; i < j[key].size(); ++i) {
    const json& e = j[key][i];
    const std::string f = json_path(w, key + "[" + std::to_string(i) + "]");
    GAUNTLET_CHECK(check_keys(e, {"name", "cost", "kind", "models"}, f));
    ListEntry entry;
    GAUNTLET_TRY(entry.name, read_string(e, "name", f));
    GAUNTLET_TRY(entry.cost, read_int(e, "cost", f));
    GAUNTLET_TRY(entry.models, read_int(e, "models", f, 1));
    GAUNTLET_TRY(std::string kind, read_string(e, "kind", f, "other"));
    auto k = parse_entry_kind(kind);
    if (!k)
      return fail(json_path(f, "kind"), "army lists",
                  "'" + kind +
                      "' is not warcaster/warlock/leader, warjack, warbeast, unit, solo, battle-engine, "
                      "attachment or other");
    entry.kind = *k;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

json list_to_json(const ArmyList& list) {
  json j{{"entries", entries_to_json(list.entries)}};
  if (!list.specialists.empty()) j["specialists"] = entries_to_json(list.specialists);
  if (!list.reinforcements.empty()) j["reinforcements"] = entries_to_json(list.reinforcements);
  return j;
}

Result<ArmyList> list_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"entries", "leader", "points", "specialists", "reinforcements"}, w));
  if (!j.contains("entries") || !j["entries"].is_array())
    return fail(json_path(w, "entries"), "event file", "must be an array");
  ArmyList list;
  GAUNTLET_TRY(list.entries, entries_from_json(j, "entries", w));
  GAUNTLET_TRY(list.specialists, entries_from_json(j, "specialists", w));
  GAUNTLET_TRY(list.reinforcements, entries_from_json(j, "reinforcements", w));
  return list;
}

json config_to_json(const EventConfig& c) {
  json j{{"name", c.name}, {"edition", c.edition}, {"points", c.points}, {"lists", c.lists}};
  if (!c.start_date.empty()) j["start_date"] = c.start_date;
  if (!c.end_date.empty()) j["end_date"] = c.end_date;
  if (!c.venue.empty()) j["venue"] = c.venue;
  j["variants"] = json::array();
  for (const VariantChoice& v : c.variants) j["variants"].push_back(variant_text(v));
  if (c.lists_required) j["lists_required"] = true;
  if (c.rounds) j["rounds"] = *c.rounds;
  if (!c.scenario_plan.empty()) j["scenarios"] = c.scenario_plan;
  if (!c.factions.empty()) j["factions"] = c.factions;
  j["seed"] = std::to_string(c.seed);
  return j;
}

Result<EventConfig> config_from_json(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j,
                            {"name", "edition", "points", "lists", "start_date", "end_date", "date", "venue",
                             "variants", "lists_required", "rounds", "scenarios", "factions", "seed"},
                            w));
  EventConfig c;
  GAUNTLET_TRY(c.name, read_string(j, "name", w));
  GAUNTLET_TRY(c.edition, read_string(j, "edition", w));
  GAUNTLET_TRY(c.points, read_int(j, "points", w));
  GAUNTLET_TRY(c.lists, read_int(j, "lists", w, 1));
  GAUNTLET_TRY(std::string date, read_string(j, "date", w, ""));
  GAUNTLET_TRY(c.start_date, read_string(j, "start_date", w, date));
  GAUNTLET_TRY(c.end_date, read_string(j, "end_date", w, ""));
  GAUNTLET_TRY(c.venue, read_string(j, "venue", w, ""));
  GAUNTLET_TRY(std::vector<std::string> variants, read_strings(j, "variants", w));
  for (std::size_t i = 0; i < variants.size(); ++i) {
    GAUNTLET_TRY(VariantChoice v,
                 parse_variant(variants[i], json_path(w, "variants[" + std::to_string(i) + "]")));
    c.variants.push_back(std::move(v));
  }
  GAUNTLET_TRY(c.lists_required, read_bool(j, "lists_required", w, false));
  GAUNTLET_TRY(c.rounds, read_optional_int(j, "rounds", w));
  GAUNTLET_TRY(c.scenario_plan, read_strings(j, "scenarios", w));
  GAUNTLET_TRY(c.factions, read_strings(j, "factions", w));
  GAUNTLET_TRY(c.seed, read_seed(j, w));
  return c;
}

json command_to_json(const Command& command) {
  json j = std::visit(ToJson{}, command);
  j["type"] = std::string(command_name(command));
  return j;
}

Result<Command> command_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) return fail(where, "journal", "must be a JSON object");
  GAUNTLET_TRY(std::string type, read_string(j, "type", where));
  return from_json(type, j, where);
}

Result<VariantChoice> variant_from_text(const std::string& text, const std::string& field) {
  return parse_variant(text, field);
}

}  // namespace gauntlet
