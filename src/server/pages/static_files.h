// The hook for the browser pages: files served from a web/ folder when one is configured.
// GET / serves index.html and GET /play/{slug} serves play.html from it; without a folder (or
// without the file) the server falls back to pages generated from the registry. GET /web/{file}
// serves the scripts, styles and images those pages load, GET /wasm/{file} the WebAssembly engine,
// GET /replay and /replay/{id} the replay viewer (replay.html), GET /agents the agents' boards
// (agents.html) and GET /scorecards/{id} one scorecard (scorecard.html).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/http/http_types.h"

namespace gb::server {

// Sets the folder web files are read from; "" disables them. Call before serving starts.
void set_web_root(std::string root);

// Returns the file `name` (a relative path of letters, digits, '.', '-', '_', '/', without "..")
// under the web root as a 200 answer typed by its extension; nullopt when there is no web root,
// no such regular file, an unsafe name, or a file above 8 MiB.
std::optional<Response> web_file(std::string_view name);

// Returns the asset `name` (a script, style sheet or image: .js, .mjs, .css, .svg, .png) for
// GET /web/{file}; nullopt for any other extension, so pages, package files and tests stay private.
std::optional<Response> web_asset(std::string_view name);

// Sets the folder of the WebAssembly engine (gameboard_engine.mjs and .wasm); "" disables it.
void set_wasm_root(std::string root);

// Returns the engine file `name` (.mjs or .wasm, one path segment) for GET /wasm/{file}; nullopt
// for anything else or when no wasm folder is set.
std::optional<Response> wasm_asset(std::string_view name);

// Returns the Content-Type for a file name by its extension (octet-stream when unknown).
StaticText content_type_for(std::string_view name);

}  // namespace gb::server
