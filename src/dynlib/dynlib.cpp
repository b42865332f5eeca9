#include "dynlib/dynlib.hpp"

#include <dlfcn.h>

namespace gauntlet::dynlib {

Library::Library(const char* soname) : soname_(soname) {
  // RTLD_NOW: a library that cannot resolve its own symbols fails here, where it can be reported,
  // not at the first call. RTLD_LOCAL: its symbols serve only the pointers bound from it.
  handle_ = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = dlerror();
    error_ = soname_ + " cannot be loaded: " + (why ? why : "unknown reason");
  }
}

void* Library::symbol(const char* name) {
  if (handle_ == nullptr) return nullptr;
  dlerror();  // clear a stale message
  void* found = dlsym(handle_, name);
  if (found == nullptr && error_.empty()) error_ = soname_ + " has no function " + name;
  return found;
}

}  // namespace gauntlet::dynlib
