// The part of an http(s) URL after its scheme, split the one way both clients need: the game
// server's base URL (http_transport.cc) and the model's endpoint (llm/chat_client.cc).
#pragma once

#include <string>
#include <string_view>

namespace gb::harness {

// Splits `rest` (a URL after "scheme://") at its first '/': returns the authority (host[:port])
// and sets `prefix` to the path from that '/' on, trailing slashes dropped ("" when none).
std::string_view split_authority(std::string_view rest, std::string& prefix);

// Reads `authority` as host[:port]: sets `host`, and `port` only when one is given. Returns "",
// or what is wrong: "the port must be 1..65535" or "no host".
std::string split_host_port(std::string_view authority, std::string& host, std::string& port);

}  // namespace gb::harness
