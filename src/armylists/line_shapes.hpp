// The shapes of one line of a builder's text export, each read by a small hand-written scanner.
// They replace std::regex, which backtracks by recursion: a 48 000-character pasted line overflowed
// a server thread's stack and took every event down. Each function reads its line once from the
// front or the back (no step goes back over what it read, no recursion), so a line costs its length.
// A new export shape is one more function here, used by the reader in import.cpp.
//
//   if (auto e = war_room_cost_line("Stormclad - PC: 19 (Battlegroup Points Used: 19)"))
//     e->name == "Stormclad", e->cost == "19"
//   cc_entry_line("Commander Coleman Stryker [+28]")  -> {name, cost "28", leader true}
//
// Spaces are the regex's \s (space, tab, CR, LF, VT, FF); names come back without the spaces around
// them, costs as their digits (the reader decides what a cost too large is).
#pragma once

#include <optional>
#include <string_view>

namespace gauntlet::list_shapes {

// ---- War Room's text export

// "75 / 75 Army", "50 / 53 (50+3)    Warlock(s) : 1/1 ...": the points line.
struct PointsLine {
  std::string_view points, max_points;
};
std::optional<PointsLine> war_room_points_line(std::string_view line);

// "Captain Victoria Haley - WJ: +28": the warcaster's (WJ) or warlock's (WB) line.
struct LeaderLine {
  std::string_view name, bonus;
  bool warbeasts = false;  // WB
};
std::optional<LeaderLine> war_room_leader_line(std::string_view line);

// "Stormclad - PC: 19", with War Room's "(Battlegroup Points Used: 19)" after the cost or not.
struct CostLine {
  std::string_view name, cost;
};
std::optional<CostLine> war_room_cost_line(std::string_view line);

// "Trencher Infantry - Leader & 9 Grunts: 15": a unit, its models before the cost.
struct UnitLine {
  std::string_view name, models, cost;
};
std::optional<UnitLine> war_room_unit_line(std::string_view line);

// "Una the Falconer <! OVER FIELD ALLOWANCE !> - PC: 3": what War Room's mark says.
std::optional<std::string_view> war_room_mark(std::string_view line);

// ---- Conflict Chamber's plain text

// "Cygnar Army - 75 / 75 pts" (anything may follow): the header. A prefix of the line is enough.
struct CcHeader {
  std::string_view faction, points, max_points;
};
std::optional<CcHeader> cc_header_line(std::string_view line);

// "[Theme] Heavy Metal": the theme.
std::optional<std::string_view> cc_theme_line(std::string_view line);

// "(Warcaster) Commander Coleman Stryker [+28]", "Stormclad [19]": an entry, the leader with '+'.
// A leading "(…)" is Conflict Chamber's label, not part of the name.
struct CcEntry {
  std::string_view name, cost;
  bool leader = false;
};
std::optional<CcEntry> cc_entry_line(std::string_view line);

// True when a line ends in a leader's cost, "[+28]" (spaces may follow): a Conflict Chamber list
// without its header line.
bool ends_in_cc_leader_cost(std::string_view line);

// True when an entry's name says it is a unit: "(min)", "(max)", "(10)" or "Grunts".
bool cc_unit_name(std::string_view name);

// ---- Model counts, in either export

// "Leader & 9 Grunts", "Officer and 5 Grunts": the grunts' number as written.
std::optional<std::string_view> grunts_in(std::string_view descriptor);

// True when "and" stands as a word ("Sevryn, Rhylyss, and Vysarr"; not "Band").
bool has_word_and(std::string_view descriptor);

}  // namespace gauntlet::list_shapes
