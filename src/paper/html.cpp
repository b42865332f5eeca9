// The print-ready HTML renderer: the same blocks as the PDF, with print CSS for the paper size
// (@page), a header row repeated on every printed page, slips that never split across pages, and
// (served) a Print button that does not print. The style is inline so a saved file prints the same.
#include <fmt/format.h>

#include "core/text.hpp"
#include "paper/document.hpp"

namespace gauntlet::paper {
namespace {

constexpr const char* kStyle = R"(
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", system-ui, sans-serif; font-size: 10pt; margin: 0 auto; padding: 1rem; max-width: 60rem; color: #000; }
h1 { font-size: 15pt; margin: 0; } .subtitle { color: #555; margin: .1rem 0 .8rem; }
.picture { break-inside: avoid; } .picture svg { width: 100%; height: auto; max-height: 240mm; display: block; }
h2 { font-size: 12pt; margin: 1rem 0 .3rem; break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin-bottom: .8rem; }
th { background: #e6e6e6; text-align: left; font-size: 8pt; }
th, td { padding: 3pt; border-bottom: .5pt solid #999; vertical-align: top; overflow-wrap: anywhere; }
.num { text-align: right; }
tr { break-inside: avoid; }
.fields { display: grid; grid-template-columns: 1fr 1fr; gap: .4rem 1rem; margin-bottom: .8rem; }
.field { border-bottom: .5pt solid #666; min-height: 2.2rem; }
.field .label { display: block; font-size: 7pt; color: #555; } .field .value { font-size: 11pt; }
.slips { display: grid; grid-template-columns: 1fr 1fr; gap: 8pt; margin-bottom: .8rem; }
.slip { border: .5pt dashed #777; padding: 6pt; break-inside: avoid; }
.slip .title { font-weight: bold; } .slip .big { font-size: 20pt; font-weight: bold; } .slip .line { font-size: 8pt; }
.break { break-after: page; }
.print { float: right; margin: 0 0 .5rem .75rem; font-size: 1rem; min-height: 2.75rem; padding: 0 1.2rem; }
@media (max-width: 40rem) { .slips, .fields { grid-template-columns: 1fr; } table { font-size: 9pt; } }
@media print { .print { display: none; } body { padding: 0; max-width: none; } .slips { grid-template-columns: 1fr 1fr; } }
)";

void table_html(const Block& b, std::string& out) {
  out += "<table><thead><tr>";
  for (const Column& c : b.columns)
    out += fmt::format("<th{}>{}</th>", c.right ? " class=\"num\"" : "", markup_escape(c.title));
  out += "</tr></thead><tbody>\n";
  for (const auto& row : b.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < b.columns.size(); ++i)
      out += fmt::format("<td{}>{}</td>", b.columns[i].right ? " class=\"num\"" : "",
                         i < row.size() ? markup_escape(row[i]) : "");
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
}

void block_html(const Block& b, std::string& out) {
  switch (b.kind) {
    case Block::Kind::heading:
      out += "<h2>" + markup_escape(b.text) + "</h2>\n";
      return;
    case Block::Kind::text:
      out += "<p>" + markup_escape(b.text) + "</p>\n";
      return;
    case Block::Kind::table:
      return table_html(b, out);
    case Block::Kind::fields:
      out += "<div class=\"fields\">";
      for (const auto& [label, value] : b.fields)
        out += fmt::format(
            "<div class=\"field\"><span class=\"label\">{}</span><span class=\"value\">{}</span></div>",
            markup_escape(label), markup_escape(value));
      out += "</div>\n";
      return;
    case Block::Kind::slips:
      out += "<div class=\"slips\">";
      for (const Slip& s : b.slips) {
        out += "<div class=\"slip\"><div class=\"title\">" + markup_escape(s.title) + "</div>";
        if (!s.big.empty()) out += "<div class=\"big\">" + markup_escape(s.big) + "</div>";
        for (const std::string& l : s.lines) out += "<div class=\"line\">" + markup_escape(l) + "</div>";
        out += "</div>";
      }
      out += "</div>\n";
      return;
    case Block::Kind::page_break:
      out += "<div class=\"break\"></div>\n";
      return;
    case Block::Kind::picture:
      out += "<div class=\"picture\">" + b.text + "</div>\n";  // the program's own SVG, inline
      return;
  }
}

}  // namespace

std::string to_html(const Document& d, Size size, std::string_view print_script) {
  std::string out = fmt::format(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title>"
      "<style>@page {{ size: {}; margin: 14mm; }}{}</style></head><body>\n",
      markup_escape(d.title), size == Size::a4 ? "A4" : "letter", kStyle);
  if (!print_script.empty())
    out += fmt::format("<button class=\"print\" type=\"button\">Print</button><script src=\"{}\"></script>\n",
                       markup_escape(print_script));
  out += fmt::format("<h1>{}</h1><p class=\"subtitle\">{}</p>\n", markup_escape(d.title),
                     markup_escape(d.subtitle));
  for (const Block& b : d.blocks) block_html(b, out);
  out += "</body></html>\n";
  return out;
}

}  // namespace gauntlet::paper
