// The `seed` query parameter: strict parsing, and the server's own draw when it is absent.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gb::server {

// Parses a decimal seed in 0..4294967295: ASCII digits only (no sign, no spaces, not empty).
std::optional<uint32_t> parse_seed(std::string_view text);

// Returns a fresh seed for an init without one. The only nondeterminism of the service: a
// process-wide atomic counter mixed with a salt drawn once at first use (random_device and the
// clock). It never feeds a state except as that state's seed.
uint32_t draw_seed();

}  // namespace gb::server
