#include "server/crypto.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <atomic>
#include <boost/algorithm/hex.hpp>
#include <iterator>
#include <stdexcept>
#include <vector>

namespace gauntlet::server {

namespace {

std::vector<unsigned char> random_bytes(std::size_t n) {
  std::vector<unsigned char> out(n);
  if (RAND_bytes(out.data(), static_cast<int>(n)) != 1) throw std::runtime_error("RAND_bytes failed");
  return out;
}

std::string hex(const unsigned char* p, std::size_t n) {
  std::string s;
  s.reserve(2 * n);
  boost::algorithm::hex_lower(p, p + n, std::back_inserter(s));
  return s;
}

// Uniform in [0, n) without modulo bias: reject the top partial range.
std::uint32_t uniform_below(std::uint32_t n) {
  const std::uint32_t limit = UINT32_MAX - UINT32_MAX % n;
  for (;;) {
    const auto b = random_bytes(4);
    const std::uint32_t v =
        (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | b[3];
    if (v < limit) return v % n;
  }
}

std::atomic<std::uint64_t> iterations_run{0};

std::string derive(std::string_view password, const std::string& salt_hex, int iterations) {
  iterations_run.fetch_add(static_cast<std::uint64_t>(iterations), std::memory_order_relaxed);
  unsigned char out[32];
  if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                        reinterpret_cast<const unsigned char*>(salt_hex.data()),
                        static_cast<int>(salt_hex.size()), iterations, EVP_sha256(), sizeof out, out) != 1)
    throw std::runtime_error("PBKDF2 failed");
  return hex(out, sizeof out);
}

}  // namespace

std::string random_token(std::size_t bytes) {
  const auto b = random_bytes(bytes);
  return hex(b.data(), b.size());
}

std::string random_pin() {
  std::string pin = std::to_string(uniform_below(1000000));
  return std::string(6 - pin.size(), '0') + pin;
}

std::string random_password() {
  // No look-alike characters (0/o, 1/l): it is read off a terminal and typed on a phone.
  static constexpr char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
  std::string s;
  for (int i = 0; i < 16; ++i) {
    if (i && i % 4 == 0) s += '-';
    s += alphabet[uniform_below(sizeof alphabet - 1)];
  }
  return s;
}

PasswordHash hash_password(std::string_view password, int iterations) {
  PasswordHash h;
  const auto salt = random_bytes(16);
  h.salt = hex(salt.data(), salt.size());
  h.iterations = iterations;
  h.hash = derive(password, h.salt, iterations);
  return h;
}

bool verify_password(std::string_view password, const PasswordHash& stored) {
  if (stored.iterations <= 0) return false;
  return constant_time_equal(derive(password, stored.salt, stored.iterations), stored.hash);
}

void verify_against_nothing(std::string_view password, int iterations) {
  // A fresh salt and a digest no derivation gives (all zeros, one chance in 2^256): the same work as
  // a real check, never a match.
  const PasswordHash nothing{random_token(16), std::string(64, '0'), iterations};
  (void)verify_password(password, nothing);
}

std::uint64_t pbkdf2_iterations_run() {
  return iterations_run.load(std::memory_order_relaxed);
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  // The length of a token or PIN is public; only its content must not leak through timing.
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return hex(digest, sizeof digest);
}

}  // namespace gauntlet::server
