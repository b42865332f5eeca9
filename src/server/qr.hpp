// QR codes as SVG (libqrencode), for PIN slips and the projector: a phone's camera opens the page.
//
//   std::string svg = qr_svg("http://192.168.1.20:8080/player.html?event=spring");
//
// One <path> of unit squares on a viewBox of the module count plus the 4-module quiet zone the
// QR standard asks for each side; scales to any size. Never encode a secret (a PIN): slips get
// photographed.
#pragma once

#include <string>

namespace gauntlet::server {

// Error correction M (15 %): survives a crease or a smudge on a printed slip. Throws
// std::runtime_error when the text is too long for a QR code.
std::string qr_svg(const std::string& text);

}  // namespace gauntlet::server
