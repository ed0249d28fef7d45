#include "server/body_limit.h"

#include <array>

#include "server/router.h"
#include "server/target.h"

namespace gb::server {
namespace {

// A route whose body may exceed kMaxBodyBytes.
struct BodyLimit {
  std::string_view method;
  std::string_view pattern;  // as in the route table
  size_t bytes;
};

// 256 Silkspan states are about 1.3 MB: 8 MiB leaves room for larger states.
constexpr auto kLimits = std::to_array<BodyLimit>({
    {"POST", "/api/games/{slug}/batch", kMaxBatchBodyBytes},
    {"POST", "/api/runs", kMaxRunBodyBytes},
});
static_assert([] {
  for (const BodyLimit& l : kLimits) {
    if (l.bytes > kLargestBodyBytes) return false;
  }
  return true;
}());

}  // namespace

size_t max_body_bytes(std::string_view method, std::string_view target) {
  Target split = split_target(target);
  for (const BodyLimit& limit : kLimits) {
    std::string_view value;
    if (limit.method == method && match_path(limit.pattern, split.path, value)) return limit.bytes;
  }
  return kMaxBodyBytes;
}

}  // namespace gb::server
