#include "server/compress.hpp"

#include <brotli/encode.h>
#include <zlib.h>

namespace gauntlet::server {

std::optional<std::string> gzip(std::string_view data) {
  z_stream z{};
  // windowBits 15 + 16: the gzip wrapper (header and CRC-32) rather than a zlib one; HTTP's
  // "gzip" coding is that format. Level 9: the body is compressed once and sent many times.
  constexpr int kGzipWindow = 15 + 16;
  constexpr int kMemLevel = 9;
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, kGzipWindow, kMemLevel, Z_DEFAULT_STRATEGY) != Z_OK)
    return std::nullopt;
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  // zlib's API is not const-correct; it never writes through next_in.
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  // deflateBound is enough for the whole output, so one call with Z_FINISH ends the stream.
  const int done = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (done != Z_STREAM_END) return std::nullopt;
  return out;
}

std::optional<std::string> brotli(std::string_view data, int quality) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  if (size == 0) return std::nullopt;  // input too large for the library's bound
  std::string out(size, '\0');
  // Text mode lets the encoder favour its dictionary of words and JSON punctuation.
  if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                             reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data())))
    return std::nullopt;
  out.resize(size);
  return out;
}

}  // namespace gauntlet::server
