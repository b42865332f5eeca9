#include "server/join.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>

#include <boost/asio/ip/address.hpp>

namespace gauntlet::server {

namespace {

// The first interface address a phone on the venue's network could use (getifaddrs order).
std::string first_lan_ipv4() {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return "";
  std::string found;
  for (const ifaddrs* i = list; i && found.empty(); i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    if ((i->ifa_flags & IFF_UP) == 0 || (i->ifa_flags & IFF_LOOPBACK) != 0) continue;
    char text[INET_ADDRSTRLEN] = {};
    const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
    if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) found = text;
  }
  freeifaddrs(list);
  return found;
}

std::string http_url(const std::string& host, unsigned short port) {
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

}  // namespace

Join join_address(const std::string& public_url, const std::string& listen_address, unsigned short port) {
  if (!public_url.empty()) {
    std::string url = public_url;
    while (!url.empty() && url.back() == '/') url.pop_back();
    return {url, true, "the public address set with --public-url"};
  }
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(listen_address, ec);
  if (ec || address.is_loopback()) {
    const std::string host = ec ? listen_address : address.to_string();
    return {http_url(host, port), false,
            "Phones cannot reach " + host + ": restart with --listen 0.0.0.0:" + std::to_string(port) +
                " (the venue's network) or --public-url URL (the address players use)"};
  }
  if (!address.is_unspecified())
    return {http_url(address.to_string(), port), true, "the address gauntlet serve listens on"};
  const std::string lan = first_lan_ipv4();
  if (lan.empty())
    return {http_url("127.0.0.1", port), false,
            "This computer has no network address phones could use: join the venue's network, or restart "
            "with --public-url URL"};
  return {http_url(lan, port), true, "this computer's address on the local network"};
}

}  // namespace gauntlet::server
