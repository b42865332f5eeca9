// Shared libraries opened when first needed, not when the program starts (issue 16 point 1).
//
// Every `gauntlet` command paid ~19 ms before main() to load and relocate 78 shared libraries,
// most of them behind the two that few commands use: libpq (with Kerberos, LDAP and GnuTLS) and
// Cairo/Pango/librsvg (with GLib, fontconfig, HarfBuzz...). Those two are opened here instead,
// by the code that needs them, and their functions reached through a table of pointers.
//
//   dynlib::Library cairo("libcairo.so.2");
//   decltype(&::cairo_create) create = nullptr;
//   cairo.bind(create, "cairo_create");
//   if (!cairo.ok()) report(cairo.error());  // names the library and what the loader said
//
// A library stays loaded for the life of the process (never dlclose'd: GLib's and libpq's own
// state outlives any one caller). Thread-safety: a Library is built once, under the static
// initialisation of the table that owns it; bind() is not meant to be called concurrently.
#pragma once

#include <bit>
#include <string>

namespace gauntlet::dynlib {

class Library {
 public:
  // Opens `soname` (dlopen, every symbol resolved now). On failure ok() is false and error()
  // says which library and why; bind() then leaves its pointers null.
  explicit Library(const char* soname);

  // Points `fn` at the library's function `name`. A missing symbol makes ok() false.
  template <class F>
  void bind(F*& fn, const char* name) {
    fn = std::bit_cast<F*>(symbol(name));
  }

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

 private:
  void* symbol(const char* name);

  std::string soname_;
  void* handle_ = nullptr;
  std::string error_;
};

}  // namespace gauntlet::dynlib
