// The web UI: files of src/web/ embedded in the binary (no CDN, nothing to install at the venue).
//
//   StaticFiles files;                      // indexes embedded_web_files()
//   if (const StaticFile* f = files.find("/")) ...   // "/" -> index.html, "/eo" -> eo.html
#pragma once

#include <map>
#include <string>

#include "server/http.hpp"

namespace gauntlet::server {

struct StaticFile {
  std::string content_type;
  Body body;
};

class StaticFiles {
 public:
  StaticFiles();
  // `path` is the URL path without the query. nullptr when no file matches.
  const StaticFile* find(std::string_view path) const;

 private:
  std::map<std::string, StaticFile, std::less<>> files_;
};

std::string_view content_type_for(std::string_view file_name);

}  // namespace gauntlet::server
