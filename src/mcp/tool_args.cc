#include "mcp/tool_args.h"

namespace gb::mcp {

std::optional<std::string_view> string_arg(JsonValue args, std::string_view key, bool required,
                                           std::string& problem) {
  JsonValue v;
  if (args[key].get(v) != simdjson::SUCCESS) {
    if (required) problem = std::string(key) + ": required";
    return required ? std::nullopt : std::optional<std::string_view>("");
  }
  std::string_view s;
  if (v.get_string().get(s) != simdjson::SUCCESS) {
    problem = std::string(key) + ": must be a string, not " + std::string(json_type_name(v));
    return std::nullopt;
  }
  return s;
}

std::string argument_issues(const Issues& issues) {
  std::string out;
  for (const std::string& issue : issues.list()) {
    std::string_view text = issue;
    if (text.starts_with("body.")) text.remove_prefix(5);
    if (!out.empty()) out += "; ";
    out += text;
  }
  return out.empty() ? std::string("arguments: invalid") : out;
}

}  // namespace gb::mcp
