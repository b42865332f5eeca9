// A printable document as data (headings, text, tables, fields to fill in, cut-out slips, page
// breaks, SVG pictures drawn by librsvg) and its two renderers: a PDF made with Cairo and Pango, and a
// print-ready HTML page (print CSS). The renderers know nothing of tournaments; app/print.hpp builds the
// documents from an event.
//
//   paper::Document d{"Pairings - round 2", "Spring Steamroller · SR2017", {}};
//   d.blocks.push_back(paper::table({{"Table", 1, true}, {"Player", 3}}, {{"1", "Ann"}}));
//   Result<std::string> pdf = paper::to_pdf(d, paper::Size::a4);   // the file's bytes
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace gauntlet::paper {

enum class Size { a4, letter };
std::optional<Size> parse_size(std::string_view s);  // "a4", "letter" (any case)
const char* to_string(Size s);

struct Column {
  std::string title;
  double weight = 1;   // share of the page's width
  bool right = false;  // numbers
};

// A cut-out card: a bold title, one big line (a table number, a PIN) and small lines under it.
struct Slip {
  std::string title;
  std::string big;
  std::vector<std::string> lines;
};

struct Block {
  enum class Kind { heading, text, table, fields, slips, page_break, picture };
  Kind kind = Kind::text;
  std::string text;  // heading, text; picture: the SVG document (trusted: made by this program)
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;               // table: one string per column
  std::vector<std::pair<std::string, std::string>> fields;  // label and value; "" = a line to write on
  std::vector<Slip> slips;
};

Block heading(std::string text);
Block text(std::string text);
Block table(std::vector<Column> columns, std::vector<std::vector<std::string>> rows);
Block fields(std::vector<std::pair<std::string, std::string>> fields);
Block slips(std::vector<Slip> slips);
Block page_break();
// An SVG picture as wide as the page (or as tall as fits one page), kept on one page.
Block picture(std::string svg);

struct Document {
  std::string title;     // top of the first page and every page's footer
  std::string subtitle;  // the event, its date and edition
  std::vector<Block> blocks;
};

// The PDF's bytes; an error only when Cairo fails (out of memory, no font).
Result<std::string> to_pdf(const Document& document, Size size);
// A whole HTML page that prints like the PDF (the browser's print dialog makes the paper copy).
// `print_script`: the address of a script that wires the page's Print button; "" for no button
// (a saved file). The style is inline: a server sends it with style-src 'unsafe-inline'.
std::string to_html(const Document& document, Size size, std::string_view print_script = "");

}  // namespace gauntlet::paper
