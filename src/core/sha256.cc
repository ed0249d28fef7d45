#include <openssl/evp.h>

#include <array>
#include <stdexcept>

#include "core/hash.h"

namespace gb {

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("sha256 failed");
  }
  return hex_bytes(digest.data(), length);
}

}  // namespace gb
