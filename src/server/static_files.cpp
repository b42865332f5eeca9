#include "server/static_files.hpp"

#include <span>

#include "core/embedded.hpp"

namespace gauntlet {
std::span<const EmbeddedFile> embedded_web_files();  // generated from src/web/ (CMake)
}

namespace gauntlet::server {

std::string_view content_type_for(std::string_view name) {
  const auto dot = name.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : name.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json") return "application/json; charset=utf-8";
  if (ext == "webmanifest") return "application/manifest+json";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

StaticFiles::StaticFiles() {
  constexpr int kOncePerProcessBrotli = 11;
  for (const EmbeddedFile& f : embedded_web_files()) {
    AnswerKind kind{std::string(content_type_for(f.name)), true, kOncePerProcessBrotli};
    files_.emplace(std::string(f.name), StaticFile{std::make_shared<const CachedAnswer>(
                                            make_body(std::string(f.content)), std::move(kind))});
  }
}

const StaticFile* StaticFiles::find(std::string_view path) const {
  if (path.empty() || path.front() != '/') return nullptr;
  std::string name(path.substr(1));
  if (name.empty()) name = "index.html";
  // Browsers ask for /favicon.ico whatever the page says: the one icon, an SVG, answers it (a 404 in
  // every log otherwise).
  if (name == "favicon.ico") name = "favicon.svg";
  // Files are flat: no '/' means no way to climb out with "..".
  if (name.find('/') != std::string::npos) return nullptr;
  if (auto it = files_.find(name); it != files_.end()) return &it->second;
  if (auto it = files_.find(name + ".html"); it != files_.end()) return &it->second;
  return nullptr;
}

}  // namespace gauntlet::server
