#include "model/json_awards.hpp"

#include "model/json_read.hpp"

namespace gauntlet {

using nlohmann::json;

json award_command_json(const DefineAward& c) {
  json j{{"key", c.key}, {"name", c.name}, {"method", to_string(c.method)}};
  if (!c.category.empty()) j["category"] = c.category;
  if (c.metric != AwardMetric::none) j["metric"] = to_string(c.metric);
  if (c.everyone) j["everyone"] = true;
  if (c.remove) j["remove"] = true;
  return j;
}

json award_command_json(const EnterAward& c) {
  json j{{"award", c.award}, {"player", c.player}};
  if (!c.title.empty()) j["title"] = c.title;
  if (!c.photo.empty()) j["photo"] = c.photo;
  if (c.withdraw) j["withdraw"] = true;
  return j;
}

json award_command_json(const OpenVote& c) {
  return {{"award", c.award}, {"ballot", c.ballot}, {"candidates", c.candidates}};
}

json award_command_json(const CastVote& c) {
  return {{"award", c.award}, {"voter", c.voter}, {"sealed", c.sealed}, {"ballot", c.ballot}};
}

json award_command_json(const CloseVote& c) {
  json tally = json::object();
  for (const auto& [player, n] : c.tally) tally[player] = n;
  return {{"award", c.award}, {"tally", tally}, {"ballot", c.ballot}, {"winners", c.winners}};
}

json award_command_json(const DecideAward& c) {
  json j{{"award", c.award}, {"winner", c.winner}};
  if (!c.how.empty()) j["how"] = c.how;
  return j;
}

json award_command_json(const RevealAwards& c) {
  json j{{"award", c.award}, {"revealed", c.revealed}};
  if (!c.awards.empty()) j["awards"] = c.awards;
  return j;
}

Result<Command> read_define_award(const json& j, const std::string& w) {
  GAUNTLET_CHECK(
      check_keys(j, {"type", "key", "name", "category", "method", "metric", "everyone", "remove"}, w));
  DefineAward c;
  GAUNTLET_TRY(c.key, read_string(j, "key", w, ""));
  GAUNTLET_TRY(c.remove, read_bool(j, "remove", w, false));
  GAUNTLET_TRY(c.name, read_string(j, "name", w, c.remove ? std::optional<std::string>("") : std::nullopt));
  GAUNTLET_TRY(c.category, read_string(j, "category", w, ""));
  GAUNTLET_TRY(std::string method, read_string(j, "method", w, "choice"));
  const auto m = parse_award_method(method);
  if (!m) return fail(json_path(w, "method"), "awards", "'" + method + "': choice, vote or computed");
  c.method = *m;
  GAUNTLET_TRY(std::string metric, read_string(j, "metric", w, "none"));
  const auto k = parse_award_metric(metric);
  if (!k)
    return fail(json_path(w, "metric"), "awards",
                "'" + metric + "': assassinations, army-points, control-points or scenario-wins");
  c.metric = *k;
  GAUNTLET_TRY(c.everyone, read_bool(j, "everyone", w, false));
  return c;
}

Result<Command> read_enter_award(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "player", "title", "photo", "withdraw"}, w));
  EnterAward c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w));
  GAUNTLET_TRY(c.player, read_string(j, "player", w, ""));
  GAUNTLET_TRY(c.title, read_string(j, "title", w, ""));
  GAUNTLET_TRY(c.photo, read_string(j, "photo", w, ""));
  GAUNTLET_TRY(c.withdraw, read_bool(j, "withdraw", w, false));
  return c;
}

Result<Command> read_open_vote(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "ballot", "candidates"}, w));
  OpenVote c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w));
  GAUNTLET_TRY(c.ballot, read_int(j, "ballot", w, 0));
  GAUNTLET_TRY(c.candidates, read_strings(j, "candidates", w));
  return c;
}

Result<Command> read_cast_vote(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "voter", "sealed", "ballot"}, w));
  CastVote c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w));
  GAUNTLET_TRY(c.voter, read_string(j, "voter", w, ""));
  GAUNTLET_TRY(c.sealed, read_string(j, "sealed", w, ""));
  GAUNTLET_TRY(c.ballot, read_int(j, "ballot", w, 0));
  return c;
}

Result<Command> read_close_vote(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "tally", "ballot", "winners"}, w));
  CloseVote c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w));
  if (j.contains("tally")) {
    const json& t = j["tally"];
    if (!t.is_object()) return fail(json_path(w, "tally"), "event file", "must be an object of counts");
    for (auto it = t.begin(); it != t.end(); ++it) {
      GAUNTLET_TRY(c.tally[it.key()], read_int(t, it.key(), json_path(w, "tally")));
    }
  }
  GAUNTLET_TRY(c.ballot, read_int(j, "ballot", w, 0));
  GAUNTLET_TRY(c.winners, read_strings(j, "winners", w));
  return c;
}

Result<Command> read_decide_award(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "winner", "how"}, w));
  DecideAward c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w));
  GAUNTLET_TRY(c.winner, read_string(j, "winner", w, ""));
  GAUNTLET_TRY(c.how, read_string(j, "how", w, ""));
  return c;
}

Result<Command> read_reveal_awards(const json& j, const std::string& w) {
  GAUNTLET_CHECK(check_keys(j, {"type", "award", "revealed", "awards"}, w));
  RevealAwards c;
  GAUNTLET_TRY(c.award, read_string(j, "award", w, ""));
  GAUNTLET_TRY(c.revealed, read_bool(j, "revealed", w, true));
  GAUNTLET_TRY(c.awards, read_strings(j, "awards", w));
  return c;
}

}  // namespace gauntlet
