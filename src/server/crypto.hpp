// Secrets: random tokens, PINs, password hashing (PBKDF2-HMAC-SHA256, OpenSSL) and
// constant-time comparison.
//
//   std::string token = random_token();                       // 64 hex chars, 256 bits
//   PasswordHash h = hash_password("hunter22", 600000);        // random 16-byte salt
//   bool ok = verify_password("hunter22", h);                  // constant-time compare
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gauntlet::server {

struct PasswordHash {
  std::string salt;  // hex
  std::string hash;  // hex, 32 bytes
  int iterations = 0;
};

// OWASP's 2023 figure for PBKDF2-HMAC-SHA256; tests pass fewer to stay fast.
inline constexpr int kDefaultPbkdf2Iterations = 600000;

std::string random_token(std::size_t bytes = 32);  // hex
std::string random_pin();                          // 6 decimal digits, uniform
std::string random_password();                     // 4 groups of 4 lowercase letters/digits
PasswordHash hash_password(std::string_view password, int iterations);
bool verify_password(std::string_view password, const PasswordHash& stored);
// Checks `password` against no stored hash at the cost of checking it against one of `iterations`:
// what a login for an unknown account, or an event without an EO password, runs, so that its answer
// takes as long as a real account's and the time of a refusal does not tell which logins exist.
void verify_against_nothing(std::string_view password, int iterations);
// The PBKDF2 iterations this process has run (every hash and check): how a test sees that two logins
// did the same work without timing them.
std::uint64_t pbkdf2_iterations_run();
bool constant_time_equal(std::string_view a, std::string_view b);
// Hex SHA-256: how a session token or an admin key is named in the database, never in clear.
std::string sha256_hex(std::string_view data);

}  // namespace gauntlet::server
