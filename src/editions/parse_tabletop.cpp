// Reads an edition's "table" and "terrain" sections (SR2017 "Terrain", "Terrain Setup Methods",
// "Rumble"; SR2014 "Terrain"). Same strictness as parse.cpp: unknown keys and bad values abort.
#include "editions/reader.hpp"

namespace gauntlet::edition_reader {
namespace {

double read_inches(const json& v, const std::string& path) {
  if (!v.is_number() || v.get<double>() < 0 || v.get<double>() > 100)
    invalid(path, "must be a number of inches from 0 to 100");
  return v.get<double>();
}

TableSize read_size(Object& o) {
  TableSize t;
  t.inches = read_int(o.at("inches"), o.path("inches"), 1);
  t.deployment_inches = read_int(o.at("deployment_inches"), o.path("deployment_inches"), 0);
  t.advance_deployment_inches =
      read_int(o.at("advance_deployment_inches"), o.path("advance_deployment_inches"), 1);
  if (t.advance_deployment_inches < t.deployment_inches || 2 * t.advance_deployment_inches >= t.inches)
    invalid(o.path("advance_deployment_inches"), "must lie between the deployment zone and the middle");
  return t;
}

// {"inches": 6, "rule": "..."} or {"count": 2, "rule": "..."}; extra keys are read by the caller.
TerrainRule read_rule(Object& o) {
  TerrainRule r;
  if (const json* i = o.optional("inches")) r.inches = read_inches(*i, o.path("inches"));
  if (const json* c = o.optional("count")) r.count = read_int(*c, o.path("count"), 1);
  r.rule = read_string(o.at("rule"), o.path("rule"));
  return r;
}

std::optional<TerrainRule> optional_rule(Object& parent, std::string_view key) {
  const json* v = parent.optional(key);
  if (!v) return std::nullopt;
  Object o(*v, parent.path(key));
  TerrainRule r = read_rule(o);
  o.finish();
  return r;
}

void read_kinds(Object& o, TerrainRules& t) {
  const json& list = o.at("kinds");
  if (!list.is_array() || list.empty()) invalid(o.path("kinds"), "must be a non-empty array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    Object k(list[i], index_path(o.path("kinds"), i));
    TerrainKind kind{read_string(k.at("key"), k.path("key")),
                     read_bool(k.at("restricted"), k.path("restricted")),
                     read_bool(k.at("los_blocking"), k.path("los_blocking"))};
    k.finish();
    if (t.find_kind(kind.key)) invalid(k.path("key"), "duplicate kind '" + kind.key + "'");
    t.kinds.push_back(std::move(kind));
  }
  t.kinds_rule = read_string(o.at("kinds_rule"), o.path("kinds_rule"));
  t.los_blocking_rule = read_string(o.at("los_blocking_rule"), o.path("los_blocking_rule"));
}

void read_methods(Object& o, TerrainRules& t) {
  static const std::set<std::string, std::less<>> known = {"cluster", "quadrant", "scatter", "random"};
  const json& list = o.at("methods");
  if (!list.is_array() || list.empty()) invalid(o.path("methods"), "must be a non-empty array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    Object m(list[i], index_path(o.path("methods"), i));
    TerrainMethod method;
    method.key = read_key(m.at("key"), m.path("key"));
    if (!known.count(method.key)) invalid(m.path("key"), "must be cluster, quadrant, scatter or random");
    method.min_pieces = read_int(m.at("min_pieces"), m.path("min_pieces"), 1);
    method.max_pieces = read_int(m.at("max_pieces"), m.path("max_pieces"), method.min_pieces);
    // Cluster and scatter start with a LOS-blocking piece at the centre: how far from it is data
    // (SR2017 "touching the center point", SR2023 "within 1\" the center point").
    if (method.key == "cluster" || method.key == "scatter")
      method.centre_inches = read_inches(m.at("centre_inches"), m.path("centre_inches"));
    method.rule = read_string(m.at("rule"), m.path("rule"));
    m.finish();
    t.methods.push_back(std::move(method));
  }
}

void read_distance_rules(Object& o, TerrainRules& t) {
  t.edge = optional_rule(o, "edge");
  if (const json* g = o.optional("unrestricted_gap")) {
    Object go(*g, o.path("unrestricted_gap"));
    t.unrestricted_gap = read_rule(go);
    if (const json* touching = go.optional("touching"))
      t.may_touch_same = read_strings(*touching, go.path("touching"), true);
    go.finish();
  }
  t.restricted_gap = optional_rule(o, "restricted_gap");
  t.any_gap = optional_rule(o, "any_gap");
  if (const json* d = o.optional("deployment")) {
    Object dob(*d, o.path("deployment"));
    std::string kinds = read_string(dob.at("kinds"), dob.path("kinds"));
    if (kinds != "all" && kinds != "restricted") invalid(dob.path("kinds"), "must be all or restricted");
    t.deployment_restricted_only = kinds == "restricted";
    t.deployment = read_rule(dob);
    dob.finish();
  }
  t.min_los_blocking = optional_rule(o, "min_los_blocking");
  t.huge_base = optional_rule(o, "huge_base");
  if (const json* c = o.optional("clear_of_elements")) {
    Object co(*c, o.path("clear_of_elements"));
    ElementClearance e;
    e.kinds = read_strings(co.at("kinds"), co.path("kinds"), true);
    e.zones = read_bool(co.at("zones"), co.path("zones"));
    e.flag_inches = read_inches(co.at("flag_inches"), co.path("flag_inches"));
    e.objective_inches = read_inches(co.at("objective_inches"), co.path("objective_inches"));
    e.rule = read_string(co.at("rule"), co.path("rule"));
    co.finish();
    t.clear_of_elements = std::move(e);
  }
}

void read_rumble(Object& o, TerrainRules& t) {
  const json* r = o.optional("rumble");
  if (!r) return;
  Object ro(*r, o.path("rumble"));
  t.rumble_ignores = read_strings(ro.at("ignores"), ro.path("ignores"), true);
  t.rumble_method = read_key(ro.at("method"), ro.path("method"));
  if (!t.find_method(t.rumble_method)) invalid(ro.path("method"), "is not one of this edition's methods");
  t.rumble_rule = read_string(ro.at("rule"), ro.path("rule"));
  ro.finish();
}

TerrainRules read_terrain(const json& v) {
  Object o(v, "terrain");
  TerrainRules t;
  {
    Object p(o.at("pieces"), o.path("pieces"));
    t.min_pieces = read_int(p.at("min"), p.path("min"), 1);
    t.max_pieces = read_int(p.at("max"), p.path("max"), t.min_pieces);
    t.recommended_pieces = read_int(p.at("recommended"), p.path("recommended"), t.min_pieces);
    t.pieces_rule = read_string(p.at("rule"), p.path("rule"));
    p.finish();
  }
  {
    Object s(o.at("piece_inches"), o.path("piece_inches"));
    t.min_piece_inches = read_inches(s.at("min"), s.path("min"));
    t.max_piece_inches = read_inches(s.at("max"), s.path("max"));
    t.piece_size_rule = read_string(s.at("rule"), s.path("rule"));
    s.finish();
  }
  read_kinds(o, t);
  read_distance_rules(o, t);
  read_methods(o, t);
  read_rumble(o, t);
  o.finish();
  if (t.min_los_blocking)
    if (std::none_of(t.kinds.begin(), t.kinds.end(), [](const TerrainKind& k) { return k.los_blocking; }))
      invalid("terrain.min_los_blocking", "needs at least one LOS-blocking kind");
  return t;
}

TableRules read_table_rules(const json& v) {
  Object o(v, "table");
  TableRules t;
  t.standard = read_size(o);
  t.deployment_rule = read_string(o.at("deployment_rule"), o.path("deployment_rule"));
  {
    Object k(o.at("kill_box"), o.path("kill_box"));
    t.kill_box.inches = read_int(k.at("inches"), k.path("inches"), 1);
    t.kill_box.from = read_string(k.at("from"), k.path("from"));
    if (t.kill_box.from != "own-edge" && t.kill_box.from != "any-edge")
      invalid(k.path("from"), "must be own-edge or any-edge");
    t.kill_box.rule = read_string(k.at("rule"), k.path("rule"));
    k.finish();
  }
  if (const json* r = o.optional("rumble")) {
    Object ro(*r, o.path("rumble"));
    t.rumble = read_size(ro);
    t.rumble_rule = read_string(ro.at("rule"), ro.path("rule"));
    ro.finish();
  }
  o.finish();
  return t;
}

}  // namespace

void read_table_and_terrain(Object& o, Edition& e) {
  e.table = read_table_rules(o.at("table"));
  e.terrain = read_terrain(o.at("terrain"));
}

}  // namespace gauntlet::edition_reader
