// Tokens, hashes and the daily seed (OpenSSL): a name's token is 256 random bits shown once,
// the store keeps only its SHA-256; the daily seed is an HMAC of (slug, date) under a secret the
// store keeps, so nobody can know a day's seed before that day. Plain hashing is core/hash.h's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gb::runs {

// Returns 32 random bytes from the operating system's generator, as 64 hex digits.
std::string random_token();

// Whether a client-chosen token may claim a new name: at least 128 bits written as 32 or more
// characters of [A-Za-z0-9_-] (hex or base64url), at most 128.
bool strong_token(std::string_view token);

// Returns the challenge seed of `slug` on `date` (YYYY-MM-DD): the first 32 bits of
// HMAC-SHA256(secret, slug + "/" + date).
uint32_t daily_seed(std::string_view secret, std::string_view slug, std::string_view date);

// Returns the first 32 bits of HMAC-SHA256(secret, message): a seed nobody can know without the
// secret (the daily challenge's, and a sealed scorecard's slots').
uint32_t keyed_seed(std::string_view secret, std::string_view message);

// Returns the first `digits` (at most 64) hex digits of HMAC-SHA256(secret, message): a tag
// nobody can forge without the secret (a scorecard slot's game handle).
std::string keyed_hex(std::string_view secret, std::string_view message, size_t digits);

}  // namespace gb::runs
