// The address players' phones can reach, for PIN slips, the projector and their QR codes.
//
//   Join j = join_address("", "0.0.0.0", 8080);   // {"http://192.168.1.20:8080", true, "..."}
//   Join k = join_address("https://gauntlet.example.org", "127.0.0.1", 8080);
//
// The EO's browser address is no guide: the EO often runs the console on the server itself
// (127.0.0.1), which no phone can reach.
#pragma once

#include <string>

namespace gauntlet::server {

struct Join {
  std::string url;  // base, no trailing '/', e.g. "http://192.168.1.20:8080"
  bool reachable = false;
  std::string how;  // for the EO: where the address comes from, or what to do
};

// `public_url` (gauntlet serve --public-url) wins; else the listening address: any address
// (0.0.0.0, ::) becomes the host's first non-loopback IPv4, loopback is unreachable by phones.
Join join_address(const std::string& public_url, const std::string& listen_address, unsigned short port);

}  // namespace gauntlet::server
