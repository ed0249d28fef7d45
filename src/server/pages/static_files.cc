#include "server/pages/static_files.h"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace gb::server {
namespace {

constexpr std::uintmax_t kMaxWebFileBytes = 8u << 20;

std::string& web_root() {
  static std::string root;
  return root;
}

std::string& wasm_root() {
  static std::string root;
  return root;
}

bool is_safe_name(std::string_view name) {
  if (name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos) {
    return false;
  }
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '-' || c == '_' || c == '/';
    if (!ok) return false;
  }
  return true;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

void set_web_root(std::string root) {
  web_root() = std::move(root);
}

void set_wasm_root(std::string root) {
  wasm_root() = std::move(root);
}

StaticText content_type_for(std::string_view name) {
  if (ends_with(name, ".html")) return "text/html; charset=utf-8";
  if (ends_with(name, ".js") || ends_with(name, ".mjs")) return "text/javascript; charset=utf-8";
  if (ends_with(name, ".css")) return "text/css; charset=utf-8";
  if (ends_with(name, ".json")) return "application/json";
  if (ends_with(name, ".wasm")) return "application/wasm";
  if (ends_with(name, ".svg")) return "image/svg+xml";
  if (ends_with(name, ".png")) return "image/png";
  if (ends_with(name, ".txt")) return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

// Reads `name` under `root` as a 200 answer typed by its extension (see web_file).
static std::optional<Response> file_under(const std::string& root, std::string_view name) {
  if (root.empty() || !is_safe_name(name)) return std::nullopt;
  std::filesystem::path path = std::filesystem::path(root) / std::string(name);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxWebFileBytes) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string body{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return Response{200, content_type_for(name), std::move(body), {}};
}

std::optional<Response> web_file(std::string_view name) {
  return file_under(web_root(), name);
}

std::optional<Response> web_asset(std::string_view name) {
  for (std::string_view ext : {".js", ".mjs", ".css", ".svg", ".png"}) {
    if (ends_with(name, ext)) return web_file(name);
  }
  return std::nullopt;
}

std::optional<Response> wasm_asset(std::string_view name) {
  if (name.find('/') != std::string_view::npos) return std::nullopt;
  if (!ends_with(name, ".mjs") && !ends_with(name, ".wasm")) return std::nullopt;
  return file_under(wasm_root(), name);
}

}  // namespace gb::server
