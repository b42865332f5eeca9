// Paste-import of an army list: the text players export from their army builder, read line by
// line into an ArmyList. Three formats, recognised from the text itself:
//   - War Room's text export: "War Room Army", "Faction - List name", optional "Theme: X", the
//     "N / M" points line, the leader as "Name - WJ: +N" / "Name - WB: +N", entries "Name - PC: N",
//     units "Name - Leader & 9 Grunts: 8", battlegroups and attachments indented with "-", with or
//     without the "---" / "GENERATED" footer;
//   - Conflict Chamber's plain text: "Faction Army - N / M pts", optional "[Theme] X", the leader as
//     "Name [+N]", entries "Name [N]", attached ones prefixed with "-";
//   - the project's own JSON: {"entries": [{"name", "cost", "kind", "models"}]}.
// Nothing is half-imported: a list comes back only when every line was read; otherwise every
// refused line comes back with its number, its text and the reason.
// Any player may paste, so the text is hostile input: it is read by hand-written scanners that
// never recurse and cost its length (armylists/line_shapes.hpp), within the limits below.
//
//   ListImport r = import_list(pasted);
//   if (!r.problems.empty()) return to_error(r, "list");   // "list, line 7: ... (War Room text export)"
//   ArmyList l = r.list->list;                             // r.list->faction, ->title, ->theme
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "model/state.hpp"

namespace gauntlet {

// A whole export is 1-3 KB and its longest line (War Room's old points header) about 110 bytes:
// the limits leave room for any real list and keep a hostile paste small.
inline constexpr std::size_t kMaxListTextBytes = 16 * 1024;
inline constexpr std::size_t kMaxListLineBytes = 256;  // War Room and Conflict Chamber lines; not JSON

struct ImportedList {
  std::string format;  // "War Room", "Conflict Chamber", "JSON"
  std::string faction, title, theme;
  std::optional<int> points, max_points;  // the builder's own total, as the header says
  ArmyList list;
};

struct LineProblem {
  int line = 0;  // 1-based; 0: the text as a whole
  std::string text;
  std::string reason;
  std::string field;  // set when the input itself is refused ("text": over the size limit)
};

struct ListImport {
  std::optional<ImportedList> list;  // only when `problems` is empty
  std::vector<LineProblem> problems;
};

ListImport import_list(std::string_view text);

// One error naming the refused lines (the first 20, then how many more): field "<where>, line N" of
// the first (or the problem's own field), rule the format.
Error to_error(const ListImport& r, const std::string& where);

}  // namespace gauntlet
