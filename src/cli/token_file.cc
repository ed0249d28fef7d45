#include "cli/token_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/json_reader.h"
#include "core/json_writer.h"

namespace gb::cli {
namespace {

constexpr std::string_view kFolder = "gameboard";
constexpr std::string_view kFile = "names.json";

// "<what>: <strerror(errno)>".
std::string system_error(std::string_view what) {
  return std::string(what) + ": " + std::strerror(errno);
}

// Closes a file descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

// Creates `dir` and its missing parents, each new one with mode 0700; false with `error` set
// when one cannot be made.
bool make_private_dirs(const std::filesystem::path& dir, std::string& error) {
  std::filesystem::path at;
  for (const std::filesystem::path& part : dir) {
    at /= part;
    struct stat st {};
    if (::stat(at.c_str(), &st) == 0) continue;
    if (::mkdir(at.c_str(), 0700) != 0 && errno != EEXIST) {
      error = system_error("cannot create " + at.string());
      return false;
    }
  }
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    error = dir.string() + " is not a folder";
    return false;
  }
  return true;
}

// Reads the whole file open on `fd` (at most kMaxJsonBytes) into `text`.
bool read_all(int fd, const std::string& path, std::string& text, std::string& error) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = system_error("cannot read " + path);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    error = path + " is not a regular file";
    return false;
  }
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = system_error("cannot read " + path);
      return false;
    }
    if (n == 0) return true;
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > kMaxJsonBytes) {
      error = path + ": larger than " + std::to_string(kMaxJsonBytes >> 20) +
              " MiB, not a names file; fix or remove it";
      return false;
    }
  }
}

// Writes all of `text` to `fd`.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// Writes `text` to a fresh 0600 file beside `path`, syncs it and renames it over `path`, then
// syncs the folder open on `dir_fd`. The temporary file never exists with wider permissions.
bool replace_file(const std::string& path, int dir_fd, std::string_view text, std::string& error) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  ::unlink(tmp.c_str());  // a leftover of a crashed run of this pid
  Fd out(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
  if (out.fd < 0) {
    error = system_error("cannot create " + tmp);
    return false;
  }
  bool ok = ::fchmod(out.fd, 0600) == 0 && write_all(out.fd, text) && ::fsync(out.fd) == 0;
  if (ok) {
    ok = ::close(out.fd) == 0;
    out.fd = -1;
  }
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    error = system_error("cannot write " + path);
    ::unlink(tmp.c_str());
    return false;
  }
  ::fsync(dir_fd);
  return true;
}

}  // namespace

std::optional<std::string> names_file_path(const char* xdg_config_home, const char* home,
                                           std::string& error) {
  std::filesystem::path base;
  if (xdg_config_home != nullptr && xdg_config_home[0] == '/') {
    base = xdg_config_home;
  } else if (home != nullptr && home[0] != '\0') {
    base = std::filesystem::path(home) / ".config";
  } else {
    error = "no folder for the names file: set XDG_CONFIG_HOME or HOME";
    return std::nullopt;
  }
  return (base / kFolder / kFile).string();
}

