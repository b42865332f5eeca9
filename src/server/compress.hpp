// Content codings for cached public answers: gzip (zlib) and brotli (libbrotlienc), made once per
// body, never per request (docs/api.md "Caching and compression").
//
//   std::optional<std::string> gz = gzip(json);          // RFC 1952 member, zlib level 9
//   std::optional<std::string> br = brotli(json, 11);    // RFC 7932 stream, quality 0-11
//
// nullopt only when the library fails (out of memory): the answer is then sent as it is.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gauntlet::server {

std::optional<std::string> gzip(std::string_view data);
std::optional<std::string> brotli(std::string_view data, int quality);

}  // namespace gauntlet::server
