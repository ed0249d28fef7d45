#include "runs/secrets.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/hash.h"

namespace gb::runs {
namespace {

// HMAC-SHA256(secret, message): its 32 bytes first.
std::array<unsigned char, EVP_MAX_MD_SIZE> hmac_sha256(std::string_view secret,
                                                       std::string_view message) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int length = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac.data(),
           &length) == nullptr) {
    throw std::runtime_error("hmac failed");
  }
  return mac;
}

}  // namespace

std::string random_token() {
  std::array<unsigned char, 32> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    throw std::runtime_error("the system's random generator failed");
  }
  return hex_bytes(bytes.data(), bytes.size());
}

bool strong_token(std::string_view token) {
  if (token.size() < 32 || token.size() > 128) return false;
  for (char c : token) {
    bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

uint32_t daily_seed(std::string_view secret, std::string_view slug, std::string_view date) {
  return keyed_seed(secret, std::string(slug) + "/" + std::string(date));
}

uint32_t keyed_seed(std::string_view secret, std::string_view message) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac = hmac_sha256(secret, message);
  return (uint32_t{mac[0]} << 24) | (uint32_t{mac[1]} << 16) | (uint32_t{mac[2]} << 8) |
         uint32_t{mac[3]};
}

std::string keyed_hex(std::string_view secret, std::string_view message, size_t digits) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac = hmac_sha256(secret, message);
  std::string hex = hex_bytes(mac.data(), 32);
  hex.resize(std::min<size_t>(digits, hex.size()));
  return hex;
}

}  // namespace gb::runs
