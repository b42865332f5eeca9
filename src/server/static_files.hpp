// The web UI: files of src/web/ embedded in the binary (no CDN, nothing to install at the venue).
//
//   StaticFiles files;                      // indexes embedded_web_files()
//   if (const StaticFile* f = files.find("/")) ...   // "/" -> index.html, "/eo" -> eo.html
#pragma once

#include <map>
#include <string>

#include "server/cached_answer.hpp"

namespace gauntlet::server {

struct StaticFile {
  // The file as answered: ETag, gzip and brotli made on first request (they never change while
  // the process runs, so brotli at its best).
  std::shared_ptr<const CachedAnswer> answer;
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
