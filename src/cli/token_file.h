// The names file: the tokens of the names this user has claimed, per server, so that a second
// `gameboard submit` or `eval --submit` under one's own name needs no --token (SPEC section 16).
//
// It lives at $XDG_CONFIG_HOME/gameboard/names.json (or $HOME/.config/gameboard/names.json), mode
// 0600 in a folder made 0700, and reads {"servers":{"<server key>":{"<name>":"<token>"}}}. The
// server key is the base URL normalised as http://<host, lower case>:<port, always written>
// <prefix, no trailing slash>; the name is kept exactly as typed (the server folds names NFKC and
// case, the file does not: "Ada" and "ada" are two entries of one owner). Writes replace the file
// atomically (a 0600 temporary file renamed over it) under a lock on the folder, so concurrent
// claims keep each other's entries.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "harness/http_transport.h"

namespace gb::cli {

// server key -> name as typed -> token.
using SavedTokens = std::map<std::string, std::map<std::string, std::string>>;

// Returns the names file's path for these environment values (either may be null): under
// `xdg_config_home` when it is an absolute path, else under `home`/.config; nullopt with `error`
// set when neither gives a folder.
std::optional<std::string> names_file_path(const char* xdg_config_home, const char* home,
                                           std::string& error);

// names_file_path from this process's XDG_CONFIG_HOME and HOME.
std::optional<std::string> names_file_path(std::string& error);

// Returns the key `server` is saved under: http://host:port/prefix, host in lower case.
std::string server_key(const harness::BaseUrl& server);

// Parses the names file's text into `out`; false with `error` saying what is wrong (not naming
// the file) otherwise. Of a key given twice the first counts.
bool parse_saved_tokens(std::string_view text, SavedTokens& out, std::string& error);

// Returns `tokens` as the names file's JSON text (keys sorted, one trailing newline).
std::string saved_tokens_json(const SavedTokens& tokens);

// Reads the names file at `path` into `out`: a missing file is an empty one. False with `error`
// (naming the file) when it cannot be read or is not a names file.
bool load_saved_tokens(const std::string& path, SavedTokens& out, std::string& error);

// Returns the token saved for (`server`, `name`) in the file at `path` into `token` ("" when
// there is none); false with `error` naming the file when it cannot be read or is corrupt.
bool find_saved_token(const std::string& path, const harness::BaseUrl& server,
                      std::string_view name, std::string& token, std::string& error);

// Saves `token` for (`server`, `name`) in the file at `path`, keeping its other entries: creates
// the missing folders 0700, locks the file's folder, re-reads the file, writes a 0600 temporary
// file beside it, syncs it and renames it over the file. False with `error` (naming the file)
// when any step fails or the existing file is corrupt (it is then left as it was).
bool save_token(const std::string& path, const harness::BaseUrl& server, std::string_view name,
                std::string_view token, std::string& error);

// What the commands that submit runs use. The token to send for (`server`, `name`): `given`
// (--token) when it is not empty, else the one saved in this user's names file ("" when there is
// none, or no HOME to find the file by). False with `error` naming the file when it is corrupt or
// unreadable; `saved` tells whether the token came from the file.
bool token_to_send(const harness::BaseUrl& server, std::string_view name, std::string_view given,
                   std::string& token, bool& saved, std::string& error);

// Saves the token a submission just got for the newly claimed `name` in this user's names file,
// and returns the one-time message for stderr: where the token was saved and the token itself
// (for use elsewhere), or, when it could not be saved, why, and the token to keep.
std::string remember_claimed_token(const harness::BaseUrl& server, std::string_view name,
                                   std::string_view token);

}  // namespace gb::cli
