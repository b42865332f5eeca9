// What an EO prints (issue 14 point 1), as paper documents built from the event: pairings by table
// and by name for the wall, table slips, standings, the player record sheets of the event's edition
// pre-filled, PIN slips and the final results. The CLI (`gauntlet print`) and the server
// (GET /api/events/{id}/print/{kind}) render them to PDF or print-ready HTML (paper/document.hpp).
//
//   auto doc = app::print_document(state, {app::PrintKind::pairings, 2});
//   if (doc) write(paper::to_pdf(*doc, paper::Size::a4).value());
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "model/state.hpp"
#include "paper/document.hpp"

namespace gauntlet::app {

enum class PrintKind {
  pairings,
  wall,
  table_slips,
  standings,
  record_sheets,
  pin_slips,
  results,
  scenario_sheet
};
std::optional<PrintKind> parse_print_kind(std::string_view s);  // "pairings", "table-slips", ...
const char* to_string(PrintKind k);
std::string print_kinds();  // "pairings, wall, table-slips, ..." for refusals

struct PrintRequest {
  PrintKind kind = PrintKind::pairings;
  std::optional<int> round;              // pairings, wall, slips: that round (default the latest);
                                         // standings: after that round (default all closed ones)
  std::map<PlayerId, std::string> pins;  // pin-slips: each player's PIN (the server's credentials)
  std::string join_url;                  // pin-slips: the address players open, when known
};

// The document, or an error naming the field: an unknown or unpaired round ("round"), a round the
// kind needs before any is paired, PIN slips without PINs.
Result<paper::Document> print_document(const EventState& state, const PrintRequest& request);

}  // namespace gauntlet::app
