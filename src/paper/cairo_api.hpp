// The Cairo, Pango, librsvg and GLib functions the PDF renderer calls, loaded when the first PDF
// is made (dynlib; issue 16 point 1: a command that prints nothing no longer loads Cairo, Pango,
// librsvg, GLib, fontconfig and HarfBuzz at start).
//
//   auto api = cairo_api();              // Result<const CairoApi*>
//   if (!api) return tl::unexpected(api.error());
//   (*api)->cairo_move_to(cr, x, y);
//
// Types and constants still come from the libraries' headers; only the calls go through the table.
#pragma once

#include <cairo-pdf.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include "core/error.hpp"

namespace gauntlet::paper {

struct CairoApi {
  // libcairo.so.2
  decltype(&::cairo_create) cairo_create = nullptr;
  decltype(&::cairo_destroy) cairo_destroy = nullptr;
  decltype(&::cairo_fill) cairo_fill = nullptr;
  decltype(&::cairo_line_to) cairo_line_to = nullptr;
  decltype(&::cairo_move_to) cairo_move_to = nullptr;
  decltype(&::cairo_pdf_surface_create_for_stream) cairo_pdf_surface_create_for_stream = nullptr;
  decltype(&::cairo_pdf_surface_set_metadata) cairo_pdf_surface_set_metadata = nullptr;
  decltype(&::cairo_rectangle) cairo_rectangle = nullptr;
  decltype(&::cairo_set_dash) cairo_set_dash = nullptr;
  decltype(&::cairo_set_line_width) cairo_set_line_width = nullptr;
  decltype(&::cairo_set_source_rgb) cairo_set_source_rgb = nullptr;
  decltype(&::cairo_show_page) cairo_show_page = nullptr;
  decltype(&::cairo_status_to_string) cairo_status_to_string = nullptr;
  decltype(&::cairo_stroke) cairo_stroke = nullptr;
  decltype(&::cairo_surface_destroy) cairo_surface_destroy = nullptr;
  decltype(&::cairo_surface_finish) cairo_surface_finish = nullptr;
  decltype(&::cairo_surface_status) cairo_surface_status = nullptr;
  // libglib-2.0.so.0
  decltype(&::g_error_free) g_error_free = nullptr;
  // libgobject-2.0.so.0
  decltype(&::g_object_unref) g_object_unref = nullptr;
  // libpango-1.0.so.0
  decltype(&::pango_font_description_free) pango_font_description_free = nullptr;
  decltype(&::pango_font_description_from_string) pango_font_description_from_string = nullptr;
  decltype(&::pango_layout_context_changed) pango_layout_context_changed = nullptr;
  decltype(&::pango_layout_get_context) pango_layout_get_context = nullptr;
  decltype(&::pango_layout_get_size) pango_layout_get_size = nullptr;
  decltype(&::pango_layout_set_alignment) pango_layout_set_alignment = nullptr;
  decltype(&::pango_layout_set_font_description) pango_layout_set_font_description = nullptr;
  decltype(&::pango_layout_set_text) pango_layout_set_text = nullptr;
  decltype(&::pango_layout_set_width) pango_layout_set_width = nullptr;
  decltype(&::pango_layout_set_wrap) pango_layout_set_wrap = nullptr;
  // libpangocairo-1.0.so.0
  decltype(&::pango_cairo_context_set_resolution) pango_cairo_context_set_resolution = nullptr;
  decltype(&::pango_cairo_create_layout) pango_cairo_create_layout = nullptr;
  decltype(&::pango_cairo_show_layout) pango_cairo_show_layout = nullptr;
  // librsvg-2.so.2
  decltype(&::rsvg_handle_get_intrinsic_dimensions) rsvg_handle_get_intrinsic_dimensions = nullptr;
  decltype(&::rsvg_handle_new_from_data) rsvg_handle_new_from_data = nullptr;
  decltype(&::rsvg_handle_render_document) rsvg_handle_render_document = nullptr;
};

// The table, loaded once per process (thread-safe). An error (kind storage) names the library
// that could not be loaded and the Debian packages that bring it.
Result<const CairoApi*> cairo_api();

}  // namespace gauntlet::paper