std::optional<std::string> names_file_path(std::string& error) {
  return names_file_path(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"), error);
}

std::string server_key(const harness::BaseUrl& server) {
  std::string host = server.host;
  std::transform(host.begin(), host.end(), host.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  unsigned port = 0;
  auto [end, ec] =
      std::from_chars(server.port.data(), server.port.data() + server.port.size(), port);
  std::string port_text = ec == std::errc() && end == server.port.data() + server.port.size()
                              ? std::to_string(port)
                              : server.port;
  return "http://" + host + ":" + port_text + server.prefix;
}

bool parse_saved_tokens(std::string_view text, SavedTokens& out, std::string& error) {
  out.clear();
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return true;
  Issues issues;
  std::optional<JsonValue> root = parse_json(text, issues);
  if (!root) {
    error = issues.list().front();
    if (error.starts_with("body: ")) error.erase(0, 6);
    return false;
  }
  simdjson::dom::object top;
  if (root->get_object().get(top) != simdjson::SUCCESS) {
    error = "must be an object {\"servers\": {...}}, not " + std::string(json_type_name(*root));
    return false;
  }
  JsonValue servers_value;
  if (top["servers"].get(servers_value) != simdjson::SUCCESS) return true;
  simdjson::dom::object servers;
  if (servers_value.get_object().get(servers) != simdjson::SUCCESS) {
    error = "servers: must be an object, not " + std::string(json_type_name(servers_value));
    return false;
  }
  for (auto [server, names_value] : servers) {
    const std::string path = "servers." + std::string(server);
    simdjson::dom::object names;
    if (names_value.get_object().get(names) != simdjson::SUCCESS) {
      error = path + ": must be an object of name: token, not " +
              std::string(json_type_name(names_value));
      return false;
    }
    std::map<std::string, std::string>& saved = out[std::string(server)];
    for (auto [name, token_value] : names) {
      std::string_view token;
      if (token_value.get_string().get(token) != simdjson::SUCCESS) {
        error = path + "." + std::string(name) + ": the token must be a string, not " +
                std::string(json_type_name(token_value));
        return false;
      }
      saved.emplace(std::string(name), std::string(token));
    }
  }
  return true;
}

std::string saved_tokens_json(const SavedTokens& tokens) {
  JsonWriter w;
  w.begin_object();
  w.key("servers");
  w.begin_object();
  for (const auto& [server, names] : tokens) {
    w.key(server);
    w.begin_object();
    for (const auto& [name, token] : names) w.field(name, token);
    w.end_object();
  }
  w.end_object();
  w.end_object();
  return w.take() + "\n";
}

bool load_saved_tokens(const std::string& path, SavedTokens& out, std::string& error) {
  out.clear();
  Fd in(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.fd < 0) {
    if (errno == ENOENT) return true;
    error = system_error("cannot read " + path);
    return false;
  }
  std::string text;
  if (!read_all(in.fd, path, text, error)) return false;
  std::string problem;
  if (!parse_saved_tokens(text, out, problem)) {
    error = path + ": not a names file: " + problem + "; fix or remove it";
    return false;
  }
  return true;
}

bool find_saved_token(const std::string& path, const harness::BaseUrl& server,
                      std::string_view name, std::string& token, std::string& error) {
  token.clear();
  SavedTokens tokens;
  if (!load_saved_tokens(path, tokens, error)) return false;
  auto names = tokens.find(server_key(server));
  if (names == tokens.end()) return true;
  auto found = names->second.find(std::string(name));
  if (found != names->second.end()) token = found->second;
  return true;
}

bool save_token(const std::string& path, const harness::BaseUrl& server, std::string_view name,
                std::string_view token, std::string& error) {
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (!make_private_dirs(dir, error)) return false;
  Fd dir_fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir_fd.fd < 0) {
    error = system_error("cannot open " + dir.string());
    return false;
  }
  while (::flock(dir_fd.fd, LOCK_EX) != 0) {
    if (errno != EINTR) {
      error = system_error("cannot lock " + dir.string());
      return false;
    }
  }
  SavedTokens tokens;
  if (!load_saved_tokens(path, tokens, error)) return false;
  tokens[server_key(server)][std::string(name)] = std::string(token);
  return replace_file(path, dir_fd.fd, saved_tokens_json(tokens), error);
}

bool token_to_send(const harness::BaseUrl& server, std::string_view name, std::string_view given,
                   std::string& token, bool& saved, std::string& error) {
  saved = false;
  token = std::string(given);
  if (!token.empty()) return true;
  std::string no_path;
  std::optional<std::string> path = names_file_path(no_path);
  if (!path) return true;
  if (!find_saved_token(*path, server, name, token, error)) {
    error += ", or pass --token";
    return false;
  }
  saved = !token.empty();
  return true;
}

std::string remember_claimed_token(const harness::BaseUrl& server, std::string_view name,
                                   std::string_view token) {
  std::string error;
  std::optional<std::string> path = names_file_path(error);
  if (path && save_token(*path, server, name, token, error)) {
    return "The name '" + std::string(name) + "' is now yours. Its token is saved in " + *path +
           " and used for later runs under this name on " + server_key(server) +
           " (elsewhere, pass --token " + std::string(token) + ")\n";
  }
  return "The name '" + std::string(name) + "' is now yours, but its token could not be saved (" +
         error + "). Keep it: later runs under this name need --token " + std::string(token) + "\n";
}

}  // namespace gb::cli
