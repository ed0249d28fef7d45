#include "agents/common/run.h"

namespace gb::agents {

std::string hex64(uint64_t h) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i) {
    out[static_cast<size_t>(i)] = kDigits[h & 15];
    h >>= 4;
  }
  return out;
}

}  // namespace gb::agents
