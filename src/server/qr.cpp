#include "server/qr.hpp"

#include <qrencode.h>

#include <memory>
#include <stdexcept>

namespace gauntlet::server {

namespace {

constexpr int kQuietZone = 4;  // modules of white around the code (ISO/IEC 18004)

}  // namespace

std::string qr_svg(const std::string& text) {
  std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M),
                                                  QRcode_free);
  if (!code) throw std::runtime_error("cannot make a QR code of " + std::to_string(text.size()) + " bytes");
  const int width = code->width, side = width + 2 * kQuietZone;
  std::string path;
  for (int y = 0; y < width; ++y)
    for (int x = 0; x < width; ++x)
      if (code->data[y * width + x] & 1)  // bit 0: dark module
        path += "M" + std::to_string(x + kQuietZone) + " " + std::to_string(y + kQuietZone) + "h1v1h-1z";
  const std::string s = std::to_string(side);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + s + " " + s +
         "\" shape-rendering=\"crispEdges\" data-modules=\"" + std::to_string(width) + "\"><rect width=\"" +
         s + "\" height=\"" + s + "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>\n";
}

}  // namespace gauntlet::server
