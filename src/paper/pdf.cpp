// The PDF renderer: Cairo's PDF surface with text laid out by Pango (wrapping, any script in a
// player's name, DejaVu Sans from fonts-dejavu-core). A document is laid out twice: the first pass
// only measures, so that every footer can say "page 2 of 5".
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

#include "paper/cairo_api.hpp"
#include "paper/document.hpp"

namespace gauntlet::paper {
namespace {

constexpr double kMm = 72.0 / 25.4;
constexpr double kMargin = 14 * kMm;
constexpr double kPad = 3;      // inside a table cell, in points
constexpr double kGap = 8;      // between slips and between fields
constexpr double kFooter = 14;  // the footer's band above the bottom margin

// The libraries' functions: to_pdf has loaded them before anything is laid out.
const CairoApi& lib() {
  return **cairo_api();
}

struct Page {
  double width, height;
};
Page page_of(Size s) {
  return s == Size::a4 ? Page{595.276, 841.890} : Page{612, 792};
}

cairo_status_t append(void* out, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(out)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// Lays out and (on the second pass) draws the blocks, page by page.
class Pen {
 public:
  Pen(cairo_t* cr, Page page, const Document& doc, int pages, bool draw)
      : cr_(cr),
        page_(page),
        doc_(doc),
        pages_(pages),
        draw_(draw),
        layout_(lib().pango_cairo_create_layout(cr)) {
    // Points, not screen pixels: Pango's default 96 dpi would print a "9pt" font a third too big.
    lib().pango_cairo_context_set_resolution(lib().pango_layout_get_context(layout_), 72);
    lib().pango_layout_context_changed(layout_);
    y_ = top();
  }
  ~Pen() {
    lib().g_object_unref(layout_);
    for (auto& [name, font] : fonts_) lib().pango_font_description_free(font);
  }
  Pen(const Pen&) = delete;
  Pen& operator=(const Pen&) = delete;

  // Lays out the whole document; returns the number of pages.
  int run() {
    title();
    for (const Block& b : doc_.blocks) block(b);
    footer();
    return page_no_;
  }

 private:
  double top() const { return kMargin; }
  double bottom() const { return page_.height - kMargin - kFooter; }
  double width() const { return page_.width - 2 * kMargin; }

  PangoFontDescription* font(const char* name) {
    auto [it, fresh] = fonts_.try_emplace(name, nullptr);
    if (fresh) it->second = lib().pango_font_description_from_string(name);
    return it->second;
  }
  void set(const std::string& text, const char* font_name, double w,
           PangoAlignment align = PANGO_ALIGN_LEFT) {
    lib().pango_layout_set_font_description(layout_, font(font_name));
    lib().pango_layout_set_width(layout_, static_cast<int>(std::max(1.0, w) * PANGO_SCALE));
    lib().pango_layout_set_wrap(layout_, PANGO_WRAP_WORD_CHAR);  // a long word still breaks, never overflows
    lib().pango_layout_set_alignment(layout_, align);
    lib().pango_layout_set_text(layout_, text.c_str(), -1);
  }
  double measure(const std::string& text, const char* font_name, double w) {
    set(text, font_name, w);
    int pw = 0, ph = 0;
    lib().pango_layout_get_size(layout_, &pw, &ph);
    return static_cast<double>(ph) / PANGO_SCALE;
  }
  void put(const std::string& text, const char* font_name, double x, double y, double w,
           PangoAlignment align = PANGO_ALIGN_LEFT, double grey = 0) {
    if (!draw_) return;
    set(text, font_name, w, align);
    lib().cairo_set_source_rgb(cr_, grey, grey, grey);
    lib().cairo_move_to(cr_, x, y);
    lib().pango_cairo_show_layout(cr_, layout_);
  }
  void line(double x0, double y0, double x1, double y1, double grey, double width = 0.5) {
    if (!draw_) return;
    lib().cairo_set_source_rgb(cr_, grey, grey, grey);
    lib().cairo_set_line_width(cr_, width);
    lib().cairo_move_to(cr_, x0, y0);
    lib().cairo_line_to(cr_, x1, y1);
    lib().cairo_stroke(cr_);
  }

  void new_page() {
    footer();
    if (draw_) lib().cairo_show_page(cr_);
    ++page_no_;
    y_ = top();
  }
  // Starts a new page unless `h` more points fit on this one (or the page is still empty).
  void need(double h) {
    if (y_ + h > bottom() && y_ > top()) new_page();
  }
  void footer() {
    const double y = page_.height - kMargin - 8;
    put(doc_.title, "DejaVu Sans 8", kMargin, y, width() * 0.75, PANGO_ALIGN_LEFT, 0.35);
    put(fmt::format("page {} of {}", page_no_, pages_), "DejaVu Sans 8", kMargin, y, width(),
        PANGO_ALIGN_RIGHT, 0.35);
  }

  void title() {
    double h = measure(doc_.title, "DejaVu Sans Bold 18", width());
    put(doc_.title, "DejaVu Sans Bold 18", kMargin, y_, width());
    y_ += h + 2;
    if (!doc_.subtitle.empty()) {
      double s = measure(doc_.subtitle, "DejaVu Sans 10", width());
      put(doc_.subtitle, "DejaVu Sans 10", kMargin, y_, width(), PANGO_ALIGN_LEFT, 0.3);
      y_ += s;
    }
    y_ += 8;
  }

  void block(const Block& b) {
    switch (b.kind) {
      case Block::Kind::heading:
        return heading(b.text);
      case Block::Kind::text:
        return paragraph(b.text);
      case Block::Kind::table:
        return grid(b);
      case Block::Kind::fields:
        return form(b.fields);
      case Block::Kind::slips:
        return cards(b.slips);
      case Block::Kind::page_break:
        if (y_ > top()) new_page();
        return;
      case Block::Kind::picture:
        return picture(b.text);
    }
  }

  // librsvg draws the SVG straight onto the page (vectors and text stay vectors and text), scaled
  // to the page's width, or to one page's height when it is tall.
  void picture(const std::string& svg) {
    GError* error = nullptr;
    RsvgHandle* handle =
        lib().rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error);
    if (!handle) {
      if (error) lib().g_error_free(error);
      return paragraph("(this picture could not be read)");
    }
    gboolean has_w = false, has_h = false, has_box = false;
    RsvgLength w{}, h{};
    RsvgRectangle box{};
    lib().rsvg_handle_get_intrinsic_dimensions(handle, &has_w, &w, &has_h, &h, &has_box, &box);
    const double aspect = has_box && box.width > 0         ? box.height / box.width
                          : has_w && has_h && w.length > 0 ? h.length / w.length
                                                           : 0.75;
    const double dw = std::min(width(), (bottom() - top()) / aspect);
    const double dh = dw * aspect;
    need(dh);
    if (draw_) {
      const RsvgRectangle viewport{kMargin + (width() - dw) / 2, y_, dw, dh};
      if (!lib().rsvg_handle_render_document(handle, cr_, &viewport, &error) && error)
        lib().g_error_free(error);
    }
    lib().g_object_unref(handle);
    y_ += dh + 8;
  }

  void heading(const std::string& text) {
    double h = measure(text, "DejaVu Sans Bold 13", width());
    need(h + 40);  // never the last line of a page
    y_ += 4;
    put(text, "DejaVu Sans Bold 13", kMargin, y_, width());
    y_ += h + 4;
  }

  void paragraph(const std::string& text) {
    double h = measure(text, "DejaVu Sans 10", width());
    need(h);
    put(text, "DejaVu Sans 10", kMargin, y_, width());
    y_ += h + 5;
  }

  void grid(const Block& b) {
    double total = 0;
    for (const Column& c : b.columns) total += c.weight;
    std::vector<double> x(b.columns.size() + 1, kMargin);
    for (std::size_t i = 0; i < b.columns.size(); ++i)
      x[i + 1] = x[i] + width() * b.columns[i].weight / total;
    auto row_height = [&](const std::vector<std::string>& cells, const char* f) {
      double h = 0;
      for (std::size_t i = 0; i < b.columns.size() && i < cells.size(); ++i)
        h = std::max(h, measure(cells[i], f, x[i + 1] - x[i] - 2 * kPad));
      return h + 2 * kPad;
    };
    std::vector<std::string> titles;
    for (const Column& c : b.columns) titles.push_back(c.title);
    const double head = row_height(titles, "DejaVu Sans Bold 9");
    auto draw_row = [&](const std::vector<std::string>& cells, const char* f, double h, bool header) {
      if (draw_ && header) {
        lib().cairo_set_source_rgb(cr_, 0.9, 0.9, 0.9);
        lib().cairo_rectangle(cr_, kMargin, y_, width(), h);
        lib().cairo_fill(cr_);
      }
      for (std::size_t i = 0; i < b.columns.size() && i < cells.size(); ++i)
        put(cells[i], f, x[i] + kPad, y_ + kPad, x[i + 1] - x[i] - 2 * kPad,
            b.columns[i].right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
      y_ += h;
      line(kMargin, y_, kMargin + width(), y_, header ? 0.3 : 0.75);
    };
    double first = b.rows.empty() ? 0 : row_height(b.rows.front(), "DejaVu Sans 10");
    need(head + first);
    draw_row(titles, "DejaVu Sans Bold 9", head, true);
    for (const auto& r : b.rows) {
      double h = row_height(r, "DejaVu Sans 10");
      if (y_ + h > bottom()) {
        new_page();
        draw_row(titles, "DejaVu Sans Bold 9", head, true);  // the header again on every page
      }
      draw_row(r, "DejaVu Sans 10", h, false);
    }
    y_ += 8;
  }

  // Two fields to a line: the label small above the value, on a line to write on.
  void form(const std::vector<std::pair<std::string, std::string>>& fields) {
    const double w = (width() - kGap) / 2;
    for (std::size_t i = 0; i < fields.size(); i += 2) {
      double h = 0;
      for (std::size_t k = i; k < std::min(i + 2, fields.size()); ++k)
        h = std::max(h, measure(fields[k].first, "DejaVu Sans 9", w) +
                            std::max(16.0, measure(fields[k].second, "DejaVu Sans 12", w)));
      need(h + 6);
      for (std::size_t k = i; k < std::min(i + 2, fields.size()); ++k) {
        double x = kMargin + static_cast<double>(k - i) * (w + kGap);
        double lh = measure(fields[k].first, "DejaVu Sans 9", w);
        put(fields[k].first, "DejaVu Sans 9", x, y_, w, PANGO_ALIGN_LEFT, 0.35);
        put(fields[k].second, "DejaVu Sans 12", x, y_ + lh, w);
        line(x, y_ + h, x + w, y_ + h, 0.4);
      }
      y_ += h + 6;
    }
    y_ += 4;
  }

  // Two slips to a row, each in a dashed box to cut along.
  void cards(const std::vector<Slip>& slips) {
    const double w = (width() - kGap) / 2, inner = w - 4 * kPad;
    auto height = [&](const Slip& s) {
      double h = 4 * kPad + measure(s.title, "DejaVu Sans Bold 9", inner);
      if (!s.big.empty()) h += measure(s.big, "DejaVu Sans Bold 24", inner);
      for (const std::string& l : s.lines) h += measure(l, "DejaVu Sans 9", inner);
      return h;
    };
    for (std::size_t i = 0; i < slips.size(); i += 2) {
      double h = height(slips[i]);
      if (i + 1 < slips.size()) h = std::max(h, height(slips[i + 1]));
      need(h + kGap);
      for (std::size_t k = i; k < std::min(i + 2, slips.size()); ++k) {
        const Slip& s = slips[k];
        double x = kMargin + static_cast<double>(k - i) * (w + kGap), y = y_ + 2 * kPad;
        if (draw_) {
          const double dash[] = {3, 2};
          lib().cairo_set_dash(cr_, dash, 2, 0);
          lib().cairo_set_source_rgb(cr_, 0.5, 0.5, 0.5);
          lib().cairo_set_line_width(cr_, 0.5);
          lib().cairo_rectangle(cr_, x, y_, w, h);
          lib().cairo_stroke(cr_);
          lib().cairo_set_dash(cr_, nullptr, 0, 0);
        }
        x += 2 * kPad;
        put(s.title, "DejaVu Sans Bold 9", x, y, inner);
        y += measure(s.title, "DejaVu Sans Bold 9", inner);
        if (!s.big.empty()) {
          put(s.big, "DejaVu Sans Bold 24", x, y, inner);
          y += measure(s.big, "DejaVu Sans Bold 24", inner);
        }
        for (const std::string& l : s.lines) {
          put(l, "DejaVu Sans 9", x, y, inner);
          y += measure(l, "DejaVu Sans 9", inner);
        }
      }
      y_ += h + kGap;
    }
  }

  cairo_t* cr_;
  Page page_;
  const Document& doc_;
  int pages_;
  bool draw_;
  PangoLayout* layout_;
  std::map<std::string, PangoFontDescription*> fonts_;
  double y_ = 0;
  int page_no_ = 1;
};

struct Surface {
  std::string bytes;
  cairo_surface_t* surface;
  cairo_t* cr;
  Surface(Page page, const std::string& title) {
    surface = lib().cairo_pdf_surface_create_for_stream(append, &bytes, page.width, page.height);
    lib().cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title.c_str());
    lib().cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Gauntlet");
    cr = lib().cairo_create(surface);
  }
  ~Surface() {
    lib().cairo_destroy(cr);
    lib().cairo_surface_destroy(surface);
  }
  Surface(const Surface&) = delete;
  Surface& operator=(const Surface&) = delete;
  // Flushes the file; Cairo's status when it could not be written.
  cairo_status_t finish() {
    lib().cairo_surface_finish(surface);
    return lib().cairo_surface_status(surface);
  }
};

}  // namespace

// GCC says ASan with __SANITIZE_ADDRESS__, clang 14 (the fuzz build) only with __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GAUNTLET_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(GAUNTLET_ASAN)
// Fontconfig keeps its font cache for the life of the process and never frees it (FcFini would,
// but Pango's font map may still hold it): not a leak of ours, so the test build's LeakSanitizer
// is told to ignore it. Defined here because only a program that makes PDFs loads fontconfig.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libfontconfig.so\n";
}
extern "C" const char* __lsan_default_options() {
  return "print_suppressions=0";
}
#endif

Result<std::string> to_pdf(const Document& document, Size size) {
  if (auto api = cairo_api(); !api) return tl::unexpected(api.error());
  const Page page = page_of(size);
  int pages = 0;
  {
    Surface measuring(page, document.title);  // same font metrics as the real one, nothing drawn
    pages = Pen(measuring.cr, page, document, 0, false).run();
  }
  Surface out(page, document.title);
  Pen(out.cr, page, document, pages, true).run();
  if (cairo_status_t status = out.finish(); status != CAIRO_STATUS_SUCCESS)
    return fail(ErrorKind::storage, "pdf", "",
                std::string("Cairo could not make the PDF: ") + lib().cairo_status_to_string(status));
  return std::move(out.bytes);
}

}  // namespace gauntlet::paper
