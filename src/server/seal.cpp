#include "server/seal.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <boost/algorithm/hex.hpp>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

namespace gauntlet::server {

namespace {

using Bytes = std::vector<unsigned char>;
constexpr std::size_t kNonce = 12, kTag = 16;

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::optional<Bytes> unhex(std::string_view s) {
  if (s.size() % 2) return std::nullopt;
  Bytes out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<unsigned char>(hi * 16 + lo);
  }
  return out;
}

std::string hex(const Bytes& b) {
  std::string s;
  boost::algorithm::hex_lower(b.begin(), b.end(), std::back_inserter(s));
  return s;
}

Bytes key_of(std::string_view key_hex) {
  auto key = unhex(key_hex);
  if (!key || key->size() != 32) throw std::invalid_argument("seal: the key must be 32 bytes in hex");
  return *key;
}

using Ctx = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

const unsigned char* bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

}  // namespace

std::string seal(std::string_view key_hex, std::string_view choice, std::string_view context) {
  if (choice.size() > kSealedChoiceMax) throw std::invalid_argument("seal: choice too long");
  const Bytes key = key_of(key_hex);
  // [length][choice][zero padding]: every seal has the same size.
  Bytes plain(kSealedChoiceMax + 1, 0);
  plain[0] = static_cast<unsigned char>(choice.size());
  std::copy(choice.begin(), choice.end(), plain.begin() + 1);
  Bytes out(kNonce + plain.size() + kTag);
  if (RAND_bytes(out.data(), kNonce) != 1) throw std::runtime_error("RAND_bytes failed");
  Ctx ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  int len = 0;
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, key.data(), out.data()) != 1 ||
      EVP_EncryptUpdate(ctx.get(), nullptr, &len, bytes(context), static_cast<int>(context.size())) != 1 ||
      EVP_EncryptUpdate(ctx.get(), out.data() + kNonce, &len, plain.data(), static_cast<int>(plain.size())) !=
          1 ||
      EVP_EncryptFinal_ex(ctx.get(), out.data() + kNonce + len, &len) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, kTag, out.data() + kNonce + plain.size()) != 1)
    throw std::runtime_error("seal: AES-GCM failed");
  return hex(out);
}

std::optional<std::string> unseal(std::string_view key_hex, std::string_view sealed_hex,
                                  std::string_view context) {
  const Bytes key = key_of(key_hex);
  auto in = unhex(sealed_hex);
  if (!in || in->size() != kNonce + kSealedChoiceMax + 1 + kTag) return std::nullopt;
  Bytes plain(kSealedChoiceMax + 1);
  Ctx ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  int len = 0;
  Bytes tag(in->end() - kTag, in->end());
  if (!ctx || EVP_DecryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, key.data(), in->data()) != 1 ||
      EVP_DecryptUpdate(ctx.get(), nullptr, &len, bytes(context), static_cast<int>(context.size())) != 1 ||
      EVP_DecryptUpdate(ctx.get(), plain.data(), &len, in->data() + kNonce, static_cast<int>(plain.size())) !=
          1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, kTag, tag.data()) != 1 ||
      EVP_DecryptFinal_ex(ctx.get(), plain.data() + len, &len) != 1)
    return std::nullopt;
  if (plain[0] > kSealedChoiceMax) return std::nullopt;
  return std::string(plain.begin() + 1, plain.begin() + 1 + plain[0]);
}

}  // namespace gauntlet::server
