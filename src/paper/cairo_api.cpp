#include "paper/cairo_api.hpp"

#include "dynlib/dynlib.hpp"

namespace gauntlet::paper {
namespace {

struct Loaded {
  CairoApi table;
  std::string error;
};

Loaded load() {
  Loaded out;
  CairoApi& t = out.table;
  {
    dynlib::Library lib("libcairo.so.2");
    lib.bind(t.cairo_create, "cairo_create");
    lib.bind(t.cairo_destroy, "cairo_destroy");
    lib.bind(t.cairo_fill, "cairo_fill");
    lib.bind(t.cairo_line_to, "cairo_line_to");
    lib.bind(t.cairo_move_to, "cairo_move_to");
    lib.bind(t.cairo_pdf_surface_create_for_stream, "cairo_pdf_surface_create_for_stream");
    lib.bind(t.cairo_pdf_surface_set_metadata, "cairo_pdf_surface_set_metadata");
    lib.bind(t.cairo_rectangle, "cairo_rectangle");
    lib.bind(t.cairo_set_dash, "cairo_set_dash");
    lib.bind(t.cairo_set_line_width, "cairo_set_line_width");
    lib.bind(t.cairo_set_source_rgb, "cairo_set_source_rgb");
    lib.bind(t.cairo_show_page, "cairo_show_page");
    lib.bind(t.cairo_status_to_string, "cairo_status_to_string");
    lib.bind(t.cairo_stroke, "cairo_stroke");
    lib.bind(t.cairo_surface_destroy, "cairo_surface_destroy");
    lib.bind(t.cairo_surface_finish, "cairo_surface_finish");
    lib.bind(t.cairo_surface_status, "cairo_surface_status");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  {
    dynlib::Library lib("libglib-2.0.so.0");
    lib.bind(t.g_error_free, "g_error_free");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  {
    dynlib::Library lib("libgobject-2.0.so.0");
    lib.bind(t.g_object_unref, "g_object_unref");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  {
    dynlib::Library lib("libpango-1.0.so.0");
    lib.bind(t.pango_font_description_free, "pango_font_description_free");
    lib.bind(t.pango_font_description_from_string, "pango_font_description_from_string");
    lib.bind(t.pango_layout_context_changed, "pango_layout_context_changed");
    lib.bind(t.pango_layout_get_context, "pango_layout_get_context");
    lib.bind(t.pango_layout_get_size, "pango_layout_get_size");
    lib.bind(t.pango_layout_set_alignment, "pango_layout_set_alignment");
    lib.bind(t.pango_layout_set_font_description, "pango_layout_set_font_description");
    lib.bind(t.pango_layout_set_text, "pango_layout_set_text");
    lib.bind(t.pango_layout_set_width, "pango_layout_set_width");
    lib.bind(t.pango_layout_set_wrap, "pango_layout_set_wrap");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  {
    dynlib::Library lib("libpangocairo-1.0.so.0");
    lib.bind(t.pango_cairo_context_set_resolution, "pango_cairo_context_set_resolution");
    lib.bind(t.pango_cairo_create_layout, "pango_cairo_create_layout");
    lib.bind(t.pango_cairo_show_layout, "pango_cairo_show_layout");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  {
    dynlib::Library lib("librsvg-2.so.2");
    lib.bind(t.rsvg_handle_get_intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions");
    lib.bind(t.rsvg_handle_new_from_data, "rsvg_handle_new_from_data");
    lib.bind(t.rsvg_handle_render_document, "rsvg_handle_render_document");
    if (!lib.ok() && out.error.empty()) out.error = lib.error();
  }
  return out;
}

}  // namespace

Result<const CairoApi*> cairo_api() {
  static const Loaded loaded = load();
  if (!loaded.error.empty())
    return fail(ErrorKind::storage, "pdf", "",
                "the PDF libraries are missing (Debian: libcairo2, libpango-1.0-0, libpangocairo-1.0-0, "
                "librsvg2-2): " +
                    loaded.error);
  return &loaded.table;
}

}  // namespace gauntlet::paper
