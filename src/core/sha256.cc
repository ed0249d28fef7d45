#include <openssl/evp.h>

#include <array>
#include <stdexcept>

#include "core/hash.h"

namespace gb {
namespace {

// SHA-256 fetched from the default provider once: EVP_sha256() makes every digest look its
// implementation up again, by name under a lock (most of a short token's hashing, and a varying
// share of it when threads hash at once).
const EVP_MD* sha256_method() {
  static EVP_MD* const method = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (method == nullptr) throw std::runtime_error("sha256: no implementation");
  return method;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, sha256_method(), nullptr) !=
      1) {
    throw std::runtime_error("sha256 failed");
  }
  return hex_bytes(digest.data(), length);
}

}  // namespace gb
