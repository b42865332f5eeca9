// Sealing a vote: AES-256-GCM (OpenSSL) under a key that never enters the journal.
//
//   std::string key = random_token(32);                       // 64 hex chars
//   std::string s = seal(key, "p7", "spring|best-painted|1|p3");
//   std::optional<std::string> choice = unseal(key, s, "spring|best-painted|1|p3");   // "p7"
//
// The choice is padded to a fixed length, so a sealed vote's size does not tell "p7" from "p12";
// a fresh random nonce makes two votes for the same player look unrelated; `context` (event, award,
// ballot, voter) is authenticated, so a sealed vote moved to another voter or ballot fails to open.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gauntlet::server {

inline constexpr std::size_t kSealedChoiceMax = 48;  // longest choice a seal holds

// Hex of nonce | ciphertext | tag. Throws std::invalid_argument for a bad key or a too long choice.
std::string seal(std::string_view key_hex, std::string_view choice, std::string_view context);
// The choice, or nullopt when the seal was not made with this key and context (or is damaged).
std::optional<std::string> unseal(std::string_view key_hex, std::string_view sealed_hex,
                                  std::string_view context);

}  // namespace gauntlet::server
